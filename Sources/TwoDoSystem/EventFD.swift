// An eventfd counter: one thread (or a signal handler) wakes a loop that waits in epoll or poll.

/// A non-blocking eventfd: readable while signalled, until drained. Closed exactly once, when it goes away.
///
/// `Sendable`: the descriptor never changes, and eventfd reads and writes are atomic in the kernel, so any
/// thread may `signal()` while the owner waits on `fd` and `drain()`s it.
public final class EventFD: Sendable {
    /// The descriptor to watch for `.readable`; valid for the life of this object.
    public let fd: Int32

    /// A new, unsignalled counter (close-on-exec).
    public init() throws { fd = try Posix.eventFD() }

    deinit { Posix.close(fd) }

    /// Makes the descriptor readable.
    public func signal() {
        var one: UInt64 = 1
        // A counter at its maximum (EAGAIN) is already readable; nothing else can fail on our own eventfd.
        _ = withUnsafeBytes(of: &one) { try? Posix.write(fd, $0) }
    }

    /// Resets the counter; returns how many signals it held (0 when none).
    @discardableResult
    public func drain() -> UInt64 {
        var counter: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &counter) { try? Posix.read(fd, $0) }
        if case .done(8)? = result { return counter }
        return 0
    }
}
