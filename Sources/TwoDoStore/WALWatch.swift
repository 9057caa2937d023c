// How many frames the loop's write-ahead log holds, as SQLite reports after each commit.

import CSQLite
import Synchronization

/// The frame count of the WAL after the writer's latest commit, kept by SQLite's WAL hook on the loop's
/// connection and read by the checkpoint thread: the thread checkpoints by what is waiting to be copied, not
/// by the file's size, so the file may keep its blocks between checkpoints (`Store.walFileLimit`) instead of
/// being cut back and allocated again by the file system every cycle.
public final class WALWatch: Sendable {
    private let frames = Atomic<Int32>(0)

    public init() {}

    /// Frames in the WAL after the latest commit (0 once a write has started the WAL over).
    public var pending: Int32 { frames.load(ordering: .relaxed) }

    /// Installs the hook on `handle`: it records the count and, once the WAL holds `Checkpointer.loopPages`
    /// frames, checkpoints from the writer itself (see `Store.init`).
    func attach(to handle: OpaquePointer) {
        sqlite3_wal_hook(handle, WALWatch.afterCommit, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs after every commit on the writer's connection. The thread's PASSIVE checkpoint copies only the
    /// frames that exist when it starts, so a writer that never pauses (or a thread starved of CPU on a loaded
    /// machine) can keep the WAL from ever restarting, and it would grow without end. Past
    /// `Checkpointer.loopPages` frames the writer copies the rest itself: a PASSIVE checkpoint on its own
    /// connection finishes (no writer runs meanwhile), so the next write starts the WAL over. It costs one turn
    /// a copy and an fsync of the database file, only when the thread has fallen behind; if the thread is
    /// checkpointing right then, SQLite answers BUSY at once and the next commit tries again.
    private static let afterCommit:
        @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
            context, handle, name, pages in
            var pages = pages
            if pages >= Checkpointer.loopPages {
                var log: Int32 = 0
                var copied: Int32 = 0
                if sqlite3_wal_checkpoint_v2(handle, name, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) == SQLITE_OK
                    && log == copied
                {
                    pages = 0  // everything is copied: the next write starts the WAL over
                }
            }
            if let context {
                Unmanaged<WALWatch>.fromOpaque(context).takeUnretainedValue().frames.store(pages, ordering: .relaxed)
            }
            return SQLITE_OK
        }
}
