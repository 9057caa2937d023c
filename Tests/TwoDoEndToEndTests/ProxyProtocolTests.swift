// PROXY protocol v2 from a `--proxy-protocol` front, over TCP against the real binary, hostile cases included.

import Foundation
import Glibc
import Testing

/// PROXY v2 headers as a front (HAProxy's `send-proxy-v2`) writes them.
enum ProxyV2 {
    /// The 12-byte signature.
    static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// A header with `command` (0 LOCAL, 1 PROXY), family/transport byte and `body`; `length` overrides the field.
    static func header(command: UInt8 = 1, familyByte: UInt8 = 0x11, body: [UInt8], length: Int? = nil) -> [UInt8] {
        let n = length ?? body.count
        return signature + [0x20 | command, familyByte, UInt8(n >> 8), UInt8(n & 0xFF)] + body
    }

    /// A PROXY TCP4 header for a client at `client` (dotted quad) and `port`.
    static func tcp4(_ client: String, port: UInt16 = 40000) -> [UInt8] {
        let source = client.split(separator: ".").map { UInt8($0)! }
        return header(body: source + [127, 0, 0, 1] + bytes(port) + bytes(7878))
    }

    /// A PROXY TCP6 header for a client whose address is eight 16-bit groups.
    static func tcp6(_ groups: [UInt16], port: UInt16 = 40000) -> [UInt8] {
        let source = groups.flatMap { bytes($0) }
        let destination = [UInt8](repeating: 0, count: 15) + [1]
        return header(familyByte: 0x21, body: source + destination + bytes(port) + bytes(7878))
    }

    /// A LOCAL header with no addresses (HAProxy's health checks).
    static let local = header(command: 0, familyByte: 0x00, body: [])

