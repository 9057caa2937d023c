// Makes sure one server at a time serves a database: an exclusive lock on `<db>.lock` holding the pid.

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
        case .cannotOpen(let path, let errno) where errno == Errno.noSuchFile:
            return "cannot open the database \(path): the folder \(DatabaseLock.folder(of: path)) does not exist"
        case .cannotOpen(let path, let errno):
            return
                "cannot open the database \(path): \(SystemError(call: "open", errno: errno).reason) (errno \(errno))"
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
    private let lock: FileLock

    /// Takes the lock for the database at `databasePath`, or throws naming the path (and the holder's pid).
    init(databasePath: String) throws {
        do {
            // Every spelling of the same file (relative, absolute, through a symlink) must meet at one lock file.
            lock = try FileLock(path: FileLock.canonicalPath(databasePath) + ".lock")
        } catch FileLock.Failure.cannotOpen(let errno) {
            throw DatabaseLockError.cannotOpen(path: databasePath, errno: errno)
        } catch FileLock.Failure.held(let pid) {
            throw DatabaseLockError.inUse(path: databasePath, pid: pid)
        }
    }

    /// Removes the lock file and releases the lock; later calls do nothing.
    func release() { lock.release() }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}
