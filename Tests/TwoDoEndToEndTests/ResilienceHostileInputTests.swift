// Hostile input end to end: overlong and never-ending lines, bad bytes, telnet negotiation, a real telnet client.

import Foundation
import Glibc
import Testing

extension ResilienceSuite {
    @Suite("Hostile input over TCP", .timeLimit(.minutes(1)))
    struct ResilienceHostileInputTests {
        private static let iac: UInt8 = 255

        /// A JSON-mode connection with the greeting read.
        private func jsonClient(_ server: TestServer) throws -> LineClient {
            let client = try server.connect()
            #expect(try client.json("json on").isOK)
            return client
        }

        @Test(
            "an overlong line is answered with line.too_long once, and the connection keeps working",
            arguments: [4097, 5000, 200_000])
        func overlongLine(length: Int) throws {
            let server = try TestServer()
            let client = try jsonClient(server)
            try client.send(bytes: [UInt8](repeating: 0x61, count: length) + [10])
            let reply = try client.readJSON()
            #expect(reply.code == "line.too_long")
            #expect(reply["ok"] as? Bool == false)
            #expect(try client.json("@id=after ping").code == "pong")
            #expect(try client.isQuiet(for: 0.2), "one reply for one overlong line")
        }

        @Test(
            "bad bytes in a line are refused with a clear code and the connection keeps working",
            arguments: [
                ([0x70, 0x69, 0xC3, 0x28, 0x6E, 0x67], "line.bad_encoding"),
                ([0xFE, 0xFF, 0x70, 0x69, 0x6E, 0x67], "line.bad_encoding"),
                ([0x70, 0x69, 0x6E, 0x67, 0xED, 0xA0, 0x80], "line.bad_encoding"),
                ([0x70, 0x69, 0x00, 0x6E, 0x67], "line.control_chars"),
                ([0x00], "line.control_chars"),
                ([0x1B, 0x32, 0x4A, 0x70, 0x69, 0x6E, 0x67], "line.control_chars"),  // a bare ESC (CSI is dropped)
                ([0x70, 0x69, 0x0D, 0x6E, 0x67], "line.control_chars"),
                ([0x70, 0x69, 0xFF, 0xFF, 0x6E, 0x67], "line.bad_encoding"),  // IAC IAC: a 0xFF data byte
            ] as [([UInt8], String)])
        func badBytes(line: [UInt8], code: String) throws {
            let server = try TestServer()
            let client = try jsonClient(server)
            try client.send(bytes: line + [13, 10])
            #expect(try client.readJSON().code == code)
            #expect(try client.json("ping").code == "pong")
        }

        @Test("telnet negotiation (WILL, DO, WONT, SB ... SE, NOP) is answered or stripped; the command around it runs")
        func telnetNegotiation() throws {
            let server = try TestServer()
            let client = try server.connect()
            let iac = Self.iac
            var bytes: [UInt8] =
                [iac, 251, 1, iac, 253, 3, iac, 252, 34, iac, 250, 24, 0] + Array("xterm".utf8) + [iac, 240]
            bytes += Array("pi".utf8) + [iac, 241] + Array("ng".utf8) + [13, 10]
            try client.send(bytes: bytes)
            // WILL ECHO is refused (the client must not echo for us), DO SGA agreed, WONT LINEMODE needs no answer.
            #expect(try client.readBytes(count: 6) == [iac, 254, 1, iac, 251, 3])
            #expect(try client.readLine() == "pong")
            // Split across writes, in JSON mode, with a tag.
            try client.send(bytes: Array("json".utf8) + [iac])
            try client.send(bytes: [246] + Array(" on\r\n@id=t1 pi".utf8) + [iac, 250, 31, 0, 80])
            try client.send(bytes: [0, 24, iac, 240] + Array("ng\r\n".utf8))
            #expect(try client.readJSON().code == "json.on")
            let pong = try client.readJSON()
            #expect(pong.code == "pong")
            #expect(pong["id"] as? String == "t1")
        }

