// Scenario 5: a storm of wrong-password logins while a few pairs work; do the pairs still get quick replies?

import TwoDoSystem

/// Sends wrong-password logins at a fixed rate from a pool of connections, one outstanding login each.
final class LoginStorm {
    private let loop: ClientLoop
    private let setup: Setup
    private let connections: [ClientConnection]
    private var idle = Fifo<Int>()
    private var sending = false
    private var counter = 0

    /// Logins sent.
    private(set) var sent = 0
    /// Ticks when every storm connection still waited for its previous answer.
    private(set) var skipped = 0
    /// Answers by code (`error.bad_credentials`, `error.throttled`, `error.busy`...).
    private(set) var codes: [String: Int] = [:]
    /// Time to each answer.
    var latency = Latencies()

    /// Takes over the storm connections' handlers (each must be open and in JSON mode).
    init(loop: ClientLoop, setup: Setup, connections: [ClientConnection]) {
        self.loop = loop
        self.setup = setup
        self.connections = connections
        for (i, c) in connections.enumerated() {
            c.tag = i
            idle.push(i)
            c.onReply = { [unowned self] c, line, command in
                self.codes[line.code ?? "non-JSON line", default: 0] += 1
                self.latency.record(from: command.sentAt, to: Monotonic.nanoseconds())
                self.idle.push(c.tag)
            }
            c.onClose = nil
        }
    }

    /// Starts sending `rate` logins per second for names that do not exist (each costs a decoy hash).
    func start(rate: Double) {
        sent = 0
        skipped = 0
        codes = [:]
        latency.removeAll()
        sending = true
        let period = UInt64(1e9 / rate)
        tick(at: Monotonic.nanoseconds(), period: period)
    }

    private func tick(at deadline: UInt64, period: UInt64) {
        loop.at(deadline) { [unowned self] in
            guard self.sending else { return }
            if let i = self.idle.pop(), !self.connections[i].isClosed {
                self.counter += 1
                self.connections[i].send(
                    "login \(self.setup.name("ghost", self.counter)) wrong-password-\(self.counter)",
                    at: Monotonic.nanoseconds())
                self.sent += 1
            } else {
                self.skipped += 1
            }
            self.tick(at: deadline + period, period: period)
        }
    }

    /// Stops sending (answers still arrive).
    func stop() { sending = false }

    /// Whether every login sent has been answered.
    var isQuiet: Bool { connections.allSatisfy { $0.inFlight == 0 || $0.isClosed } }

    /// Answer codes as "code×n, ...".
    var summary: String {
        codes.isEmpty
            ? "none"
            : codes.sorted { $0.key < $1.key }.map {
                "\($0.key.replacingOccurrences(of: "error.", with: ""))×\($0.value)"
            }.joined(separator: ", ")
    }
}

/// `loginstorm --seconds 5 --rate 200 [--normal-pairs 10] [--normal-rate 10] [--storm-connections 300]`.
enum LoginStormScenario {
    /// Target: during a login storm, other users' reply p99 stays within 20 ms.
    static let targetNanos: UInt64 = 20_000_000

    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        let seconds = options.seconds ?? 5
        let rate = options.rate ?? 200
        let pairCount = options.normalPairs ?? 10
        let normalRate = options.normalRate ?? 10
        let stormSize = options.stormConnections ?? 300
        return try BenchServer.with(options) { server in
            let loop = try server.makeLoop()
            let setup = Setup(loop: loop)
            let pairs = try setup.pairs(pairCount)
            let style = try setup.doneStyle(pairs[0])

            func openStorm(_ source: SourceChoice, _ what: String) throws -> LoginStorm {
                var conns: [ClientConnection] = []
                try setup.runJobs(what, count: stormSize, concurrency: 256) { _, done in
                    setup.openJSON(source: source) { c in
                        conns.append(c)
                        done()
                    }
                }
                return LoginStorm(loop: loop, setup: setup, connections: conns)
            }
            let spread = try openStorm(.automatic, "opening \(stormSize) storm connections, one address each")
            // One attacker address (outside the range `SourceAddresses` hands out).
            let single = try openStorm(
                options.spreadSources ? .fixed("127.63.0.7") : .automatic,
                "opening \(stormSize) storm connections from one address")

            let traffic = TaskTraffic(loop: loop, pairs: pairs, doneStyle: style)
            traffic.startPaced(rate: normalRate)
            try loop.run(for: 1)

            var table = Table(
                title:
                    "loginstorm: \(pairCount) pairs × \(Format.number(normalRate)) commands/s while \(Format.number(rate)) wrong logins/s arrive, \(Format.number(seconds)) s per phase",
                columns: [
                    "storm", "logins sent", "storm answers", "storm answer p50 ms", "normal reply p50 ms", "p99 ms",
                    "max ms",
                    "partner event p99 ms", "target p99 ≤ 20 ms",
                ])
            let phases: [(String, LoginStorm?)] = [
                ("none", nil), ("from 1 address", single), ("from \(stormSize) addresses", spread),
            ]
            for (label, storm) in phases {
                Progress.note("  phase: storm \(label)")
                traffic.openWindow()
                let cpuStart = CPUUsage.now(serverPID: server.pid)
                storm?.start(rate: rate)
                try loop.run(for: seconds)
                traffic.closeWindow()
                table.notes.append("storm \(label): " + CPUUsage.now(serverPID: server.pid).summary(since: cpuStart))
                storm?.stop()
                // Let queued hashing finish so it does not spill into the next phase.
                if let storm { try loop.run(until: { storm.isQuiet }, timeout: 60, what: "storm answers") }
                try loop.run(for: 0.5)
                let met = (traffic.replyLatency.percentile(0.99) ?? .max) <= targetNanos
                table.rows.append([
                    label, storm.map { Format.count($0.sent) } ?? "–", storm?.summary ?? "–",
                    storm.map { $0.latency.ms(0.5) } ?? "–",
                    traffic.replyLatency.ms(0.5), traffic.replyLatency.ms(0.99), traffic.replyLatency.ms(1),
                    traffic.eventLatency.ms(0.99), Format.verdict(met),
                ])
                if let storm, storm.skipped > 0 {
                    table.notes.append(
                        "storm \(label): \(storm.skipped) ticks skipped (all \(stormSize) storm connections awaited answers)"
                    )
                }
                if traffic.errorSummary != "none" {
                    table.notes.append("normal users' errors during \(label): \(traffic.errorSummary)")
                }
            }
            traffic.closeWindowAndStop()
            try traffic.drain()
            table.notes.append(
                "storm logins use names that do not exist, so each costs the server a decoy hash unless it is throttled "
                    + "(5 failures per name, 20 per address) or refused as busy (hash queue full)")
            for line in server.errorLines() { table.notes.append("server log: \(line)") }
            return [table]
        }
    }
}
