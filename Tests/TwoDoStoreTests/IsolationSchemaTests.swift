// Migration 21: ids never reused, rows that reach only their own space, people who are members; and the
// upgrade of a version 20 file whose rows already broke those rules.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Isolation in the schema (migration 21)")
struct IsolationSchemaTests {
    let temp = TempDB()

    /// Two solo users, each in a space of their own.
    private func twoSpaces() throws -> (Store, User, User) {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "$y$x", lang: .en, now: 1))
        let c = try #require(try store.createUser(name: "carol", passwordHash: "$y$x", lang: .en, now: 1))
        return (store, a, c)
    }

    @Test("a deleted row's id is never handed out again, across a restart too")
    func idsNeverReused() throws {
        let (store, a, c) = try twoSpaces()
        let list = try store.defaultList(in: a.space)
        let first = try store.addTask(title: "x", list: list.id, space: a.space, by: a.id, assignee: nil, now: 2)
        try store.db.execute("DELETE FROM tasks WHERE id = \(first.rawValue)")
        let reopened = try Store(path: temp.path, durable: false)
        let carols = try reopened.defaultList(in: c.space)
        let second = try reopened.addTask(title: "y", list: carols.id, space: c.space, by: c.id, assignee: nil, now: 3)
        #expect(second.rawValue > first.rawValue)
        _ = store
    }

    @Test(
        "the schema refuses a row that reaches into another space or names a non-member, whatever writes it",
        arguments: [
            // A task in alice's space on carol's list.
            "INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at) VALUES ({a}, {carolList}, 't', 't', 0, 0)",
            // A note in alice's space on carol's task.
            "INSERT INTO task_notes (task_id, created_at, body, space_id) VALUES ({carolTask}, 0, 'n', {a})",
            // A note written by alice onto carol's task, in carol's space.
            "INSERT INTO task_notes (task_id, author_id, created_at, body, space_id) VALUES ({carolTask}, {alice}, 0, 'n', {c})",
            // A task of alice's space said to be carol's.
            "INSERT INTO tasks (space_id, list_id, title, title_key, created_by, created_at, updated_at) VALUES ({a}, {aliceList}, 't', 't', {carol}, 0, 0)",
            "UPDATE tasks SET assignee_id = {carol} WHERE id = {aliceTask}",
            "UPDATE tasks SET list_id = {carolList} WHERE id = {aliceTask}",
            "UPDATE tasks SET parent_id = {carolTask} WHERE id = {aliceTask}",
            // Carol's task on alice's plan board, and alice's on a stranger's.
            "INSERT INTO plan_entries (task_id, user_id, plan_date, region, status, planned_at, space_id) VALUES ({carolTask}, {alice}, '2026-11-23', 'morning', 'todo', 0, {a})",
            "INSERT INTO plan_entries (task_id, user_id, plan_date, region, status, planned_at, space_id) VALUES ({aliceTask}, {carol}, '2026-11-23', 'morning', 'todo', 0, {a})",
            "INSERT INTO reminders (task_id, kind, fire_at, space_id) VALUES ({carolTask}, 'due', 5, {a})",
            "INSERT INTO reminders (task_id, kind, fire_at, user_id, space_id) VALUES ({aliceTask}, 'due', 5, {carol}, {a})",
        ])
    func refusals(sql: String) throws {
        let (store, a, c) = try twoSpaces()
        let aliceList = try store.defaultList(in: a.space).id.rawValue
        let carolList = try store.defaultList(in: c.space).id.rawValue
        let aliceTask = try store.addTask(
            title: "a", list: ListID(aliceList), space: a.space, by: a.id, assignee: nil, now: 2)
        let carolTask = try store.addTask(
            title: "c", list: ListID(carolList), space: c.space, by: c.id, assignee: nil, now: 2)
        var filled = sql
        for (name, value) in [
            ("{a}", a.space.rawValue), ("{c}", c.space.rawValue), ("{alice}", a.id.rawValue),
            ("{carol}", c.id.rawValue), ("{aliceList}", aliceList), ("{carolList}", carolList),
            ("{aliceTask}", aliceTask.rawValue), ("{carolTask}", carolTask.rawValue),
        ] {
            filled = filled.replacingOccurrences(of: name, with: "\(value)")
        }
        #expect(throws: DatabaseError.self) { try store.db.execute(filled) }
        #expect(try store.isolationViolations().isEmpty)
    }

    @Test("twodo check names a row that slipped into another space (written with the keys off)")
    func checkNamesBrokenRows() throws {
        let (store, a, c) = try twoSpaces()
        let carolTask = try store.addTask(
            title: "c", list: store.defaultList(in: c.space).id, space: c.space, by: c.id, assignee: nil, now: 2)
        #expect(try Backup.check(path: temp.path).isEmpty)
        try store.db.execute("PRAGMA foreign_keys = OFF")
        try store.db.run(
            "INSERT INTO task_notes (task_id, created_at, body, space_id) VALUES (?, 0, 'x', ?)",
            .integer(carolTask.rawValue), .integer(a.space.rawValue))
        try store.db.execute("PRAGMA foreign_keys = ON")
        let problems = try Backup.check(path: temp.path)
        #expect(problems.contains { $0.contains("task_notes") && $0.contains("tasks") }, "\(problems)")
        #expect(problems.contains { $0.contains("task_notes.task_id is a row of its space") }, "\(problems)")
        #expect(try store.isolationViolations() == ["task_notes.task_id is a row of its space": 1])
    }

    @Test("a version 20 file is upgraded: rows that crossed spaces are mended, names of non-members cleared")
    func upgradeMends() throws {
        do {
            let db = try Database(path: temp.path)
            try db.execute("PRAGMA foreign_keys = OFF")
            for (index, sql) in Migrations.all.prefix(20).enumerated() {
                try db.inTransaction {
                    try db.execute(sql)
                    try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
                    try db.execute("PRAGMA user_version = \(index + 1)")
                }
            }
            // What id reuse let an old undo do: a task on another space's list, a note on another space's task,
            // a name from another space, a step under another space's task, a plan entry of a stranger.
            try db.execute(
                """
                INSERT INTO spaces VALUES (1, NULL, 0), (2, NULL, 0);
                INSERT INTO users (id, name, name_key, password_hash, space_id, created_at)
                    VALUES (1, 'alice', 'alice', 'h', 1, 0), (2, 'carol', 'carol', 'h', 2, 0);
                INSERT INTO lists (id, space_id, name, name_key, is_default, created_at)
                    VALUES (1, 1, 'Inbox', 'inbox', 1, 0), (2, 2, 'Inbox', 'inbox', 1, 0), (3, 1, 'Home', 'home', 0, 0);
                INSERT INTO tasks (id, space_id, list_id, title, title_key, created_by, created_at, updated_at)
                    VALUES (1, 1, 3, 'mine', 'mine', 1, 0, 0), (2, 2, 2, 'theirs', 'theirs', 2, 0, 0),
                           (3, 1, 2, 'planted', 'planted', 2, 0, 0);
                INSERT INTO tasks (id, space_id, list_id, title, title_key, created_at, updated_at, parent_id)
                    VALUES (4, 1, 3, 'step', 'step', 0, 0, 2);
                INSERT INTO task_notes (id, task_id, author_id, created_at, body) VALUES (1, 1, 1, 0, 'ok'), (2, 2, 1, 0, 'x');
                INSERT INTO plan_entries (task_id, user_id, plan_date, region, status, planned_at)
                    VALUES (1, 1, '2026-11-23', 'morning', 'todo', 0), (2, 1, '2026-11-23', 'morning', 'todo', 0);
                INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes)
                    VALUES (1, 1, 0, 'add', '', '', '', x'00');
                """)
        }
        let store = try Store(path: temp.path, durable: false)
        #expect(try store.schemaVersion() == Migrations.all.count)
        #expect(try store.isolationViolations().isEmpty)
        let tasks = try store.db.query("SELECT id, space_id, list_id, created_by, parent_id FROM tasks ORDER BY id") {
            [$0.int("id"), $0.int("space_id"), $0.int("list_id"), $0.int("created_by"), $0.int("parent_id")]
        }
        #expect(tasks[0] == [1, 1, 3, 1, nil])
        #expect(tasks[1] == [2, 2, 2, 2, nil])
        #expect(tasks[2] == [3, 1, 1, nil, nil], "the planted task goes to its own space's default list, nameless")
        #expect(tasks[3] == [4, 1, 3, nil, nil], "the step under another space's task stands alone")
        let notes = try store.db.query("SELECT id, task_id, author_id, space_id FROM task_notes ORDER BY id") {
            [$0.int("id"), $0.int("task_id"), $0.int("author_id"), $0.int("space_id")]
        }
        #expect(notes == [[1, 1, 1, 1], [2, 2, nil, 2]])
        #expect(try store.db.query("SELECT task_id FROM plan_entries") { $0.int("task_id") } == [1])
        #expect(try store.db.query("SELECT id FROM undo_log") { $0.int("id") }.isEmpty)
        let counts = try store.db.query("SELECT list_id, open FROM list_open_counts ORDER BY list_id") {
            [$0.int("list_id"), $0.int("open")]
        }
        #expect(counts == [[1, 1], [2, 1], [3, 2]])
        #expect(try store.db.query("PRAGMA foreign_key_check") { $0.statement.text(at: 0) ?? "" }.isEmpty)
        #expect((try store.db.queryOne("PRAGMA foreign_keys") { $0.statement.int(at: 0) } ?? nil) == 1)
    }
}
