// Epoll, eventfd and poll report readiness on real descriptors (a socketpair, an eventfd).

import Glibc
import Testing
import TwoDoSystem

@Suite("Epoll, EventFD and poll")
struct EpollTests {
    @Test("a socketpair end becomes readable with its token when the other end writes")
    func socketReadable() throws {
        let epoll = try Epoll()
        let (a, b) = try Posix.socketPair()
        defer {
            Posix.close(a)
            Posix.close(b)
        }
        try epoll.add(b, token: 42, interest: .readable)
        #expect(try epoll.wait(timeoutMilliseconds: 0).isEmpty)
        _ = try [UInt8]("hi".utf8).withUnsafeBytes { try Posix.send(a, $0) }
        let events = try epoll.wait(timeoutMilliseconds: 1000)
        #expect(events == [ReadyEvent(token: 42, isReadable: true, isWritable: false, isHangup: false)])
    }

    @Test("writable interest is reported at once on an empty socket, and can be switched off")
    func writable() throws {
        let epoll = try Epoll()
        let (a, b) = try Posix.socketPair()
        defer {
            Posix.close(a)
            Posix.close(b)
        }
        try epoll.add(a, token: 1, interest: [.readable, .writable])
        #expect(try epoll.wait(timeoutMilliseconds: 0).map(\.isWritable) == [true])
        try epoll.modify(a, token: 1, interest: .readable)
        #expect(try epoll.wait(timeoutMilliseconds: 0).isEmpty)
        epoll.remove(a)
        epoll.remove(a)  // harmless twice
    }

    @Test("a closed peer shows as readable (end of stream)")
    func peerClosed() throws {
        let epoll = try Epoll()
        let (a, b) = try Posix.socketPair()
        defer { Posix.close(b) }
        try epoll.add(b, token: 9, interest: .readable)
        Posix.close(a)
        let events = try epoll.wait(timeoutMilliseconds: 1000)
        #expect(events.count == 1)
        #expect(events.first?.isReadable == true)
    }

    @Test("an eventfd is readable from signal() until drain(), which returns the count")
    func eventFD() throws {
        let epoll = try Epoll()
        let event = try EventFD()
        try epoll.add(event.fd, token: 3, interest: .readable)
        #expect(try epoll.wait(timeoutMilliseconds: 0).isEmpty)
        event.signal()
        event.signal()
        #expect(try epoll.wait(timeoutMilliseconds: 0).map(\.token) == [3])
        #expect(event.drain() == 2)
        #expect(try epoll.wait(timeoutMilliseconds: 0).isEmpty)
        #expect(event.drain() == 0)
    }

    @Test("poll reports per entry what is ready")
    func poll() throws {
        let (a, b) = try Posix.socketPair()
        defer {
            Posix.close(a)
            Posix.close(b)
        }
        #expect(try Posix.poll([(a, .readable), (b, .readable)], timeoutMilliseconds: 0) == [[], []])
        _ = try [UInt8]("x".utf8).withUnsafeBytes { try Posix.send(b, $0) }
        #expect(try Posix.poll([(a, .readable), (b, .writable)], timeoutMilliseconds: 0) == [.readable, .writable])
    }

    @Test("the monotonic clock never goes back")
    func monotonic() {
        let first = Monotonic.nanoseconds()
        let seconds = Monotonic.now()
        #expect(Monotonic.nanoseconds() >= first)
        #expect(Monotonic.now() >= seconds)
    }
}
