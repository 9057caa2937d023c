// AccountStore on PostgreSQL, part 3: joining and leaving a couple (moves across spaces, list names de-duplicated).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Moves `user` and everything in their old space into `target`, de-duplicating list names.
    ///
    /// Lists whose folded name already exists in the target get a suffix ("Groceries (2)"), except the
    /// default lists, whose tasks join the target's default list. Nothing is dropped; routines and events
    /// move too (else the space's delete would cascade to them). Search rows follow their items (trigger).
    /// - Returns: the number of tasks moved.
    @discardableResult
    public func merge(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        try withBulkTimeout {
            try withoutRowCounting { try moveSpace(user: user, from: source, into: target, now: now) }
        }
    }

    /// `merge`'s work, with the task counters kept from what each move returns (see `withoutRowCounting`).
    private func moveSpace(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        noteNamesChanged()
        let from = PGValue.integer(source.rawValue)
        let into = PGValue.integer(target.rawValue)
        try lockSpace(source)
        // The user first: a row may name only members of its space (migration 2), and their rows name them.
        try moveUser(user, to: target)
        let lists = try connection.execute(
            "SELECT id, name, is_default FROM lists WHERE space_id = $1 ORDER BY is_default DESC, id", [from])
        let targetDefault = try defaultList(in: target).id
        var moved = 0
        for row in 0..<lists.rowCount {
            let name = try lists.requiredString(row, "name")
            let destination: ListID
            if try lists.requiredInt(row, "is_default") == 1 {
                destination = targetDefault
            } else {
                var candidate = name
                var n = 2
                while try listExists(named: candidate, in: target) {
                    candidate = "\(name) (\(n))"
                    n += 1
                }
                destination = try addList(named: candidate, in: target, now: now)
            }
            let counts = try connection.execute(
                """
                WITH moved AS (
                    UPDATE tasks SET list_id = $1, space_id = $2 WHERE list_id = $3
                    RETURNING done = 0 AND parent_id IS NULL AS open, done <> 0 AND parent_id IS NULL AS closed)
                SELECT count(*) AS tasks, count(*) FILTER (WHERE open) AS open, count(*) FILTER (WHERE closed) AS done
                FROM moved
                """, [.integer(destination.rawValue), into, .integer(try lists.requiredInt(row, "id"))])
            let tasks = Int(try counts.requiredInt(0, "tasks"))
            try addToCounters(
                space: target, tasks: tasks, list: destination, open: Int(try counts.requiredInt(0, "open")),
                done: Int(try counts.requiredInt(0, "done")))
            moved += tasks
        }
        // The source's counter rows go with its lists and the space (their delete triggers).
        try connection.execute("UPDATE routines SET space_id = $1 WHERE space_id = $2", [into, from])
        try connection.execute("UPDATE events SET space_id = $1 WHERE space_id = $2", [into, from])
        try deleteAccountSpace(source)
        return moved
    }

    /// Moves `user` out of their shared space into a new personal space holding a copy of what they created
    /// there (`copyCreations`); the shared space keeps everything, minus the user's assignments.
    /// - Returns: the new space and the number of tasks copied into it.
    public func leave(user: UserID, lang: Language, now: Int64) throws -> (space: SpaceID, copiedTasks: Int) {
        try withBulkTimeout { try leaveNow(user: user, lang: lang, now: now) }
    }

    private func leaveNow(user: UserID, lang: Language, now: Int64) throws -> (space: SpaceID, copiedTasks: Int) {
        guard let source = try self.user(user)?.space else {
            throw DatabaseError(postgres: "no user \(user.rawValue)", sqlState: "02000", sql: nil)
        }
        let space = try createSpace(name: nil, lang: lang, now: now)
        // Moved first, so the copies may name them; then the shared space forgets them (a row names only members).
        try moveUser(user, to: space)
        let copied = try withoutRowCounting {
            let copied = try copyCreations(of: user, from: source, into: space, now: now)
            try recountNewSpace(space)
            return copied
        }
        try forget(user, in: source)
        let id = PGValue.integer(user.rawValue)
        try connection.execute("UPDATE tasks SET assignee_id = NULL WHERE assignee_id = $1", [id])
        try connection.execute("UPDATE routines SET assignee_id = NULL WHERE assignee_id = $1", [id])
        try connection.execute("UPDATE events SET assignee_id = NULL WHERE assignee_id = $1", [id])
        return (space, copied)
    }

    /// Locks a space's row until the transaction ends, before its contents move or go.
    ///
    /// Several nodes: every row that names the space (a task, list, routine, event or invite being added,
    /// or a member moving in) holds a key-share lock on it while its transaction is open, and FOR UPDATE waits
    /// for those; the statements after it (READ COMMITTED) then see what they committed, and later writers
    /// wait and fail on the deleted key. So a task the member's other session adds on another node during a
    /// merge moves with the rest or is refused — never deleted silently with the old list.
    /// Clears `user`'s name from every row of `space`, which they no longer belong to (Store.forget's rules).
    func forget(_ user: UserID, in space: SpaceID) throws {
        let (u, s) = (PGValue.integer(user.rawValue), PGValue.integer(space.rawValue))
        for (table, column) in Store.userReferences where table != "invites" {
            try connection.execute(
                "UPDATE \(table) SET \(column) = NULL WHERE space_id = $1 AND \(column) = $2", [s, u])
        }
        try connection.execute("DELETE FROM plan_entries WHERE space_id = $1 AND user_id = $2", [s, u])
        try connection.execute("DELETE FROM reminders WHERE space_id = $1 AND user_id = $2", [s, u])
    }

    func lockSpace(_ space: SpaceID) throws {
        try connection.execute("SELECT id FROM spaces WHERE id = $1 FOR UPDATE", [.integer(space.rawValue)])
    }

    /// Whether a list of this name (folded the Turkish-aware way) exists in a space.
    private func listExists(named name: String, in space: SpaceID) throws -> Bool {
        try connection.execute(
            "SELECT 1 FROM lists WHERE space_id = $1 AND name_key = $2",
            [.integer(space.rawValue), .text(TextFold.key(name))]
        ).rowCount > 0
    }

    /// Deletes a space with its invites and lists (emptied first by `merge`, or left by its last member).
    /// Routines and events go with it (ON DELETE CASCADE), their search rows by trigger.
    func deleteAccountSpace(_ space: SpaceID) throws {
        noteNamesChanged()
        let s = PGValue.integer(space.rawValue)
        try connection.execute("DELETE FROM invites WHERE space_id = $1", [s])
        try connection.execute("DELETE FROM lists WHERE space_id = $1", [s])
        try connection.execute("DELETE FROM spaces WHERE id = $1", [s])
    }
}
