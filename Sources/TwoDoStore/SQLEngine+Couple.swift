// Joining and leaving a couple on either engine: moves across spaces (list names de-duplicated), the leaver's
// copy (`SQLEngine+Copy`), forgetting a former member, and the counters a bulk move keeps by hand.

import TwoDoCore

extension SQLEngine {
    /// Moves `user` and everything in their old space into `target`, de-duplicating list names.
    ///
    /// Lists whose folded name already exists in the target get a suffix ("Groceries (2)"), except the
    /// default lists, whose tasks join the target's default list. Nothing is dropped; routines and events
    /// move too (else the space's delete would cascade to them), their search rows with them.
    /// - Returns: the number of tasks moved.
    @discardableResult
    public func merge(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        try bulk(countingRows: false) {
            namesWillChange()
            try lockSpace(source)
            // The user first: a row may name only members of its space (SQLite's migration 21, PostgreSQL's 2),
            // and their rows name them.
            try moveUser(user, to: target)
            let targetDefault = try defaultList(in: target).id
            var moved = 0
            for list in try lists(in: source) {
                let destination: ListID
                if list.isDefault {
                    destination = targetDefault
                } else {
                    var candidate = list.name
                    var n = 2
                    while try self.list(named: candidate, in: target) != nil {
                        candidate = "\(list.name) (\(n))"
                        n += 1
                    }
                    destination = try addList(named: candidate, in: target, now: now)
                }
                let tasks = try rows(
                    "UPDATE tasks SET list_id = ?, space_id = ? WHERE list_id = ? RETURNING done, parent_id",
                    [.integer(destination.rawValue), .integer(target.rawValue), .integer(list.id.rawValue)]
                ) { (done: try $0.requiredInt("done") != 0, top: try $0.int("parent_id") == nil) }
                if dialect.countsBulkByHand {
                    try addToCounters(
                        space: target, tasks: tasks.count, list: destination,
                        open: tasks.count(where: { !$0.done && $0.top }),
                        done: tasks.count(where: { $0.done && $0.top }))
                }
                moved += tasks.count
            }
            let (from, into) = (SQLValue.integer(source.rawValue), SQLValue.integer(target.rawValue))
            try write("UPDATE routines SET space_id = ? WHERE space_id = ?", [into, from])
            try write("UPDATE events SET space_id = ? WHERE space_id = ?", [into, from])
            // The source's counter rows go with its lists and the space (their delete triggers).
            try deleteAccountSpace(source)
            return moved
        }
    }

    /// Moves `user` out of their shared space into a new personal space holding a copy of what they created
    /// there (`copyCreations`); the shared space keeps everything, minus the user's name and assignments.
    /// - Returns: the new space and the number of tasks copied into it.
    public func leave(user: UserID, lang: Language, now: Int64) throws -> (space: SpaceID, copiedTasks: Int) {
        try bulk(countingRows: true) {
            guard let source = try self.user(user)?.space else {
                throw DatabaseError(code: 0, message: "no user \(user.rawValue)", sql: nil)
            }
            let space = try createSpace(name: nil, lang: lang, now: now)
            // Moved first, so the copies may name them; then the shared space forgets them (a row names only
            // members).
            try moveUser(user, to: space)
            let copied = try bulk(countingRows: false) {
                let copied = try copyCreations(of: user, from: source, into: space, now: now)
                if dialect.countsBulkByHand { try recountNewSpace(space) }
                return copied
            }
            try forget(user, in: source)
            let id = SQLValue.integer(user.rawValue)
            try write("UPDATE tasks SET assignee_id = NULL WHERE assignee_id = ?", [id])
            try write("UPDATE routines SET assignee_id = NULL WHERE assignee_id = ?", [id])
            try write("UPDATE events SET assignee_id = NULL WHERE assignee_id = ?", [id])
            return (space, copied)
        }
    }

