// The engine-neutral contract for transactions, name-change tracking and health checks of a TwoDo store.

/// How callers scope their work on a store engine (SQLite's `Store` today; PostgreSQL next).
///
/// What every engine must guarantee:
/// - One owner: the event-loop thread calls every method, one at a time; nothing here is `Sendable`.
/// - The loop's turn: `beginTurn()` opens a write transaction that holds the write lock until the
///   returned `TurnTransaction` commits or rolls back, so no command of the turn fails for want of it.
///   Every data call made meanwhile (the `AccountStore`, `TaskStore`, `ScheduleStore`, `ReminderStore`,
///   `NotificationStore` methods) runs inside it and sees the turn's own earlier writes.
/// - `savepoint { }` nests inside any open transaction; a throw undoes that scope's writes only.
/// - `write { }` is its own transaction, only outside any other: all of its body or none of it.
/// - `read { }` outside a transaction sees one consistent snapshot of committed data.
/// - Outside any scope each data call is atomic on its own (admin tools and tests rely on it).
/// - `namesGeneration` moves on after any change to users, spaces or lists, and after any rollback.
/// - Storage failures are thrown as `DatabaseError` (the server answers them as `error.storage`).
public protocol TransactionalStore: AnyObject {
    /// Changes whenever user names, space membership or list names may have changed.
    var namesGeneration: UInt64 { get }
    /// Opens the event loop's turn transaction.
    func beginTurn() throws -> TurnTransaction
    /// Runs `body` as one transaction of its own, committed on return and rolled back on throw.
    func write<T>(_ body: (Self) throws -> T) throws -> T
    /// Runs `body` against one consistent snapshot of committed data.
    func read<T>(_ body: (Self) throws -> T) throws -> T
    /// Runs `body` in a nested scope whose writes are undone when it throws.
    func savepoint<T>(_ body: () throws -> T) throws -> T
    /// Ends the store's use of its storage; nothing is called afterwards.
    func close()
    /// The schema version the storage is at.
    func schemaVersion() throws -> Int
    /// Problems a full consistency check finds (empty when healthy).
    func integrityProblems() throws -> [String]
}
