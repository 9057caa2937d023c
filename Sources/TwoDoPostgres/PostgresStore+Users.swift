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
}
