// Scenario 4: one user with 100,000 tasks over many lists; how fast `show` of a 200-task list answers.

import TwoDoSystem

/// `bigspace --tasks 100000 [--lists 100] [--runs 200]`.
enum BigSpaceScenario {
    /// Target: `show` of a 200-task list within 1 ms.
    static let targetNanos: UInt64 = 1_000_000
    /// Tasks in the list whose `show` is timed.
    static let focusSize = 200

    /// Runs the scenario (against a fresh server unless `--target` is given) and returns its table.
    static func run(_ options: BenchOptions) throws -> [Table] {
        let total = max(options.tasks ?? 100_000, focusSize + 1)
        let listCount = max(options.lists ?? 100, 2)
        let runs = options.runs ?? 200
        return try BenchServer.with(options) { server in
            let loop = try server.makeLoop()
            let setup = Setup(loop: loop)
            let owner = try setup.register([setup.name("big", 0)])[0]

            // Lists need `list add`; a parser without it gets the fallback described in the notes.
            var hasLists = false
            owner.send("list add focus", at: Monotonic.nanoseconds()) { hasLists = $0.isOK }
            try loop.run(until: { owner.inFlight == 0 }, timeout: 10, what: "list add")
            var notes: [String] = []
            let focusCommand: String
            let bigCommand: String
            let bigConnection: ClientConnection
            let others = total - focusSize
            let insertStart = Monotonic.nanoseconds()
            if hasLists {
                let piles = listCount - 1
                try pipeline(loop, owner, count: piles, what: "creating \(piles) lists") { "list add pile\($0 + 1)" }
                // Spread the focus tasks through the insert order, as a real list fills over time.
                let stride = max(1, total / focusSize)
                var focusLeft = focusSize
                var pileIndex = 0
                try pipeline(loop, owner, count: total, what: "adding \(Format.count(total)) tasks") { i in
                    if focusLeft > 0 && (i % stride == 0 || total - i <= focusLeft) {
                        focusLeft -= 1
                        return "add chore \(i) to focus"
                    }
                    pileIndex += 1
                    return "add chore \(i) to pile\(pileIndex % piles + 1)"
                }
                focusCommand = "show focus"
                bigCommand = "show pile1"
                bigConnection = owner
                notes.append(
                    "\(Format.count(total)) tasks: \(focusSize) in `focus`, \(Format.count(others)) over \(piles) other lists "
                        + "(~\(Format.count(others / piles)) each)")
            } else {
                // The parser cannot create lists: keep the 200 in the owner's default list and put the rest in a
                // second user's space, so the database still holds the full number of tasks.
                let bulk = try setup.register([setup.name("bulk", 0)])[0]
                try pipeline(loop, owner, count: focusSize, what: "adding \(focusSize) tasks") { "add chore \($0)" }
                try pipeline(loop, bulk, count: others, what: "adding \(Format.count(others)) tasks to a second space")
                { "add chore \($0)" }
                focusCommand = "show"
                bigCommand = "show"
                bigConnection = bulk
                notes.append(
                    "this parser has no `list add`: the \(focusSize) tasks are the owner's default list and the other "
                        + "\(Format.count(others)) tasks one list in a second user's space")
            }
            let insertSeconds = Double(Monotonic.nanoseconds() - insertStart) / 1e9
            notes.insert(
                "inserted at \(Format.count(Int(Double(total) / insertSeconds))) tasks/s (pipelined, 64 in flight)",
                at: 0)

            var table = Table(
                title: "bigspace: one space, \(Format.count(total)) tasks",
                columns: ["command", "runs", "reply KB", "p50 ms", "p99 ms", "max ms", "server CPU ms/run", "target"])
            let cpuStart = CPUUsage.now(serverPID: server.pid)
            var focus = try timeSequential(loop, owner, focusCommand, runs: runs, server: server)
            notes.append("during `\(focusCommand)`: " + CPUUsage.now(serverPID: server.pid).summary(since: cpuStart))
            let met = (focus.latencies.percentile(0.99) ?? .max) <= targetNanos
            table.rows.append(focus.row(focusCommand, target: "p99 ≤ 1 ms: " + Format.verdict(met)))
            var big = try timeSequential(loop, bigConnection, bigCommand, runs: max(5, runs / 10), server: server)
            table.rows.append(big.row(bigCommand + " (biggest list)", target: "–"))
            if !bigConnection.isClosed {
                var lists = try timeSequential(loop, bigConnection, "lists", runs: max(5, runs / 4), server: server)
                table.rows.append(lists.row("lists", target: "–"))
            }
            // A deep page of the agenda (every task is undated, so its "No date" run holds them all): by number,
            // counted from the start by the index, and by `more`, read by key after the last row shown.
            let pages = max(1, (total + 49) / 50)
            if !owner.isClosed && pages > 4 {
                let deep = max(2, pages - 100)
                var jump = try timeSequential(
                    loop, owner, "agenda page \(deep)", runs: max(5, runs / 10), server: server)
                table.rows.append(jump.row("agenda page \(deep) (of \(pages), by number)", target: "–"))
                var more = try timeSequential(loop, owner, "more", runs: min(90, max(5, runs / 4)), server: server)
                table.rows.append(more.row("more after it (pages \(deep + 1)…, by key)", target: "–"))
                var near = try timeSequential(loop, owner, "agenda page 2", runs: max(5, runs / 10), server: server)
                table.rows.append(near.row("agenda page 2 (by number)", target: "–"))
            }
            // Search: a rare word among 100,000 tasks, and one that every task has.
            let searchConnection = hasLists ? owner : bigConnection
            if !searchConnection.isClosed {
                for (command, label) in [
                    ("search 4242", "search a rare word (~11 hits)"),
                    ("search chore 77", "search two words (~111 hits)"),
                    ("search chore", "search a word every task has"),
                ] {
                    var found = try timeSequential(
                        loop, searchConnection, command, runs: max(5, runs / 4), server: server)
                    let fast = (found.latencies.percentile(0.99) ?? .max) <= 5_000_000
                    table.rows.append(found.row(label, target: "p99 < 5 ms: " + Format.verdict(fast)))
                }
            }
            // The day plan: a full 1-3-5 day (27 of the 100,000 tasks, by id: the space is full), then
            // the board.
            var planned = false
            owner.send("plan id:1 morning must", at: Monotonic.nanoseconds()) { planned = $0.isOK }
            try loop.run(until: { owner.inFlight == 0 }, timeout: 10, what: "plan add")
            if planned {
                let slots = ["morning", "afternoon", "evening"].flatMap { region in
                    [("must", 1), ("complementary", 3), ("misc", 5)].flatMap { bucket, n in
                        (0..<n).map { _ in "\(region) \(bucket)" }
                    }
                }.dropFirst()
                try pipeline(loop, owner, count: slots.count, what: "planning a full day") { i in
                    "plan id:\(i + 2) \(slots[slots.startIndex + i])"
                }
                var board = try timeSequential(loop, owner, "plan", runs: runs, server: server)
                let fast = (board.latencies.percentile(0.99) ?? .max) <= targetNanos
                table.rows.append(
                    board.row("plan (a full day: 27 tasks)", target: "p99 < 1 ms: " + Format.verdict(fast)))
            }
            table.notes = notes
            for line in server.errorLines() { table.notes.append("server log: \(line)") }
            return [table]
        }
    }

