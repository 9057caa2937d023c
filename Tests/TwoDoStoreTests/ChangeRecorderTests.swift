// The pre-update-hook recorder against SQLite's own session extension: the same changes, row for row, and reversible.

import CSQLite
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Change recorder")
struct ChangeRecorderTests {
    let temp = TempDB()

    private struct Rollback: Error {}

    /// What the session extension records for `body` (the oracle), in a comparable form.
    private static func sessionChanges(_ db: Database, tables: [String], _ body: () throws -> Void) throws -> [String] {
        var session: OpaquePointer?
        #expect(sqlite3session_create(db.handle, "main", &session) == SQLITE_OK)
        defer { sqlite3session_delete(session) }
        for table in tables { #expect(sqlite3session_attach(session, table) == SQLITE_OK) }
        try body()
        var count: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        #expect(sqlite3session_changeset(session, &count, &buffer) == SQLITE_OK)
        defer { sqlite3_free(buffer) }
        let bytes = buffer.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(count))) } ?? []
        return try signatures(Changeset(bytes: bytes))
    }

    /// Each change as text, with the table header's primary-key bytes as SQLite reads them (a composite key's
    /// columns are 1 and 2: `sqlite3changeset_apply` skips a table whose header differs from the database's).
    private static func signatures(_ changeset: Changeset) throws -> [String] {
        var headers: [String] = []
        if !changeset.bytes.isEmpty {
            changeset.bytes.withUnsafeBytes { raw in
                var iterator: OpaquePointer?
                _ = sqlite3changeset_start(
                    &iterator, Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress))
                while sqlite3changeset_next(iterator) == SQLITE_ROW {
                    var pk: UnsafeMutablePointer<UInt8>?
                    var n: Int32 = 0
                    sqlite3changeset_pk(iterator, &pk, &n)
                    headers.append("pk=\((0..<Int(n)).map { pk![$0] })")
                }
                sqlite3changeset_finalize(iterator)
            }
        }
        let changes = try changeset.changes()
        #expect(changes.count == headers.count)
        return zip(changes, headers).map { "\($0.key) \($0.operation) old=\($0.old) new=\($0.new) \($1)" }.sorted()
    }

    /// Runs `body` twice in savepoints rolled back, once under the session extension and once under the recorder,
    /// and expects the same changes.
    private func expectSameAsSession(
        _ store: Store, _ what: Comment, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) throws {
        var oracle: [String] = []
        var ours: [String] = []
        do {
            _ = try store.savepoint { () throws -> Void in
                oracle = try Self.sessionChanges(store.db, tables: Store.undoTables, body)
                throw Rollback()
            }
        } catch is Rollback {}
        do {
            _ = try store.savepoint { () throws -> Void in
                let (_, changes) = try Changeset.record(on: store.db, tables: Store.undoTables, body)
                ours = try Self.signatures(changes)
                throw Rollback()
            }
        } catch is Rollback {}
        #expect(ours == oracle, what, sourceLocation: sourceLocation)
    }

    @Test("every kind of change is recorded as the session extension records it, cascades and composite keys too")
    func sameAsSessionExtension() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        let list = try store.addList(named: "Groceries", in: u.space, now: 1)
        let task = try store.addTask(title: "milk", list: list, space: u.space, by: u.id, assignee: nil, now: 2)
        try store.addNote(to: task, by: u.id, text: "oat", now: 3)
        try store.addNote(to: task, by: u.id, text: "2 litres", now: 4)
        _ = try store.addReminder(task: task, kind: .at, offsetMinutes: nil, fireAt: 500)
        try store.db.run(
            """
            INSERT INTO events (space_id, title, title_key, start_date, tz, created_by, created_at, updated_at)
            VALUES (?, 'dinner', 'dinner', '2026-12-01', 'UTC', ?, 5, 5)
            """, .integer(u.space.rawValue), .integer(u.id.rawValue))
        let event = store.db.lastInsertID

        try expectSameAsSession(store, "an add") {
            _ = try store.addTask(title: "bread", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 9)
        }
        try expectSameAsSession(store, "done") { try store.setDone(task, true, by: u.id, now: 9) }
        try expectSameAsSession(store, "a title with every kind of text") {
            try store.setTitle(task, "süt \u{1F95B} \"quoted\" " + String(repeating: "x", count: 300), now: 9)
        }
        try expectSameAsSession(store, "a delete that cascades to notes and reminders") { try store.deleteTask(task) }
        try expectSameAsSession(store, "a list deleted with its tasks") { try store.deleteList(list) }
        try expectSameAsSession(store, "added then changed in one scope: one insert of the last values") {
            let t = try store.addTask(title: "a", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 9)
            try store.setTitle(t, "b", now: 10)
            try store.setDone(t, true, by: u.id, now: 11)
        }
        try expectSameAsSession(store, "added then deleted in one scope: nothing") {
            let t = try store.addTask(title: "a", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 9)
            try store.deleteTask(t)
        }
        try expectSameAsSession(store, "changed and changed back: nothing") {
            try store.setDone(task, true, by: u.id, now: 9)
            try store.db.run(
                "UPDATE tasks SET done = 0, completed_by = NULL, completed_at = NULL, updated_at = 2 WHERE id = ?",
                .integer(task.rawValue))
        }
        try expectSameAsSession(store, "a composite primary key (event exceptions), inserted and updated") {
            try store.db.run(
                "INSERT INTO event_exceptions (event_id, day, cancelled, space_id) VALUES (?1, '2026-12-01', 1, (SELECT space_id FROM events WHERE id = ?1))",
                .integer(event))
            try store.db.run(
                "UPDATE event_exceptions SET cancelled = 0, new_time = '19:00' WHERE event_id = ?", .integer(event))
        }
        try store.db.run(
            "INSERT INTO event_exceptions (event_id, day, cancelled, new_time, space_id) VALUES (?1, '2026-12-08', 0, '20:00', (SELECT space_id FROM events WHERE id = ?1))",
            .integer(event))
        try expectSameAsSession(store, "INSERT OR REPLACE over a keyed row: one update") {
            try store.db.run(
                "INSERT OR REPLACE INTO event_exceptions (event_id, day, cancelled, new_time, space_id) VALUES (?1, '2026-12-08', 0, '21:00', (SELECT space_id FROM events WHERE id = ?1))",
                .integer(event))
        }
        try expectSameAsSession(store, "a real and a blob and a NULL") {
            try store.db.run(
                "UPDATE tasks SET description = ?, nag_minutes = NULL, priority = 'high' WHERE id = ?",
                .blob([0, 1, 2, 255]), .integer(task.rawValue))
            try store.db.run("UPDATE lists SET icon = ? WHERE id = ?", .real(2.5), .integer(inbox.id.rawValue))
        }
    }

    @Test("a scope inside a scope records into both; the recorder's changeset undoes exactly what was done")
    func nestedAndReversible() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        let keep = try store.addTask(title: "keep", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 1)
        try store.addNote(to: keep, by: u.id, text: "a note", now: 2)
        func dump() throws -> [String] {
            try Store.undoTables.flatMap { table in
                try store.db.query("SELECT * FROM \(table) ORDER BY rowid") { "\(table) \($0.values)" }
            }
        }
        let before = try dump()
        var inner = Changeset(bytes: [])
        let (_, outer) = try Changeset.record(on: store.db, tables: Store.undoTables) {
            _ = try store.addTask(title: "new", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 3)
            inner = try Changeset.record(on: store.db, tables: ["tasks", "task_notes"]) {
                try store.deleteTask(keep)
            }.1
        }
        let innerChanges = try inner.changes()
        #expect(innerChanges.map(\.table).sorted() == ["task_notes", "tasks"])
        #expect(innerChanges.allSatisfy { $0.operation == .delete })
        #expect(try outer.changes().count == 3)
        #expect(try outer.inverted().apply(on: store.db, lenientTables: []) == .applied)
        #expect(try dump() == before)
        // After the scopes the hook is gone: changes are no longer recorded anywhere.
        let (_, none) = try Changeset.record(on: store.db, tables: ["lists"]) {
            _ = try store.addTask(title: "x", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 4)
        }
        #expect(none.isEmpty)
    }

    @Test("varints are SQLite's: one byte to 127, two to 16,383, nine for the largest")
    func varints() {
        func encoded(_ v: UInt64) -> [UInt8] {
            var w = ChangesetWriter()
            w.putVarint(v)
            return w.bytes
        }
        #expect(encoded(0) == [0])
        #expect(encoded(127) == [0x7f])
        #expect(encoded(128) == [0x81, 0x00])
        #expect(encoded(16_383) == [0xff, 0x7f])
        #expect(encoded(16_384) == [0x81, 0x80, 0x00])
        #expect(encoded(UInt64.max).count == 9)
    }
}
