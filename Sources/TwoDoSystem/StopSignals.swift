// SIGINT/SIGTERM as a graceful stop: a flag the loop checks and, optionally, an eventfd that wakes it.

import Glibc
import Synchronization

/// The process's stop signals. Install once, on the thread that runs the loop; then watch `isRequested`
/// (and the wake descriptor, if one was given, which becomes readable on a signal).
public enum StopSignals {
    private static let requested = Atomic<Bool>(false)
    /// Written by the handler; set before the handlers are installed and never changed afterwards.
    nonisolated(unsafe) private static var wakeFD: Int32 = -1

    /// Whether SIGINT or SIGTERM arrived since `install`. Process-wide and never lowered again, so it is not
    /// raised in-process by tests (bridges under test stop through their own switch); the end-to-end tests
    /// send real signals to the built binaries instead.
    public static var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Ignores SIGPIPE: a write to a closed socket or pipe then fails with `EPIPE` instead of killing us.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ignores SIGPIPE (sends use `MSG_NOSIGNAL`; a pipe still could raise it) and makes SIGINT and SIGTERM
    /// set `isRequested` and, when `wake` is given, write 1 to it (an eventfd the loop waits on).
    public static func install(wake: Int32? = nil) {
        wakeFD = wake ?? -1
        ignoreBrokenPipe()
        let handler: @convention(c) (Int32) -> Void = { _ in
            StopSignals.requested.store(true, ordering: .relaxed)
            // Only async-signal-safe calls here: write(2) is one.
            if StopSignals.wakeFD >= 0 {
                var one: UInt64 = 1
                _ = Posix.rawWrite(StopSignals.wakeFD, &one, 8)
            }
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A blocked signal mask is inherited across fork/exec: a parent that spawns us from a thread that
        // blocks signals (libdispatch and Swift concurrency worker threads do) would leave SIGTERM pending
        // forever. Unblock the stop signals on this, the loop's, thread so a stop always reaches us.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
    }
}
