// PostgresMigrations: an empty database becomes TwoDo's, again is a no-op, a foreign one is refused.

import Testing
import TwoDoPostgres
import TwoDoStore

@Suite struct PostgresMigrationsTests {
    @Test func migratesAnEmptyDatabaseOnceAndTheSchemaHolds() throws {
        guard let url = try TestCluster.freshDatabase() else { return }
        let db = try PGConnection(url: url)
        #expect(try PostgresMigrations.version(db) == 0)
        let trigram = try PostgresMigrations.migrate(db)
        #expect(trigram, "pg_trgm is part of Debian's postgresql package")
        #expect(try PostgresMigrations.version(db) == PostgresMigrations.currentVersion)
        try PostgresMigrations.migrate(db)  // again: nothing to do
        #expect(try PostgresMigrations.version(db) == PostgresMigrations.currentVersion)
        let tables = try db.execute(
            // PostgreSQL's own: undo_capture (SQLite records undo in memory) and what several nodes share
            // (PostgresSchema+EventLog.swift: event_log, nodes, node_sessions, throttle_failures).
            """
            SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema()
            AND tablename NOT IN ('undo_capture', 'event_log', 'nodes', 'node_sessions', 'throttle_failures')
            """
        ).int(0, "n")
        #expect(tables == 26)  // SQLite's 25 (FTS5 becomes search_index, search_pending goes) + schema_version
        // Cascades and counters as SQLite's schema has them.
        try db.executeScript(
            """
            INSERT INTO spaces (created_at) VALUES (1);
            INSERT INTO lists (space_id, name, name_key, created_at) VALUES (1, 'Home', 'home', 1);
            INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at)
                VALUES (1, 1, 'a', 'a', 1, 1), (1, 1, 'b', 'b', 1, 1);
            UPDATE tasks SET done = 1 WHERE title = 'b';
            """)
        #expect(try db.execute("SELECT tasks FROM space_task_counts WHERE space_id = 1").int(0, "tasks") == 2)
        #expect(try db.execute("SELECT open FROM list_open_counts WHERE list_id = 1").int(0, "open") == 1)
        do {
            try db.execute(
                "INSERT INTO lists (space_id, name, name_key, created_at) VALUES (1, 'HOME', 'home', 2)")
            Issue.record("a second list with the same folded name")
        } catch let e as DatabaseError {
            #expect(e.isUniqueViolation)
        }
        // Search rows follow a moved task (and its notes) and go with a deleted one.
        try db.executeScript(
            """
            INSERT INTO spaces (created_at) VALUES (2);
            INSERT INTO lists (space_id, name, name_key, created_at) VALUES (2, 'Inbox', 'inbox', 2);
            INSERT INTO task_notes (task_id, created_at, body) VALUES (1, 1, 'note');
            INSERT INTO search_index (id, space, kind, body) VALUES (8, 1, 't', 'a'), (9, 1, 'n', 'note'), (16, 1, 't', 'b');
            UPDATE tasks SET space_id = 2, list_id = (SELECT id FROM lists WHERE space_id = 2) WHERE id = 1;
            """)
        let spaces = try db.execute("SELECT id, space FROM search_index ORDER BY id")
        #expect(try (0..<spaces.rowCount).map { try spaces.requiredInt($0, "space") } == [2, 2, 1])
        try db.execute("DELETE FROM tasks WHERE id = $1", [.integer(2)])
        #expect(try db.execute("SELECT count(*) AS n FROM search_index").int(0, "n") == 2)
        try db.execute("UPDATE tasks SET space_id = 1, list_id = 1 WHERE id = 1")
        try db.execute("DELETE FROM spaces WHERE id = $1", [.integer(1)])
        try db.execute("DELETE FROM spaces WHERE id = $1", [.integer(2)])
        #expect(try db.execute("SELECT count(*) AS n FROM tasks").int(0, "n") == 0)
        #expect(try db.execute("SELECT count(*) AS n FROM space_task_counts WHERE space_id = 1").int(0, "n") == 0)
        #expect(try db.execute("SELECT count(*) AS n FROM list_open_counts").int(0, "n") == 0)
    }

    @Test func refusesAnotherProgramsDatabase() throws {
        guard let url = try TestCluster.freshDatabase() else { return }
        let db = try PGConnection(url: url)
        try db.executeScript("CREATE TABLE customers (id bigint)")
        #expect(throws: PostgresMigrations.Refusal.self) { try PostgresMigrations.migrate(db) }
        #expect(try PostgresMigrations.version(db) == 0)
        #expect(try db.execute("SELECT to_regclass('tasks') IS NULL AS absent").bool(0, "absent") == true)
    }

    @Test func refusesANewerSchema() throws {
        guard let url = try TestCluster.freshDatabase() else { return }
        let db = try PGConnection(url: url)
        try PostgresMigrations.migrate(db)
        try db.execute("UPDATE schema_version SET version = $1", [.integer(99)])
        #expect(throws: PostgresMigrations.Refusal.self) { try PostgresMigrations.migrate(db) }
    }
}
