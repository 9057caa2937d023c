// `peer`: TwoDo side by side with redis-server, same load generator, same run, both pinned.

import Foundation
import TwoDoSystem

/// `peer [--seconds 10] [--pairs 1000] [--rate 10] [--connections 2000] [--runs 1] [--quick] [--redis <path>]`.
enum PeerScenario {
    /// Writers of scenarios 1 and 2 (one write in flight each).
    static let writerCount = 50

    /// The sizes of one invocation.
    struct Sizes {
        var seconds: Double
        var warmUp: Double
        var pairs: Int
        var rate: Double
        var idle: Int
    }

    /// Runs the whole table `--runs` times (fresh servers each time) and returns one table per run.
    static func run(_ options: BenchOptions) throws -> [Table] {
        guard options.target == nil else { throw BenchError.usage("peer starts its own servers; drop --target") }
        let redis = try RedisProcess.binary(options.redisBinary)
        let sizes = Sizes(
            seconds: options.seconds ?? (options.quick ? 3 : 10), warmUp: options.quick ? 0.5 : 1,
            pairs: options.pairs ?? (options.quick ? 200 : 1000), rate: options.rate ?? 10,
            idle: options.connections?.first ?? (options.quick ? 500 : 2000))
        let limit = Posix.raiseFileLimit()
        guard 2 * sizes.pairs + sizes.idle + 256 < limit else {
            throw BenchError.usage("peer needs more descriptors than the limit \(limit) allows")
        }
        Progress.note("  redis-server \(RedisProcess.version(redis)) at \(redis)")
        var tables: [Table] = []
        let runs = options.runs ?? 1
        for run in 1...runs {
            Progress.note("  run \(run) of \(runs)")
            tables.append(try table(run: run, of: runs, sizes: sizes, redis: redis, options: options))
        }
        return tables
    }

    /// One side's figures for one run.
    private struct Figures {
        var stored = PeerLoad.Result()
        var notified = PeerLoad.Result()
        var relayed = PeerLoad.Result()
        var idleKB: Double?
    }

    private static func table(
        run: Int, of runs: Int, sizes: Sizes, redis: String, options: BenchOptions
    ) throws
        -> Table
    {
        var figures: [Figures] = []
        for makeSide in [
            { try RedisSide(binary: redis, options: options) as PeerSide }, { try TwoDoSide(options: options) },
        ] {
            var f = Figures()
            f.stored = try measure(makeSide, .store, writers: writerCount, receivers: false, sizes: sizes, rate: nil)
            f.notified = try measure(
                makeSide, .storeAndNotify, writers: writerCount, receivers: true, sizes: sizes, rate: nil)
            f.relayed = try measure(
                makeSide, .relay, writers: sizes.pairs, receivers: true, sizes: sizes, rate: sizes.rate)
            f.idleKB = try idle(makeSide, count: sizes.idle)
            figures.append(f)
        }
        let (r, t) = (figures[0], figures[1])
        var table = Table(
            title:
                "peer: TwoDo side by side with Redis (run \(run) of \(runs), \(Format.number(sizes.seconds)) s per phase)",
            columns: ["workload", "Redis", "TwoDo", "TwoDo / Redis", "better"])
        func row(_ what: String, _ a: Double?, _ b: Double?, _ format: (Double) -> String, higherIsBetter: Bool) {
            let ratio = a.flatMap { a in b.map { b in a > 0 ? Format.number(b / a, decimals: 2) + "×" : "–" } } ?? "–"
            table.rows.append([
                what, a.map(format) ?? "–", b.map(format) ?? "–", ratio, higherIsBetter ? "higher" : "lower",
            ])
        }
        let perSecond: (Double) -> String = { Format.count(Int($0.rounded())) }
        let ms: (Double) -> String = { Format.number($0, decimals: 3) }
        let micro: (Double) -> String = { Format.number($0, decimals: 1) }
        let w = writerCount
        row(
            "1. durable writes/s, \(w) conns × 1 in flight (Redis SET; TwoDo add, partner offline)",
            r.stored.perSecond, t.stored.perSecond, perSecond, higherIsBetter: true)
        row(
            "   server CPU µs per write", r.stored.cpuMicrosPerOp, t.stored.cpuMicrosPerOp, micro, higherIsBetter: false
        )
        row(
            "2. same, partner online (Redis EVAL SET+PUBLISH to a subscriber; TwoDo add, partner connected)",
            r.notified.perSecond, t.notified.perSecond, perSecond, higherIsBetter: true)
        row(
            "   server CPU µs per write", r.notified.cpuMicrosPerOp, t.notified.cpuMicrosPerOp, micro,
            higherIsBetter: false)
        let offered = "\(Format.count(sizes.pairs)) pairs × \(Format.number(sizes.rate, decimals: 0))/s"
        for (label, p) in [
            ("3. relay p50 ms, \(offered) (Redis PUBLISH; TwoDo add → partner event)", 0.5),
            ("   relay p99 ms", 0.99), ("   relay p99.9 ms", 0.999),
        ] {
            row(label, r.relayed.deliveryMs(p), t.relayed.deliveryMs(p), ms, higherIsBetter: false)
        }
        row(
            "4. server CPU % while relaying", r.relayed.serverPercent, t.relayed.serverPercent, micro,
            higherIsBetter: false)
        row(
            "5. RSS KB per idle connection (\(Format.count(sizes.idle)); Redis after PING, TwoDo logged in)",
            r.idleKB, t.idleKB, { Format.number($0, decimals: 2) }, higherIsBetter: false)
        for (side, f) in [("Redis", r), ("TwoDo", t)] {
            table.notes.append("\(side) 1: \(f.stored.summary)")
            table.notes.append("\(side) 2: \(f.notified.summary)")
            table.notes.append("\(side) 3: \(f.relayed.summary)")
        }
        table.notes.append("load average at the end of the run: \(Pinning.loadAverage())")
        return table
    }

    /// Starts a fresh side, sets up writers, runs one load (closed loop, or paced at `rate`), stops it.
    private static func measure(
        _ makeSide: () throws -> PeerSide, _ write: PeerWrite, writers: Int, receivers: Bool, sizes: Sizes,
        rate: Double?
    ) throws -> PeerLoad.Result {
        let side = try makeSide()
        defer { side.stop() }
        Progress.note("  \(side.name): \(write), \(writers) writers\(rate.map { " × \(Format.number($0))/s" } ?? "")")
        try side.prepare(writers: writers, receivers: receivers)
        let load = PeerLoad(side: side, write: write, writers: writers)
        return try load.run(rate: rate, warmUp: rate == nil ? sizes.warmUp : 2 * sizes.warmUp, seconds: sizes.seconds)
    }

    /// RSS growth per idle connection in KB on a fresh side.
    private static func idle(_ makeSide: () throws -> PeerSide, count: Int) throws -> Double? {
        let side = try makeSide()
        defer { side.stop() }
        Progress.note("  \(side.name): \(count) idle connections")
        try side.prepareIdle(count)
        try side.loop.run(for: 0.5)
        let before = side.residentKB()
        try side.openIdle(count)
        try side.loop.run(for: 1)
        let after = side.residentKB()
        guard let before, let after else { return nil }
        return Double(after - before) / Double(count)
    }
}