        @Test(
            "a real telnet client can talk to the server, IAC negotiation and all",
            .enabled(
                if: FileManager.default.isExecutableFile(atPath: "/usr/bin/telnet"),
                "the telnet package is not installed"))
        func realTelnet() throws {
            signal(SIGPIPE, SIG_IGN)  // writing to a telnet that already quit must fail, not kill the test runner
            let server = try TestServer()
            let telnet = Process()
            telnet.executableURL = URL(fileURLWithPath: "/usr/bin/telnet")
            telnet.arguments = ["127.0.0.1", "\(server.port)"]
            let input = Pipe()
            let output = Pipe()
            telnet.standardInput = input
            telnet.standardOutput = output
            telnet.standardError = output
            try telnet.run()
            defer {
                if telnet.isRunning { Glibc.kill(telnet.processIdentifier, SIGKILL) }
                telnet.waitUntilExit()
            }
            let seen = Transcript(output.fileHandleForReading)
            func type(_ text: String) throws {
                try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
                Thread.sleep(forTimeInterval: 0.3)
            }
            #expect(seen.wait(for: "Welcome to TwoDo", timeout: 10), "no greeting through telnet: \(seen.text)")
            // Lines end in LF, as a terminal in line mode hands them to telnet; telnet sends CR LF.
            try type("register telly plover-gryyl-27\n")
            #expect(seen.wait(for: "Welcome, telly", timeout: 10), "no reply to register: \(seen.text)")
            // Telnet's own command mode (escape ^]) makes it send IAC AYT, IAC NOP, and with
            // `mode character` the negotiation IAC DO SUPPRESS-GO-AHEAD, IAC DO ECHO.
            for command in ["send ayt", "send nop", "mode character"] { try type("\u{1D}\(command)\n") }
            try type("ping\n")
            #expect(seen.wait(for: "pong", timeout: 10), "no pong through telnet: \(seen.text)")
            try type("quit\n")
            #expect(seen.wait(for: "Connection closed", timeout: 10), "telnet saw no close: \(seen.text)")
            try? input.fileHandleForWriting.close()
            for refusal in ["was ignored", "I don't know"] { #expect(!seen.text.contains(refusal), "\(seen.text)") }
        }

        @Test("a line that never ends holds bounded memory and is closed by the idle timeout")
        func slowloris() throws {
            let server = try TestServer(extraArguments: ["--idle-timeout", "2", "--login-timeout", "2", "--quiet"])
            let (alice, _) = try server.couple()
            let rssBefore = server.residentKiB
            // 40 connections send 4 KB without LF, then trickle a byte every 100 ms; 10 more only trickle.
            var sockets: [(socket: ResilienceSocket, opened: Date, closedAfter: Double?)] = []
            for i in 0..<50 {
                let socket = try ResilienceSocket(port: server.port)
                _ = try socket.readLine()
                if i < 40 { try socket.send(bytes: [UInt8](repeating: 0x61, count: 4096)) }
                sockets.append((socket, Date(), nil))
            }
            var peakKiB = server.residentKiB
            var lines: [String] = []
            let deadline = Date().addingTimeInterval(8)
            while Date() < deadline && sockets.contains(where: { $0.closedAfter == nil }) {
                for i in sockets.indices where sockets[i].closedAfter == nil {
                    let socket = sockets[i].socket
                    guard let received = try? socket.drainLines() else {
                        sockets[i].closedAfter = Date().timeIntervalSince(sockets[i].opened)
                        continue
                    }
                    lines += received
                    try? socket.send(bytes: [0x62])
                }
                peakKiB = max(peakKiB, server.residentKiB)
                #expect(try alice.json("ping", timeout: 1).code == "pong", "the server stays responsive")
                Thread.sleep(forTimeInterval: 0.1)
            }
            let lifetimes = sockets.compactMap(\.closedAfter)
            #expect(
                lifetimes.count == sockets.count,
                "\(sockets.count - lifetimes.count) trickling connections are still open")
            #expect((lifetimes.max() ?? 99) < 6, "closed after \(lifetimes.max() ?? -1) s with a 2 s timeout")
            #expect(
                lines.filter { $0.contains("longer than 4096 bytes") }.count == 40, "every 4 KB line is reported once")
            // Not logged in: the login deadline (counted from the connect) closes them, whatever they trickle.
            #expect(
                lines.filter { $0.contains("logged in within 2 seconds") }.count == 50, "each is told why it is closed")
            #expect(peakKiB - rssBefore < 20 * 1024, "RSS grew from \(rssBefore) KiB to \(peakKiB) KiB")
            print(
                String(
                    format: "slowloris: 50 connections closed after %.1f–%.1f s; RSS %d → %d KiB", lifetimes.min() ?? 0,
                    lifetimes.max() ?? 0, rssBefore, peakKiB))
        }
    }
}
