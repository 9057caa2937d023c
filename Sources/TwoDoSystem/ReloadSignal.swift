// SIGHUP as "reload": a handler that wakes the loop through an eventfd, which then re-reads its certificate.

import Glibc

/// The process's reload signal (SIGHUP). Installed only by a server that has something to reload (its TLS
/// certificate); elsewhere SIGHUP keeps its default (ending the process with its terminal).
public enum ReloadSignal {
    /// Written by the handler; set before the handler is installed and never changed afterwards.
    nonisolated(unsafe) private static var wakeFD: Int32 = -1

    /// Makes SIGHUP write 1 to `wake` (an eventfd the loop waits on), on the thread that runs the loop.
    public static func install(wake: Int32) {
        wakeFD = wake
        let handler: @convention(c) (Int32) -> Void = { _ in
            // Only async-signal-safe calls here: write(2) is one.
            var one: UInt64 = 1
            _ = Posix.rawWrite(ReloadSignal.wakeFD, &one, 8)
        }
        signal(SIGHUP, handler)
        // As for the stop signals: a mask inherited from a parent's thread must not hold SIGHUP back forever.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
