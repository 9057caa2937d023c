// SQL on `spaces` and `invites`: creating, naming and counting spaces; couple invite codes.

import TwoDoCore

extension Store {
    // Table `spaces`: migration 1 (created), 6 (trigger `spaces_counted_delete`). A space's lists, tasks,
    // routines, events and invites go with it (ON DELETE CASCADE).

    /// Creates a space with its default list.
    public func createSpace(name: String?, lang: Language, now: Int64) throws -> SpaceID {
        try db.run(
            "INSERT INTO spaces (name, created_at) VALUES (?, ?)", name.map { .text($0) } ?? .null, .integer(now))
        let space = SpaceID(db.lastInsertID)
        _ = try insertList(named: Store.defaultListName(lang), in: space, isDefault: true, now: now)
        return space
    }

    /// The name of a space (nil for an unnamed personal space).
    public func spaceName(_ space: SpaceID) throws -> String? {
        try db.queryOne("SELECT name FROM spaces WHERE id = ?", .integer(space.rawValue)) { $0.text("name") } ?? nil
    }

    /// Renames a space.
    public func renameSpace(_ space: SpaceID, to name: String?) throws {
        try db.run("UPDATE spaces SET name = ? WHERE id = ?", name.map { .text($0) } ?? .null, .integer(space.rawValue))
    }

    /// Deletes a space (emptied by `merge`: its members, lists and schedule have moved out).
    func deleteSpace(_ space: SpaceID) throws {
        try db.run("DELETE FROM spaces WHERE id = ?", .integer(space.rawValue))
    }

    /// What a space holds, for the space limits (each an indexed count). The one statement that reads
    /// several tables' counts at once (`space_task_counts`, `lists`, `routines`, `events`): one round trip
    /// per command that adds something.
    public func counts(of space: SpaceID) throws -> SpaceCounts {
        let s = SQLValue.integer(space.rawValue)
        return try db.queryOne(
            """
            SELECT coalesce((SELECT tasks FROM space_task_counts WHERE space_id = ?), 0) AS tasks,
                   (SELECT count(*) FROM lists WHERE space_id = ?) AS lists,
                   (SELECT count(*) FROM routines WHERE space_id = ?) AS routines,
                   (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NULL)
                   + (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NOT NULL) AS events
            """, s, s, s, s, s
        ) {
            SpaceCounts(
                tasks: Int(try $0.requiredInt("tasks")), lists: Int(try $0.requiredInt("lists")),
                routines: Int(try $0.requiredInt("routines")), events: Int(try $0.requiredInt("events")))
        } ?? SpaceCounts(tasks: 0, lists: 0, routines: 0, events: 0)
    }

    // MARK: Invites

    // Table `invites`: migration 1.

    /// Stores a new invite for `space`; earlier unused invites of the space stop working.
    @discardableResult
    public func createInvite(
        code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64
    ) throws
        -> Bool
    {
        let replaced = try db.run(
            "DELETE FROM invites WHERE space_id = ? AND used_at IS NULL AND expires_at > ?", .integer(space.rawValue),
            .integer(now))
        try db.run("DELETE FROM invites WHERE space_id = ? AND used_at IS NULL", .integer(space.rawValue))
        try db.run(
            "INSERT INTO invites (code, space_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            .text(code.symbols), .integer(space.rawValue), .integer(user.rawValue), .integer(now),
            .integer(now + lifetime))
        return replaced > 0
    }

    /// Looks an invite code up.
    public func invite(_ code: InviteCode, now: Int64) throws -> InviteState {
        let row = try db.queryOne(
            "SELECT space_id, created_by, expires_at, used_at FROM invites WHERE code = ?", .text(code.symbols)
        ) {
            (
                try $0.requiredInt("space_id"), try $0.requiredInt("created_by"), try $0.requiredInt("expires_at"),
                $0.int("used_at")
            )
        }
        guard let row else { return .unknown }
        if row.3 != nil { return .used }
        if row.2 <= now { return .expired }
        return .valid(space: SpaceID(row.0), createdBy: UserID(row.1))
    }

    /// Marks an invite used.
    public func useInvite(_ code: InviteCode, by user: UserID, now: Int64) throws {
        try db.run(
            "UPDATE invites SET used_by = ?, used_at = ? WHERE code = ?", .integer(user.rawValue), .integer(now),
            .text(code.symbols))
    }

    /// Deletes every invite of a space (used or not), before the space goes.
    func deleteInvites(of space: SpaceID) throws {
        try db.run("DELETE FROM invites WHERE space_id = ?", .integer(space.rawValue))
    }
}
