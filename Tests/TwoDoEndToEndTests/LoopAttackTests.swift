// Attacks on the event loop over TCP: resets mid-reply, pipelined floods that never read, admission, the process's edges.

import Foundation
import Glibc
import Testing

/// A client that measures a bystander couple's `ping` round trips while an attack runs.
private final class Bystander: @unchecked Sendable {
    // @unchecked: `client` and `samples` are touched by the measuring thread only until `stop()` returns.
    private let client: LineClient
    private var samples: [Double] = []
    private var failures = 0
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()

    init(_ client: LineClient) { self.client = client }

    func start() {
        Thread { [self] in
            while !lock.withLock({ stopping }) {
                let started = Date()
                if (try? client.json("ping", timeout: 10))?.code == "pong" {
                    lock.withLock { samples.append(Date().timeIntervalSince(started)) }
                } else {
                    lock.withLock { failures += 1 }
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            done.signal()
        }.start()
    }

    /// Stops measuring; returns the round trips (seconds) and the pings that failed.
    func stop() -> (samples: [Double], failures: Int) {
        lock.withLock { stopping = true }
        done.wait()
        return lock.withLock { (samples, failures) }
    }

    static func p99(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .infinity : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }
}

extension ResilienceSocket {
    /// Sends what the socket takes right now without blocking; true when it took all of `bytes`.
    @discardableResult
    func offer(_ bytes: [UInt8]) -> Bool {
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return n == bytes.count
    }

    /// Closes with a TCP reset instead of a FIN (SO_LINGER with a zero timeout).
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }
}

extension ResilienceSuite {
    @Suite("The loop under attack", .serialized, .timeLimit(.minutes(3)))
    struct LoopAttackTests {
        @Test("clients that fill their receive window, keep sending and then reset do not take the server down")
        func resetWhileBackedUp() throws {
            let server = try TestServer(extraArguments: ["--quiet", "--rate-limit", "0"])
            let (alice, _) = try server.couple()
            // Socket k asks for k × 250 replies of ~440 bytes and never reads: some end up with the kernel's
            // buffers full and part of their replies still queued in the server (writable interest on) when
            // the reset comes. The reset reports readable, writable and hung up at once; the flush fails and
            // closes the connection, and the old loop then read from the closed descriptor (EBADF, a crash).
            let attackers = try (1...30).map { k in
                (socket: try ResilienceSocket(port: server.port, receiveBuffer: 1024), total: k * 250)
            }
            var sent = [Int](repeating: 0, count: attackers.count)
            let chunk = Array(String(repeating: "help routine\n", count: 50).utf8)
            let until = Date().addingTimeInterval(6)
            while Date() < until {
                for (i, attacker) in attackers.enumerated() where sent[i] < attacker.total {
                    if attacker.socket.offer(chunk) { sent[i] += 50 }
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            Thread.sleep(forTimeInterval: 1)
            for attacker in attackers { attacker.socket.reset() }
            Thread.sleep(forTimeInterval: 1)
            #expect(server.process.isRunning, "the server died: \(server.log.suffix(2000))")
            #expect(try alice.json("ping").code == "pong")
            #expect(try server.connect().command("ping") == "pong")
        }

        @Test("600 exports pipelined in one write by a client that never reads: bounded memory, others served")
        func exportFlood() throws {
            let server = try TestServer(extraArguments: [
                "--quiet", "--rate-limit", "0", "--drain-timeout", "3", "--admin", "alice",
            ])
            let (alice, bob) = try server.couple()
            var batch: [UInt8] = []
            for i in 0..<1900 {
                batch += Array("add chore number \(i) with a fairly long title to fill the export\n".utf8)
            }
            try bob.send(bytes: batch)
            for _ in 0..<1900 { _ = try bob.readLine(until: { $0.contains("\"type\":\"reply\"") }, timeout: 30) }
            _ = try alice.drainEvents()
            let carol = try server.user("carol")
            let bystander = Bystander(carol)
            let rssBefore = server.residentKiB

            let attacker = try ResilienceSocket(port: server.port, source: "127.0.0.70", receiveBuffer: 4096)
            _ = try attacker.readLine()
            try attacker.send("login bob \(TestServer.password("bob"))")
            _ = try attacker.readLine(timeout: 10)
            bystander.start()
            _ = attacker.offer(Array(String(repeating: "export\n", count: 600).utf8))
            var peak = rssBefore
            let deadline = Date().addingTimeInterval(20)
            var dropped = false
            while Date() < deadline && !dropped {
                peak = max(peak, server.residentKiB)
                Thread.sleep(forTimeInterval: 0.1)
                dropped = (try? alice.ok("stats"))?.data["output_drops"] as? Int == 1
            }
            let (samples, failures) = bystander.stop()
            let p99 = Bystander.p99(samples)
            print(
                String(
                    format: "export flood: RSS %d -> peak %d KiB; bystander p99 %.1f ms over %d pings", rssBefore, peak,
                    p99 * 1000, samples.count))
            #expect(dropped, "the non-reader was not dropped after the grace period")
            #expect(peak - rssBefore < 100 * 1024, "RSS grew from \(rssBefore) to \(peak) KiB")
            #expect(failures == 0)
            #expect(p99 < 0.5, "the bystander's p99 was \(p99) s")
            #expect(try alice.json("ping").code == "pong")
        }

        @Test("an export streams to a slow reader piece by piece and arrives whole and in order")
        func exportStreamsToSlowReader() throws {
            let server = try TestServer(extraArguments: ["--quiet", "--rate-limit", "0"])
            let (alice, bob) = try server.couple()
            var batch: [UInt8] = []
            for i in 0..<3000 { batch += Array("add item \(i) \(String(repeating: "z", count: 150))\n".utf8) }
            try alice.send(bytes: batch)
            for _ in 0..<3000 { _ = try alice.readLine(until: { $0.contains("\"type\":\"reply\"") }, timeout: 30) }
            _ = try bob.drainEvents()
            let reader = try ResilienceSocket(port: server.port, receiveBuffer: 2048)
            _ = try reader.readLine()
            try reader.send("login alice \(TestServer.password("alice"))")
            _ = try reader.readLine(timeout: 10)
            // Pipelined behind the export: answered after it, in order, even though bob writes meanwhile.
            try reader.send(bytes: Array("export\nping\n".utf8))
            try bob.ok("add written while the export streams")
            let header = try reader.readLine(timeout: 20)
            #expect(header == "Your whole space, as JSON:")
            let document = try reader.readLine(timeout: 60)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
            let lists = try #require(object["lists"] as? [[String: Any]])
            let titles = lists.flatMap { ($0["tasks"] as? [[String: Any]]) ?? [] }.compactMap { $0["title"] as? String }
            #expect(Set(titles).count == titles.count, "a task appeared twice")
            #expect(titles.filter { $0.hasPrefix("item ") }.count == 3000)
            // The partner's event waited for the end of the document, then came before the ping's reply.
            let next = try reader.readLine(timeout: 10)
            #expect(next.contains("written while the export streams"), "\(next)")
            #expect(try reader.readLine(timeout: 10) == "pong")
        }

        @Test("past --max-per-address one address gets a clear line and a close; other addresses still connect")
        func perAddressCap() throws {
            let server = try TestServer(extraArguments: ["--quiet", "--max-per-address", "10"])
            let held = try (0..<10).map { _ in try ResilienceSocket(port: server.port, source: "127.0.0.80") }
            for socket in held { _ = try socket.readLine() }
            let extra = try ResilienceSocket(port: server.port, source: "127.0.0.80")
            let line = try extra.readLine()
            #expect(line.contains("Too many connections from your address (at most 10)"), "\(line)")
            #expect(line.contains("Adresinizden çok fazla bağlantı var"), "\(line)")
            #expect(
                try extra.drainLines() == nil || (try? extra.readLine(timeout: 2)) == nil, "the connection is closed")
            let other = try ResilienceSocket(port: server.port, source: "127.0.0.81")
            #expect(try other.readLine().hasPrefix("Welcome to TwoDo"))
            try other.send("ping")
            #expect(try other.readLine() == "pong")
            held[0].close()
            Thread.sleep(forTimeInterval: 0.3)
            let again = try ResilienceSocket(port: server.port, source: "127.0.0.80")
            #expect(try again.readLine().hasPrefix("Welcome to TwoDo"), "a freed slot can be used again")
        }

        @Test("behind a trusted front (--trusted-address) each connection counts as its own client")
        func trustedFront() throws {
            let server = try TestServer(extraArguments: [
                "--quiet", "--max-per-address", "2", "--trusted-address", "127.0.0.90",
            ])
            _ = try server.user("alice")
            // The front's connections are not capped per address...
            let front = try (0..<5).map { _ in try ResilienceSocket(port: server.port, source: "127.0.0.90") }
            for socket in front {
                #expect(try socket.readLine().hasPrefix("Welcome to TwoDo"))
                try socket.send("json on")
                _ = try socket.readLine()
            }
            // ...and one person's wrong passwords through it do not hold back another person behind it.
            for i in 0..<6 { _ = try front[0].json("login alice wrong-password-\(i)") }
            #expect(
                try front[0].json("login alice \(TestServer.password("alice"))")["code"] as? String == "error.throttled"
            )
            #expect(
                try front[1].json("login alice \(TestServer.password("alice"))")["code"] as? String == "auth.logged_in")
            // An ordinary address is still capped and throttled as one client.
            let plain = try (0..<2).map { _ in try ResilienceSocket(port: server.port, source: "127.0.0.91") }
            for socket in plain {
                _ = try socket.readLine()
                try socket.send("json on")
                _ = try socket.readLine()
            }
            let third = try ResilienceSocket(port: server.port, source: "127.0.0.91")
            #expect(try third.readLine().contains("Too many connections"))
            for i in 0..<6 { _ = try plain[0].json("login alice wrong-password-\(i)") }
            #expect(
                try plain[1].json("login alice \(TestServer.password("alice"))")["code"] as? String == "error.throttled"
            )
        }

