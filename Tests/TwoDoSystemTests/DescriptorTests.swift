// Descriptors and the syscall chokepoint: closed exactly once, EAGAIN reported as "would block".

import Glibc
import Testing
import TwoDoSystem

@Suite("FileDescriptor and Posix")
struct DescriptorTests {
    /// Whether `fd` names an open descriptor.
    private func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 }

    /// Whether the peer of a closed socket reads end of stream (waiting up to a second for it).
    private func readsEndOfStream(_ fd: Int32) throws -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, 1000)
        var byte: UInt8 = 0
        return try withUnsafeMutableBytes(of: &byte) { try Posix.read(fd, $0) } == .done(0)
    }

    @Test("close() closes once; a second close does not touch a descriptor that reused the number")
    func closedOnce() throws {
        let (a, b) = try Posix.socketPair()
        let owner = FileDescriptor(owning: a)
        owner.close()
        #expect(owner.isClosed)
        #expect(owner.rawValue == nil)
        // Closed: the peer reads end of stream. (Not `fcntl(a)`: tests run in parallel in this process, and
        // another one may already have been handed the number `a`.)
        #expect(try readsEndOfStream(b))
        // The lowest free number is handed out next: the new pair very likely reuses `a`.
        let (c, d) = try Posix.socketPair()
        defer {
            Posix.close(b)
            Posix.close(c)
            Posix.close(d)
        }
        owner.close()
        #expect(isOpen(c))
        #expect(isOpen(d))
        let sent = try [UInt8]("x".utf8).withUnsafeBytes { try Posix.send(c, $0) }
        #expect(sent == .done(1))
    }

    @Test("the owner going away closes the descriptor: the peer reads end of stream")
    func closedOnDeinit() throws {
        let (a, b) = try Posix.socketPair()
        defer { Posix.close(b) }
        do { _ = FileDescriptor(owning: a) }
        #expect(try readsEndOfStream(b))
    }

    @Test("reading an empty non-blocking socket is `.wouldBlock`, not an error")
    func readWouldBlock() throws {
        let (a, b) = try Posix.socketPair()
        defer {
            Posix.close(a)
            Posix.close(b)
        }
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try Posix.read(a, $0) } == .wouldBlock)
        #expect(try buffer.withUnsafeMutableBytes { try Posix.receive(a, $0, blocking: false) } == .wouldBlock)
    }

    @Test("a full socket buffer makes send report `.wouldBlock`")
    func sendWouldBlock() throws {
        let (a, b) = try Posix.socketPair()
        defer {
            Posix.close(a)
            Posix.close(b)
        }
        let chunk = [UInt8](repeating: 7, count: 65536)
        var outcome: IOResult<Int> = .done(0)
        for _ in 0..<1000 {
            outcome = try chunk.withUnsafeBytes { try Posix.send(a, $0) }
            if outcome == .wouldBlock { break }
        }
        #expect(outcome == .wouldBlock)
    }

    @Test("`must` turns would-block into a thrown EAGAIN SystemError")
    func mustThrowsEAGAIN() throws {
        let event = try EventFD()
        var counter: UInt64 = 0
        #expect(throws: SystemError(call: "read", errno: EAGAIN)) {
            try withUnsafeMutableBytes(of: &counter) { buffer in
                _ = try Posix.must("read") { Glibc.read(event.fd, buffer.baseAddress, buffer.count) }
            }
        }
    }

    @Test("a failure of the world is thrown with its call and errno")
    func failureThrown() throws {
        let fd = try Posix.socket(family: AF_INET)
        defer { Posix.close(fd) }
        // Nobody listens on port 1 of the loopback: a refused connect, reported when it settles.
        let settled = try Posix.connect(fd, ipv4: try Posix.ipv4Address("127.0.0.1", port: 1))
        if !settled {
            _ = try Posix.poll([(fd, .writable)], timeoutMilliseconds: 2000)
            #expect(try Posix.pendingError(fd) == ECONNREFUSED)
        }
        #expect(throws: SystemError(call: "inet_pton(not-an-address)", errno: EINVAL)) {
            try Posix.ipv4Address("not-an-address", port: 1)
        }
    }

    @Test(
        "address literals",
        arguments: [
            ("127.0.0.1", false, true), ("::1", true, true), ("::1", false, false),
            ("10.0.0.300", false, false), ("example.org", false, false),
        ])
    func addressLiterals(text: String, v6: Bool, expected: Bool) {
        #expect(Posix.isAddressLiteral(text, v6: v6) == expected)
    }
}
