// The store's transaction scopes: the loop's turn, one-shot writes, consistent reads and nested savepoints.

import TwoDoCore

extension Store {
    /// Changes whenever list names or space membership may have changed (a row of `users`, `spaces` or
    /// `lists` inserted, updated or deleted, or a rollback), so callers can cache what they derive from
    /// names, such as the parser's context, and rebuild it only then. Counted by SQLite's update hook
    /// (`NamesWatch`): no mutator bumps it by hand.
    public var namesGeneration: UInt64 { namesWatch.generation }

    /// Begins the loop turn's write transaction (BEGIN IMMEDIATE: the write lock is taken now, so no
    /// command of the turn can fail later for want of it).
    ///
    /// Opening a turn while any transaction is open is a programming error.
    public func beginTurn() throws -> TurnTransaction {
        precondition(!db.isInTransaction, "beginTurn() while a transaction is open")
        try db.execute("BEGIN IMMEDIATE")
        return TurnTransaction(
            commit: { [db] in try db.execute("COMMIT") },
            rollback: { [self] in rollback() })
    }

    /// Runs `body` as one transaction of its own: committed when it returns, rolled back (and the error
    /// rethrown) when it throws. For one-shot writes outside the event loop's turn: admin tools, tests.
    ///
    /// Calling it while a transaction is open (the turn's, or inside another `write`) is a programming
    /// error: its COMMIT would end the outer transaction. Inside the turn, use `savepoint { }`.
    public func write<T>(_ body: (Store) throws -> T) throws -> T {
        precondition(!db.isInTransaction, "write { } inside an open transaction; use savepoint { }")
        try db.execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body(self)
            try db.execute("COMMIT")
        } catch {
            rollback()
            throw error
        }
        return result
    }

    /// Runs `body`'s reads against one consistent snapshot of committed data (a read transaction), so a
    /// writer committing meanwhile is seen entirely or not at all.
    ///
    /// Inside an open transaction (the turn's) `body` simply runs in it and sees its uncommitted writes.
    /// The contract is for reads; a write in `body` outside a transaction is a programming error that
    /// SQLite may or may not refuse, and another engine will refuse.
    public func read<T>(_ body: (Store) throws -> T) throws -> T {
        if db.isInTransaction { return try body(self) }
        try db.execute("BEGIN DEFERRED")
        defer { try? db.execute("COMMIT") }  // a read-only transaction: COMMIT only ends the snapshot
        return try body(self)
    }

    /// Runs `body` inside its own SAVEPOINT: RELEASEd when it returns, rolled back to and released
    /// when it throws (the error is rethrown), so a failure undoes `body`'s changes and nothing else.
    /// Scopes nest: each level has its own name. Statements are cached, as this runs per command.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        let name = "sp\(savepointDepth)"
        try db.run("SAVEPOINT \(name)")
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let result: T
        do {
            result = try body()
            try db.run("RELEASE \(name)")
        } catch {
            namesWatch.bump()
            try? db.execute("ROLLBACK TO \(name)")
            try? db.execute("RELEASE \(name)")
            throw error
        }
        return result
    }

    /// Rolls the open transaction back (harmless when none is open) and moves `namesGeneration` on, as
    /// the rollback may have undone a name change.
    func rollback() {
        if db.isInTransaction { try? db.execute("ROLLBACK") }
        namesWatch.bump()
    }
}
