// Load and abuse end to end: a client that never reads, 5,000 connections, a full server, pipelining, rate limits.

import Foundation
import Glibc
import Testing

/// The worst reply time of a couple pinging the server while something else goes on.
///
/// @unchecked Sendable: the lock guards every field; the pinging thread writes, the test reads.
private final class PingWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var samples = LatencySamples()
    private var stopping = false
    private var failures: [String] = []

    var latencies: LatencySamples { lock.withLock { samples } }
    var problems: [String] { lock.withLock { failures } }
    func stop() { lock.withLock { stopping = true } }

    /// Alice and bob take turns: `ping` and `show`, every 20 ms, until `stop()`.
    func run(alice: LineClient, bob: LineClient) {
        var turn = 0
        while !lock.withLock({ stopping }) {
            turn += 1
            let (client, line) = turn % 2 == 0 ? (alice, "ping") : (bob, "show")
            let start = Date()
            do {
                let reply = try client.json(line, timeout: 5)
                if !reply.isOK { lock.withLock { failures.append("\(line): \(reply)") } }
            } catch {
                lock.withLock { failures.append("\(line): \(error)") }
                return
            }
            let seconds = Date().timeIntervalSince(start)
            lock.withLock { samples.add(seconds) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}

extension ResilienceSuite {
    @Suite("Load and abuse over TCP", .timeLimit(.minutes(2)))
    struct ResilienceLoadTests {
        @Test("a client that never reads is dropped at the output cap; memory stays bounded and its partner is served")
        func neverReadingClient() throws {
            let server = try TestServer(extraArguments: ["--rate-limit", "0", "--quiet"])
            // Alice's socket has a tiny receive buffer, and after pairing she never reads again.
            let alice = try ResilienceSocket(port: server.port, receiveBuffer: 4096)
            _ = try alice.readLine()
            #expect(try alice.json("json on").isOK)
            #expect(try alice.json("register alice plover-nyvpr-27").isOK)
            let code = try #require(try alice.json("couple create").data["code"] as? String)
            let bob = try server.user("bob")
            #expect(try bob.json("couple join \(code)").isOK)

            let rssBefore = server.residentKiB
            var peakKiB = rssBefore
            let text = String(repeating: "blah ", count: 100)  // 500 characters
            var said = 0
            var dropped = false
            while said < 40_000 && !dropped {
                try bob.send(bytes: Array(String(repeating: "say \(text)\n", count: 100).utf8))
                for _ in 0..<100 {
                    let reply = try bob.readJSON(timeout: 5)
                    #expect(reply.code == "chat.sent", "\(reply)")
                }
                said += 100
                peakKiB = max(peakKiB, server.residentKiB)
                if said % 1000 == 0 { dropped = server.log.contains("dropping slow reader") }
            }
            #expect(dropped, "alice was not dropped after \(said) messages of 500 characters")
            // Whatever alice's kernel buffer held, the connection ends in EOF.
            var closed = false
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline && !closed {
                closed = (try? alice.drainLines()) == nil
                if !closed { Thread.sleep(forTimeInterval: 0.01) }
            }
            #expect(closed, "the server did not close the non-reading connection")
            #expect(try bob.json("ping").code == "pong")
            #expect(try bob.json("say anyone there?").isOK)
            #expect(peakKiB < 200 * 1024, "server RSS peaked at \(peakKiB) KiB")
            print(
                "never-reading client: dropped after \(said) messages (~\(said * 560 / 1024) KiB of events); server RSS \(rssBefore) → peak \(peakKiB) KiB"
            )
        }

        @Test("5,000 connections opened at once and dropped do not stall a couple's replies")
        func fiveThousandConnections() throws {
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 16384))
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            try #require(limit.rlim_cur >= 5200, "RLIMIT_NOFILE is only \(limit.rlim_cur)")

            let server = try TestServer(extraArguments: ["--max-connections", "6000", "--quiet"])
            let (alice, bob) = try server.couple()
            let watch = PingWatch()
            let watched = DispatchSemaphore(value: 0)
            Thread {
                watch.run(alice: alice, bob: bob)
                watched.signal()
            }.start()
            let rssBefore = server.residentKiB

            let count = 5000
            let opened = Date()
            var fds: [Int32] = []
            var remote = ResilienceSocket.address("127.0.0.1", port: server.port)
            for _ in 0..<count {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue), 0)
                try #require(fd >= 0, "socket: errno \(errno)")
                let rc = withUnsafePointer(to: &remote) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                #expect(rc == 0 || errno == EINPROGRESS)
                fds.append(fd)
            }
            // Every connection must really be served: wait for each greeting.
            var greeted = Set<Int32>()
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(30)
            while greeted.count < count && Date() < deadline {
                var pfds = fds.filter { !greeted.contains($0) }.map {
                    pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
                }
                guard poll(&pfds, nfds_t(pfds.count), 100) > 0 else { continue }
                for p in pfds where p.revents != 0 {
                    let n = buffer.withUnsafeMutableBytes { recv(p.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if n > 0 && buffer[..<n].contains(10) { greeted.insert(p.fd) }
                }
            }
            let greetedAfter = Date().timeIntervalSince(opened)
            let rssOpen = server.residentKiB
            for fd in fds { close(fd) }
            Thread.sleep(forTimeInterval: 1)
            watch.stop()
            #expect(watched.wait(timeout: .now() + 10) == .success)

            #expect(greeted.count == count, "only \(greeted.count) of \(count) connections were greeted")
            #expect(watch.problems.isEmpty, "\(watch.problems.prefix(3))")
            let latencies = watch.latencies
            #expect(latencies.count >= 20)
            #expect(latencies.milliseconds(1) < 1000, "the couple waited \(latencies.milliseconds(1)) ms")
            #expect(try alice.json("add after the crowd").isOK)
            print(
                String(
                    format:
                        "5,000 connections: all greeted after %.2f s; couple replies %@; server RSS %d → %d KiB (%.1f KiB per connection)",
                    greetedAfter, latencies.summary, rssBefore, rssOpen, Double(rssOpen - rssBefore) / Double(count)))
        }

        @Test("past --max-connections a newcomer gets one line saying the server is full and is closed")
        func serverFull() throws {
            let server = try TestServer(extraArguments: ["--max-connections", "50", "--quiet"])
            var clients = try (0..<50).map { _ in try server.connect() }
            let newcomer = try LineClient(port: server.port)
            let line = try newcomer.readLine()
            #expect(line.contains("The server is full right now"), "\(line)")
            #expect(newcomer.isClosedByServer(within: 2))
            #expect(try clients[0].command("ping") == "pong", "the 50 already in keep working")

            // A place that frees up can be taken again.
            clients.removeLast()
            var admitted = false
            let deadline = Date().addingTimeInterval(3)
            while !admitted && Date() < deadline {
                let next = try LineClient(port: server.port)
                admitted = (try? next.readLine())?.hasPrefix("Welcome") == true
                if admitted { clients.append(next) } else { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(admitted)
        }

        @Test("1,000 pipelined commands in one write get 1,000 replies, in order")
        func pipelining() throws {
            let server = try TestServer()
            let alice = try server.user("alice")
            let lines = (1...1000).map { $0 % 2 == 1 ? "@id=\($0) add pipelined \($0)\n" : "@id=\($0) ping\n" }
            try alice.send(bytes: Array(lines.joined().utf8))
            var order: [String] = []
            var failed = 0
            for _ in 1...1000 {
                let reply = try alice.readJSON(timeout: 20)
                order.append(reply["id"] as? String ?? "?")
                if !reply.isOK { failed += 1 }
            }
            #expect(order == (1...1000).map { "\($0)" })
            #expect(failed == 0)
            #expect(try alice.isQuiet(for: 0.2))
            let snapshot = try ExportSnapshot(reply: try alice.json("export"))
            #expect(
                Set(snapshot.tasks.map(\.title)) == Set(stride(from: 1, through: 999, by: 2).map { "pipelined \($0)" }))
        }

        @Test("with --rate-limit 10, a burst of 100 pipelined commands is partly refused and the connection survives")
        func rateLimit() throws {
            let server = try TestServer(extraArguments: ["--rate-limit", "10"])
            let alice = try server.user("alice")
            try alice.send(bytes: Array((1...100).map { "@id=\($0) ping\n" }.joined().utf8))
            var codes: [String: Int] = [:]
            var order: [String] = []
            for _ in 1...100 {
                let reply = try alice.readJSON()
                codes[reply.code ?? "?", default: 0] += 1
                order.append(reply["id"] as? String ?? "?")
            }
            #expect(order == (1...100).map { "\($0)" }, "a refused command still gets its own reply, in order")
            #expect(codes["error.rate_limited", default: 0] > 0, "\(codes)")
            #expect(codes["pong", default: 0] > 0, "\(codes)")
            #expect(codes.keys.allSatisfy { ["pong", "error.rate_limited"].contains($0) }, "\(codes)")
            Thread.sleep(forTimeInterval: 1)
            #expect(try alice.json("ping").code == "pong", "the bucket refills and the connection is still open")
            print("rate limit 10/s: 100 pipelined pings -> \(codes)")
        }
    }
}
