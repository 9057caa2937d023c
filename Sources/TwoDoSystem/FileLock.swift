// An exclusive advisory lock on a file that names its holder's pid, released (and the file removed) once.

import Glibc

/// An advisory `flock` on a lock file, held until `release()` (or until the process dies, even by
/// `kill -9`: the kernel drops it, so a crash never leaves a stale lock). The file holds the pid, only
/// for the message another process shows when it finds the lock taken.
public final class FileLock {
    /// Why the lock could not be taken.
    public enum Failure: Error, Equatable {
        /// The lock file could not be opened (usually: its folder does not exist).
        case cannotOpen(errno: Int32)
        /// Another process holds it (its pid when the file names one).
        case held(pid: Int32?)
    }

    /// The lock file.
    public let path: String
    /// The open lock file; -1 once released.
    private var fd: Int32

    /// Takes the lock on `path` (creating the file), or throws `Failure`.
    public init(path: String) throws {
        self.path = path
        fd = -1
        while true {
            do {
                fd = try Posix.open(path, flags: O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
            } catch let error as SystemError {
                fd = -1
                throw Failure.cannotOpen(errno: error.errno)
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let holder = FileLock.readPID(fd)
                Posix.close(fd)
                // A class whose init throws after every stored property is set still runs `deinit`: with the
                // descriptor left in `fd`, `release()` would unlink the holder's lock file, and a third start
                // would then lock a fresh file beside the running server.
                fd = -1
                throw Failure.held(pid: holder)
            }
            // The holder before us may have removed the file between our open and our flock: then we hold
            // a lock on a file nobody else will ever see. Only a lock on the file now at the path counts.
            var held = stat()
            var current = stat()
            if fstat(fd, &held) == 0 && stat(path, &current) == 0 && held.st_ino == current.st_ino
                && held.st_dev == current.st_dev
            {
                break
            }
            Posix.close(fd)
            fd = -1
        }
        let text = Array("\(Posix.processID)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Removes the lock file and releases the lock (closing the descriptor releases the flock); later calls
    /// do nothing. Removing it while still holding it is what makes the inode check in `init` sufficient.
    public func release() {
        guard fd >= 0 else { return }
        unlink(path)
        Posix.close(fd)
        fd = -1
    }

    deinit { release() }

    /// The pid written at the start of the lock file, if any.
    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }
}

extension FileLock {
    /// The one name of the file at `path` whatever spelling reaches it (relative, through `..` or a symlink):
    /// `realpath` of the file when it exists, else of its folder joined with its name; `path` itself when
    /// neither resolves (the open that follows reports why).
    public static func canonicalPath(_ path: String) -> String {
        if let resolved = resolve(path) { return resolved }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let resolvedFolder = resolve(folder.isEmpty ? "/" : folder) else { return path }
        return resolvedFolder == "/" ? "/" + name : resolvedFolder + "/" + name
    }

    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
