// Scenario: the hostile-client attacks, one after another, each while a bystander couple measures its ping round trips.

import CLinux
import Foundation
import TwoDoSystem

/// A blocking client socket for the attackers and the bystander (threads, not the event-driven `ClientLoop`:
/// attackers misbehave on purpose, and a plain thread per attacker says so most directly).
final class PlainSocket: @unchecked Sendable {
    // @unchecked: each socket is used by one thread at a time.
    let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(port: UInt16, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        fd = try Posix.socket(family: AF_INET, nonBlocking: false)  // blocking, unlike ClientLoop's
        if let receiveBuffer { try? Posix.setOption(fd, SOL_SOCKET, SO_RCVBUF, receiveBuffer) }
        do {
            if let source { try Posix.bind(fd, ipv4: try Posix.ipv4Address(source, port: 0)) }
            // A blocking connect completes or fails before it returns (a signal aside: then wait for it).
            if !(try Posix.connect(fd, ipv4: try Posix.ipv4Address("127.0.0.1", port: port))) {
                _ = try Posix.poll([(fd, .writable)], timeoutMilliseconds: 10_000)
                let pending = try Posix.pendingError(fd)
                if pending != 0 { throw SystemError(call: "connect", errno: pending) }
            }
        } catch {
            Posix.close(fd)
            throw error
        }
    }

    deinit { close() }

    func close() {
        if !closed {
            closed = true
            Posix.close(fd)
        }
    }

    /// Closes with a reset (SO_LINGER 0).
    func reset() {
        try? Posix.setResetOnClose(fd)
        close()
    }

    /// Sends everything (blocking).
    func send(_ text: String) throws {
        try Posix.sendAll(fd, Array(text.utf8))
    }

    /// Sends what the socket takes now, without blocking; true when it took all of `bytes`.
    @discardableResult
    func offer(_ bytes: [UInt8]) -> Bool {
        let result = bytes.withUnsafeBytes { try? Posix.send(fd, $0, blocking: false) }
        return result == .done(bytes.count)
    }

    /// Whether the peer has closed or reset the connection.
    var isGone: Bool {
        guard let ready = try? Posix.poll([(fd, .readable)], timeoutMilliseconds: 0), !ready[0].isEmpty else {
            return false
        }
        var byte: UInt8 = 0
        do {
            let peeked = try withUnsafeMutableBytes(of: &byte) {
                try Posix.receive(fd, $0, peek: true, blocking: false)
            }
            return peeked == .done(0)
        } catch {
            return true  // reset
        }
    }

    /// Reads one line (blocking, with a timeout); nil on close or timeout.
    func readLine(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let lf = buffer.firstIndex(of: 10) {
                var line = Array(buffer[..<lf])
                buffer.removeFirst(lf + 1)
                if line.last == 13 { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            guard let ready = try? Posix.poll([(fd, .readable)], timeoutMilliseconds: Int32(remaining * 1000)),
                !ready[0].isEmpty
            else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            guard case .done(let n)? = chunk.withUnsafeMutableBytes({ try? Posix.receive(fd, $0) }), n > 0 else {
                return nil
            }
            buffer += chunk[..<n]
        }
    }

    /// Sends a line and reads the reply line.
    func command(_ line: String, timeout: Double = 10) -> String? {
        guard (try? send(line + "\n")) != nil else { return nil }
        return readLine(timeout: timeout)
    }
}

/// A thread-safe counter.
private final class Counter: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}

/// A thread-safe flag.
private final class StopFlag: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// The bystander's round trips, recorded by its thread and read once it stopped.
private final class PingSamples: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var latencies = Latencies()
    private var failed = 0

    func record(_ nanos: UInt64?) {
        lock.withLock {
            if let nanos { latencies.record(nanos) } else { failed += 1 }
        }
    }

    func read(_ body: (inout Latencies, Int) -> Void) {
        lock.withLock { body(&latencies, failed) }
    }
}

