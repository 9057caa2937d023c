// AccountStore on PostgreSQL, part 1: creating, naming and counting spaces; couple invite codes.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // Table `spaces`; a space's lists, tasks, routines, events and invites go with it (ON DELETE CASCADE).

    /// Creates a space with its default list (named `Store.defaultListName(lang)`).
    public func createSpace(name: String?, lang: Language, now: Int64) throws -> SpaceID {
        noteNamesChanged()
        let result = try connection.execute(
            "INSERT INTO spaces (name, created_at) VALUES ($1, $2) RETURNING id", [nullable(name), .integer(now)])
        let space = SpaceID(try result.requiredInt(0, "id"))
        try insertDefaultList(named: Store.defaultListName(lang), in: space, now: now)
        return space
    }

    /// The name of a space (nil for an unnamed personal space, or no such space).
    public func spaceName(_ space: SpaceID) throws -> String? {
        try connection.execute("SELECT name FROM spaces WHERE id = $1", [.integer(space.rawValue)]).string(0, 0)
    }

    /// Renames a space.
    public func renameSpace(_ space: SpaceID, to name: String?) throws {
        noteNamesChanged()
        try connection.execute("UPDATE spaces SET name = $1 WHERE id = $2", [nullable(name), .integer(space.rawValue)])
    }

    /// What a space holds, for the space limits: one statement, each part an indexed count or the
    /// trigger-kept task counter (as SQLite's `counts(of:)`).
    public func counts(of space: SpaceID) throws -> SpaceCounts {
        let result = try connection.execute(
            """
            SELECT coalesce((SELECT tasks FROM space_task_counts WHERE space_id = $1), 0) AS tasks,
                   (SELECT count(*) FROM lists WHERE space_id = $1) AS lists,
                   (SELECT count(*) FROM routines WHERE space_id = $1) AS routines,
                   (SELECT count(*) FROM events WHERE space_id = $1 AND rec_freq IS NULL)
                   + (SELECT count(*) FROM events WHERE space_id = $1 AND rec_freq IS NOT NULL) AS events
            """, [.integer(space.rawValue)])
        return SpaceCounts(
            tasks: Int(try result.requiredInt(0, "tasks")), lists: Int(try result.requiredInt(0, "lists")),
            routines: Int(try result.requiredInt(0, "routines")), events: Int(try result.requiredInt(0, "events")))
    }

    /// Inserts a space's default list (TaskStore's `addList` adds the others): the name's fold
    /// (`TextFold.key`) is the unique key.
    private func insertDefaultList(named name: String, in space: SpaceID, now: Int64) throws {
        noteNamesChanged()
        try connection.execute(
            "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES ($1, $2, $3, 1, $4)",
            [.integer(space.rawValue), .text(name), .text(TextFold.key(name)), .integer(now)])
    }

    // MARK: Invites

    /// Stores a new invite for `space`; earlier unused invites of the space stop working. True when one of
    /// them was still valid at `now`.
    @discardableResult
    public func createInvite(
        code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64
    ) throws -> Bool {
        let s = PGValue.integer(space.rawValue)
        let voided = try connection.execute(
            "DELETE FROM invites WHERE space_id = $1 AND used_at IS NULL RETURNING expires_at > $2 AS valid",
            [s, .integer(now)])
        let replaced = try (0..<voided.rowCount).contains { try voided.bool($0, 0) == true }
        try connection.execute(
            "INSERT INTO invites (code, space_id, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
            [.text(code.symbols), s, .integer(user.rawValue), .integer(now), .integer(now + lifetime)])
        return replaced
    }

    /// The advisory lock class of invite codes (`pg_advisory_xact_lock(class, hashtext(code))`).
    static let inviteLockClass: Int64 = 0x1_7E

    /// Looks an invite code up: unknown, used, expired (by `now`) or valid.
    ///
    /// Several nodes: the code's advisory lock is taken first and held until the transaction ends, and the
    /// row is read after it (a new snapshot under READ COMMITTED). So of two partners joining with one code
    /// on two nodes at once, the second waits for the first's turn and reads `.used`, as SQLite's single
    /// writer answers — instead of both joining. (An advisory lock, not FOR UPDATE: it also works in a
    /// read-only `read { }`.)
    public func invite(_ code: InviteCode, now: Int64) throws -> InviteState {
        try connection.execute(
            "SELECT pg_advisory_xact_lock($1::integer, hashtext($2))",
            [.integer(PostgresStore.inviteLockClass), .text(code.symbols)])
        let result = try connection.execute(
            "SELECT space_id, created_by, expires_at, used_at FROM invites WHERE code = $1", [.text(code.symbols)])
        guard result.rowCount > 0 else { return .unknown }
        if !result.isNull(0, try result.columnIndex("used_at")) { return .used }
        if try result.requiredInt(0, "expires_at") <= now { return .expired }
        return .valid(
            space: SpaceID(try result.requiredInt(0, "space_id")),
            createdBy: UserID(try result.requiredInt(0, "created_by")))
    }

    /// Marks an invite used.
    public func useInvite(_ code: InviteCode, by user: UserID, now: Int64) throws {
        try connection.execute(
            "UPDATE invites SET used_by = $1, used_at = $2 WHERE code = $3",
            [.integer(user.rawValue), .integer(now), .text(code.symbols)])
    }
}

/// A bound text or NULL.
private func nullable(_ text: String?) -> PGValue { text.map { .text($0) } ?? .null }
