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

    private static func user(from row: Row) throws -> User {
        User(
            id: UserID(try row.requiredInt("id")), name: try row.requiredText("name"),
            lang: try row.required("lang", as: Language.self), tz: try row.requiredText("tz"),
            space: SpaceID(try row.requiredInt("space_id")), displayName: row.text("display_name"))
    }

    /// The user with this name (any case, any Unicode spelling with the same NFKC form), with the stored
    /// password hash.
    ///
    /// Accounts made before names were NFKC-normalized were keyed on the plain fold: when the NFKC key
    /// finds nothing, the plain one is tried, so such an owner still logs in as they always did.
    public func user(named name: String) throws -> (user: User, passwordHash: String)? {
        let sql = "SELECT id, name, lang, tz, space_id, display_name, password_hash FROM users WHERE name_key = ?"
        let read = { (row: Row) in (try Store.user(from: row), try row.requiredText("password_hash")) }
        let key = UserName.key(name)
        if let found = try db.queryOne(sql, .text(key), map: read) { return found }
        let legacy = TextFold.key(name)
        return legacy == key ? nil : try db.queryOne(sql, .text(legacy), map: read)
    }

    /// The user with this id.
    public func user(_ id: UserID) throws -> User? {
        try db.queryOne(
            "SELECT id, name, lang, tz, space_id, display_name FROM users WHERE id = ?", .integer(id.rawValue)
        ) {
            try Store.user(from: $0)
        }
    }

    /// The stored password hash of a user.
    public func passwordHash(of id: UserID) throws -> String? {
        try db.queryOne("SELECT password_hash FROM users WHERE id = ?", .integer(id.rawValue)) {
            try $0.requiredText("password_hash")
        }
    }

    /// Replaces a user's password hash.
    public func setPasswordHash(_ hash: String, for id: UserID) throws {
        try db.run("UPDATE users SET password_hash = ? WHERE id = ?", .text(hash), .integer(id.rawValue))
    }

    /// Sets a user's reply language.
    public func setLanguage(_ lang: Language, for id: UserID) throws {
        try db.run("UPDATE users SET lang = ? WHERE id = ?", .text(lang.rawValue), .integer(id.rawValue))
    }

    /// Sets a user's IANA time zone.
    /// Sets (nil: clears) the name partners see.
    public func setDisplayName(_ name: String?, for id: UserID) throws {
        try db.run(
            "UPDATE users SET display_name = ? WHERE id = ?", name.map { .text($0) } ?? .null, .integer(id.rawValue))
    }

    public func setTimeZone(_ tz: String, for id: UserID) throws {
        try db.run("UPDATE users SET tz = ? WHERE id = ?", .text(tz), .integer(id.rawValue))
    }

    /// The members of a space, oldest account first.
    public func members(of space: SpaceID) throws -> [User] {
        try db.query(
            "SELECT id, name, lang, tz, space_id, display_name FROM users WHERE space_id = ? ORDER BY id",
            .integer(space.rawValue)
        ) {
            try Store.user(from: $0)
        }
    }

    /// Moves a user into another space (joining a couple, or leaving one for a new personal space).
    func moveUser(_ user: UserID, to space: SpaceID) throws {
        try db.run("UPDATE users SET space_id = ? WHERE id = ?", .integer(space.rawValue), .integer(user.rawValue))
    }

    /// The user's first day of the week in the month grid, if set (`monday` or `sunday`).
    public func weekStart(of user: UserID) throws -> String? {
        try db.queryOne("SELECT week_start FROM users WHERE id = ?", .integer(user.rawValue)) { $0.text("week_start") }
            ?? nil
    }

    /// Sets the user's first day of the week.
    public func setWeekStart(_ value: String?, for user: UserID) throws {
        try db.run(
            "UPDATE users SET week_start = ? WHERE id = ?", value.map { .text($0) } ?? .null, .integer(user.rawValue))
    }
}
