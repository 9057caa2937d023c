// Users, spaces and couple invites.

import TwoDoCore

extension Store {
    /// The name of the list every new space starts with, by language.
    public static func defaultListName(_ lang: Language) -> String { lang == .tr ? "Gelen Kutusu" : "Inbox" }

    /// Creates a space with its default list.
    public func createSpace(name: String?, lang: Language, now: Int64) throws -> SpaceID {
        try db.run(
            "INSERT INTO spaces (name, created_at) VALUES (?, ?)", name.map { .text($0) } ?? .null, .integer(now))
        let space = SpaceID(db.lastInsertID)
        let listName = Store.defaultListName(lang)
        try db.run(
            "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (?, ?, ?, 1, ?)",
            .integer(space.rawValue), .text(listName), .text(TextFold.key(listName)), .integer(now))
        return space
    }

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
            lang: Language(rawValue: try row.requiredText("lang")) ?? .en, tz: try row.requiredText("tz"),
            space: SpaceID(try row.requiredInt("space_id")))
    }

    /// The user with this name (any case, any Unicode spelling with the same NFKC form), with the stored
    /// password hash.
    ///
    /// Accounts made before names were NFKC-normalized were keyed on the plain fold: when the NFKC key
    /// finds nothing, the plain one is tried, so such an owner still logs in as they always did.
    public func user(named name: String) throws -> (user: User, passwordHash: String)? {
        let sql = "SELECT id, name, lang, tz, space_id, password_hash FROM users WHERE name_key = ?"
        let read = { (row: Row) in (try Store.user(from: row), try row.requiredText("password_hash")) }
        let key = UserName.key(name)
        if let found = try db.queryOne(sql, .text(key), map: read) { return found }
        let legacy = TextFold.key(name)
        return legacy == key ? nil : try db.queryOne(sql, .text(legacy), map: read)
    }

    /// The user with this id.
    public func user(_ id: UserID) throws -> User? {
        try db.queryOne("SELECT id, name, lang, tz, space_id FROM users WHERE id = ?", .integer(id.rawValue)) {
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
    public func setTimeZone(_ tz: String, for id: UserID) throws {
        try db.run("UPDATE users SET tz = ? WHERE id = ?", .text(tz), .integer(id.rawValue))
    }

    /// The members of a space, oldest account first.
    public func members(of space: SpaceID) throws -> [User] {
        try db.query(
            "SELECT id, name, lang, tz, space_id FROM users WHERE space_id = ? ORDER BY id", .integer(space.rawValue)
        ) {
            try Store.user(from: $0)
        }
    }

    /// The name of a space (nil for an unnamed personal space).
    public func spaceName(_ space: SpaceID) throws -> String? {
        try db.queryOne("SELECT name FROM spaces WHERE id = ?", .integer(space.rawValue)) { $0.text("name") } ?? nil
    }

    /// Renames a space.
    public func renameSpace(_ space: SpaceID, to name: String?) throws {
        try db.run("UPDATE spaces SET name = ? WHERE id = ?", name.map { .text($0) } ?? .null, .integer(space.rawValue))
    }

    // MARK: Invites

    /// Stores a new invite for `space`; earlier unused invites of the space stop working.
    public func createInvite(code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64) throws {
        try db.run("DELETE FROM invites WHERE space_id = ? AND used_at IS NULL", .integer(space.rawValue))
        try db.run(
            "INSERT INTO invites (code, space_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            .text(code.symbols), .integer(space.rawValue), .integer(user.rawValue), .integer(now),
            .integer(now + lifetime))
    }

    /// What is known of an invite code.
    public enum InviteState: Equatable, Sendable {
        case unknown
        case expired
        case used
        case valid(space: SpaceID, createdBy: UserID)
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

    /// Marks an invite used.
    public func useInvite(_ code: InviteCode, by user: UserID, now: Int64) throws {
        try db.run(
            "UPDATE invites SET used_by = ?, used_at = ? WHERE code = ?", .integer(user.rawValue), .integer(now),
            .text(code.symbols))
    }

    /// Moves `user` and everything in their old space into `target`, de-duplicating list names.
    ///
    /// Lists whose folded name already exists in the target get a suffix ("Groceries (2)"), except the
    /// default lists, whose tasks join the target's default list. Nothing is dropped.
    /// - Returns: the number of tasks moved.
    @discardableResult
    public func merge(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        let sourceLists = try db.query(
            "SELECT id, name, is_default FROM lists WHERE space_id = ? ORDER BY id", .integer(source.rawValue)
        ) { (ListID(try $0.requiredInt("id")), try $0.requiredText("name"), try $0.requiredInt("is_default") == 1) }
        let targetDefault = try defaultList(in: target)
        var moved = 0
        for (list, name, isDefault) in sourceLists {
            let destination: ListID
            if isDefault {
                destination = targetDefault.id
            } else {
                var candidate = name
                var n = 2
                while try self.list(named: candidate, in: target) != nil {
                    candidate = "\(name) (\(n))"
                    n += 1
                }
                destination = try addList(named: candidate, in: target, now: now)
            }
            moved += try db.run(
                "UPDATE tasks SET list_id = ?, space_id = ? WHERE list_id = ?",
                .integer(destination.rawValue), .integer(target.rawValue), .integer(list.rawValue))
        }
        try moveSchedule(from: source, into: target)  // routines and events (else the space's delete cascades to them)
        try db.run("UPDATE users SET space_id = ? WHERE id = ?", .integer(target.rawValue), .integer(user.rawValue))
        try db.run("DELETE FROM invites WHERE space_id = ?", .integer(source.rawValue))
        try db.run("DELETE FROM lists WHERE space_id = ?", .integer(source.rawValue))
        try db.run("DELETE FROM spaces WHERE id = ?", .integer(source.rawValue))
        return moved
    }

    /// Moves `user` out of their shared space into a new, empty personal space.
    public func leave(user: UserID, lang: Language, now: Int64) throws -> SpaceID {
        let space = try createSpace(name: nil, lang: lang, now: now)
        try db.run("UPDATE users SET space_id = ? WHERE id = ?", .integer(space.rawValue), .integer(user.rawValue))
        try db.run("UPDATE tasks SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
        try releaseSchedule(of: user)
        return space
    }
}
