// AccountStore on PostgreSQL, part 2: accounts, lookup by name (with look-alike refusal), settings, members.

import TwoDoCore
import TwoDoStore

extension PostgresStore: AccountStore {
    // Table `users`: `name_key` and `name_skeleton` are both UNIQUE (PostgresSchema), so two nodes creating
    // the same or look-alike names at once cannot both succeed.

    /// Creates a user with a personal space. Returns nil when the name is taken (regardless of case) or
    /// looks like a taken one (the same confusable skeleton) — also when another node takes it at the same
    /// moment: the unique indexes decide, and the insert does nothing instead of failing the transaction.
    ///
    /// - Parameter name: the name as it will be shown, already in NFKC form (`UserName.normalized`).
    public func createUser(name: String, passwordHash: String, lang: Language, now: Int64) throws -> User? {
        let key = UserName.key(name)
        let skeleton = UserName.skeleton(name)
        let taken = try connection.execute(
            "SELECT 1 FROM users WHERE name_key = $1 OR name_skeleton = $2 LIMIT 1", [.text(key), .text(skeleton)])
        if taken.rowCount > 0 { return nil }
        let space = try createSpace(name: nil, lang: lang, now: now)
        let inserted = try connection.execute(
            """
            INSERT INTO users (name, name_key, name_skeleton, password_hash, lang, tz, space_id, created_at)
            VALUES ($1, $2, $3, $4, $5, 'UTC', $6, $7)
            ON CONFLICT DO NOTHING RETURNING id
            """,
            [
                .text(name), .text(key), .text(skeleton), .text(passwordHash), .text(lang.rawValue),
                .integer(space.rawValue), .integer(now),
            ])
        guard inserted.rowCount == 1 else {
            // Lost a race for the name: the personal space made for it goes again.
            try connection.execute("DELETE FROM lists WHERE space_id = $1", [.integer(space.rawValue)])
            try connection.execute("DELETE FROM spaces WHERE id = $1", [.integer(space.rawValue)])
            return nil
        }
        return User(
            id: UserID(try inserted.requiredInt(0, "id")), name: name, lang: lang, tz: "UTC", space: space)
    }

    /// The name of the member whose name looks like `name` (same TR39 skeleton), if any.
    public func lookalike(of name: String) throws -> String? {
        try connection.execute(
            "SELECT name FROM users WHERE name_skeleton = $1 LIMIT 1", [.text(UserName.skeleton(name))]
        ).string(0, 0)
    }

    /// The user with this name (any case, any Unicode spelling with the same NFKC form), with the stored
    /// password hash. Accounts keyed on the plain fold (before NFKC) are found by it when the NFKC key finds
    /// nothing, as in SQLite's store.
    public func user(named name: String) throws -> (user: User, passwordHash: String)? {
        let sql = "SELECT id, name, lang, tz, space_id, display_name, password_hash FROM users WHERE name_key = $1"
        let key = UserName.key(name)
        var result = try connection.execute(sql, [.text(key)])
        if result.rowCount == 0 {
            let legacy = TextFold.key(name)
            guard legacy != key else { return nil }
            result = try connection.execute(sql, [.text(legacy)])
            guard result.rowCount > 0 else { return nil }
        }
        return (try PostgresStore.user(result, 0), try result.requiredString(0, "password_hash"))
    }

    /// The user with this id.
    public func user(_ id: UserID) throws -> User? {
        let result = try connection.execute(
            "SELECT id, name, lang, tz, space_id, display_name FROM users WHERE id = $1", [.integer(id.rawValue)])
        return result.rowCount > 0 ? try PostgresStore.user(result, 0) : nil
    }

    /// The stored password hash of a user.
    public func passwordHash(of id: UserID) throws -> String? {
        try connection.execute("SELECT password_hash FROM users WHERE id = $1", [.integer(id.rawValue)]).string(0, 0)
    }

    /// Replaces a user's password hash.
    public func setPasswordHash(_ hash: String, for id: UserID) throws {
        try setUserColumn("UPDATE users SET password_hash = $1 WHERE id = $2", .text(hash), id)
    }

    /// Sets a user's reply language.
    public func setLanguage(_ lang: Language, for id: UserID) throws {
        try setUserColumn("UPDATE users SET lang = $1 WHERE id = $2", .text(lang.rawValue), id)
    }

    /// Sets a user's IANA time zone.
    public func setTimeZone(_ tz: String, for id: UserID) throws {
        try setUserColumn("UPDATE users SET tz = $1 WHERE id = $2", .text(tz), id)
    }

    /// Sets (nil: clears) the name partners see.
    public func setDisplayName(_ name: String?, for id: UserID) throws {
        try setUserColumn("UPDATE users SET display_name = $1 WHERE id = $2", name.map { .text($0) } ?? .null, id)
    }

    /// The members of a space, oldest account first.
    public func members(of space: SpaceID) throws -> [User] {
        let result = try connection.execute(
            "SELECT id, name, lang, tz, space_id, display_name FROM users WHERE space_id = $1 ORDER BY id",
            [.integer(space.rawValue)])
        return try (0..<result.rowCount).map { try PostgresStore.user(result, $0) }
    }

    /// The user's first day of the week in the month grid, if set (`monday` or `sunday`).
    public func weekStart(of user: UserID) throws -> String? {
        try connection.execute("SELECT week_start FROM users WHERE id = $1", [.integer(user.rawValue)]).string(0, 0)
    }

    /// Sets the user's first day of the week.
    public func setWeekStart(_ value: String?, for user: UserID) throws {
        try setUserColumn("UPDATE users SET week_start = $1 WHERE id = $2", value.map { .text($0) } ?? .null, user)
    }

    /// Runs one `UPDATE users SET <column> = $1 WHERE id = $2`; a change to `users` moves `namesGeneration`
    /// on, as SQLite's update hook does for every row of the table.
    private func setUserColumn(_ sql: String, _ value: PGValue, _ id: UserID) throws {
        noteNamesChanged()
        try connection.execute(sql, [value, .integer(id.rawValue)])
    }

    /// Moves a user into another space (joining a couple, or leaving one for a new personal space).
    func moveUser(_ user: UserID, to space: SpaceID) throws {
        try setUserColumn("UPDATE users SET space_id = $1 WHERE id = $2", .integer(space.rawValue), user)
    }

    /// Row `row` of a result with the columns id, name, lang, tz, space_id, display_name as a `User`.
    static func user(_ result: PGResult, _ row: Int) throws -> User {
        let langText = try result.requiredString(row, "lang")
        guard let lang = Language(rawValue: langText) else {
            throw DatabaseError(postgres: "unknown language \(langText)", sqlState: "22000", sql: nil)
        }
        return User(
            id: UserID(try result.requiredInt(row, "id")), name: try result.requiredString(row, "name"), lang: lang,
            tz: try result.requiredString(row, "tz"), space: SpaceID(try result.requiredInt(row, "space_id")),
            displayName: try result.string(row, "display_name"))
    }
}
