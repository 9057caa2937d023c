// The bot's IRC connection against a scripted server on loopback: registration, PING, nick clash, pacing, liveness.

import Foundation
import Glibc
import Testing

@testable import TwoDoBridge
import TwoDoSystem

/// A one-client TCP server on 127.0.0.1 that the test scripts line by line.
final class ScriptedServer {
    let listener: Int32
    let port: UInt16
    private(set) var client: Int32 = -1
    private var buffer: [UInt8] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        port = UInt16(bigEndian: addr.sin_port)
        guard ok else { throw SystemError(call: "listen", errno: errno) }
    }

    deinit {
        if client >= 0 { close(client) }
        close(listener)
    }

    func accept() { client = Glibc.accept(listener, nil, nil) }

    func send(_ lines: String...) {
        let bytes = Array(lines.map { $0 + "\r\n" }.joined().utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The lines received within `timeout` seconds (stops early once `count` lines are in).
    func lines(count: Int = .max, timeout: Double = 0.3) -> [String] {
        var result: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while result.count < count {
            while let lf = buffer.firstIndex(of: 10), result.count < count {
                var line = Array(buffer[..<lf])
                buffer.removeFirst(lf + 1)
                if line.last == 13 { line.removeLast() }
                result.append(String(decoding: line, as: UTF8.self))
            }
            if result.count >= count { break }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { break }
            var pfd = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(remaining * 1000) + 1) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            buffer += chunk[..<n]
        }
        return result
    }
}

/// Waits until the connection's socket has something to read.
func waitReadable(_ connection: IRCConnection) {
    guard let fd = connection.socket?.fd else { return }
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    _ = poll(&pfd, 1, 2000)
}

@Suite("IRCConnection", .serialized, .timeLimit(.minutes(1)))
struct IRCConnectionTests {
    @Test("registers with PASS/NICK/USER, takes another nick when refused, answers PING at once")
    func registration() throws {
        let server = try ScriptedServer()
        let irc = IRCConnection(
            endpoint: Endpoint(host: "127.0.0.1", port: server.port), nick: "twodo", password: "s3cret")
        try irc.connectIfDue(now: 0)
        server.accept()
        #expect(server.lines(count: 3) == ["PASS s3cret", "NICK twodo", "USER twodo 0 * :TwoDo bridge"])
        #expect(irc.phase == .registering)

        server.send(":irc.test 433 * twodo :Nickname already in use")
        waitReadable(irc)
        _ = try irc.readMessages(now: 1)
        #expect(server.lines(count: 1) == ["NICK twodo_"])

        server.send("PING :irc.test", ":irc.test 001 twodo_ :Welcome")
        waitReadable(irc)
        let messages = try irc.readMessages(now: 1)
        #expect(messages.map(\.command).contains("001"))
        #expect(server.lines(count: 1) == ["PONG irc.test"])
        #expect(irc.isRegistered)
    }

    @Test("paces queued lines: five at once, then one per 500 ms")
    func pacing() throws {
        let server = try ScriptedServer()
        let irc = IRCConnection(endpoint: Endpoint(host: "127.0.0.1", port: server.port), nick: "twodo", password: nil)
        try irc.connectIfDue(now: 0)
        server.accept()
        _ = server.lines(count: 2)
        server.send(":irc.test 001 twodo :Welcome")
        waitReadable(irc)
        _ = try irc.readMessages(now: 0)
        for i in 1...8 { irc.enqueue(.privmsg("alice", "line \(i)"), lane: "alice") }
        try irc.flush(now: 0)
        #expect(server.lines().count == 5)
        #expect(abs(irc.wakeDelay(now: 0.1) - 0.4) < 1e-6)
        try irc.flush(now: 0.4)
        #expect(server.lines(timeout: 0.1).isEmpty)
        try irc.flush(now: 0.5)
        #expect(server.lines(count: 1) == ["PRIVMSG alice :line 6"])
    }

    @Test("pings a silent server, gives up on a dead one and schedules a reconnect with back-off")
    func liveness() throws {
        let server = try ScriptedServer()
        let irc = IRCConnection(
            endpoint: Endpoint(host: "127.0.0.1", port: server.port), nick: "twodo", password: nil, livenessInterval: 90
        )
        try irc.connectIfDue(now: 0)
        server.accept()
        _ = server.lines(count: 2)
        try irc.flush(now: 89)
        #expect(server.lines(timeout: 0.1).isEmpty)
        try irc.flush(now: 91)
        #expect(server.lines(count: 1) == ["PING twodo-bridge"])
        #expect(throws: SystemError.self) { try irc.flush(now: 181) }
        irc.drop(now: 181)
        #expect(irc.phase == .offline(retryAt: 182))
        #expect(irc.socket == nil)
    }

    @Test("a refused connection schedules the next attempt later and later")
    func refused() throws {
        let port: UInt16
        do {
            let server = try ScriptedServer()
            port = server.port
        }  // closed: nothing listens there now
        let irc = IRCConnection(endpoint: Endpoint(host: "127.0.0.1", port: port), nick: "twodo", password: nil)
        #expect(throws: SystemError.self) { try irc.connectIfDue(now: 10) }
        #expect(irc.phase == .offline(retryAt: 11))
        try irc.connectIfDue(now: 10.5)  // not due yet: no attempt, no error
        #expect(throws: SystemError.self) { try irc.connectIfDue(now: 11) }
        #expect(irc.phase == .offline(retryAt: 13))
    }
}
