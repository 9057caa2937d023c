// PostgresStore's transaction scopes: the loop's turn, one-shot writes, snapshot reads and nested savepoints.

import TwoDoStore

extension PostgresStore: TransactionalStore {
    /// Changes whenever user names, space membership or list names may have changed: bumped by
    /// `noteNamesChanged()` (the mutators of users, spaces and lists), by every rollback, and at the start of
    /// every turn, since another node may have changed them since the last.
    public var namesGeneration: UInt64 { namesCounter }

    /// Begins the loop turn's transaction (BEGIN; READ COMMITTED, as every node's turn must see the
    /// others' committed rows). Opening a turn while a transaction is open is a programming error.
    public func beginTurn() throws -> TurnTransaction {
        precondition(!connection.isInTransaction, "beginTurn() while a transaction is open")
        try begin("BEGIN")
        // Other nodes change names too, and nothing here sees them happen: what was cached from names (the
        // parser's list and member names, users, members, default lists) holds for one turn at most.
        noteNamesChanged()
        return TurnTransaction(
            commit: { [self] in try commit() },
            rollback: { [self] in rollback() })
    }

    /// Runs `body` as one transaction of its own: committed when it returns, rolled back (and the error
    /// rethrown) when it throws. Calling it inside an open transaction is a programming error.
    public func write<T>(_ body: (PostgresStore) throws -> T) throws -> T {
        precondition(!connection.isInTransaction, "write { } inside an open transaction; use savepoint { }")
        try begin("BEGIN")
        let result: T
        do {
            result = try body(self)
            try commit()
        } catch {
            rollback()
            throw error
        }
        return result
    }

    /// Runs `body` against one snapshot of committed data (REPEATABLE READ READ ONLY): a writer committing
    /// meanwhile is seen entirely or not at all, and a write in `body` is refused by the server. Inside an
    /// open transaction (the turn's) `body` simply runs in it and sees its uncommitted writes.
    public func read<T>(_ body: (PostgresStore) throws -> T) throws -> T {
        if connection.isInTransaction { return try body(self) }
        try begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { try? connection.executeScript(connection.isInFailedTransaction ? "ROLLBACK" : "COMMIT") }
        return try body(self)
    }

    /// Starts a transaction with `statement`, connecting again first when the connection was lost; a
    /// connection found dead by this very BEGIN (the database restarted since the last turn) gets one
    /// immediate second try, so the first turn after a restart does not fail for nothing.
    private func begin(_ statement: String) throws {
        try ensureConnected()
        do {
            try connection.executeScript(statement)
        } catch let e as DatabaseError where e.isUnavailable {
            try ensureConnected()
            try connection.executeScript(statement)
        }
    }

    /// Runs `body` inside its own SAVEPOINT: released when it returns, rolled back to and released when it
    /// throws (the error is rethrown), so a failure undoes `body`'s changes and nothing else — and leaves
    /// the enclosing transaction usable (PostgreSQL refuses every statement after an error until then).
    /// Outside any transaction it is one of its own, committed on return, as SQLite's outermost SAVEPOINT is
    /// (PostgreSQL refuses a SAVEPOINT there).
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        if !connection.isInTransaction { return try write { _ in try body() } }
        let name = "sp\(savepointDepth)"
        try connection.executeScript("SAVEPOINT \(name)")
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let result: T
        do {
            result = try body()
            try connection.executeScript("RELEASE \(name)")
        } catch {
            noteNamesChanged()
            try? connection.executeScript("ROLLBACK TO \(name)")
            try? connection.executeScript("RELEASE \(name)")
            throw error
        }
        return result
    }

    /// Rolls back an open transaction and closes the connection.
    public func close() {
        rollback()
        connection.close()
    }

    /// The schema version the database is at.
    public func schemaVersion() throws -> Int { try PostgresMigrations.version(connection) }

    /// Problems a consistency check finds. Foreign keys are enforced by the server (no orphans can exist),
    /// so what is checked is what triggers maintain: the per-space and per-list task counters.
    public func integrityProblems() throws -> [String] {
        var problems: [String] = []
        let spaces = try connection.execute(
            """
            SELECT s.id AS id, coalesce(c.tasks, 0) AS counted, (SELECT count(*) FROM tasks t WHERE t.space_id = s.id) AS actual
            FROM spaces s LEFT JOIN space_task_counts c ON c.space_id = s.id
            WHERE coalesce(c.tasks, 0) <> (SELECT count(*) FROM tasks t WHERE t.space_id = s.id)
            """)
        for row in 0..<spaces.rowCount {
            problems.append(
                "space \(try spaces.requiredInt(row, "id")): \(try spaces.requiredInt(row, "counted")) tasks counted, "
                    + "\(try spaces.requiredInt(row, "actual")) present")
        }
        let lists = try connection.execute(
            """
            SELECT id, counted, actual, counted_done, actual_done FROM (
                SELECT l.id AS id, coalesce(c.open, 0) AS counted, coalesce(c.done, 0) AS counted_done,
                    (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL) AS actual,
                    (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done <> 0 AND t.parent_id IS NULL)
                        AS actual_done
                FROM lists l LEFT JOIN list_open_counts c ON c.list_id = l.id) counts
            WHERE counted <> actual OR counted_done <> actual_done
            """)
        for row in 0..<lists.rowCount {
            problems.append(
                "list \(try lists.requiredInt(row, "id")): \(try lists.requiredInt(row, "counted")) open and "
                    + "\(try lists.requiredInt(row, "counted_done")) done tasks counted, "
                    + "\(try lists.requiredInt(row, "actual")) and \(try lists.requiredInt(row, "actual_done")) present"
            )
        }
        return problems
    }

    /// Commits the open transaction. A transaction a failed statement left aborted would be rolled back by
    /// COMMIT without an error; that is reported as the failure it is.
    func commit() throws {
        if connection.isInFailedTransaction {
            throw DatabaseError(
                postgres: "the transaction was aborted by an earlier error; rolled back", sqlState: "25P02",
                sql: "COMMIT")
        }
        try connection.executeScript("COMMIT")
    }

    /// Rolls the open transaction back (harmless when none is open) and moves `namesGeneration` on, as the
    /// rollback may have undone a name change.
    func rollback() {
        if connection.isInTransaction { try? connection.executeScript("ROLLBACK") }
        noteNamesChanged()
    }
}
