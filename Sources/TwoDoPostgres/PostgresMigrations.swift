// Brings a PostgreSQL database to the current TwoDo schema, in one transaction, refusing foreign databases.

import TwoDoStore

/// The PostgreSQL schema's migrations. Version 1 is SQLite's final schema (`PostgresSchema.version1`);
/// later changes are appended to `all` and never edited once shipped. The version lives in the one-row
/// table `schema_version`.
public enum PostgresMigrations {
    /// Why a database was not migrated.
    public enum Refusal: Error, CustomStringConvertible, Sendable {
        /// The database has tables but no `schema_version`: another program's.
        case foreign
        /// A newer TwoDo wrote it.
        case tooNew(version: Int)

        public var description: String {
            switch self {
            case .foreign:
                return "the PostgreSQL database holds tables of another program; refusing to touch it"
            case .tooNew(let version):
                return
                    "the PostgreSQL database has schema version \(version), newer than this build knows; upgrade twodo"
            }
        }
    }

    /// Every migration in order; the schema version is how many of them ran.
    static let all: [String] = [
        PostgresSchema.version1 + PostgresSchema.taskArea + PostgresSchema.undo + PostgresSchema.eventLog
            + PostgresSchema.presence,
        // 2: composite keys within a space, people who are members.
        PostgresSchema.isolation,
        // 3: the search text folded under NFKC.
        searchNFKC,
        // 4: the inbox keeps its newest `Store.inboxLimit` notifications, as SQLite's migration 23.
        inboxCap,
        // 5: each list's done count kept beside its open count, as SQLite's migration 24.
        listDoneCounts,
        // 6: SQLite's migrations 19 and 20, which this schema had missed.
        countersAndSpans,
        // 7: the secret calendar feed links, as SQLite's migration 26.
        calendarLinks,
    ]

    /// 7: one secret calendar feed link per user, kept as the digest of its secret, gone with the account.
    static let calendarLinks = """
        CREATE TABLE IF NOT EXISTS calendar_links (
            user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            digest text NOT NULL UNIQUE,
            created_at bigint NOT NULL
        );
        """

    /// 3: the search text folded under NFKC (`file` finds `ﬁle`, `abc` finds `ＡＢＣ`). The fold is TwoDo's own
    /// (Swift), so this empties the index and `migrate` writes every row again from its source
    /// (`PostgresStore.rebuildSearchText`) in the same transaction.
    static let searchNFKC = "DELETE FROM search_index;"

    /// The version whose migration changed the search fold: a database below it gets its search text rewritten.
    static let searchFoldVersion = 3

    /// A user's notifications newest first straight from an index, a count of what the cap dropped, and
    /// existing inboxes cut to the cap once, here, rather than on the loop.
    static let inboxCap = """
        CREATE INDEX IF NOT EXISTS notifications_newest ON notifications(user_id, id);
        ALTER TABLE users ADD COLUMN IF NOT EXISTS inbox_dropped bigint NOT NULL DEFAULT 0;
        UPDATE users SET inbox_dropped = (
            SELECT greatest(0, count(*) - 1000) FROM notifications n WHERE n.user_id = users.id);
        DELETE FROM notifications WHERE id IN (
            SELECT id FROM (
                SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS r FROM notifications) ranked
            WHERE r > 1000);
        """

    /// `lists` and `show` read a list's done count from its counter row instead of counting its tasks; the
    /// trigger function keeps it in the statements that keep the open count.
    static let listDoneCounts = """
        ALTER TABLE list_open_counts ADD COLUMN IF NOT EXISTS done bigint NOT NULL DEFAULT 0;
        INSERT INTO list_open_counts (list_id, open)
            SELECT l.id, (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL)
            FROM lists l ON CONFLICT (list_id) DO NOTHING;
        UPDATE list_open_counts c SET done = (
            SELECT count(*) FROM tasks t WHERE t.list_id = c.list_id AND t.done <> 0 AND t.parent_id IS NULL);
        CREATE OR REPLACE FUNCTION twodo_tasks_counted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('twodo.bulk_counts', true) = 'on' THEN
                RETURN NULL;
            END IF;
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
                UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
                IF OLD.parent_id IS NULL THEN
                    UPDATE list_open_counts
                        SET open = open - (OLD.done = 0)::int, done = done - (OLD.done <> 0)::int
                        WHERE list_id = OLD.list_id;
                END IF;
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                INSERT INTO space_task_counts AS c (space_id, tasks) VALUES (NEW.space_id, 1)
                    ON CONFLICT (space_id) DO UPDATE SET tasks = c.tasks + 1;
                INSERT INTO list_open_counts AS c (list_id, open, done)
                    VALUES (NEW.list_id, (NEW.done = 0 AND NEW.parent_id IS NULL)::int,
                        (NEW.done <> 0 AND NEW.parent_id IS NULL)::int)
                    ON CONFLICT (list_id) DO UPDATE SET open = c.open + EXCLUDED.open, done = c.done + EXCLUDED.done;
            END IF;
            RETURN NULL;
        END $$;
        """

