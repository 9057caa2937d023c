// The epoll instance: registrations carry a token so late events for a reused descriptor are dropped.

import CLinux
import Glibc

/// What a registration waits for. Converted to `EPOLL*` bits only here.
struct Interest: OptionSet, Sendable {
    let rawValue: UInt32
    static let readable = Interest(rawValue: 1 << 0)
    static let writable = Interest(rawValue: 1 << 1)

    var epollBits: UInt32 {
        var bits: UInt32 = 0
        if contains(.readable) { bits |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue }
        if contains(.writable) { bits |= EPOLLOUT.rawValue }
        return bits
    }
}

/// One ready registration.
struct ReadyEvent {
    /// The token given at registration (connection id, or a reserved value for the listener/eventfd).
    let token: UInt64
    let isReadable: Bool
    let isWritable: Bool
    /// The peer hung up or the socket has an error.
    let isHangup: Bool
}

/// An epoll instance, level-triggered. Owned by the event-loop thread.
final class Epoll {
    private let fd: Int32
    private var events: UnsafeMutablePointer<epoll_event>
    private let capacity: Int32 = 1024

    init() throws {
        fd = try Posix.epollCreate()
        events = .allocate(capacity: Int(capacity))
    }

    deinit {
        events.deallocate()
        Posix.close(fd)
    }

    func add(_ target: Int32, token: UInt64, interest: Interest) throws {
        var ev = epoll_event()
        ev.events = interest.epollBits
        ev.data.u64 = token
        try Posix.epollControl(fd, EPOLL_CTL_ADD, target, &ev)
    }

    func modify(_ target: Int32, token: UInt64, interest: Interest) throws {
        var ev = epoll_event()
        ev.events = interest.epollBits
        ev.data.u64 = token
        try Posix.epollControl(fd, EPOLL_CTL_MOD, target, &ev)
    }

    func remove(_ target: Int32) {
        var ev = epoll_event()
        try? Posix.epollControl(fd, EPOLL_CTL_DEL, target, &ev)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and returns what is ready.
    func wait(timeoutMilliseconds: Int32) throws -> [ReadyEvent] {
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