        @Test(
            "a trusted front's PROXY header gives each connection its real client's address; nobody else can claim one")
        func proxyHeader() throws {
            let server = try TestServer(extraArguments: [
                "--quiet", "--max-per-address", "2", "--trusted-address", "127.0.0.95",
            ])
            _ = try server.user("alice")
            /// A connection through the front on behalf of `client`, in JSON mode.
            func through(_ client: String) throws -> ResilienceSocket {
                let socket = try ResilienceSocket(port: server.port, source: "127.0.0.95")
                _ = try socket.readLine()
                try socket.send("PROXY TCP4 \(client) 127.0.0.1 40000 7878\r")
                try socket.send("json on")
                _ = try socket.readLine()
                return socket
            }
            // One real client's failures throttle that client only, across its connections through the front.
            let mallory = try through("203.0.113.7")
            for i in 0..<6 { _ = try mallory.json("login alice wrong-password-\(i)") }
            let malloryAgain = try through("203.0.113.7")
            #expect(
                try malloryAgain.json("login alice \(TestServer.password("alice"))")["code"] as? String
                    == "error.throttled")
            let owner = try through("198.51.100.20")
            #expect(
                try owner.json("login alice \(TestServer.password("alice"))")["code"] as? String == "auth.logged_in")
            // The per-address cap applies to the real client: its third connection is refused.
            let third = try ResilienceSocket(port: server.port, source: "127.0.0.95")
            _ = try third.readLine()
            try third.send("PROXY TCP4 203.0.113.7 127.0.0.1 40001 7878")
            #expect(try third.readLine().contains("Too many connections"))
            // A malformed header from the front closes that connection; the server goes on.
            let broken = try ResilienceSocket(port: server.port, source: "127.0.0.95")
            _ = try broken.readLine()
            try broken.send("PROXY TCP4 not-an-address 127.0.0.1 1 2")
            #expect((try? broken.readLine(timeout: 3)) == nil, "a malformed PROXY header must close the connection")
            // From anyone else a PROXY line is just an unknown command.
            let outsider = try ResilienceSocket(port: server.port, source: "127.0.0.96")
            _ = try outsider.readLine()
            try outsider.send("PROXY TCP4 198.51.100.20 127.0.0.1 1 2")
            #expect(try outsider.readLine().contains("don't know the command"))
            #expect(try owner.json("ping")["code"] as? String == "pong")
        }

        @Test("a connection that never logs in is closed at the login timeout even if it keeps sending ping")
        func loginDeadlineFromConnect() throws {
            let server = try TestServer(extraArguments: ["--quiet", "--login-timeout", "2"])
            let client = try server.connect()
            let started = Date()
            var lines: [String] = []
            while Date().timeIntervalSince(started) < 6 {
                guard (try? client.send("ping")) != nil, let line = try? client.readLine(timeout: 2) else { break }
                lines.append(line)
                if line != "pong" { break }
                Thread.sleep(forTimeInterval: 0.3)
            }
            let closedAfter = Date().timeIntervalSince(started)
            #expect(lines.last?.contains("nobody logged in within 2 seconds") == true, "\(lines.suffix(2))")
            #expect(client.isClosedByServer(within: 3))
            #expect(closedAfter < 5, "closed after \(closedAfter) s")
            // A logged-in user is not subject to it.
            let alice = try server.user("alice")
            Thread.sleep(forTimeInterval: 2.5)
            #expect(try alice.json("ping").code == "pong")
        }

        @Test("correct-password login storms from 40 addresses do not keep another address's login out")
        func correctLoginStorm() throws {
            let server = try TestServer(extraArguments: ["--quiet", "--rate-limit", "0"])
            let names = (0..<40).map { "storm\($0)" }
            let address = { (i: Int) in "127.0.\(100 + i / 200).\(1 + i % 200)" }
            // Each storm account registers from its own address (so the per-address cap does not refuse it).
            let registrars = try names.indices.map { i -> ResilienceSocket in
                let socket = try ResilienceSocket(port: server.port, source: address(i))
                _ = try socket.readLine()
                try socket.send("register \(names[i]) \(TestServer.password(names[i]))")
                return socket
            }
            for socket in registrars { _ = try socket.readLine(timeout: 20) }
            // Each address keeps 8 correct logins going, one after another per connection (logout makes the
            // next login hash again), so the pool always has far more work than it can do.
            let sockets = try names.indices.flatMap { i in
                try (0..<8).map { _ in (try ResilienceSocket(port: server.port, source: address(i)), names[i]) }
            }
            let stopping = Flag()
            let logins = Counter()
            let group = DispatchGroup()
            for (socket, name) in sockets {
                group.enter()
                Thread {
                    defer { group.leave() }
                    guard (try? socket.readLine(timeout: 10)) != nil else { return }
                    while !stopping.isSet {
                        guard (try? socket.send("login \(name) \(TestServer.password(name))")) != nil,
                            let reply = try? socket.readLine(timeout: 20)
                        else { return }
                        if reply.hasPrefix("Welcome back") || reply.contains("logged in") {
                            logins.add()
                            guard (try? socket.send("logout")) != nil, (try? socket.readLine(timeout: 20)) != nil else {
                                return
                            }
                        } else {
                            Thread.sleep(forTimeInterval: 0.02)  // busy: try again soon
                        }
                    }
                }.start()
            }
            Thread.sleep(forTimeInterval: 1.5)
            var waits: [Double] = []
            var codes: [String] = []
            for i in 0..<5 {
                let victim = try ResilienceSocket(port: server.port, source: "127.0.1.\(10 + i)")
                _ = try victim.readLine(timeout: 10)
                try victim.send("json on")
                _ = try victim.readLine(timeout: 10)
                let started = Date()
                let reply = try victim.json("register newcomer\(i) \(TestServer.password("newcomer\(i)"))", timeout: 10)
                codes.append(reply["code"] as? String ?? "?")
                waits.append(Date().timeIntervalSince(started))
            }
            stopping.set()
            group.wait()
            print(
                "correct-login storm from 40 addresses (\(logins.value) storm logins): newcomers answered \(codes) in \(waits.map { Int($0 * 1000) }) ms"
            )
            #expect(codes.allSatisfy { $0 == "auth.registered" }, "\(codes)")
            #expect((waits.max() ?? 99) < 3, "a newcomer waited \(waits.max() ?? -1) s")
        }

        @Test("a tag with no command is answered error.usage under that id")
        func bareTag() throws {
            let server = try TestServer()
            let client = try server.connect()
            _ = try client.command("json on")
            for line in ["@id=ok", "@id=ok   ", "  @id=q.1"] {
                let reply = try client.json(line)
                #expect(reply["ok"] as? Bool == false)
                #expect(reply["code"] as? String == "error.usage")
                #expect(reply["id"] as? String == (line.contains("q.1") ? "q.1" : "ok"))
            }
            #expect(try client.isQuiet(for: 0.2))
            _ = try client.command("json off")
            #expect(try client.command("@id=7").contains("There is no command after the tag"))
        }

        @Test(
            "a routine or event reminder fired while the server was up is never called late, however far the clock jumps"
        )
        func lateMeansDown() throws {
            let server = try TestServer()
            let alice = try server.user("alice")
            try alice.ok("event add checkup today 11am remind 30m before")
            try alice.ok("clock advance 3h")  // 10:30 passed by 1.5 h in one jump, the server up all along
            let reminder = try alice.event()
            #expect(reminder.event == "reminder.due")
            #expect(reminder.data["late"] as? Bool == false)
            #expect(!reminder.text.contains("server was down"), "\(reminder.text)")
        }

        @Test(
            "a second server on the same database refuses to start, naming the path and the first one's pid",
            TestEngine.sqliteFile)
        func secondServerRefused() throws {
            let first = try TestServer()
            let result = try TestServer.runBinary(["serve", "--db", first.databasePath, "--port", "0"])
            #expect(result.status == 1)
            #expect(result.stderr.contains(first.databasePath), "\(result.stderr)")
            #expect(
                result.stderr.contains("in use by another twodo server (pid \(first.process.processIdentifier))"),
                "\(result.stderr)")
            #expect(try first.user("alice").json("ping").code == "pong")
            // After a kill -9 the lock goes with the process: a new server starts on the same file.
            first.kill()
            let second = try first.startAgain()
            #expect(try second.login("alice").json("ping").code == "pong")
        }

        @Test(
            "refused starts never free the running server's lock, whatever path names the file",
            TestEngine.sqliteFile)
        func refusedStartsKeepTheLock() throws {
            let first = try TestServer()
            let alias = TestServer.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: alias) }
            try FileManager.default.createSymbolicLink(
                atPath: alias + "/linked.sqlite", withDestinationPath: first.databasePath)
            try FileManager.default.createSymbolicLink(atPath: alias + "/folder", withDestinationPath: first.directory)
            let name = URL(fileURLWithPath: first.databasePath).lastPathComponent
            let spellings: [(path: String, directory: String?)] = [
                (first.databasePath, nil),  // the same path: before the fix this start unlinked the lock file
                (first.databasePath, nil),  // ... so this third start succeeded beside the first
                (name, first.directory),  // relative
                (first.directory + "/./" + name, nil),
                (alias + "/linked.sqlite", nil),  // a symlink to the file
                (alias + "/folder/" + name, nil),  // through a symlinked folder
            ]
            for spelling in spellings {
                let result = try TestServer.runBinary(
                    ["serve", "--db", spelling.path, "--port", "0"], timeout: 10, currentDirectory: spelling.directory)
                #expect(result.status == 1, "\(spelling.path) started: \(result.stderr)")
                #expect(result.stderr.contains("in use by another twodo server"), "\(spelling.path): \(result.stderr)")
            }
            #expect(FileManager.default.fileExists(atPath: first.databasePath + ".lock"))
            #expect(try first.user("alice").json("ping").code == "pong")
        }

        @Test("a missing folder is named in the error, and a port already taken leaves nothing on disk")
        func startupErrors() throws {
            let directory = TestServer.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let missing = directory + "/no/such/folder/twodo.sqlite"
            let result = try TestServer.runBinary(["serve", "--db", missing, "--port", "0"])
            #expect(result.status == 1)
            #expect(result.stderr.contains(missing), "\(result.stderr)")
            #expect(result.stderr.contains("does not exist"), "\(result.stderr)")

            let taken = try ResilienceSocketListener()
            let path = directory + "/twodo.sqlite"
            let busy = try TestServer.runBinary(["serve", "--db", path, "--port", "\(taken.port)"])
            #expect(busy.status == 1)
            #expect(busy.stderr.contains("bind"), "\(busy.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty,
                "files were created before the bind")
        }

        @Test("SIGTERM folds the write-ahead log into the database and removes the lock")
        func cleanStop() throws {
            let server = try TestServer()
            let alice = try server.user("alice")
            for i in 0..<50 { try alice.ok("add wal task \(i)") }
            #expect(server.stop() == 0)
            let wal =
                (try? FileManager.default.attributesOfItem(atPath: server.databasePath + "-wal"))?[.size] as? NSNumber
            #expect((wal?.intValue ?? 0) == 0, "the WAL holds \(wal?.intValue ?? 0) bytes after a clean stop")
            #expect(!FileManager.default.fileExists(atPath: server.databasePath + ".lock"))
            let again = try server.startAgain()
            #expect(try again.login("alice").ok("show inbox").data["tasks"] != nil)
        }
    }
}

/// A flag one thread sets and others poll.
private final class Flag: @unchecked Sendable {
    // @unchecked: the value is guarded by the lock.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
    // @unchecked: the value is guarded by the lock.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// A listening socket on a free loopback port, so a server can be made to fail its bind.
private final class ResilienceSocketListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = ResilienceSocket.address("127.0.0.1", port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard ok else {
            Glibc.close(listener)
            throw LineClientError.io("listen", errno)
        }
        fd = listener
        port = UInt16(bigEndian: addr.sin_port)
    }

    deinit { Glibc.close(fd) }
}
