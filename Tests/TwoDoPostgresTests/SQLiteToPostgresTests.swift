// `twodo migrate`'s copy: every row with its id, verified, and nothing at all when the target is not empty.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("SQLite to PostgreSQL copy")
struct SQLiteToPostgresTests {
    /// An SQLite store with a couple, lists, tasks (one deleted, so ids have a gap), notes, notifications and a
    /// resume token, with text that needs care (Turkish letters, quotes, emoji).
    private static func sqliteWithData() throws -> (Store, String) {
        let path = NSTemporaryDirectory() + "twodo-copy-\(UUID().uuidString).sqlite"
        let store = try Store(path: path, durable: false)
        try store.write { s in
            let ayse = try #require(try s.createUser(name: "ayşe", passwordHash: "$y$hash1", lang: .tr, now: 100))
            let john = try #require(try s.createUser(name: "john", passwordHash: "$y$hash2", lang: .en, now: 101))
            _ = try s.merge(user: john.id, from: john.space, into: ayse.space, now: 102)
            let market = try s.addList(named: "Market 🛒", in: ayse.space, now: 103)
            let inbox = try s.defaultList(in: ayse.space).id
            var ids: [TaskID] = []
            for n in 0..<250 {
                let list = n % 2 == 0 ? market : inbox
                ids.append(
                    try s.addTask(
                        title: "süt \"\(n)\" İĞDIR ığdır", list: list, space: ayse.space, by: ayse.id,
                        assignee: n % 3 == 0 ? john.id : nil, now: 200 + Int64(n)))
            }
            try s.deleteTask(ids[7])
            // The newest task goes too: SQLite never hands its id out again, nor may the copy.
            let newest = try s.addTask(
                title: "gone", list: inbox, space: ayse.space, by: ayse.id, assignee: nil, now: 499)
            try s.deleteTask(newest)
            try s.setDone(ids[8], true, by: john.id, now: 500)
            try s.addNote(to: ids[9], by: john.id, text: "it's 'quoted'\ttabbed", now: 501)
            try s.addNotification(for: ayse.id, key: "task.added", args: ["title": "süt", "actor": "john"], now: 502)
            try s.addResumeToken(digest: "abc123", for: john.id, now: 503, expiresAt: 99_999)
        }
        return (store, path)
    }

    @Test("Every copied table has the same rows and ids, search works from the rebuilt index, new ids follow")
    func copiesAndVerifies() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let (source, path) = try Self.sqliteWithData()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let target = try PostgresStore(url: url)
        let reports = try SQLiteToPostgres.copy(from: source, to: target)
        let byTable = Dictionary(uniqueKeysWithValues: reports.map { ($0.table, $0.rows) })
        #expect(byTable["users"] == 2)
        #expect(byTable["tasks"] == 249)
        #expect(byTable["task_notes"] == 1)
        #expect(byTable["notifications"] == 1)
        #expect(byTable["resume_tokens"] == 1)
        #expect(reports.count == SQLiteToPostgres.copied.count)
        let c = target.connection
        // The gap left by the deleted task is kept: ids are the same, not renumbered.
        #expect(try c.execute("SELECT count(*) AS n FROM tasks WHERE id = 8").requiredInt(0, "n") == 0)
        #expect(try c.execute("SELECT max(id) AS n FROM tasks").requiredInt(0, "n") == 250)
        #expect(try target.integrityProblems().isEmpty)
        // The search text was rebuilt, folded: the Turkish capitals match their lower-case form.
        let hits = try c.execute("SELECT count(*) AS n FROM search_index WHERE kind = 't' AND body LIKE '%igdir%'")
        #expect(try hits.requiredInt(0, "n") == 249)
        // The next task gets an id after every id SQLite handed out, the deleted newest one's (251) included.
        let next = try c.execute(
            "INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at) SELECT space_id, list_id, 'x', 'x', 1, 1 FROM tasks LIMIT 1 RETURNING id"
        )
        #expect(try next.requiredInt(0, "id") == 252)
    }

    @Test("A target that already holds TwoDo data is refused and left as it was")
    func refusesNonEmptyTarget() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let (source, path) = try Self.sqliteWithData()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let target = try PostgresStore(url: url)
        _ = try SQLiteToPostgres.copy(from: source, to: target)
        #expect(throws: SQLiteToPostgres.Failure.self) { _ = try SQLiteToPostgres.copy(from: source, to: target) }
        #expect(try target.connection.execute("SELECT count(*) AS n FROM tasks").requiredInt(0, "n") == 249)
    }

    @Test("The checksum sees a changed value, a missing row and a NULL that became empty text")
    func checksumSeesDifferences() {
        var a = Checksum()
        a.add(["1", "süt", nil])
        a.add(["2", "ekmek", "x"])
        var reordered = Checksum()
        reordered.add(["2", "ekmek", "x"])
        reordered.add(["1", "süt", nil])
        #expect(a == reordered)
        var changed = Checksum()
        changed.add(["1", "süt", nil])
        changed.add(["2", "ekmeK", "x"])
        #expect(a != changed)
        var empty = Checksum()
        empty.add(["1", "süt", ""])
        empty.add(["2", "ekmek", "x"])
        #expect(a != empty)
        var missing = Checksum()
        missing.add(["1", "süt", nil])
        #expect(a != missing)
    }
}
