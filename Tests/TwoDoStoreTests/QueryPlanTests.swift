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
        let one = try plan(store, Store.taskColumns + " WHERE t.id = ? AND t.space_id = ?", [.integer(1), .integer(1)])
        #expect(one.hasPrefix("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)"), "task by id: \(one)")
    }
}
