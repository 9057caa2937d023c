// Telnet character mode end to end: exact negotiation answers, echo, line editing, and a real telnet in a terminal.

import Foundation
import Glibc
import Testing

extension ResilienceSuite {
    @Suite("Telnet character mode over TCP", .timeLimit(.minutes(1)))
    struct ResilienceTelnetTests {
        private static let iac: UInt8 = 255, will: UInt8 = 251, wont: UInt8 = 252, doo: UInt8 = 253, dont: UInt8 = 254

        @Test("the client's DO ECHO / DO SGA are answered WILL ECHO / WILL SGA, once; other options are refused")
        func negotiationAnswers() throws {
            let server = try TestServer()
            let client = try server.connect()
            let (iac, will, wont, doo, dont) = (Self.iac, Self.will, Self.wont, Self.doo, Self.dont)
            // What netkit/inetutils telnet sends on `mode character`, then what many MUD clients offer.
            try client.send(bytes: [iac, doo, 3, iac, doo, 1])
            #expect(try client.readBytes(count: 6) == [iac, will, 3, iac, will, 1])
            try client.send(bytes: [iac, will, 31, iac, will, 24, iac, doo, 34, iac, will, 3])
            #expect(try client.readBytes(count: 12) == [iac, dont, 31, iac, dont, 24, iac, wont, 34, iac, doo, 3])
            // Requests that confirm the state in force, and refusals of options that are off: no answer.
            try client.send(bytes: [iac, doo, 1, iac, doo, 3, iac, will, 3, iac, dont, 34, iac, wont, 31])
            #expect(try client.isQuiet(for: 0.3), "a request that changes nothing must not be answered (no loops)")
            // Split across writes, one byte at a time.
            for byte in [iac, dont, 1] {
                try client.send(bytes: [byte])
                Thread.sleep(forTimeInterval: 0.02)
            }
            #expect(try client.readBytes(count: 3) == [iac, wont, 1])
            try client.send("ping")
            #expect(try client.readLine() == "pong", "no echo once DONT ECHO was agreed")
        }

        @Test("a client that never negotiates (nc) is sent no telnet bytes and no echo, yet its edits work")
        func plainClientEditing() throws {
            let server = try TestServer()
            let client = try server.connect()
            try client.send(bytes: Array("pi\u{8}\u{7F}ping".utf8) + [13, 10])
            #expect(try client.readLine() == "pong")
            try client.send(bytes: Array("pix\u{7F}n\u{1B}[Dg\u{1B}OA\r\n".utf8))
            #expect(try client.readLine() == "pong")
            try client.send(bytes: Array("rm everything\u{15}json on\r\n".utf8))
            #expect(try client.readJSON().code == "json.on")
            // A bare ESC (Alt-x) and a broken sequence are still refused, and the next line works.
            try client.send(bytes: Array("ping\u{1B}x\r\n\u{1B}[12\r\n".utf8))
            #expect(try client.readJSON().code == "line.control_chars")
            #expect(try client.readJSON().code == "line.control_chars")
            #expect(try client.json("@id=e ping").code == "pong")
            #expect(try client.isQuiet(for: 0.2))
        }

        @Test("in character mode the server echoes typing, erasures and line ends, before the reply")
        func echoEndToEnd() throws {
            let server = try TestServer()
            let client = try server.connect()
            let (iac, will, doo) = (Self.iac, Self.will, Self.doo)
            try client.send(bytes: [iac, doo, 3, iac, doo, 1])
            #expect(try client.readBytes(count: 6) == [iac, will, 3, iac, will, 1])
            // Typed a key at a time, as a terminal in raw mode sends them; CR NUL ends the line.
            // A typo erased, then Left and a letter put in before the last one (insert character, ESC [ 1 @).
            let keys = ["p", "i", "x", "\u{7F}", "g", "\u{1B}[D", "n", "\r\0"]
            for key in keys {
                try client.send(bytes: Array(key.utf8))
                Thread.sleep(forTimeInterval: 0.01)
            }
            let expected = Array("pix\u{8} \u{8}g\u{8}\u{1B}[1@n\r\npong\r\n".utf8)
            #expect(try client.readBytes(count: expected.count) == expected)
            // A 4 KB paste is echoed whole and runs.
            let line = "add " + String(repeating: "ç", count: 2000)
            try client.send(bytes: Array((line + "\r\n").utf8))
            let echo = try client.readBytes(count: line.utf8.count + 2)
            #expect(echo == Array((line + "\r\n").utf8))
            let reply = try client.readLine()
            #expect(!reply.contains("control") && !reply.contains("longer"), "\(reply)")
        }

        @Test("a partner's event lands above a half-typed line, which is drawn again; a password is shown as *s")
        func redrawAndMasking() throws {
            let server = try TestServer()
            let (alice, _) = try server.couple()
            let bob = try server.connect()
            let (iac, will, doo) = (Self.iac, Self.will, Self.doo)
            try bob.send(bytes: [iac, doo, 3, iac, doo, 1])
            #expect(try bob.readBytes(count: 6) == [iac, will, 3, iac, will, 1])
            // The password is echoed as one * per character, and the login still works.
            let password = TestServer.password("bob")
            try bob.send(bytes: Array("login bob \(password)\r\n".utf8))
            let echo = Array("login bob \(String(repeating: "*", count: password.count))\r\n".utf8)
            #expect(try bob.readBytes(count: echo.count) == echo)
            #expect(try bob.readLine().hasPrefix("Welcome back, bob"))
            // Half a line typed, then alice adds a task: the half line is cleared, the event printed, the half
            // line drawn again, so bob goes on typing where he was.
            try bob.send(bytes: Array("add bre".utf8))
            #expect(try bob.readBytes(count: 7) == Array("add bre".utf8))
            try alice.ok("add milk")
            let pushed =
                Array("\r\u{1B}[K".utf8) + Array("alice added \"milk\" to Inbox.\r\n".utf8) + Array("add bre".utf8)
            #expect(try bob.readBytes(count: pushed.count) == pushed)
            try bob.send(bytes: Array("ad\r\n".utf8))
            #expect(try bob.readBytes(count: 4) == Array("ad\r\n".utf8))
            #expect(try bob.readLine().contains("bread"))
            // Up recalls that line; Enter runs it again.
            try bob.send(bytes: Array("\u{1B}[A".utf8))
            #expect(try bob.readBytes(count: 9) == Array("add bread".utf8))
        }