    /// As SQLite's migrations 19 and 20. `tasks_space (space_id)` repeated the first column of `tasks_due`
    /// (and of the `(space_id, id)` key), costing an index entry per add for nothing. The space counter moved on
    /// every done, undone and move (minus one, plus one, on the counter row every member's change locks); it
    /// now moves only when a task changes space, and the list counters only when list, state or parent do.
    /// `events_spans` finds the multi-day one-offs begun before a calendar window by their last day. Safe to run
    /// again (as 4 and 5 are: a test runs the migrations from 3 on over a current database).
    static let countersAndSpans = """
        DROP INDEX IF EXISTS tasks_space;
        CREATE INDEX IF NOT EXISTS events_spans ON events(space_id, end_date)
            WHERE rec_freq IS NULL AND end_date IS NOT NULL;
        DROP TRIGGER IF EXISTS tasks_counted_update ON tasks;
        CREATE OR REPLACE FUNCTION twodo_tasks_counted_space() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('twodo.bulk_counts', true) = 'on' THEN
                RETURN NULL;
            END IF;
            UPDATE space_task_counts SET tasks = tasks - 1 WHERE space_id = OLD.space_id;
            INSERT INTO space_task_counts AS c (space_id, tasks) VALUES (NEW.space_id, 1)
                ON CONFLICT (space_id) DO UPDATE SET tasks = c.tasks + 1;
            RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION twodo_tasks_counted_open() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('twodo.bulk_counts', true) = 'on' THEN
                RETURN NULL;
            END IF;
            IF OLD.parent_id IS NULL THEN
                UPDATE list_open_counts
                    SET open = open - (OLD.done = 0)::int, done = done - (OLD.done <> 0)::int
                    WHERE list_id = OLD.list_id;
            END IF;
            INSERT INTO list_open_counts AS c (list_id, open, done)
                VALUES (NEW.list_id, (NEW.done = 0 AND NEW.parent_id IS NULL)::int,
                    (NEW.done <> 0 AND NEW.parent_id IS NULL)::int)
                ON CONFLICT (list_id) DO UPDATE SET open = c.open + EXCLUDED.open, done = c.done + EXCLUDED.done;
            RETURN NULL;
        END $$;
        DROP TRIGGER IF EXISTS tasks_counted_space ON tasks;
        DROP TRIGGER IF EXISTS tasks_counted_open ON tasks;
        CREATE TRIGGER tasks_counted_space AFTER UPDATE OF space_id ON tasks
            FOR EACH ROW WHEN (OLD.space_id <> NEW.space_id) EXECUTE FUNCTION twodo_tasks_counted_space();
        CREATE TRIGGER tasks_counted_open AFTER UPDATE OF list_id, done, parent_id ON tasks
            FOR EACH ROW EXECUTE FUNCTION twodo_tasks_counted_open();
        """

    /// The version this build migrates to.
    public static var currentVersion: Int { all.count }

    /// The version `connection`'s database is at (0 for an empty database).
    public static func version(_ connection: PGConnection) throws -> Int {
        let exists = try connection.execute(
            "SELECT to_regclass('schema_version') IS NOT NULL AS present")
        guard try exists.bool(0, "present") == true else { return 0 }
        return Int(try connection.execute("SELECT version FROM schema_version").int(0, "version") ?? 0)
    }

    /// Migrates the database to `currentVersion` in one transaction (all of it or nothing). A database
    /// with tables but no `schema_version` is refused, as is one newer than this build.
    /// - Returns: whether pg_trgm's trigram index on the search text is in place.
    @discardableResult
    public static func migrate(_ connection: PGConnection) throws -> Bool {
        try connection.executeScript("BEGIN")
        do {
            // One migrator at a time, should several nodes start together.
            try connection.executeScript("SELECT pg_advisory_xact_lock(5457404)")
            let version = try self.version(connection)
            if version == 0 {
                let tables = try connection.execute(
                    """
                    SELECT count(*) AS n FROM pg_tables
                    WHERE schemaname = current_schema()
                    """
                ).int(0, "n")
                if tables != 0 { throw Refusal.foreign }
            }
            if version > all.count { throw Refusal.tooNew(version: version) }
            for step in all.dropFirst(version) { try connection.executeScript(step) }
            if version < searchFoldVersion { try PostgresStore.rebuildSearchText(on: connection) }
            if version == 0 {
                try connection.executeScript("CREATE TABLE schema_version (version bigint NOT NULL)")
                try connection.execute("INSERT INTO schema_version (version) VALUES ($1)", [.integer(Int64(all.count))])
            } else if version < all.count {
                try connection.execute("UPDATE schema_version SET version = $1", [.integer(Int64(all.count))])
            }
            let trigram = try ensureTrigramIndex(connection)
            try connection.executeScript("COMMIT")
            return trigram
        } catch {
            try? connection.executeScript("ROLLBACK")
            throw error
        }
    }

    /// Creates pg_trgm (when the server has it) and the trigram index on the search text.
    private static func ensureTrigramIndex(_ connection: PGConnection) throws -> Bool {
        let available = try connection.execute(
            "SELECT count(*) AS n FROM pg_available_extensions WHERE name = 'pg_trgm'"
        ).int(0, "n")
        guard available == 1 else { return false }
        try connection.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        let present = try connection.execute("SELECT to_regclass('search_index_body') IS NOT NULL AS present")
        if try present.bool(0, "present") != true { try connection.executeScript(PostgresSchema.trigramIndex) }
        return true
    }
}
