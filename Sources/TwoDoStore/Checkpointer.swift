// Copies the write-ahead log into the database file on a thread of its own, off the event loop.

import CSQLite
import Foundation
import Synchronization

/// Runs SQLite's WAL checkpoints from a second connection on its own thread.
///
/// With the automatic checkpoint left on, the COMMIT that crosses 1000 WAL pages copies them into the
/// database file and fsyncs it, on the loop thread, stalling every client for that turn. The store turns
/// the automatic checkpoint off when this runs; every `interval` seconds (sooner when the WAL holds
/// `eagerBytes` of frames, as the store's `WALWatch` reports) this thread runs a PASSIVE
/// checkpoint, which never blocks the writer: it copies the frames no reader still needs, syncing the WAL
/// before and the database after (its connection is `synchronous=FULL`). The loop's next write then
/// restarts the WAL from its beginning, so it stays short.
public final class Checkpointer: @unchecked Sendable {
    // @unchecked: `db` is opened in `init` and from then on used only by the checkpoint thread.
    private let db: Database
    /// The writer's frame count, from the store's WAL hook.
    private let watch: WALWatch
    private let stopping = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Opens a second connection to the database at `path` and checkpoints from it every `interval`
    /// seconds, or sooner when `watch` (the writer store's) reports `eagerBytes` waiting. Throws when the
    /// connection cannot be opened (the caller then keeps SQLite's own checkpoints).
    public init(path: String, watch: WALWatch, interval: Double = 0.5) throws {
        self.watch = watch
        db = try Database(path: path)
        try db.execute("PRAGMA synchronous = FULL")
        let thread = Thread { [self] in self.work(interval: interval) }
        thread.name = "twodo-checkpoint"
        thread.start()
    }

    /// Stops the thread after its current checkpoint.
    public func stop() {
        stopping.withLock { $0 = true }
        finished.wait()
    }

    /// A WAL holding this many bytes of frames is checkpointed at the next tick instead of at the end of the
    /// interval: a burst of writes (each also records its undo changeset) must not outrun the checkpoints.
    static let eagerBytes = 4 << 20
    /// A WAL of this many frames (about three times `eagerBytes`) means the thread has fallen behind the
    /// writer: the loop's commit then checkpoints itself (`WALWatch`), which bounds the WAL.
    static let loopPages: Int32 = 3 * Int32(eagerBytes) / 4096
    /// How often the thread looks at the WAL's frame count.
    static let tick = 0.05

    private func work(interval: Double) {
        defer { finished.signal() }
        let eagerFrames = Int32(Checkpointer.eagerBytes / 4096)
        var waited = 0.0
        while !stopping.withLock({ $0 }) {
            Thread.sleep(forTimeInterval: Checkpointer.tick)
            waited += Checkpointer.tick
            guard waited >= interval || watch.pending >= eagerFrames else { continue }
            waited = 0
            var log: Int32 = 0
            var copied: Int32 = 0
            _ = sqlite3_wal_checkpoint_v2(db.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
        }
    }
}
