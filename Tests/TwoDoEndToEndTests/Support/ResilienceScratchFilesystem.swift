// A tiny filesystem (tmpfs, or a loop-mounted ext2 image) for filling the disk under a running server.

import Foundation
import Glibc

/// A small mounted filesystem that tests can fill to the last byte. Unmount it with `unmount()`.
final class ScratchFilesystem: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    /// Where it is mounted.
    let mountPoint: String
    /// "tmpfs" or "ext2 loop image", for messages.
    let kind: String
    private let image: String?

    /// How a tiny filesystem can be made here, or nil when neither way works (not root, no mount).
    static let availableKind: String? = {
        guard let fs = try? ScratchFilesystem(sizeKiB: 1024) else { return nil }
        let kind = fs.kind
        fs.unmount()
        return kind
    }()

    /// Whether tests needing a full disk can run here.
    static var isAvailable: Bool { availableKind != nil }

    /// Whether a loop-mounted ext2 image works here (loop devices and mkfs.ext2 available).
    static let isExt2Available: Bool = {
        guard let fs = try? ScratchFilesystem(sizeKiB: 1024, tmpfs: false) else { return false }
        fs.unmount()
        return true
    }()

    /// Mounts a filesystem of about `sizeKiB`: a tmpfs if allowed (and `tmpfs`), else a loop-mounted ext2 image.
    init(sizeKiB: Int, tmpfs: Bool = true) throws {
        let base = NSTemporaryDirectory() + "twodo-tiny-" + UUID().uuidString
        mountPoint = base + "/mnt"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        if tmpfs,
            let run = try? ToolRun.run(
                "/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=0700", "tmpfs", mountPoint]),
            run.status == 0
        {
            kind = "tmpfs"
            image = nil
            return
        }
        let imagePath = base + "/fs.img"
        // ext2 needs some room for its own metadata: give the image a little more than asked.
        let steps: [(String, [String])] = [
            ("/usr/bin/truncate", ["-s", "\(sizeKiB + 512)K", imagePath]),
            ("/sbin/mkfs.ext2", ["-q", "-F", "-m", "0", imagePath]),
            ("/bin/mount", ["-o", "loop", imagePath, mountPoint]),
        ]
        for (tool, args) in steps {
            let run = try? ToolRun.run(tool, args)
            guard run?.status == 0 else {
                try? FileManager.default.removeItem(atPath: base)
                throw ScratchFilesystemError.cannotMount(
                    detail: "\(tool) \(args.joined(separator: " ")): \(run?.stderr ?? "did not run")")
            }
        }
        kind = "ext2 loop image"
        image = imagePath
    }

    /// Fills the filesystem with a file until the write fails with ENOSPC; returns the file's path.
    func fill() throws -> String {
        let path = mountPoint + "/filler-\(UUID().uuidString.prefix(8))"
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw ScratchFilesystemError.io("open filler", errno) }
        defer { Glibc.close(fd) }
        let chunk = [UInt8](repeating: 0x5A, count: 4096)
        while true {
            let n = chunk.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ENOSPC { break }
                throw ScratchFilesystemError.io("write filler", errno)
            }
            if n < chunk.count {
                // A short write means the last blocks are gone; top up byte by byte.
                continue
            }
        }
        // Whatever sub-block room is left, take it too.
        var one: UInt8 = 0x5A
        while Glibc.write(fd, &one, 1) == 1 {}
        fsync(fd)
        return path
    }

    /// Free bytes on the filesystem.
    var freeBytes: Int {
        var s = statvfs()
        guard statvfs(mountPoint, &s) == 0 else { return -1 }
        return Int(s.f_bavail) * Int(s.f_frsize)
    }

    /// Unmounts (lazily, so a straggling open file cannot make it fail) and removes the directories.
    func unmount() {
        _ = try? ToolRun.run("/bin/umount", ["-l", mountPoint])
        let base = URL(fileURLWithPath: mountPoint).deletingLastPathComponent().path
        try? FileManager.default.removeItem(atPath: base)
    }
}

/// Why a scratch filesystem could not be made or filled.
enum ScratchFilesystemError: Error {
    case cannotMount(detail: String)
    case io(String, Int32)
}
