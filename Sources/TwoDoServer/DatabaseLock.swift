// Makes sure one server at a time serves a database: an exclusive lock on `<db>.lock` holding the pid.

import Foundation
import TwoDoSystem

/// Why a server could not take its database.
public enum DatabaseLockError: Error, Sendable, CustomStringConvertible {
    /// Another process holds the lock (its pid when the lock file names one).
    case inUse(path: String, pid: Int32?)
    /// The lock file could not be opened (usually: the database's folder does not exist).
    case cannotOpen(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .inUse(let path, let pid?):
            return "the database \(path) is in use by another twodo server (pid \(pid)); stop it first"
        case .inUse(let path, nil):
            return "the database \(path) is in use by another twodo server; stop it first"
        case .cannotOpen(let path, let errno) where errno == ENOENT:
            return "cannot open the database \(path): the folder \(DatabaseLock.folder(of: path)) does not exist"
        case .cannotOpen(let path, let errno):
            return "cannot open the database \(path): \(String(cString: strerror(errno))) (errno \(errno))"
        }
    }
}

/// An advisory `flock` on a file beside the database, held for the life of the server and removed at its end.
///
/// SQLite's own locks let several connections share a file, which is right for `twodo backup` and the
/// checkpoint thread but wrong for two servers: each would keep its own in-memory routing and timers. The
/// lock is a separate file because `flock` on the database itself would be released by SQLite's own
/// `close` calls on that file in this process. The kernel drops it when the process dies, even by
/// `kill -9`, so a crash never leaves a stale lock; the pid inside is only for the error message.
final class DatabaseLock {
    private var fd: Int32
    private let lockPath: String

    /// Takes the lock for the database at `databasePath`, or throws naming the path (and the holder's pid).
    init(databasePath: String) throws {
        lockPath = databasePath + ".lock"
        while true {
            fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DatabaseLockError.cannotOpen(path: databasePath, errno: errno) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let holder = DatabaseLock.readPID(fd)
                Posix.close(fd)
                throw DatabaseLockError.inUse(path: databasePath, pid: holder)
            }
            // The holder before us may have removed the file between our open and our flock: then we hold
            // a lock on a file nobody else will ever see. Only a lock on the file now at the path counts.
            var held = stat()
            var current = stat()
            if fstat(fd, &held) == 0 && stat(lockPath, &current) == 0 && held.st_ino == current.st_ino
                && held.st_dev == current.st_dev
            {
                break
            }
            Posix.close(fd)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Removes the lock file and releases the lock (closing the descriptor releases the flock). Removing
    /// it while still holding it is what makes the inode check in `init` sufficient.
    func release() {
        guard fd >= 0 else { return }
        unlink(lockPath)
        Posix.close(fd)
        fd = -1
    }

    deinit { release() }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