extension PlainSocket {
    /// Sends `batch` (whole lines, for a JSON-mode session) and a `ping` in one write, then reads a reply for
    /// each (events skipped): a pipelined burst whose replies are all taken. Replies are counted, not waited
    /// for by name: past the rate limit the `ping` itself is answered `error.rate_limited`. False when the
    /// connection failed or went quiet.
    func burst(_ batch: String, timeout: Double = 30) -> Bool {
        guard (try? send(batch + "ping\n")) != nil else { return false }
        var owed = batch.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        while owed > 0 {
            guard let line = readLine(timeout: timeout) else { return false }
            if line.hasPrefix("{\"type\":\"reply\"") { owed -= 1 }
        }
        return true
    }
}

/// Attack threads that each repeat a burst until stopped; `stop()` waits (up to a minute) for the burst in
/// flight to finish, so no attack's leftovers run into the next one's measurement, then closes the sockets.
private final class Crew: @unchecked Sendable {
    // @unchecked: guarded by the lock.
    private let lock = NSLock()
    private var running = 0
    private var sockets: [PlainSocket] = []
    let flag = StopFlag()

    /// Runs `body` on a thread of its own until stopped or until it returns false; `socket` is closed at the end.
    func loop(_ socket: PlainSocket, _ body: @escaping @Sendable () -> Bool) {
        lock.withLock {
            running += 1
            sockets.append(socket)
        }
        Thread {
            while !self.flag.isSet && body() {}
            self.lock.withLock { self.running -= 1 }
        }.start()
    }

    func stop() {
        flag.set()
        let started = Date()
        let deadline = started.addingTimeInterval(60)
        while lock.withLock({ running > 0 }) && Date() < deadline { Posix.sleep(seconds: 0.01) }
        Progress.note(
            "hostile: the attack's last bursts ended \(Int(Date().timeIntervalSince(started) * 1000)) ms after the stop"
        )
        for s in lock.withLock({ sockets }) { s.close() }
    }
}

/// A new connection from `source`, logged in as `name`, in JSON mode.
private func session(_ port: UInt16, from source: String, as name: String, _ password: String) throws -> PlainSocket {
    let s = try PlainSocket(port: port, source: source)
    _ = s.readLine()
    _ = s.command("login \(name) \(password)", timeout: 30)
    _ = s.command("json on")
    return s
}

/// Runs each attack for a few seconds against one server started for the purpose (default limits, so the
/// defences are what is measured), with a logged-in bystander couple pinging every 20 ms.
enum HostileScenario {
    private struct Attack {
        var name: String
        /// Starts the attack; returns a closure that ends it.
        var start: (UInt16) throws -> () -> Void
        /// Measured halfway through the attack, for the table's notes.
        var probe: ((UInt16) -> String)? = nil
    }