    private static func bytes(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}

extension TestServer {
    /// Whether the log holds `text` within `timeout` seconds (the log file trails the process a little).
    func logs(_ text: String, within timeout: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !log.contains(text) {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}

@Suite("PROXY protocol v2 from a listed front", .serialized, .timeLimit(.minutes(2)))
struct ProxyProtocolTests {
    /// The front's address in these tests (a loopback alias: binding it makes the server see it as the peer).
    static let front = "127.0.0.70"

    /// A server that takes PROXY v2 from `front` and allows `perAddress` connections per client address.
    private func server(perAddress: Int = 1) throws -> TestServer {
        try TestServer(extraArguments: [
            "--max-per-address", "\(perAddress)", "--proxy-protocol", ProxyProtocolTests.front,
        ])
    }

    /// A connection from the front that has read the greeting and sent `header`.
    private func through(_ server: TestServer, _ header: [UInt8]) throws -> LineClient {
        let client = try LineClient(port: server.port, source: ProxyProtocolTests.front)
        #expect(try client.readLine().hasPrefix("Welcome to TwoDo"))
        try client.send(bytes: header)
        return client
    }

    @Test("the header gives the connection its client's address: that client is capped, the front is not")
    func realClientIsCapped() throws {
        let server = try server()
        let first = try through(server, ProxyV2.tcp4("203.0.113.7"))
        #expect(try first.command("ping") == "pong")
        let other = try through(server, ProxyV2.tcp4("198.51.100.20"))
        #expect(try other.command("ping") == "pong", "the front itself is not capped at 1 connection")
        let second = try through(server, ProxyV2.tcp4("203.0.113.7", port: 40001))
        #expect(try second.readLine().contains("Too many connections"))
        #expect(second.isClosedByServer(within: 5))
        #expect(server.logs("client=203.0.113.7"))
        #expect(try first.command("ping") == "pong")
    }

    @Test("the login throttle counts the header's client: one client's failures do not lock out another")
    func throttleSeesClient() throws {
        let server = try server(perAddress: 8)
        _ = try server.user("alice")
        /// A JSON-mode connection through the front for `client`.
        func json(_ client: String, port: UInt16 = 40000) throws -> LineClient {
            let c = try through(server, ProxyV2.tcp4(client, port: port))
            _ = try c.command("json on")
            return c
        }
        let mallory = try json("203.0.113.30")
        for i in 0..<6 { _ = try mallory.json("login alice wrong-password-\(i)") }
        let malloryAgain = try json("203.0.113.30", port: 40001)
        #expect(try malloryAgain.json("login alice \(TestServer.password("alice"))").code == "error.throttled")
        let owner = try json("198.51.100.30")
        #expect(try owner.json("login alice \(TestServer.password("alice"))").code == "auth.logged_in")
    }

    @Test("a header (and the first command after it) sent one byte per TCP segment still works")
    func byteByByte() throws {
        let server = try server()
        let client = try LineClient(port: server.port, source: ProxyProtocolTests.front)
        var one: Int32 = 1
        setsockopt(client.fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #expect(try client.readLine().hasPrefix("Welcome to TwoDo"))
        for byte in ProxyV2.tcp4("203.0.113.8") + Array("ping\n".utf8) {
            try client.send(bytes: [byte])
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(try client.readLine() == "pong")
        let again = try through(server, ProxyV2.tcp4("203.0.113.8"))
        #expect(try again.readLine().contains("Too many connections"), "the split header named the client")
    }

    @Test("the header and commands in one segment: the commands after it run")
    func headerAndCommandsTogether() throws {
        let server = try server()
        let client = try LineClient(port: server.port, source: ProxyProtocolTests.front)
        _ = try client.readLine()
        try client.send(bytes: ProxyV2.tcp4("203.0.113.9") + Array("ping\nping\n".utf8))
        #expect(try client.readLine() == "pong")
        #expect(try client.readLine() == "pong")
    }

    @Test("a truncated header, then the front hangs up: the connection is closed and logged; others go on")
    func truncatedThenClose() throws {
        let server = try server()
        let client = try LineClient(port: server.port, source: ProxyProtocolTests.front)
        _ = try client.readLine()
        try client.send(bytes: Array(ProxyV2.tcp4("203.0.113.10").prefix(20)))
        client.shutdownWrite()
        #expect(client.isClosedByServer(within: 5))
        let next = try through(server, ProxyV2.tcp4("203.0.113.10"))
        #expect(try next.command("ping") == "pong", "the half header counted for nobody")
        #expect(server.logs("truncated PROXY v2 header"))
    }

    @Test(
        "from a listed front, bytes that are not a valid header close the connection and run nothing",
        arguments: [
            ("no header at all", Array("ping\n".utf8)),
            ("a v1 line (no guessing)", Array("PROXY TCP4 203.0.113.11 127.0.0.1 1 2\r\nping\n".utf8)),
            ("a wrong signature", [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A] + Array("QUIZ\nping\n".utf8)),
            ("a length of 65,535", ProxyV2.header(body: [], length: 65535) + Array("ping\n".utf8)),
            ("an unknown family", ProxyV2.header(familyByte: 0x41, body: [UInt8](repeating: 1, count: 12))),
            ("an unknown command", ProxyV2.header(command: 5, body: [UInt8](repeating: 1, count: 12))),
            ("addresses shorter than the family's", ProxyV2.header(body: [203, 0, 113, 12])),
        ] as [(String, [UInt8])])
    func invalidHeader(label: String, bytes: [UInt8]) throws {
        let server = try server()
        let client = try LineClient(port: server.port, source: ProxyProtocolTests.front)
        _ = try client.readLine()
        try client.send(bytes: bytes)
        #expect(client.isClosedByServer(within: 5), "\(label): the connection must be closed")
        #expect(server.logs("bad PROXY v2 header"), "\(label)")
        #expect(!server.log.contains("msg=proxied"), "\(label): no header was honoured")
        let ok = try through(server, ProxyV2.tcp4("203.0.113.12"))
        #expect(try ok.command("ping") == "pong", "\(label): the server goes on")
    }

    @Test("a v2 header from an address not listed is not honoured: its bytes are just bad input")
    func unlistedAddress() throws {
        let server = try server(perAddress: 2)
        let held = try LineClient(port: server.port, source: "127.0.0.71")
        _ = try held.readLine()
        let client = try LineClient(port: server.port, source: "127.0.0.71")
        _ = try client.readLine()
        try client.send(bytes: ProxyV2.tcp4("203.0.113.13") + Array("ping\n".utf8))
        // Framed as lines: two blank ones, a NUL (refused), then the signature's `QUIT`, which is `quit`.
        #expect(client.isClosedByServer(within: 5), "the signature's QUIT line ends the session")
        #expect(server.logs("msg=disconnect"))
        #expect(!server.log.contains("msg=proxied"))
        #expect(!server.log.contains("203.0.113.13"))
        // The address it claimed was never counted: through the front, that client still gets in, once.
        let claimed = try through(server, ProxyV2.tcp4("203.0.113.13"))
        #expect(try claimed.command("ping") == "pong")
        // And 127.0.0.71 is still counted as itself: with `held` and a new one it is at its cap of 2.
        let again = try LineClient(port: server.port, source: "127.0.0.71")
        _ = try again.readLine()
        let over = try LineClient(port: server.port, source: "127.0.0.71")
        #expect(try over.readLine().contains("Too many connections"))
        #expect(try held.command("ping") == "pong")
    }

    @Test("LOCAL (a health check) keeps the front's address, answers ping, and is not capped")
    func localHealthCheck() throws {
        let server = try server()
        let checks = try (0..<3).map { _ in try through(server, ProxyV2.local) }
        for check in checks { #expect(try check.command("ping") == "pong") }
        Thread.sleep(forTimeInterval: 0.3)  // the log file trails the process a little
        #expect(!server.log.contains("msg=proxied"))
        // UNSPEC family under the PROXY command is handled the same way.
        let unspec = try through(server, ProxyV2.header(familyByte: 0x00, body: []))
        #expect(try unspec.command("ping") == "pong")
    }

    @Test("an IPv6 client is named and capped as itself; an IPv4-mapped one as its IPv4 address")
    func ipv6() throws {
        let server = try server()
        let first = try through(server, ProxyV2.tcp6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 7]))
        #expect(try first.command("ping") == "pong")
        #expect(server.logs("client=2001:db8::7"))
        let second = try through(server, ProxyV2.tcp6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 7], port: 2))
        #expect(try second.readLine().contains("Too many connections"))
        let mapped = try through(server, ProxyV2.tcp6([0, 0, 0, 0, 0, 0xffff, 0xcb00, 0x710e]))
        #expect(try mapped.command("ping") == "pong")
        #expect(server.logs("client=203.0.113.14"))
        let v4 = try through(server, ProxyV2.tcp4("203.0.113.14"))
        #expect(try v4.readLine().contains("Too many connections"), "one client, whichever family named it")
    }

    @Test("--proxy-protocol also comes from TWODO_PROXY_PROTOCOL; a listed front's partners see each other live")
    func environmentAndLiveEvents() throws {
        let server = try TestServer(environment: ["TWODO_PROXY_PROTOCOL": "127.0.0.72,\(ProxyProtocolTests.front)"])
        _ = try server.user("alice")
        _ = try server.user("bob")
        let alice = try through(server, ProxyV2.tcp4("203.0.113.15"))
        let bob = try through(server, ProxyV2.tcp4("203.0.113.16"))
        for (client, name) in [(alice, "alice"), (bob, "bob")] {
            try client.send("json on")
            _ = try client.readLine()
            try client.ok("login \(name) \(TestServer.password(name))")
        }
        try server.pair(alice, bob)
        try alice.ok("add buy milk")
        #expect(try bob.event(timeout: 5).event == "task.added")
        #expect(server.logs("client=203.0.113.16"))
    }

    @Test(
        "--proxy-protocol takes only IPv4 addresses, as the server sees its peers",
        arguments: ["haproxy.local", "::1", "10.0.0", "10.0.0.256", "010.0.0.1"])
    func rejectsNonIPv4(value: String) throws {
        let result = try TestServer.runBinary(["serve", "--port", "0", "--proxy-protocol", value])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--proxy-protocol: '\(value)' is not an IPv4 address"))
    }

    @Test(
        "PROXY v1 addresses count as v2 ones do: one client written four ways gets only 3 slots of a cap of 3",
        arguments: [
            ("TCP6", ["::1", "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001", "::0:1"], "::1"),
            (
                "TCP6",
                ["2001:db8::a", "2001:0DB8:0:0:0:0:0:A", "2001:0db8:0000:0000:0000:0000:0000:000a", "2001:DB8::0:a"],
                "2001:db8::a"
            ),
            (
                "TCP6", ["::ffff:203.0.113.9", "::FFFF:CB00:7109", "0:0:0:0:0:ffff:cb00:7109", "203.0.113.9"],
                "203.0.113.9"
            ),
        ])
    func v1Spellings(family: String, spellings: [String], canonical: String) throws {
        let front = "127.0.0.73"
        let server = try TestServer(extraArguments: ["--max-per-address", "3", "--trusted-address", front])
        var open: [LineClient] = []
        for (i, spelling) in spellings.enumerated() {
            let client = try server.connect(from: front)
            // A dotted quad is a TCP4 header; the others TCP6 (the destination in the same family).
            let v4 = !spelling.contains(":")
            let header =
                v4 ? "PROXY TCP4 \(spelling) 127.0.0.1 4000\(i) 7878" : "PROXY \(family) \(spelling) ::1 4000\(i) 7878"
            try client.send(header)
            if i < 3 {
                #expect(try client.command("ping") == "pong", "\(spelling)")
            } else {
                #expect(try client.readLine().contains("Too many connections"), "\(spelling) is the same client")
            }
            open.append(client)
        }
        #expect(server.logs("client=\(canonical)"))
        // Another client through the same front still gets in.
        let other = try server.connect(from: front)
        try other.send("PROXY TCP6 2001:db8::b ::1 40009 7878")
        #expect(try other.command("ping") == "pong")
    }

    @Test(
        "hostile PROXY v1 addresses close the connection: zone ids, a long field, a v4 in TCP6's place, odd forms",
        arguments: [
            "PROXY TCP6 fe80::1%eth0 ::1 1 2", "PROXY TCP6 \(String(repeating: "0:", count: 900))1 ::1 1 2",
            "PROXY TCP6 1.2.3.4 ::1 1 2", "PROXY TCP4 ::1 127.0.0.1 1 2", "PROXY TCP4 1.2.3.04 127.0.0.1 1 2",
            "PROXY TCP6 ::1\u{200B} ::1 1 2", "PROXY TCP6 \u{FF11}::1 ::1 1 2", "PROXY TCP6 1::2::3 ::1 1 2",
        ])
    func v1Hostile(header: String) throws {
        let front = "127.0.0.74"
        let server = try TestServer(extraArguments: ["--quiet", "--trusted-address", front])
        let client = try server.connect(from: front)
        try client.send(header)
        #expect(client.isClosedByServer(within: 3), "\(header)")
        let fine = try server.connect(from: front)
        try fine.send("PROXY TCP6 ::1 ::1 1 2")
        #expect(try fine.command("ping") == "pong")
    }
}
