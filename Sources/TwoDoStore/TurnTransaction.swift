// The event loop's turn transaction: begun once per turn, then committed or rolled back exactly once.

/// The open transaction of one event-loop turn, returned by `beginTurn()`.
///
/// The turn's transaction is the only one that is not a closure: it spans every command of a loop turn,
/// and whether it commits is decided after all of them ran (the COMMIT's outcome decides what the replies
/// say), so it cannot wrap one body. Everything inside it is scoped (`savepoint { }` per command).
/// The value is noncopyable and `commit()`/`rollback()` consume it, so the compiler refuses a second
/// commit, a commit after a rollback, or a copy kept for later. Engine-neutral: the engine that began it
/// supplies what committing and rolling back mean.
public struct TurnTransaction: ~Copyable {
    private let commitBody: () throws -> Void
    private let rollbackBody: () -> Void

    /// Wraps an engine's open transaction. Only an engine's `beginTurn()` makes one.
    package init(commit: @escaping () throws -> Void, rollback: @escaping () -> Void) {
        commitBody = commit
        rollbackBody = rollback
    }

    /// Commits every command of the turn (one fsync for all of them). When the COMMIT fails the
    /// transaction is rolled back before the error is thrown, so nothing of the turn stays.
    public consuming func commit() throws {
        do {
            try commitBody()
        } catch {
            rollbackBody()
            throw error
        }
    }

    /// Rolls back every command of the turn.
    public consuming func rollback() { rollbackBody() }
}