    static func run(_ options: BenchOptions) throws -> [Table] {
        let seconds = options.seconds ?? 5
        let server = try ServerProcess(
            binary: options.binary ?? ServerProcess.defaultBinary(), databaseFolder: options.databaseFolder,
            extra: ["--max-per-address", "64", "--login-timeout", "3", "--drain-timeout", "5", "--rate-limit", "500"])
        defer { server.stop() }
        let port = server.port
        let password = "hostile-Bench-pass-7"

        // The bystander couple, and a hoarder with 1,900 tasks whose exports and listings are the ammunition.
        let alice = try PlainSocket(port: port, source: "127.0.9.1")
        let bob = try PlainSocket(port: port, source: "127.0.9.2")
        _ = alice.readLine()
        _ = bob.readLine()
        _ = alice.command("register bystander-a \(password)")
        _ = bob.command("register bystander-b \(password)")
        guard
            let invite = alice.command("couple create")?.split(separator: " ").first(where: {
                $0.filter { $0 == "-" }.count == 3
            })
        else {
            throw BenchError.server("couple create gave no invite code")
        }
        _ = bob.command("couple join \(invite.trimmingCharacters(in: .punctuationCharacters))")
        _ = alice.readLine(timeout: 2)
        let hoarder = try PlainSocket(port: port, source: "127.0.9.3")
        _ = hoarder.readLine()
        _ = hoarder.command("register hoarder \(password)")
        var fill = ""
        for i in 0..<1900 { fill += "add chore number \(i) with a title long enough to weigh something\n" }
        try hoarder.send(fill)
        for _ in 0..<1900 { _ = hoarder.readLine(timeout: 30) }

        // Issue "one couple stalls everyone": 64 accounts for one address's flood (registered from 64 others,
        // as the registration throttle asks), a couple whose muted partner fills one inbox past its cap, and a
        // daily series cancelled on 600 days (past the 500 a series may hold).
        for k in 0..<64 {
            let s = try PlainSocket(port: port, source: "127.0.19.\(k + 1)")
            _ = s.readLine()
            _ = s.command("register flood\(k) \(password)", timeout: 30)
        }
        let reader = try PlainSocket(port: port, source: "127.0.20.1")
        let chatter = try PlainSocket(port: port, source: "127.0.20.2")
        _ = reader.readLine()
        _ = chatter.readLine()
        _ = reader.command("register inboxer \(password)", timeout: 30)
        _ = chatter.command("register chatter \(password)", timeout: 30)
        guard
            let code = reader.command("couple create")?.split(separator: " ").first(where: {
                $0.filter { $0 == "-" }.count == 3
            })
        else { throw BenchError.server("couple create gave no invite code") }
        _ = chatter.command("couple join \(code.trimmingCharacters(in: .punctuationCharacters))")
        _ = reader.readLine(timeout: 2)
        _ = reader.command("mute chat")
        _ = reader.command("json on")
        _ = chatter.command("json on")
        _ = chatter.burst(String(repeating: "say are you there? call me when you can\n", count: 1_100), timeout: 60)
        let planner = try PlainSocket(port: port, source: "127.0.21.1")
        _ = planner.readLine()
        _ = planner.command("register planner \(password)", timeout: 30)
        _ = planner.command("json on")
        _ = planner.command("event add standup every day 9am")
        _ = planner.burst(String(repeating: "event delete standup this\n", count: 600), timeout: 60)
        for s in [reader, chatter, planner] { s.close() }
        // The flood's 64 sessions log in now (64 password hashes), so the bystander's pings time the flood only.
        let chosen = options.attacks.map { $0.split(separator: ",").map(String.init) }
        let floodName = "64 connections from one address pipeline `add`, 64 at a time"
        let floodSessions =
            chosen?.contains(where: { floodName.localizedCaseInsensitiveContains($0) }) ?? true
            ? try (0..<64).map { try session(port, from: "127.0.18.1", as: "flood\($0)", password) } : []

        let attacks: [Attack] =
            [
                Attack(name: "30 clients fill their window with `help routine`, then reset") { port in
                    // Client k asks for k × 250 replies and never reads, so some still have replies queued in
                    // the server when the reset comes (a crash the old loop had).
                    let sockets = try (1...30).map { k in
                        (try PlainSocket(port: port, source: "127.0.10.\(k)", receiveBuffer: 1024), k * 250)
                    }
                    let stop = StopFlag()
                    let chunk = Array(String(repeating: "help routine\n", count: 50).utf8)
                    Thread {
                        var sent = [Int](repeating: 0, count: sockets.count)
                        while !stop.isSet {
                            for (i, (s, total)) in sockets.enumerated() where sent[i] < total {
                                if s.offer(chunk) { sent[i] += 50 }
                            }
                            Posix.sleep(seconds: 0.02)
                        }
                        for (s, _) in sockets { s.reset() }
                    }.start()
                    return { stop.set() }
                },
                Attack(name: "600 `export`s of 1,900 tasks in one write, never read") { port in
                    let s = try PlainSocket(port: port, source: "127.0.11.1", receiveBuffer: 4096)
                    _ = s.readLine()
                    _ = s.command("login hoarder \(password)")
                    s.offer(Array(String(repeating: "export\n", count: 600).utf8))
                    return { s.close() }
                },
                Attack(name: "30 `show`s of a 1,900-task list in one write, never read") { port in
                    let s = try PlainSocket(port: port, source: "127.0.12.1", receiveBuffer: 4096)
                    _ = s.readLine()
                    _ = s.command("login hoarder \(password)")
                    s.offer(Array(String(repeating: "show inbox\n", count: 30).utf8))
                    return { s.close() }
                },
                Attack(name: "5,000 connections from one address") { port in
                    var held: [PlainSocket] = []
                    for _ in 0..<5000 {
                        if let s = try? PlainSocket(port: port, source: "127.0.13.1") { held.append(s) }
                    }
                    return { for s in held { s.close() } }
                },
                Attack(name: "200 connections that never log in, pinging every 100 ms") { port in
                    let sockets = try (0..<200).map { try PlainSocket(port: port, source: "127.0.14.\($0 / 50 + 1)") }
                    let stop = StopFlag()
                    Thread {
                        while !stop.isSet {
                            for s in sockets { s.offer(Array("ping\n".utf8)) }
                            Posix.sleep(seconds: 0.1)
                        }
                    }.start()
                    return { stop.set() }
                },
                Attack(name: "correct-password logins from 40 addresses × 8 connections") { port in
                    let stop = StopFlag()
                    var threads = 0
                    for i in 0..<40 {
                        let source = "127.0.15.\(i + 1)"
                        let name = "storm\(i)"
                        let registrar = try PlainSocket(port: port, source: source)
                        _ = registrar.readLine()
                        _ = registrar.command("register \(name) \(password)", timeout: 30)
                        for _ in 0..<8 {
                            let s = try PlainSocket(port: port, source: source)
                            threads += 1
                            Thread {
                                _ = s.readLine()
                                while !stop.isSet {
                                    guard let reply = s.command("login \(name) \(password)", timeout: 30) else {
                                        return
                                    }
                                    if reply.contains("Welcome back") {
                                        _ = s.command("logout")
                                    } else {
                                        Posix.sleep(seconds: 0.02)
                                    }
                                }
                            }.start()
                        }
                    }
                    return { stop.set() }
                } probe: { port in
                    // A newcomer from another address registers (one hash) while the pool is saturated.
                    var waits: [String] = []
                    for i in 0..<5 {
                        guard let s = try? PlainSocket(port: port, source: "127.0.17.\(i + 1)"), s.readLine() != nil
                        else {
                            continue
                        }
                        let started = Date()
                        let reply =
                            s.command(
                                "register newcomer\(i)-\(UInt32.random(in: 0...UInt32.max)) \(password)", timeout: 30)
                            ?? "(no answer)"
                        waits.append(
                            "\(Int(Date().timeIntervalSince(started) * 1000)) ms\(reply.contains("Welcome") ? "" : " (\(reply.prefix(40)))")"
                        )
                    }
                    return "newcomers from other addresses registered during the login storm in: "
                        + waits.joined(separator: ", ")
                },
                Attack(name: "one client pipelines pings as fast as it can, never reads") { port in
                    let s = try PlainSocket(port: port, source: "127.0.16.1", receiveBuffer: 4096)
                    let stop = StopFlag()
                    let flood = Array(String(repeating: "ping\n", count: 2000).utf8)
                    Thread {
                        while !stop.isSet && !s.isGone {
                            s.offer(flood)
                            Posix.sleep(seconds: 0.001)
                        }
                    }.start()
                    return {
                        stop.set()
                        s.close()
                    }
                },
                Attack(name: floodName) { port in
                    let crew = Crew()
                    let batch = String(repeating: "add flood chore\n", count: 64)
                    for s in floodSessions { crew.loop(s) { s.burst(batch) } }
                    return { crew.stop() }
                },
                Attack(name: "a full inbox (1,000) listed, read, deleted from and cleared while its partner chats") {
                    port in
                    let crew = Crew()
                    let reads =
                        "inbox\ninbox page 20\ninbox read all\n" + String(repeating: "inbox delete 900\n", count: 256)
                    let inboxer = try session(port, from: "127.0.20.1", as: "inboxer", password)
                    let partner = try session(port, from: "127.0.20.2", as: "chatter", password)
                    let rounds = Counter()
                    crew.loop(inboxer) { inboxer.burst(rounds.next() % 8 == 7 ? "inbox clear\n" : reads) }
                    crew.loop(partner) { partner.burst(String(repeating: "say still there?\n", count: 200)) }
                    return { crew.stop() }
                },
                Attack(name: "256 pipelined `agenda week` over a series at its exception limit") { port in
                    let crew = Crew()
                    let s = try session(port, from: "127.0.21.1", as: "planner", password)
                    crew.loop(s) { s.burst(String(repeating: "agenda week\n", count: 256)) }
                    return { crew.stop() }
                },
            ]
            + ["agenda", "search chore", "export"].map { command in
                Attack(name: "256 pipelined `\(command)` by the 1,900-task hoarder, replies read") { port in
                    let crew = Crew()
                    let s = try session(port, from: "127.0.22.1", as: "hoarder", password)
                    crew.loop(s) { s.burst(String(repeating: "\(command)\n", count: 256), timeout: 120) }
                    return { crew.stop() }
                }
            }

        var table = Table(
            title:
                "hostile: each attack for \(Format.number(seconds, decimals: 0)) s while a bystander couple pings every 20 ms",
            columns: [
                "attack", "bystander pings", "p50 ms", "p99 ms", "max ms", "failed", "RSS before MB", "peak MB",
                "2 s after MB", "server alive",
            ])
        for attack in attacks
        where chosen?.contains(where: { attack.name.localizedCaseInsensitiveContains($0) }) ?? true {
            Progress.note("hostile: \(attack.name)")
            let before = server.residentKB() ?? 0
            let stopPing = StopFlag()
            let samples = PingSamples()
            let pinger = Thread {
                // The bench's own attack threads share the machine's two cores with the server: without this the
                // bystander's thread waited for them to be scheduled, and that wait was counted as the server's.
                // Real-time priority (as root) makes it run as soon as its reply arrives.
                var param = sched_param()
                param.sched_priority = 1
                if pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &param) != 0 {
                    Progress.note("hostile: the bystander runs at normal priority (not root?)")
                }
                while !stopPing.isSet {
                    let started = Monotonic.nanoseconds()
                    samples.record(
                        alice.command("ping", timeout: 5) == "pong" ? Monotonic.nanoseconds() - started : nil)
                    Posix.sleep(seconds: 0.02)
                }
            }
            pinger.start()
            var peak = before
            let end = try attack.start(port)
            let deadline = Date().addingTimeInterval(seconds)
            var probed = attack.probe == nil
            while Date() < deadline {
                peak = max(peak, server.residentKB() ?? 0)
                if !probed && deadline.timeIntervalSinceNow < seconds / 2, let probe = attack.probe {
                    probed = true
                    table.notes.append(probe(port))
                }
                Posix.sleep(seconds: 0.05)
            }
            end()
            stopPing.set()
            Posix.sleep(seconds: 2)
            let after = server.residentKB() ?? 0
            let alive = server.isRunning && alice.command("ping") == "pong"
            samples.read { latencies, failed in
                table.rows.append([
                    attack.name, "\(latencies.count)", latencies.ms(0.5), latencies.ms(0.99), latencies.ms(1),
                    "\(failed)",
                    Format.number(Double(before) / 1024), Format.number(Double(peak) / 1024),
                    Format.number(Double(after) / 1024),
                    alive ? "yes" : "NO",
                ])
            }
        }
        table.notes.append(
            "server: --max-per-address 64 --login-timeout 3 --drain-timeout 5 --rate-limit 500 (otherwise defaults)")
        table.notes.append("goal: bystander p99 under 20 ms and peak RSS under 200 MB during every attack")
        return [table]
    }
}
