// SQL on `spaces` and `invites`: creating, naming and counting spaces; couple invite codes.

import TwoDoCore

extension Store {
    // Table `spaces`: migration 1 (created), 6 (trigger `spaces_counted_delete`). A space's lists, tasks,
    // routines, events and invites go with it (ON DELETE CASCADE).

    /// Deletes a space (emptied by `merge`: its members, lists and schedule have moved out).
    func deleteSpace(_ space: SpaceID) throws {
        try db.run("DELETE FROM spaces WHERE id = ?", .integer(space.rawValue))
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

    /// Deletes every invite of a space (used or not), before the space goes.
    func deleteInvites(of space: SpaceID) throws {
        try db.run("DELETE FROM invites WHERE space_id = ?", .integer(space.rawValue))
    }
}
