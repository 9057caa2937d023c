// SQL for deleting an account (references to it set NULL first) and on `password_resets` (migration 12).

import TwoDoCore

extension Store {
    /// Deletes `user`; returns true when their space had no other member and was deleted too.
    ///
    /// The foreign keys to `users(id)` from content that stays have no ON DELETE action (migration 1 and 3),
    /// so each is set NULL here first, in every space (a user who left a couple may still be the author of
    /// rows in the old one): NULL reads as "a former member". Notifications, undo history and reset rows go
    /// with the user (ON DELETE CASCADE). Invites the user made go (`created_by` is NOT NULL), used ones
    /// included: they are only history.
    public func deleteUser(_ user: UserID) throws -> Bool {
        guard let row = try self.user(user) else { return false }
        let alone = try members(of: row.space).count <= 1
        let id = SQLValue.integer(user.rawValue)
        for (table, column) in Store.userReferences {
            try db.run("UPDATE \(table) SET \(column) = NULL WHERE \(column) = ?", id)
        }
        try db.run("DELETE FROM invites WHERE created_by = ?", id)
        try db.run("DELETE FROM users WHERE id = ?", id)
        if alone {
            try deleteInvites(of: row.space)
            try deleteLists(in: row.space)
            try deleteSpace(row.space)  // routines and events go with it (ON DELETE CASCADE)
        }
        return alone
    }

    /// The nullable columns that name a user in rows that outlive them (table, column); fixed names, never input.
    package static let userReferences: [(String, String)] = [
        ("tasks", "created_by"), ("tasks", "assignee_id"), ("tasks", "completed_by"),
        ("task_notes", "author_id"),
        ("routines", "created_by"), ("routines", "assignee_id"), ("routine_marks", "by_id"),
        ("events", "created_by"), ("events", "assignee_id"),
        ("item_notes", "author_id"),
        ("invites", "used_by"),
    ]

    // Table `password_resets`: migration 12.

    /// When `user` last asked for a password reset, if the request is still on file.
    public func resetRequestTime(of user: UserID) throws -> Int64? {
        try db.queryOne("SELECT requested_at FROM password_resets WHERE user_id = ?", .integer(user.rawValue)) {
            $0.int("requested_at")
        } ?? nil
    }

    /// Records that `user` asked for a password reset at `now` (an outstanding code stays valid).
    public func recordResetRequest(for user: UserID, now: Int64) throws {
        try db.run(
            """
            INSERT INTO password_resets (user_id, requested_at) VALUES (?, ?)
            ON CONFLICT (user_id) DO UPDATE SET requested_at = excluded.requested_at
            """, .integer(user.rawValue), .integer(now))
    }

    /// Stores a one-time code's hash for `user`; replaces any earlier code.
    public func setResetCode(hash: String, expiresAt: Int64, for user: UserID) throws {
        try db.run(
            """
            INSERT INTO password_resets (user_id, code_hash, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at
            """, .integer(user.rawValue), .text(hash), .integer(expiresAt))
    }

    /// The outstanding one-time code of `user`: its hash and when it stops working.
    public func resetCode(of user: UserID) throws -> (hash: String, expiresAt: Int64)? {
        try db.queryOne(
            "SELECT code_hash, expires_at FROM password_resets WHERE user_id = ? AND code_hash IS NOT NULL",
            .integer(user.rawValue)
        ) { (try $0.requiredText("code_hash"), try $0.requiredInt("expires_at")) }
    }

    /// Forgets `user`'s request and code.
    public func clearReset(of user: UserID) throws {
        try db.run("DELETE FROM password_resets WHERE user_id = ?", .integer(user.rawValue))
    }
}
