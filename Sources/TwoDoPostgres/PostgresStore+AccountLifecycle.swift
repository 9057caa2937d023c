// AccountLifecycleStore on PostgreSQL: deleting an account (references to it set NULL first) and reset codes.

import TwoDoCore
import TwoDoStore

extension PostgresStore: AccountLifecycleStore {
    /// Deletes `user`; returns true when their space had no other member and was deleted too.
    ///
    /// As SQLite's store: the references to the user from content that stays (`Store.userReferences`) are
    /// set NULL in every space first, the invites they made go (used ones included), then the user row, whose
    /// notifications, undo history, reset row, resume tokens, muted kinds, plan entries and personal
    /// reminders go by ON DELETE CASCADE; a space left without members goes with everything in it.
    public func deleteUser(_ user: UserID) throws -> Bool {
        try withBulkTimeout { try deleteUserNow(user) }
    }

    private func deleteUserNow(_ user: UserID) throws -> Bool {
        // Several nodes: the user's row and their space's row are locked first (see `lockSpace`), so rows
        // another session adds meanwhile are seen by the statements below, or wait and are refused after.
        let locked = try connection.execute(
            "SELECT space_id FROM users WHERE id = $1 FOR UPDATE", [.integer(user.rawValue)])
        guard let spaceID = try locked.int(0, 0) else { return false }
        let row = (id: user, space: SpaceID(spaceID))
        noteNamesChanged()
        try lockSpace(row.space)
        let alone = try members(of: row.space).count <= 1
        let id = PGValue.integer(user.rawValue)
        for (table, column) in Store.userReferences {
            try connection.execute("UPDATE \(table) SET \(column) = NULL WHERE \(column) = $1", [id])
        }
        try connection.execute("DELETE FROM invites WHERE created_by = $1", [id])
        try connection.execute("DELETE FROM users WHERE id = $1", [id])
        // Every task of the space goes: no counter to keep (its rows go with the lists and the space).
        if alone { try withoutRowCounting { try deleteAccountSpace(row.space) } }
        return alone
    }

    // Table `password_resets`: at most one row per user (its primary key).

    /// When `user` last asked for a password reset, if the request is still on file.
    public func resetRequestTime(of user: UserID) throws -> Int64? {
        try connection.execute(
            "SELECT requested_at FROM password_resets WHERE user_id = $1", [.integer(user.rawValue)]
        ).int(0, 0)
    }

    /// Records that `user` asked for a password reset at `now` (an outstanding code stays valid).
    public func recordResetRequest(for user: UserID, now: Int64) throws {
        try connection.execute(
            """
            INSERT INTO password_resets (user_id, requested_at) VALUES ($1, $2)
            ON CONFLICT (user_id) DO UPDATE SET requested_at = EXCLUDED.requested_at
            """, [.integer(user.rawValue), .integer(now)])
    }

    /// Stores a one-time code's hash for `user`; replaces any earlier code.
    public func setResetCode(hash: String, expiresAt: Int64, for user: UserID) throws {
        try connection.execute(
            """
            INSERT INTO password_resets (user_id, code_hash, expires_at) VALUES ($1, $2, $3)
            ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at
            """, [.integer(user.rawValue), .text(hash), .integer(expiresAt)])
    }

    /// The outstanding one-time code of `user`: its hash and when it stops working.
    public func resetCode(of user: UserID) throws -> (hash: String, expiresAt: Int64)? {
        let result = try connection.execute(
            "SELECT code_hash, expires_at FROM password_resets WHERE user_id = $1 AND code_hash IS NOT NULL",
            [.integer(user.rawValue)])
        guard result.rowCount > 0 else { return nil }
        return (try result.requiredString(0, "code_hash"), try result.requiredInt(0, "expires_at"))
    }

    /// Forgets `user`'s request and code.
    public func clearReset(of user: UserID) throws {
        try connection.execute("DELETE FROM password_resets WHERE user_id = $1", [.integer(user.rawValue)])
    }
}
