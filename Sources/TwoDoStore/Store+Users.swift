// SQL on `users`: accounts, lookup by name (with look-alike refusal), settings and membership.

import TwoDoCore

extension Store {
    // Table `users`: migration 1 (created), 3 (`week_start`), 4 (`name_skeleton`, filled by
    // `fillNameSkeletons()`).

    /// Creates a user with a personal space. Returns nil when the name is taken (regardless of case) or
    /// looks like a taken one (the same confusable skeleton).
    ///
    /// - Parameter name: the name as it will be shown, already in NFKC form (`UserName.normalized`).
    public func createUser(name: String, passwordHash: String, lang: Language, now: Int64) throws -> User? {
        let key = UserName.key(name)
        if try userID(nameKey: key) != nil { return nil }
        let skeleton = UserName.skeleton(name)
        if try userID(skeleton: skeleton) != nil { return nil }
        let space = try createSpace(name: nil, lang: lang, now: now)
        try db.run(
            """
            INSERT INTO users (name, name_key, name_skeleton, password_hash, lang, tz, space_id, created_at)
            VALUES (?, ?, ?, ?, ?, 'UTC', ?, ?)
            """,
            .text(name), .text(key), .text(skeleton), .text(passwordHash), .text(lang.rawValue),
            .integer(space.rawValue),
            .integer(now))
        return User(id: UserID(db.lastInsertID), name: name, lang: lang, tz: "UTC", space: space)
    }

    /// The name of the member whose name looks like `name` (same TR39 skeleton), if any.
    public func lookalike(of name: String) throws -> String? {
        try db.queryOne("SELECT name FROM users WHERE name_skeleton = ? LIMIT 1", .text(UserName.skeleton(name))) {
            try $0.requiredText("name")
        }
    }

    private func userID(skeleton: String) throws -> UserID? {
        try db.queryOne("SELECT id FROM users WHERE name_skeleton = ? LIMIT 1", .text(skeleton)) {
            UserID(try $0.requiredInt("id"))
        }
    }

    /// Computes the confusable skeleton of every user that has none (accounts made before migration 4).
    func fillNameSkeletons() throws {
        let missing = try db.query("SELECT id, name FROM users WHERE name_skeleton IS NULL") {
            (try $0.requiredInt("id"), try $0.requiredText("name"))
        }
        guard !missing.isEmpty else { return }
        try db.inTransaction {
            for (id, name) in missing {
                try db.run(
                    "UPDATE users SET name_skeleton = ? WHERE id = ?", .text(UserName.skeleton(name)), .integer(id))
            }
        }
    }

    private func userID(nameKey: String) throws -> UserID? {
        try db.queryOne("SELECT id FROM users WHERE name_key = ?", .text(nameKey)) { UserID(try $0.requiredInt("id")) }
    }
}