        @Test("a client that types without ever reading its echo cannot grow the server's memory")
        func echoWithoutReading() throws {
            let server = try TestServer(extraArguments: ["--quiet"])
            let (alice, _) = try server.couple()
            let socket = try ResilienceSocket(port: server.port, receiveBuffer: 4096)
            _ = try socket.readLine()
            try socket.send(bytes: [Self.iac, Self.doo, 1])
            let rssBefore = server.residentKiB
            // 4 MB of lines typed and killed with Ctrl-U: each echoes 4 bytes per byte typed (the text, then
            // back, blank, back) and never completes a line, so without a bound the unread echo would hold
            // 16 MB. The server keeps reading (no command is waiting).
            let chunk = (String(repeating: "a", count: 4000) + "\u{15}").utf8.map { $0 }.repeated(16)
            for _ in 0..<64 { try socket.send(bytes: chunk) }
            // The kernel holds part of the flood: watch memory until the server has read it all (steady).
            var peakKiB = server.residentKiB
            var steady = 0
            let deadline = Date().addingTimeInterval(15)
            while steady < 5 && Date() < deadline {
                #expect(try alice.json("ping", timeout: 5).code == "pong", "the server stays responsive")
                Thread.sleep(forTimeInterval: 0.2)
                let now = server.residentKiB
                steady = now == peakKiB ? steady + 1 : 0
                peakKiB = max(peakKiB, now)
            }
            let growth = peakKiB - rssBefore
            #expect(growth < 4 * 1024, "RSS grew by \(growth) KiB after 4 MB of input whose echo was never read")
        }

        @Test(
            "a real telnet in `mode character`: echo, Backspace and an arrow key, and the command runs",
            .enabled(
                if: FileManager.default.isExecutableFile(atPath: "/usr/bin/telnet")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
                "skipped: /usr/bin/telnet (package telnet) or /usr/bin/script (util-linux) is not installed"))
        func realTelnetCharacterMode() throws {
            signal(SIGPIPE, SIG_IGN)  // writing to a telnet that already quit must fail, not kill the test runner
            let server = try TestServer()
            // telnet only switches to character mode on a terminal: `script` runs it on a pseudo-terminal.
            let terminal = Process()
            terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            terminal.arguments = ["-qfc", "/usr/bin/telnet 127.0.0.1 \(server.port)", "/dev/null"]
            let input = Pipe()
            let output = Pipe()
            terminal.standardInput = input
            terminal.standardOutput = output
            terminal.standardError = output
            try terminal.run()
            defer {
                if terminal.isRunning { Glibc.kill(terminal.processIdentifier, SIGKILL) }
                terminal.waitUntilExit()
            }
            let seen = Transcript(output.fileHandleForReading)
            func type(_ text: String, pause: Double = 0.15) throws {
                try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
                Thread.sleep(forTimeInterval: pause)
            }
            #expect(seen.wait(for: "Welcome to TwoDo", timeout: 10), "no greeting through telnet: \(seen.text)")
            try type("\u{1D}mode character\n", pause: 0.5)
            let before = seen.text.utf8.count
            // A typo erased with Backspace (the terminal's DEL), then Left and a letter inserted before the last.
            for key in ["p", "i", "x", "\u{7F}", "g", "\u{1B}[D", "n"] { try type(key, pause: 0.05) }
            try type("\r")
            #expect(seen.wait(for: "pong", timeout: 10), "no pong through telnet: \(seen.text)")
            let after = String(seen.text.utf8.dropFirst(before)) ?? ""
            // In character mode the terminal does not echo; what shows is the server's echo.
            #expect(
                after.contains("pix\u{8} \u{8}g\u{8}\u{1B}[1@n"), "the typing was not echoed: \(after.debugDescription)")
            #expect(!seen.text.contains("control characters"), "\(seen.text)")
            // Ctrl-U then a command, still in character mode.
            for key in ["w", "h", "o", "o", "p", "s", "\u{15}", "q", "u", "i", "t", "\r"] { try type(key, pause: 0.05) }
            #expect(seen.wait(for: "Connection closed", timeout: 10), "telnet saw no close: \(seen.text)")
            try? input.fileHandleForWriting.close()
        }
    }
}

extension LineClient {
    /// Reads exactly `count` bytes (after any buffered line data was consumed); throws on timeout.
    func readBytes(count: Int, timeout: Double = 5) throws -> [UInt8] {
        var out: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while out.count < count {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, poll(&pfd, 1, Int32(max(1, remaining * 1000))) > 0 else {
                throw LineClientError.timeout(partial: String(decoding: out, as: UTF8.self))
            }
            var chunk = [UInt8](repeating: 0, count: count - out.count)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw LineClientError.closed }
            out += chunk[..<n]
        }
        return out
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] { [[Element]](repeating: self, count: times).flatMap { $0 } }
}
