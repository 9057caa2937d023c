// PostgresStore's transaction scopes, as StoreTransactionTests checks SQLite's: write { } commits or rolls
// back, read { } sees one snapshot, the turn commits or rolls back once, savepoints nest, names move on.

import Testing
import TwoDoStore

@testable import TwoDoPostgres

@Suite("PostgresStore transactions")
struct PostgresStoreTransactionTests {
    private struct Boom: Error {}

    /// A store on a fresh database with one space (id 1) and its Inbox (list 1), and the database's URL.
    private func open(_ test: String = #function) throws -> (PostgresStore, String)? {
        guard let url = try TestCluster.freshDatabase(test) else { return nil }
        let store = try PostgresStore(url: url)
        try store.connection.executeScript(
            """
            INSERT INTO spaces (created_at) VALUES (0);
            INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (1, 'Inbox', 'inbox', 1, 0);
            """)
        return (store, url)
    }

    private func addTask(_ store: PostgresStore, _ title: String) throws {
        try store.connection.execute(
            "INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at) VALUES (1, 1, $1, $1, 1, 1)",
            [.text(title)])
    }

    private func addList(_ store: PostgresStore, _ name: String) throws {
        try store.connection.execute(
            "INSERT INTO lists (space_id, name, name_key, created_at) VALUES (1, $1, lower($1), 1)", [.text(name)])
        store.noteNamesChanged()
    }

    private func titles(_ connection: PGConnection) throws -> [String] {
        let result = try connection.execute("SELECT title FROM tasks ORDER BY id")
        return try (0..<result.rowCount).map { try result.requiredString($0, "title") }
    }

    /// The titles committed, read through a separate connection.
    private func committedTitles(_ url: String) throws -> [String] { try titles(PGConnection(url: url)) }

    @Test("write { } commits: another connection sees the work, and the value comes back")
    func writeCommits() throws {
        guard let (store, url) = try open() else { return }
        let value = try store.write { tx in
            try addTask(tx, "milk")
            return 42
        }
        #expect(value == 42)
        #expect(try committedTitles(url) == ["milk"])
        #expect(!store.connection.isInTransaction)
    }

