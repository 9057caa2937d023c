// An account's life on either engine: creating one (a race for a name decided by the unique indexes), couple
// invite codes, password reset codes, and deleting one (references to it set NULL first).

import TwoDoCore

extension SQLEngine {
    /// Creates a user with a personal space. Returns nil when the name is taken (regardless of case) or
    /// looks like a taken one (the same confusable skeleton) — also when another node takes it at the same
    /// moment: the unique indexes on `name_key` and `name_skeleton` decide, and the insert does nothing instead
    /// of failing the transaction.
    ///
    /// - Parameter name: the name as it will be shown, already in NFKC form (`UserName.normalized`).
    public func createUser(name: String, passwordHash: String, lang: Language, now: Int64) throws -> User? {
        let key = UserName.key(name)
        let skeleton = UserName.skeleton(name)
        let taken = try row(
            "SELECT 1 AS taken FROM users WHERE name_key = ? OR name_skeleton = ? LIMIT 1",
            [.text(key), .text(skeleton)]
        ) { _ in true }
        if taken != nil { return nil }
        let space = try createSpace(name: nil, lang: lang, now: now)
        let inserted = try rows(
            """
            INSERT INTO users (name, name_key, name_skeleton, password_hash, lang, tz, space_id, created_at)
            VALUES (?, ?, ?, ?, ?, 'UTC', ?, ?)
            ON CONFLICT DO NOTHING RETURNING id
            """,
            [
                .text(name), .text(key), .text(skeleton), .text(passwordHash), .text(lang.rawValue),
                .integer(space.rawValue), .integer(now),
            ]
        ) { UserID(try $0.requiredInt("id")) }
        guard let id = inserted.first else {
            // Lost a race for the name: the personal space made for it goes again.
            try deleteAccountSpace(space)
            return nil
        }
        return User(id: id, name: name, lang: lang, tz: "UTC", space: space)
    }

    /// The name of the member whose name looks like `name` (same TR39 skeleton), if any.
    public func lookalike(of name: String) throws -> String? {
        try row("SELECT name FROM users WHERE name_skeleton = ? LIMIT 1", [.text(UserName.skeleton(name))]) {
            try $0.requiredText("name")
        }
    }

    // MARK: Invites

