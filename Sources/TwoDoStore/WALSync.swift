// Makes the loop's commits durable off the loop: one thread fdatasyncs the write-ahead log while the loop runs on.

import Dispatch
import Foundation
import Glibc
import Synchronization
import TwoDoSystem

/// The fsync of the loop's commits, done by a thread of its own (group commit, pipelined).
///
/// The loop's connection commits with `synchronous=NORMAL`: COMMIT writes the turn's WAL frames and returns
/// without an fsync. The loop then asks for a sync (`request()`, a ticket) and goes on with the next turn
/// while this thread runs `fdatasync` on the WAL file; the turn's replies and events are held until its
/// ticket is `synced`, so a reply still never precedes the fsync of its commit. One fdatasync covers every
/// commit made before it starts, so tickets that pile up during one sync share the next.
///
/// The descriptor is our own, opened on the WAL file SQLite keeps for the life of its connection (it
/// truncates the file, never removes it while a connection is open): on Linux fsync flushes the file's data
/// whichever descriptor names it. SQLite itself still syncs the WAL before each checkpoint and the database
/// after it, and the WAL header when the log starts over (what `NORMAL` keeps), so the file stays consistent
/// on its own; what this adds is that every acknowledged commit is on the disk.
///
/// A failed fdatasync is not retried: after one, Linux may have dropped the dirty pages it could not write,
/// and a later fsync can succeed without them (PostgreSQL's lesson of 2018). The failure is reported to the
/// loop, which must not acknowledge anything more and stops (see `Server.settleSyncs`).
public final class WALSync: @unchecked Sendable {
    // @unchecked: `fd` and `wake` never change; everything else is behind `state`.
    private let fd: Int32
    /// Readable when a sync has finished (or failed); the loop watches it.
    public let wake: EventFD
    private let state = Mutex(State())
    private let work = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Tests only: seconds the thread waits before each fdatasync, to show that replies wait for it.
    private let delay: Double

    private struct State {
        var requested: UInt64 = 0
        var synced: UInt64 = 0
        var failure: Int32? = nil
        var stopping = false
    }

    /// Opens the WAL file of the database at `databasePath` (it must exist: the store has written to it) and
    /// starts the thread. The file and its directory entry are synced once here.
    public init(databasePath: String, delay: Double = 0) throws {
        let path = databasePath + "-wal"
        let opened = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw SystemError(call: "open \(path)", errno: errno) }
        fd = opened
        wake = try EventFD()
        self.delay = delay
        guard fdatasync(fd) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw SystemError(call: "fdatasync \(path)", errno: e)
        }
        WALSync.syncFolder(of: path)
        let thread = Thread { [self] in self.run() }
        thread.name = "twodo-sync"
        thread.start()
    }

    deinit { Glibc.close(fd) }

    /// Asks for everything committed so far to reach the disk; returns the ticket that is `synced` once it has.
    public func request() -> UInt64 {
        let ticket = state.withLock { s -> UInt64 in
            s.requested += 1
            return s.requested
        }
        work.signal()
        return ticket
    }

    /// The newest ticket asked for (0: none yet).
    public var requested: UInt64 { state.withLock { $0.requested } }

    /// The newest ticket whose commits are on the disk, and the errno of a failed sync (then nothing newer
    /// ever will be). Clears `wake`.
    public func take() -> (synced: UInt64, failure: Int32?) {
        wake.drain()
        return state.withLock { ($0.synced, $0.failure) }
    }

    /// Blocks until `ticket` is synced (or a sync failed); for shutdown and for a loop that has too many
    /// turns waiting.
    public func wait(for ticket: UInt64) -> (synced: UInt64, failure: Int32?) {
        while true {
            let now = take()
            if now.synced >= ticket || now.failure != nil { return now }
            var poll = pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0)
            _ = Glibc.poll(&poll, 1, 100)
        }
    }

    /// Stops the thread after the syncs already asked for.
    public func stop() {
        state.withLock { $0.stopping = true }
        work.signal()
        finished.wait()
    }

    private func run() {
        defer { finished.signal() }
        while true {
            work.wait()
            let (target, stopping) = state.withLock { ($0.requested, $0.stopping) }
            let done = state.withLock { $0.synced }
            if target > done {
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                let rc = fdatasync(fd)
                let e = errno
                state.withLock { s in
                    if rc != 0 {
                        if s.failure == nil { s.failure = e }
                    } else if s.failure == nil {
                        s.synced = target
                    }
                }
                wake.signal()
            }
            if stopping { return }
        }
    }

    /// Makes the WAL file's name durable in its folder (it may have been created just now).
    private static func syncFolder(of path: String) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let dirFD = Glibc.open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { return }
        _ = fsync(dirFD)
        Glibc.close(dirFD)
    }
}
