// Scenario 1: pairs pipeline add/done as fast as the server commits them; durable commands per second.

/// `throughput --pairs 50 --seconds 10 [--window 32]`.
enum ThroughputScenario {
    /// Target: at least 20,000 durable task commands per second with 50 pairs.
    static let targetPerSecond = 20_000.0

    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        let pairCount = options.pairs ?? 50
        let seconds = options.seconds ?? 10
        let window = options.window ?? 32
        return try BenchServer.with(options) { server in
            let loop = try server.makeLoop()
            let setup = Setup(loop: loop)
            let pairs = try setup.pairs(pairCount)
            let style = try setup.doneStyle(pairs[0])
            let traffic = TaskTraffic(loop: loop, pairs: pairs, doneStyle: style)
            Progress.note("  pipelining \(window) commands per adder for 1 s warm-up + \(Format.number(seconds)) s")
            traffic.startPipelined(window: window)
            try loop.run(for: 1)
            traffic.openWindow()
            let cpuStart = CPUUsage.now(serverPID: server.pid)
            try loop.run(for: seconds)
            let elapsed = traffic.closeWindowAndStop()
            let cpu = CPUUsage.now(serverPID: server.pid).summary(since: cpuStart)
            try traffic.drain()

            let perSecond = Double(traffic.okInWindow) / elapsed
            var table = Table(
                title: "throughput: \(pairCount) pairs, \(window) in flight per adder, \(Format.number(seconds)) s",
                columns: [
                    "durable cmds/s", "replies p50 ms", "p99 ms", "p999 ms", "partner event p50 ms", "p99 ms",
                    "p999 ms", "target ≥ 20,000/s",
                ])
            table.rows.append([
                Format.count(Int(perSecond)), traffic.replyLatency.ms(0.5), traffic.replyLatency.ms(0.99),
                traffic.replyLatency.ms(0.999),
                traffic.eventLatency.ms(0.5), traffic.eventLatency.ms(0.99), traffic.eventLatency.ms(0.999),
                Format.verdict(perSecond >= targetPerSecond),
            ])
            table.notes.append(
                "\(Format.count(traffic.okInWindow)) acknowledged add/done replies in \(Format.number(elapsed, decimals: 2)) s; "
                    + "errors: \(traffic.errorSummary); done by \(style == .byID ? "id:<n>" : "title (parser lacks id:)")"
            )
            table.notes.append(
                "partner events received: \(Format.count(traffic.eventsReceived)) of \(Format.count(traffic.okSentInWindow)) expected; "
                    + "connections lost: \(traffic.closed)")
            table.notes.append(cpu)
            for line in server.errorLines() { table.notes.append("server log: \(line)") }
            return [table]
        }
    }
}
