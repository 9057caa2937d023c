// What the task area's hot calls cost on each engine over a 10,000-task list: printed, loosely bounded.

import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("Task area: per-call cost, both engines")
struct TaskAreaCostTests {
    /// The median time of `runs` calls of `body`, in microseconds.
    private func median(_ runs: Int = 101, _ body: () throws -> Void) throws -> Int {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs { times.append(try clock.measure(body)) }
        let mid = times.sorted()[runs / 2]
        return Int(mid.components.seconds * 1_000_000 + mid.components.attoseconds / 1_000_000_000_000)
    }

    @Test("counts, pages, lookups and searches over 10,000 tasks stay cheap", arguments: Engine.all)
    func costs(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let words = ["milk", "bread", "call", "pay", "fix", "clean", "book", "send", "read", "plan"]
        var ids: [TaskID] = []
        try store.inTurn {
            for i in 0..<10_000 {
                ids.append(
                    try store.addTask(
                        title: "\(words[i % 10]) item \(i)", list: inbox, space: u.space, by: u.id, assignee: nil,
                        now: Int64(i)))
                if i % 3 == 0 { try store.setDone(ids[i], true, by: u.id, now: Int64(i)) }
            }
            try store.addNote(to: ids[4_321], by: u.id, text: "zanzibar", now: 1)
        }
        try store.flushSearchIndex(limit: .max)
        // What autovacuum does to a table that grew this much: without statistics the planner guesses.
        if let pg = store as? PostgresStore {
            // Maintenance, not a command: it may take longer than a command's bound on a loaded machine.
            pg.connection.responseTimeout = nil
            defer { pg.connection.responseTimeout = PostgresStore.responseTimeout }
            try pg.connection.executeScript("VACUUM ANALYZE")
        }
        var report: [(String, Int)] = []
        report.append(("openTaskCount", try median { _ = try store.openTaskCount(in: inbox) }))
        report.append(("taskCount(inSpace:)", try median { _ = try store.taskCount(inSpace: u.space) }))
        report.append(("taskCounts(in:)", try median { _ = try store.taskCounts(in: inbox) }))
        report.append(("lists(in:)", try median { _ = try store.lists(in: u.space) }))
        report.append(
            (
                "tasks(in:offset:9000,limit:20)",
                try median(21) { _ = try store.tasks(in: inbox, offset: 9_000, limit: 20) }
            ))
        let deep = try #require(try store.tasks(in: inbox, offset: 9_000, limit: 1).first)
        report.append(
            (
                "tasks(in:after:deep,limit:20)",
                try median(21) { _ = try store.tasks(in: inbox, after: TaskCursor(after: deep), limit: 20) }
            ))
        report.append(
            (
                "tasks(matching:\"pay item 4\")",
                try median(21) { _ = try store.tasks(matching: "pay item 4", in: u.space) }
            ))
        report.append(
            ("searchHits([zanzibar]) rare", try median(21) { _ = try store.searchHits(["zanzibar"], in: u.space) }))
        report.append(("searchHits([item]) capped", try median(21) { _ = try store.searchHits(["item"], in: u.space) }))
        let hits = try store.searchHits(["milk"], in: u.space).tasks
        report.append(
            (
                "searchPage(1,000 hits, limit 20)",
                try median(21) {
                    _ = try store.searchPage(hits, in: u.space, filter: SearchFilter(), offset: 0, limit: 20)
                }
            ))
        let turn = try store.beginTurn()
        var n = 0
        report.append(
            (
                "addTask (in a turn)",
                try median {
                    n += 1
                    _ = try store.addTask(
                        title: "extra \(n)", list: inbox, space: u.space, by: u.id, assignee: nil, now: 20_000)
                }
            ))
        turn.rollback()
        for (name, micros) in report { print("[\(engine)] \(name): \(micros) µs") }
        #expect(try store.openTaskCount(in: inbox) == 6_666)
        #expect(try store.taskCounts(in: inbox) == (open: 6_666, done: 3_334))
        // Loose: a count or a keyset page is never a scan of the list (a scan of 10,000 rows takes far longer).
        for (name, micros) in report where name.hasPrefix("openTaskCount") || name.hasPrefix("taskCount(inSpace") {
            #expect(micros < 5_000, "\(name) took \(micros) µs")
        }
        if let pg = store as? PostgresStore {
            let plan = try pg.connection.execute(
                """
                EXPLAIN SELECT id FROM search_index WHERE space = $1 AND body LIKE $2 AND (' ' || body || ' ') LIKE $3
                ORDER BY id DESC LIMIT $4
                """, [.integer(u.space.rawValue), .text("%zanzibar%"), .text("% zanzibar%"), .integer(2_001)])
            let lines = (0..<plan.rowCount).compactMap { plan.string($0, 0) }
            print("[postgres] plan of a rare word:\n" + lines.joined(separator: "\n"))
            // A rare word is found through the trigram index, not by reading the space's rows.
            if pg.hasTrigramSearch { #expect(lines.contains { $0.contains("search_index_body") }) }
            // A page deep in a list reads its ids from `tasks_list_page`, then 20 rows by key: no join of the list.
            let page = try pg.connection.executeOnce(
                "EXPLAIN " + Rows.taskColumns
                    + " WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE list_id = $1 AND parent_id IS NULL"
                    + " ORDER BY done, created_at, id LIMIT $2 OFFSET $3)) ORDER BY t.done, t.created_at, t.id",
                [.integer(inbox.rawValue), .integer(20), .integer(9_000)])
            let pageLines = (0..<page.rowCount).compactMap { page.string($0, 0) }
            #expect(pageLines.contains { $0.contains("tasks_list_page") })
            #expect(!pageLines.contains { $0.contains("Seq Scan on tasks") })
        }
    }
}