    /// Stores a new invite for `space`; earlier unused invites of the space stop working. True when one of
    /// them was still valid at `now`.
    @discardableResult
    public func createInvite(
        code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64
    ) throws -> Bool {
        let s = SQLValue.integer(space.rawValue)
        let voided = try rows(
            """
            DELETE FROM invites WHERE space_id = ? AND used_at IS NULL
            RETURNING CASE WHEN expires_at > ? THEN 1 ELSE 0 END AS valid
            """, [s, .integer(now)]
        ) { try $0.requiredInt("valid") == 1 }
        try write(
            "INSERT INTO invites (code, space_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            [.text(code.symbols), s, .integer(user.rawValue), .integer(now), .integer(now + lifetime)])
        return voided.contains(true)
    }

    /// Looks an invite code up: unknown, used, expired (by `now`) or valid.
    ///
    /// Several nodes (PostgreSQL): the code's advisory lock is taken first and held until the transaction
    /// ends, and the row is read after it (a new snapshot under READ COMMITTED). So of two partners joining
    /// with one code on two nodes at once, the second waits for the first's turn and reads `.used`, as
    /// SQLite's single writer answers — instead of both joining. (An advisory lock, not FOR UPDATE: it also
    /// works in a read-only `read { }`.)
    public func invite(_ code: InviteCode, now: Int64) throws -> InviteState {
        if dialect.locksRows {
            _ = try row(
                "SELECT pg_advisory_xact_lock(?::integer, hashtext(?)) AS locked",
                [.integer(SQLDialect.inviteLockClass), .text(code.symbols)]
            ) { _ in true }
        }
        let found = try row(
            "SELECT space_id, created_by, expires_at, used_at FROM invites WHERE code = ?", [.text(code.symbols)]
        ) {
            (
                space: try $0.requiredInt("space_id"), createdBy: try $0.requiredInt("created_by"),
                expires: try $0.requiredInt("expires_at"), used: try $0.int("used_at")
            )
        }
        guard let found else { return .unknown }
        if found.used != nil { return .used }
        if found.expires <= now { return .expired }
        return .valid(space: SpaceID(found.space), createdBy: UserID(found.createdBy))
    }

    // MARK: Password resets (`password_resets`: at most one row per user, its primary key)

    /// When `user` last asked for a password reset, if the request is still on file.
    public func resetRequestTime(of user: UserID) throws -> Int64? {
        try row("SELECT requested_at FROM password_resets WHERE user_id = ?", [.integer(user.rawValue)]) {
            try $0.int("requested_at")
        } ?? nil
    }

    /// Records that `user` asked for a password reset at `now` (an outstanding code stays valid).
    public func recordResetRequest(for user: UserID, now: Int64) throws {
        try write(
            """
            INSERT INTO password_resets (user_id, requested_at) VALUES (?, ?)
            ON CONFLICT (user_id) DO UPDATE SET requested_at = excluded.requested_at
            """, [.integer(user.rawValue), .integer(now)])
    }

    /// Stores a one-time code's hash for `user`; replaces any earlier code.
    public func setResetCode(hash: String, expiresAt: Int64, for user: UserID) throws {
        try write(
            """
            INSERT INTO password_resets (user_id, code_hash, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at
            """, [.integer(user.rawValue), .text(hash), .integer(expiresAt)])
    }

    /// The outstanding one-time code of `user`: its hash and when it stops working.
    public func resetCode(of user: UserID) throws -> (hash: String, expiresAt: Int64)? {
        try row(
            "SELECT code_hash, expires_at FROM password_resets WHERE user_id = ? AND code_hash IS NOT NULL",
            [.integer(user.rawValue)]
        ) { (try $0.requiredText("code_hash"), try $0.requiredInt("expires_at")) }
    }

    /// Forgets `user`'s request and code.
    public func clearReset(of user: UserID) throws {
        try write("DELETE FROM password_resets WHERE user_id = ?", [.integer(user.rawValue)])
    }

    // MARK: Deleting an account

    /// Deletes `user`; returns true when their space had no other member and was deleted too.
    ///
    /// The foreign keys to `users(id)` from content that stays have no ON DELETE action, so each is set NULL
    /// here first, in every space (a user who left a couple may still be the author of rows in the old one):
    /// NULL reads as "a former member". Notifications, undo history, reset rows, resume tokens, muted kinds,
    /// plan entries and personal reminders go with the user (ON DELETE CASCADE). Invites the user made go
    /// (`created_by` is NOT NULL), used ones included: they are only history. A space left without members
    /// goes with everything in it.
    public func deleteUser(_ user: UserID) throws -> Bool {
        try bulk(countingRows: true) {
            let id = SQLValue.integer(user.rawValue)
            // Several nodes: the user's row and their space's row are locked first (see `lockSpace`), so rows
            // another session adds meanwhile are seen by the statements below, or wait and are refused after.
            let space = try row(
                SQL { d in "SELECT space_id FROM users WHERE id = ?" + (d.locksRows ? " FOR UPDATE" : "") }, [id]
            ) { SpaceID(try $0.requiredInt("space_id")) }
            guard let space else { return false }
            namesWillChange()
            try lockSpace(space)
            let alone = try members(of: space).count <= 1
            for (table, column) in Store.userReferences {
                try write(SQL("UPDATE \(table) SET \(column) = NULL WHERE \(column) = ?"), [id])
            }
            try write("DELETE FROM invites WHERE created_by = ?", [id])
            try write("DELETE FROM users WHERE id = ?", [id])
            // Every task of the space goes: no counter to keep (its rows go with the lists and the space).
            if alone { try bulk(countingRows: false) { try deleteAccountSpace(space) } }
            return alone
        }
    }
}

extension Store {
    /// The nullable columns that name a user in rows that outlive them (table, column); fixed names, never input.
    package static let userReferences: [(String, String)] = [
        ("tasks", "created_by"), ("tasks", "assignee_id"), ("tasks", "completed_by"),
        ("task_notes", "author_id"),
        ("routines", "created_by"), ("routines", "assignee_id"), ("routine_marks", "by_id"),
        ("events", "created_by"), ("events", "assignee_id"),
        ("item_notes", "author_id"),
        ("invites", "used_by"),
    ]
}

extension SQLDialect {
    /// The advisory lock class of invite codes (`pg_advisory_xact_lock(class, hashtext(code))`).
    package static let inviteLockClass: Int64 = 0x1_7E
}
