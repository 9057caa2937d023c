// The plans SQLite picks for the hot statements that look tasks up by id: the ids drive, never the space.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Query plans of lookups by id")
struct QueryPlanTests {
    let temp = TempDB()

    /// SQLite's plan for `sql` (with `values` bound), its steps joined by " | ".
    private func plan(_ store: Store, _ sql: String, _ values: [SQLValue]) throws -> String {
        try store.db.query("EXPLAIN QUERY PLAN " + sql, values) { $0.statement.text(at: 3) ?? "" }
            .joined(separator: " | ")
    }

    @Test(
        "a search page's rows, its count, and one task by id probe the ids, never walk the space's tasks",
        arguments: [SearchFilter(), SearchFilter(doneOnly: true)])
    func lookupsByID(filter: SearchFilter) throws {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        try store.write { tx in
            for i in 0..<2_000 {
                _ = try tx.addTask(
                    title: "task \(i)", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
            }
        }
        let ids: [SQLValue] = [.text("[1,2,3]"), .integer(user.space.rawValue)]
        for (what, sql) in [
            ("page rows", Store.tasksByIDs),
            ("count", "SELECT count(*) AS n" + Store.taskFilter(filter)),
            (
                "page ids",
                "SELECT t.id AS id" + Store.taskFilter(filter) + " ORDER BY t.done, t.created_at DESC LIMIT 50"
            ),
        ] {
            let steps = try plan(store, sql, ids)
            #expect(steps.contains("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"), "\(what): \(steps)")
            #expect(!steps.contains("tasks_due") && !steps.contains("SCAN t"), "\(what): \(steps)")
        }
        let one = try plan(store, Rows.taskColumns + " WHERE t.id = ? AND t.space_id = ?", [.integer(1), .integer(1)])
        #expect(one.hasPrefix("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"), "task by id: \(one)")
    }
}

@Suite("Query plans of keyset pages")
struct KeysetPlanTests {
    let temp = TempDB()

    @Test("the next page of a list, a due view and the undated tasks is an index range, never a sort of the space")
    func keysetPages() throws {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        try store.write { tx in
            for i in 0..<500 {
                _ = try tx.addTask(
                    title: "task \(i)", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
            }
        }
        let last = try #require(try store.tasks(in: inbox, offset: 100, limit: 1).first)
        // Each keyset read returns the rows right after `last` in the order of its offset twin.
        #expect(
            try store.tasks(in: inbox, after: TaskCursor(after: last), limit: 5).map(\.id)
                == store.tasks(in: inbox, offset: 101, limit: 5).map(\.id))
        #expect(
            try store.undatedTasks(in: user.space, assignee: nil, after: last, limit: 5).map(\.id)
                == store.undatedTasks(in: user.space, assignee: nil, offset: 101, limit: 5).map(\.id))
        let explain = { (sql: String, values: [SQLValue]) throws -> String in
            try store.db.query("EXPLAIN QUERY PLAN " + sql, values) { $0.statement.text(at: 3) ?? "" }
                .joined(separator: " | ")
        }
        // The ids of a page come from one index range and stop at LIMIT: no sort, no other table.
        for assignee in [nil, user.id] {
            let (dueSQL, dueValues) = SharedSQL.whose(
                SharedSQL.dueKeysetIDs, assignee,
                [.integer(1), .integer(0), .integer(9), .integer(1), .integer(1), .integer(50)])
            let due = try explain(dueSQL, dueValues)
            #expect(
                due.hasPrefix("SEARCH tasks USING ") && due.contains("INDEX tasks_due (") && !due.contains("B-TREE"),
                "\(due)")
            let (undatedSQL, undatedValues) = SharedSQL.whose(
                SharedSQL.undatedKeysetIDs(.sqlite), assignee,
                [.integer(1), .integer(1), .integer(1), .integer(1), .integer(50)])
            let undated = try explain(undatedSQL, undatedValues)
            #expect(
                undated.hasPrefix("SEARCH tasks USING ") && undated.contains("INDEX tasks_undated (")
                    && !undated.contains("B-TREE"), "\(undated)")
            // Without an assignee the count never leaves the index (with one it reads the rows it counts).
            let (countSQL, countValues) = SharedSQL.whose(
                "SELECT count(*) AS n FROM tasks INDEXED BY tasks_undated WHERE space_id = ?1 AND done = 0 AND due_at IS NULL AND parent_id IS NULL{who}",
                assignee, [.integer(1)])
            let count = try explain(countSQL, countValues)
            #expect(count.contains("tasks_undated"), "\(count)")
            if assignee == nil { #expect(count.contains("COVERING INDEX"), "\(count)") }
        }
        let list = try explain(
            SharedSQL.listKeysetIDs, [.integer(1), .integer(0), .integer(1), .integer(1), .integer(50)])
        #expect(
            list.hasPrefix("SEARCH tasks USING ") && list.contains("INDEX tasks_list_order (")
                && !list.contains("B-TREE"), "\(list)")
        // The rows are then read for those ids alone.
        let rows = try explain(
            Rows.taskColumns + " WHERE t.id IN (" + SharedSQL.listKeysetIDs + ") ORDER BY t.done, t.created_at, t.id",
            [.integer(1), .integer(0), .integer(1), .integer(1), .integer(50)])
        #expect(rows.contains("SEARCH t USING INTEGER PRIMARY KEY (rowid=?) | LIST SUBQUERY"), "\(rows)")
    }
}
