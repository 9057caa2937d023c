// Scenario 7: reminders. Start-up time and RSS with 100,000 pending reminders against an empty database, and 1,000
// reminders due in the same second (moved there by the test clock) delivered while other users keep working.

import Foundation
import TwoDoSystem
import TwoDoProtocol

/// `reminders [--tasks 100000] [--pairs 50] [--rate 20] [--seconds 3]`.
enum RemindersScenario {
    /// What a reminder pushed to a JSON session contains (bytes built once from the protocol's event name).
    static let reminderEvent = Array((#""event":""# + EventName.reminderDue.rawValue + "\"").utf8)

    /// The targets.
    static let startTargetSeconds = 1.0
    static let rssGrowthTargetKB = 10 * 1024
    static let deliveryTargetNanos: UInt64 = 1_000_000_000
    static let othersP99TargetNanos: UInt64 = 10_000_000
    /// Every server of the scenario runs on this frozen test clock.
    static let testClock = ["--test-clock", "2026-11-22T09:00:00Z"]
    /// Reminders that come due together, and the couples whose tasks they belong to.
    static let burst = 1000
    /// Couples doing other work while the burst fires.
    static let otherPairs = 20
    /// Start-ups timed per database.
    static let startRuns = 3

    /// Runs the scenario on servers it starts itself (it restarts them on a seeded database, so no `--target`).
    static func run(_ options: BenchOptions) throws -> [Table] {
        guard options.target == nil else {
            throw BenchError.usage("reminders starts and restarts its own servers; drop --target")
        }
        let pending = options.tasks ?? 100_000
        let burstPairs = options.pairs ?? 50
        let rate = options.rate ?? 20
        let seconds = options.seconds ?? 3
        let binary = options.binary ?? ServerProcess.defaultBinary()
        let folder: String
        do {
            folder = try Posix.makeTemporaryFolder(prefix: "\(options.databaseFolder)/twodo-bench-reminders-")
        } catch let error as SystemError {
            throw BenchError.system(error)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let extra = testClock + (options.noFsync ? ["--no-fsync"] : [])

        // 1. Start-up on empty databases.
        var empty: [(seconds: Double, kb: Int)] = []
        for run in 0..<startRuns {
            empty.append(
                try timedStart(binary: binary, database: "\(folder)/empty\(run).sqlite", extra: extra, keep: false).1)
        }

        // 2. Seed `pending` tasks, each with its due-time reminder, all later than the burst.
        let seeded = "\(folder)/seeded.sqlite"
        let seeder = try TimedLaunch(binary: binary, database: seeded, extra: extra)
        let seedSeconds = try seed(port: seeder.port, count: pending, options: options)
        seeder.stop()

        // 3. Start-up on the seeded database; the last server stays up for the burst.
        var full: [(seconds: Double, kb: Int)] = []
        var server: TimedLaunch?
        for run in 0..<startRuns {
            let (launch, figures) = try timedStart(
                binary: binary, database: seeded, extra: extra, keep: run == startRuns - 1)
            full.append(figures)
            server = launch
        }
        guard let server else { preconditionFailure("startRuns > 0") }
        defer { server.stop() }

        let emptyStart = median(empty.map(\.seconds))
        let fullStart = median(full.map(\.seconds))
        let emptyKB = median(empty.map { Double($0.kb) })
        let fullKB = median(full.map { Double($0.kb) })
        let growthKB = Int(fullKB - emptyKB)
        var startTable = Table(
            title: "reminders: start-up with \(Format.count(pending)) pending reminders",
            columns: ["database", "start to listening ms (median of \(startRuns))", "RSS after start MB", "target"])
        startTable.rows.append(["empty", Format.number(emptyStart * 1000), Format.number(emptyKB / 1024), "–"])
        startTable.rows.append([
            "\(Format.count(pending)) pending", Format.number(fullStart * 1000), Format.number(fullKB / 1024),
            "start < 1 s: \(Format.verdict(fullStart < startTargetSeconds)); growth < 10 MB: \(Format.verdict(growthKB < rssGrowthTargetKB))",
        ])
        startTable.notes.append(
            "seeded through the protocol: \(Format.count(pending)) `add … in N minutes` in \(Format.number(seedSeconds)) s; "
                + "RSS growth \(Format.number(Double(growthKB) / 1024, decimals: 2)) MB; runs (ms): empty "
                + empty.map { Format.number($0.seconds * 1000) }.joined(separator: ", ") + "; seeded "
                + full.map { Format.number($0.seconds * 1000) }.joined(separator: ", "))

        // 4. The burst, on the seeded server.
        let burstTable = try fireBurst(
            server: server, pairs: burstPairs, rate: rate, seconds: seconds, options: options)
        let rssAfter = server.residentKB() ?? 0
        startTable.notes.append("RSS after the burst: \(Format.number(Double(rssAfter) / 1024)) MB")
        for line in server.errorLines() { startTable.notes.append("server log: \(line)") }
        return [startTable, burstTable]
    }

    /// Starts a server, waits for it to settle, reads its RSS; stops it unless `keep`.
    private static func timedStart(
        binary: String, database: String, extra: [String], keep: Bool
    ) throws -> (TimedLaunch?, (seconds: Double, kb: Int)) {
        let launch = try TimedLaunch(binary: binary, database: database, extra: extra)
        Posix.sleep(seconds: 0.3)  // let the first loop turns run (a missed-reminder check happens on start)
        let figures = (launch.secondsToListen, launch.residentKB() ?? 0)
        if keep { return (launch, figures) }
        launch.stop()
        return (nil, figures)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Registers one user and adds `count` tasks due 2 hours to ~70 days after the clock, 64 commands in flight.
    private static func seed(port: UInt16, count: Int, options: BenchOptions) throws -> Double {
        let loop = try ClientLoop(host: "127.0.0.1", port: port, spreadSources: options.spreadSources)
        let setup = Setup(loop: loop)
        let owner = try setup.register([setup.name("seed", 0)])[0]
        let started = Monotonic.nanoseconds()
        var next = 0
        var answered = 0
        var failure: String?
        func top() {
            let now = Monotonic.nanoseconds()
            while next < count && owner.inFlight < 64 {
                owner.send("add chore \(next) in \(120 + next) minutes", at: now)
                next += 1
            }
        }
        owner.onReply = { _, line, _ in
            answered += 1
            if !line.isOK && failure == nil { failure = line.text }
            top()
        }
        top()
        try loop.run(
            until: { answered == count || failure != nil || owner.isClosed }, timeout: 1800, what: "seeding reminders")
        if let failure { throw BenchError.protocolFailure("seeding: \(failure)") }
        let elapsed = Double(Monotonic.nanoseconds() - started) / 1e9
        Progress.note("  seeded \(Format.count(count)) tasks with reminders in \(Format.number(elapsed)) s")
        return elapsed
    }

    /// `pairs` couples each add `burst / pairs` tasks due in 60 minutes; other couples run `show` at `rate` per second
    /// each; then the clock jumps an hour and every reminder line is timed to its arrival.
    private static func fireBurst(
        server: TimedLaunch, pairs: Int, rate: Double, seconds: Double, options: BenchOptions
    ) throws -> Table {
        let loop = try ClientLoop(host: "127.0.0.1", port: server.port, spreadSources: options.spreadSources)
        let setup = Setup(loop: loop)
        let receivers = try setup.pairs(pairs)
        let others = try Setup(loop: loop).pairs(otherPairs)  // its own name prefix
        let driver = try setup.register([setup.name("clock", 0)])[0]
        let perPair = burst / pairs
        var added = 0
        var failure: String?
        for pair in receivers {
            for j in 0..<perPair {
                pair.adder.send("add burst \(j) in 60 minutes", at: Monotonic.nanoseconds()) { line in
                    added += 1
                    if !line.isOK && failure == nil { failure = line.text }
                }
            }
        }
        try loop.run(
            until: { added == perPair * receivers.count || failure != nil }, timeout: 120,
            what: "adding the burst tasks")
        if let failure { throw BenchError.protocolFailure("adding burst tasks: \(failure)") }
        let reminders = perPair * receivers.count
        try loop.run(for: 0.3)  // partners' task.added events land before counting starts

        // Unassigned tasks remind both partners: two lines per reminder.
        let expectedLines = 2 * reminders
        var lines = 0
        var firstLine: UInt64 = 0
        var lastLine: UInt64 = 0
        for pair in receivers {
            for c in [pair.adder, pair.partner] {
                c.onEvent = { _, line in
                    guard line.contains(RemindersScenario.reminderEvent) else { return }
                    let now = Monotonic.nanoseconds()
                    if lines == 0 { firstLine = now }
                    lines += 1
                    lastLine = now
                }
            }
        }

        // Other users: `show` at `rate` per second each, paced, replies timed with their send time.
        var samples: [(sentAt: UInt64, nanos: UInt64)] = []
        var running = true
        let interval = 1 / rate
        for (i, pair) in others.enumerated() {
            let c = pair.adder
            func tick() {
                guard running && !c.isClosed else { return }
                let sentAt = Monotonic.nanoseconds()
                c.send("show", at: sentAt) { line in
                    if line.isOK { samples.append((sentAt, Monotonic.nanoseconds() - sentAt)) }
                }
                loop.after(interval, tick)
            }
            loop.after(interval * Double(i) / Double(others.count), tick)
        }
        try loop.run(for: 1)
        let cpuStart = CPUUsage.now(serverPID: server.pid)
        let fired = Monotonic.nanoseconds()
        var clockOK = false
        driver.send("clock advance 1h", at: fired) { line in clockOK = line.isOK }
        try loop.run(until: { lines >= expectedLines }, timeout: 30, what: "delivering \(expectedLines) reminder lines")
        let delivered = lastLine - fired
        try loop.run(for: max(0.5, seconds - Double(delivered) / 1e9))
        running = false
        let cpu = CPUUsage.now(serverPID: server.pid).summary(since: cpuStart)
        try loop.run(for: 0.3)

        var all = Latencies()
        var during = Latencies()
        for s in samples {
            all.record(s.nanos)
            if s.sentAt >= fired && s.sentAt <= lastLine + 50_000_000 { during.record(s.nanos) }
        }
        var table = Table(
            title:
                "reminders: \(Format.count(reminders)) due in the same second, \(otherPairs) other users × \(Format.number(rate)) `show`/s",
            columns: [
                "reminder lines", "first line ms", "all delivered ms", "others' reply p50 ms", "p99 ms", "max ms",
                "p99 during burst ms", "target",
            ])
        let deliveredMet = delivered <= deliveryTargetNanos && lines == expectedLines
        let p99Met = (all.percentile(0.99) ?? .max) <= othersP99TargetNanos
        table.rows.append([
            Format.count(lines), Format.ms(firstLine - fired), Format.ms(delivered), all.ms(0.5), all.ms(0.99),
            all.ms(1),
            during.ms(0.99),
            "all within 1 s: \(Format.verdict(deliveredMet)); others' p99 ≤ 10 ms: \(Format.verdict(p99Met))",
        ])
        table.notes.append(
            "\(reminders) unassigned tasks in \(receivers.count) couples (each reminder reaches both partners); "
                + "the clock jump (`clock advance 1h`) \(clockOK ? "answered ok" : "did not answer ok"); "
                + "\(Format.count(samples.count)) `show` replies timed, \(during.count) sent during the burst")
        table.notes.append(cpu)
        return table
    }
}
