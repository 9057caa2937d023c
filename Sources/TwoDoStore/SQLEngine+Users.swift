// Accounts as both engines read and change them: lookup by name and id, password hashes, settings, members
// (creating and deleting one: `SQLEngine+Accounts`).

import TwoDoCore

extension SQLEngine {
    /// The user with this name (any case, any Unicode spelling with the same NFKC form), with the stored
    /// password hash.
    ///
    /// Accounts made before names were NFKC-normalized were keyed on the plain fold: when the NFKC key
    /// finds nothing, the plain one is tried, so such an owner still logs in as they always did.
    public func user(named name: String) throws -> (user: User, passwordHash: String)? {
        let read = { (row: Row) in (try Rows.user(from: row), try row.requiredText("password_hash")) }
        let key = UserName.key(name)
        if let found = try row(SharedSQL.userByName, [.text(key)], map: read) { return found }
        let legacy = TextFold.key(name)
        return legacy == key ? nil : try row(SharedSQL.userByName, [.text(legacy)], map: read)
    }

    /// The user with this id.
    public func user(_ id: UserID) throws -> User? {
        try row(SharedSQL.userByID, [.integer(id.rawValue)], map: Rows.user)
    }

    /// The members of a space, oldest account first.
    public func members(of space: SpaceID) throws -> [User] {
        try rows(SharedSQL.membersOfSpace, [.integer(space.rawValue)], map: Rows.user)
    }

    /// The stored password hash of a user.
    public func passwordHash(of id: UserID) throws -> String? {
        try row("SELECT password_hash FROM users WHERE id = ?", [.integer(id.rawValue)]) {
            try $0.requiredText("password_hash")
        }
    }

    /// Replaces a user's password hash.
    public func setPasswordHash(_ hash: String, for id: UserID) throws {
        try setUserColumn("UPDATE users SET password_hash = ? WHERE id = ?", .text(hash), id)
    }

    /// Sets a user's reply language.
    public func setLanguage(_ lang: Language, for id: UserID) throws {
        try setUserColumn("UPDATE users SET lang = ? WHERE id = ?", .text(lang.rawValue), id)
    }

    /// Sets a user's IANA time zone.
    public func setTimeZone(_ tz: String, for id: UserID) throws {
        try setUserColumn("UPDATE users SET tz = ? WHERE id = ?", .text(tz), id)
    }

    /// Sets (nil: clears) the name partners see.
    public func setDisplayName(_ name: String?, for id: UserID) throws {
        try setUserColumn("UPDATE users SET display_name = ? WHERE id = ?", .bind(name), id)
    }

    /// The user's first day of the week in the month grid, if set (`monday` or `sunday`).
    public func weekStart(of user: UserID) throws -> String? {
        try row("SELECT week_start FROM users WHERE id = ?", [.integer(user.rawValue)]) { try $0.text("week_start") }
            ?? nil
    }

    /// Sets the user's first day of the week.
    public func setWeekStart(_ value: String?, for user: UserID) throws {
        try setUserColumn("UPDATE users SET week_start = ? WHERE id = ?", .bind(value), user)
    }

    /// Moves a user into another space (joining a couple, or leaving one for a new personal space).
    package func moveUser(_ user: UserID, to space: SpaceID) throws {
        try setUserColumn("UPDATE users SET space_id = ? WHERE id = ?", .integer(space.rawValue), user)
    }

    /// Runs one `UPDATE users SET <column> = ? WHERE id = ?` (a change to `users` moves the names generation on).
    private func setUserColumn(_ sql: SQL, _ value: SQLValue, _ id: UserID) throws {
        namesWillChange()
        try write(sql, [value, .integer(id.rawValue)])
    }
}

extension SharedSQL {
    static let userByName = SQL("SELECT \(Rows.userColumns), password_hash FROM users WHERE name_key = ?")
    static let userByID = SQL("SELECT \(Rows.userColumns) FROM users WHERE id = ?")
    static let membersOfSpace = SQL("SELECT \(Rows.userColumns) FROM users WHERE space_id = ? ORDER BY id")
}
