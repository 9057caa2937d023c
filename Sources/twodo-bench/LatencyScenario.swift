// Scenario 2: many pairs at a steady, paced rate; how long until the partner sees each change.

/// `latency --pairs 1000 --rate 5 --seconds 20`.
enum LatencyScenario {
    /// Target: partner-event p99 at most 2 ms at 1,000 pairs × 5 commands/s.
    static let targetP99Nanos: UInt64 = 2_000_000

    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        let pairCount = options.pairs ?? 1000
        let rate = options.rate ?? 5
        let seconds = options.seconds ?? 20
        return try BenchServer.with(options) { server in
            let loop = try server.makeLoop()
            let setup = Setup(loop: loop)
            let pairs = try setup.pairs(pairCount)
            let style = try setup.doneStyle(pairs[0])
            let traffic = TaskTraffic(loop: loop, pairs: pairs, doneStyle: style)
            Progress.note(
                "  \(pairCount) adders × \(Format.number(rate)) commands/s for 2 s warm-up + \(Format.number(seconds)) s"
            )
            traffic.startPaced(rate: rate)
            try loop.run(for: 2)
            traffic.openWindow()
            let cpuStart = CPUUsage.now(serverPID: server.pid)
            try loop.run(for: seconds)
            let elapsed = traffic.closeWindowAndStop()
            let cpu = CPUUsage.now(serverPID: server.pid).summary(since: cpuStart)
            try traffic.drain()

            let offered = Double(pairCount) * rate
            let met = (traffic.eventLatency.percentile(0.99) ?? .max) <= targetP99Nanos
            var table = Table(
                title:
                    "latency: \(pairCount) pairs × \(Format.number(rate)) commands/s (\(Format.count(Int(offered))) commands/s), \(Format.number(seconds)) s",
                columns: [
                    "partner event p50 ms", "p99 ms", "p999 ms", "max ms", "reply p50 ms", "p99 ms", "p999 ms",
                    "target p99 ≤ 2 ms",
                ])
            table.rows.append([
                traffic.eventLatency.ms(0.5), traffic.eventLatency.ms(0.99), traffic.eventLatency.ms(0.999),
                traffic.eventLatency.ms(1),
                traffic.replyLatency.ms(0.5), traffic.replyLatency.ms(0.99), traffic.replyLatency.ms(0.999),
                Format.verdict(met),
            ])
            table.notes.append(
                "\(Format.count(traffic.okInWindow)) ok replies in \(Format.number(elapsed, decimals: 2)) s "
                    + "(\(Format.count(Int(Double(traffic.okInWindow) / elapsed)))/s); errors: \(traffic.errorSummary); "
                    + "most in flight on one adder: \(traffic.maxInFlight)")
            table.notes.append(
                "partner events received: \(Format.count(traffic.eventsReceived)) of \(Format.count(traffic.okSentInWindow)) expected; "
                    + "connections lost: \(traffic.closed)")
            table.notes.append(cpu)
            for line in server.errorLines() { table.notes.append("server log: \(line)") }
            return [table]
        }
    }
}
