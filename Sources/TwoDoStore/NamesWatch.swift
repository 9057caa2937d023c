// Counts row changes to the tables that names come from (users, spaces, lists), through SQLite's update hook.

import CSQLite

/// The counter behind `Store.namesGeneration`: SQLite calls back on every row inserted, updated or deleted
/// (triggers and foreign-key cascades included), and a change to `users`, `spaces` or `lists` moves it on.
///
/// No mutator has to remember to bump it: a new statement on those tables is counted by construction. The
/// hook does not fire when a transaction or savepoint rolls back, so `Store` bumps it by hand there.
/// Owned by the `Store` (one thread, the event loop's); the hook holds it unretained, and the `Store`
/// keeps it alive as long as the connection.
final class NamesWatch {
    /// Moves on with every counted change (wrapping, never decreasing in practice).
    var generation: UInt64 = 0

    /// Installs the update hook on `db`'s connection.
    func attach(to db: Database) {
        sqlite3_update_hook(
            db.handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                // A table name of a few bytes is a small string (no allocation): far below the cost of the row change.
                switch String(cString: table) {
                case "lists", "users", "spaces":
                    Unmanaged<NamesWatch>.fromOpaque(context).takeUnretainedValue().generation &+= 1
                default:
                    break
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Moves the counter on by hand (a rollback may have undone a counted change).
    func bump() { generation &+= 1 }
}