    /// Clears `user`'s name from every row of `space`, which they no longer belong to: what they created, were
    /// given, completed, wrote or marked reads as a former member's; their plan entries and the reminders meant
    /// for them there go. Each statement is bounded by the space's limits.
    package func forget(_ user: UserID, in space: SpaceID) throws {
        let (u, s) = (SQLValue.integer(user.rawValue), SQLValue.integer(space.rawValue))
        for (table, column) in Store.userReferences where table != "invites" {
            try write(SQL("UPDATE \(table) SET \(column) = NULL WHERE space_id = ? AND \(column) = ?"), [s, u])
        }
        try write("DELETE FROM plan_entries WHERE space_id = ? AND user_id = ?", [s, u])
        try write("DELETE FROM reminders WHERE space_id = ? AND user_id = ?", [s, u])
    }

    /// Locks a space's row until the transaction ends, before its contents move or go (PostgreSQL; SQLite's
    /// one writer holds the whole file already).
    ///
    /// Several nodes: every row that names the space (a task, list, routine, event or invite being added,
    /// or a member moving in) holds a key-share lock on it while its transaction is open, and FOR UPDATE waits
    /// for those; the statements after it (READ COMMITTED) then see what they committed, and later writers
    /// wait and fail on the deleted key. So a task the member's other session adds on another node during a
    /// merge moves with the rest or is refused — never deleted silently with the old list.
    package func lockSpace(_ space: SpaceID) throws {
        guard dialect.locksRows else { return }
        _ = try row("SELECT id FROM spaces WHERE id = ? FOR UPDATE", [.integer(space.rawValue)]) { _ in true }
    }

    /// Deletes a space with its invites and lists (emptied first by `merge`, or left by its last member).
    /// Routines and events go with it (ON DELETE CASCADE), their search rows by trigger.
    package func deleteAccountSpace(_ space: SpaceID) throws {
        namesWillChange()
        let s = SQLValue.integer(space.rawValue)
        try write("DELETE FROM invites WHERE space_id = ?", [s])
        try write("DELETE FROM lists WHERE space_id = ?", [s])
        try write("DELETE FROM spaces WHERE id = ?", [s])
    }

    // MARK: Counters kept by hand (PostgreSQL's bulk statements, `SQLDialect.countsBulkByHand`)

    /// Adds `tasks` to a space's task counter and `open` and `done` to a list's counters: relative updates
    /// under the counter rows' locks, as the trigger makes them, so a partner's concurrent change on another
    /// node is neither lost nor counted twice.
    package func addToCounters(space: SpaceID, tasks: Int, list: ListID, open: Int, done: Int) throws {
        if tasks != 0 {
            try write(
                """
                INSERT INTO space_task_counts AS c (space_id, tasks) VALUES (?, ?)
                ON CONFLICT (space_id) DO UPDATE SET tasks = c.tasks + excluded.tasks
                """, [.integer(space.rawValue), .integer(Int64(tasks))])
        }
        try write(
            """
            INSERT INTO list_open_counts AS c (list_id, open, done) VALUES (?, ?, ?)
            ON CONFLICT (list_id) DO UPDATE SET open = c.open + excluded.open, done = c.done + excluded.done
            """, [.integer(list.rawValue), .integer(Int64(open)), .integer(Int64(done))])
    }

    /// Sets the counters of a space no one else can see yet (made in this transaction) from its rows.
    package func recountNewSpace(_ space: SpaceID) throws {
        let s = SQLValue.integer(space.rawValue)
        try write(
            """
            INSERT INTO space_task_counts (space_id, tasks) SELECT ?1, count(*) FROM tasks WHERE space_id = ?1
            ON CONFLICT (space_id) DO UPDATE SET tasks = excluded.tasks
            """, [s])
        try write(
            """
            INSERT INTO list_open_counts (list_id, open, done)
            SELECT l.id, (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL),
                (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done <> 0 AND t.parent_id IS NULL)
            FROM lists l WHERE l.space_id = ?
            ON CONFLICT (list_id) DO UPDATE SET open = excluded.open, done = excluded.done
            """, [s])
    }
}
