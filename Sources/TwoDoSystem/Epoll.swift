// The epoll instance: registrations carry a token so late events for a reused descriptor are dropped.

import CLinux

/// One ready registration.
public struct ReadyEvent: Sendable, Equatable {
    /// The token given at registration (a connection id with its generation, or a reserved value).
    public let token: UInt64
    /// Input (or end of stream) is waiting.
    public let isReadable: Bool
    /// Output would be taken.
    public let isWritable: Bool
    /// The peer hung up or the socket has an error.
    public let isHangup: Bool

    /// An event as `Epoll.wait` reports it (public for tests that build expected values).
    public init(token: UInt64, isReadable: Bool, isWritable: Bool, isHangup: Bool) {
        self.token = token
        self.isReadable = isReadable
        self.isWritable = isWritable
        self.isHangup = isHangup
    }
}

/// An epoll instance, level-triggered. Owned by one thread (the event loop's).
public final class Epoll {
    private let descriptor: FileDescriptor
    private let events: UnsafeMutablePointer<epoll_event>
    private let capacity: Int32 = 1024

    /// A new epoll instance (close-on-exec).
    public init() throws {
        descriptor = FileDescriptor(owning: try Posix.epollCreate())
        events = .allocate(capacity: Int(capacity))
    }

    deinit { events.deallocate() }

    private var fd: Int32 { descriptor.rawValue! }

    /// Watches `target` for `interest`; its events carry `token`.
    public func add(_ target: Int32, token: UInt64, interest: Interest) throws {
        var ev = epoll_event()
        ev.events = interest.epollBits
        ev.data.u64 = token
        try Posix.epollControl(fd, EPOLL_CTL_ADD, target, &ev)
    }

    /// Changes what `target` is watched for (and its token).
    public func modify(_ target: Int32, token: UInt64, interest: Interest) throws {
        var ev = epoll_event()
        ev.events = interest.epollBits
        ev.data.u64 = token
        try Posix.epollControl(fd, EPOLL_CTL_MOD, target, &ev)
    }

    /// Stops watching `target`; harmless when it was not watched.
    public func remove(_ target: Int32) {
        var ev = epoll_event()
        try? Posix.epollControl(fd, EPOLL_CTL_DEL, target, &ev)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and returns what is ready.
    public func wait(timeoutMilliseconds: Int32) throws -> [ReadyEvent] {
        let n = try Posix.epollWait(fd, events, capacity, timeoutMilliseconds)
        var out: [ReadyEvent] = []
        out.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            let e = events[i]
            let bits = e.events
            out.append(
                ReadyEvent(
                    token: e.data.u64,
                    isReadable: bits & EPOLLIN.rawValue != 0,
                    isWritable: bits & EPOLLOUT.rawValue != 0,
                    isHangup: bits & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0))
        }
        return out
    }
}