    @Test("write { } rolls everything back when its body throws, and rethrows the body's error")
    func writeRollsBack() throws {
        guard let (store, url) = try open() else { return }
        let before = store.namesGeneration
        #expect(throws: Boom.self) {
            try store.write { tx in
                try addTask(tx, "doomed")
                try addList(tx, "Doomed too")
                throw Boom()
            }
        }
        #expect(!store.connection.isInTransaction)
        #expect(try committedTitles(url).isEmpty)
        #expect(try store.connection.execute("SELECT count(*) AS n FROM lists").int(0, "n") == 1)
        #expect(store.namesGeneration != before)
    }

    @Test("a storage error inside write { } rolls back the earlier statements of the body too")
    func writeRollsBackOnStorageError() throws {
        guard let (store, url) = try open() else { return }
        do {
            try store.write { tx in
                try addTask(tx, "first")
                try addList(tx, "Chores")
                try addList(tx, "CHORES")
            }
            Issue.record("no error")
        } catch let e as DatabaseError {
            #expect(e.isUniqueViolation)
        }
        #expect(!store.connection.isInTransaction)
        #expect(try committedTitles(url).isEmpty)
        #expect(try store.connection.execute("SELECT count(*) AS n FROM lists").int(0, "n") == 1)
    }

    @Test("read { } sees committed data, from one snapshot while it lasts, and refuses writes")
    func readSeesCommittedSnapshot() throws {
        guard let (store, url) = try open() else { return }
        let writer = try PostgresStore(url: url)
        try addTask(writer, "one")
        let (before, during) = try store.read { tx in
            let before = try titles(tx.connection)
            try addTask(writer, "two")  // committed meanwhile by another connection
            return (before, try titles(tx.connection))
        }
        #expect(before == ["one"])
        #expect(during == ["one"])
        #expect(!store.connection.isInTransaction)
        #expect(try store.read { try titles($0.connection) } == ["one", "two"])
        #expect(throws: DatabaseError.self) { try store.read { try addTask($0, "sneaky") } }
        #expect(!store.connection.isInTransaction)
        #expect(try committedTitles(url) == ["one", "two"])
    }

    @Test("read { } inside the turn sees the turn's own uncommitted writes")
    func readInsideTurn() throws {
        guard let (store, url) = try open() else { return }
        let turn = try store.beginTurn()
        try addTask(store, "pending")
        #expect(try store.read { try titles($0.connection) } == ["pending"])
        #expect(store.connection.isInTransaction)
        #expect(try committedTitles(url).isEmpty)
        turn.rollback()
        #expect(try titles(store.connection).isEmpty)
    }

    @Test("the turn's transaction commits every command's savepoint together, or rolls all of them back")
    func turnCommitsOrRollsBack() throws {
        guard let (store, url) = try open() else { return }
        for (title, commits) in [("kept", true), ("dropped", false)] {
            let turn = try store.beginTurn()
            try store.savepoint { try addTask(store, title) }
            #expect(try committedTitles(url) == ["kept"].filter { $0 != title })
            if commits { try turn.commit() } else { turn.rollback() }
            #expect(!store.connection.isInTransaction)
        }
        #expect(try committedTitles(url) == ["kept"])
    }

    @Test("a failed command's savepoint undoes it alone; the turn goes on and commits the others")
    func failedSavepointLeavesTheTurnUsable() throws {
        guard let (store, url) = try open() else { return }
        let turn = try store.beginTurn()
        try store.savepoint { try addTask(store, "first") }
        let before = store.namesGeneration
        #expect(throws: DatabaseError.self) {
            try store.savepoint {
                try addTask(store, "undone")
                try addList(store, "Inbox")  // the folded name is taken
            }
        }
        #expect(store.namesGeneration != before)
        #expect(!store.connection.isInFailedTransaction)
        try store.savepoint {
            try addTask(store, "third")
            // Nested: the inner scope's failure undoes the inner scope only.
            #expect(throws: Boom.self) {
                try store.savepoint {
                    try addTask(store, "inner")
                    throw Boom()
                }
            }
        }
        try turn.commit()
        #expect(try committedTitles(url) == ["first", "third"])
    }

    @Test("a turn a failed statement left aborted does not commit silently")
    func abortedTurnDoesNotCommit() throws {
        guard let (store, url) = try open() else { return }
        let turn = try store.beginTurn()
        try addTask(store, "lost")
        #expect(throws: DatabaseError.self) { try addList(store, "Inbox") }  // outside any savepoint
        do {
            try turn.commit()
            Issue.record("COMMIT of an aborted transaction reported success")
        } catch let e as DatabaseError {
            #expect(e.sqlState == "25P02")
        }
        #expect(!store.connection.isInTransaction)
        #expect(try committedTitles(url).isEmpty)
    }

    @Test("schema version, a clean integrity check, and a broken counter reported")
    func versionAndIntegrity() throws {
        guard let (store, _) = try open() else { return }
        #expect(try store.schemaVersion() == PostgresMigrations.currentVersion)
        try addTask(store, "a")
        #expect(try store.integrityProblems() == [])
        try store.connection.executeScript("UPDATE space_task_counts SET tasks = 7")
        #expect(try store.integrityProblems() == ["space 1: 7 tasks counted, 1 present"])
        store.close()
    }

    @Test("another program's database is refused untouched")
    func refusesForeignDatabase() throws {
        guard let url = try TestCluster.freshDatabase() else { return }
        try PGConnection(url: url).executeScript("CREATE TABLE invoices (id bigint)")
        #expect(throws: StoreOpenError.self) { _ = try PostgresStore(url: url) }
        #expect(PostgresStore.redacted("postgresql://u:secret@h:5/db") == "postgresql://u:***@h:5/db")
    }
}