    /// Sends `count` commands made by `make` on one connection, keeping 64 in flight; every reply must be ok.
    static func pipeline(
        _ loop: ClientLoop, _ c: ClientConnection, count: Int, what: String, _ make: @escaping (Int) -> String
    ) throws {
        var next = 0
        var answered = 0
        var failure: String?
        func top() {
            let now = Monotonic.nanoseconds()
            while next < count && c.inFlight < 64 {
                c.send(make(next), at: now)
                next += 1
            }
        }
        c.onReply = { _, line, _ in
            answered += 1
            if !line.isOK && failure == nil { failure = line.text }
            top()
        }
        top()
        let started = Monotonic.nanoseconds()
        try loop.run(until: { answered == count || failure != nil || c.isClosed }, timeout: 1200, what: what)
        c.onReply = nil
        if let failure { throw BenchError.protocolFailure("\(what): \(failure)") }
        if c.isClosed { throw BenchError.protocolFailure("\(what): connection closed (\(c.closeReason ?? "?"))") }
        Progress.note("  \(what): \(Format.number(Double(Monotonic.nanoseconds() - started) / 1e9)) s")
    }

    /// The timings of one command repeated on a connection.
    struct Timing {
        var latencies = Latencies()
        var replyBytes = 0
        var failure: String?
        /// Server CPU time (user + system, from /proc) per run, in milliseconds.
        var serverCPUms: Double?

        mutating func row(_ label: String, target: String) -> [String] {
            if let failure { return [label, Format.count(latencies.count), "–", "–", "–", "–", "–", failure] }
            return [
                label, Format.count(latencies.count), Format.number(Double(replyBytes) / 1024), latencies.ms(0.5),
                latencies.ms(0.99),
                latencies.ms(1), serverCPUms.map { Format.number($0, decimals: 2) } ?? "–", target,
            ]
        }
    }

    /// Sends `command` `runs` times, one at a time, timing each reply.
    static func timeSequential(
        _ loop: ClientLoop, _ c: ClientConnection, _ command: String, runs: Int, server: BenchServer
    ) throws -> Timing {
        var timing = Timing()
        let cpuStart = CPUUsage.now(serverPID: server.pid)
        var remaining = runs
        var done = false
        func step() {
            guard remaining > 0 && !c.isClosed else {
                done = true
                return
            }
            remaining -= 1
            let sentAt = Monotonic.nanoseconds()
            c.send(command, at: sentAt) { line in
                let now = Monotonic.nanoseconds()
                guard line.isOK else {
                    timing.failure = "failed: \(line.code ?? line.text)"
                    done = true
                    return
                }
                timing.replyBytes = line.bytes.count + 2
                timing.latencies.record(from: sentAt, to: now)
                step()
            }
        }
        step()
        try loop.run(until: { done || c.isClosed }, timeout: 600, what: command)
        if c.isClosed && timing.failure == nil { timing.failure = "connection dropped: \(c.closeReason ?? "?")" }
        if let seconds = CPUUsage.now(serverPID: server.pid).serverSeconds(since: cpuStart), timing.latencies.count > 0
        {
            timing.serverCPUms = seconds * 1000 / Double(timing.latencies.count)
        }
        return timing
    }
}
