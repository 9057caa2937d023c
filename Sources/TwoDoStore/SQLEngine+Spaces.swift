// A space's lists and the space itself as both engines read and change them: lists with their counts
// (`list_open_counts`, kept by triggers: one row per list, never a count of its tasks), by folded name, the
// default one, their names and numbers; adding, renaming and decorating lists; creating, naming and counting
// spaces, and using an invite (creating and looking one up: `SQLEngine+Accounts`). Deleting a list's done tasks
// stays each engine's (PostgreSQL counts a batch and its cascaded steps by hand in one statement).

import TwoDoCore

extension SQLEngine {
    /// Every list in a space with its open and done counts; the default list first, then by creation.
    public func lists(in space: SpaceID) throws -> [TaskList] {
        try rows(SharedSQL.listsOfSpace, [.integer(space.rawValue)], map: Rows.listWithCounts)
    }

    /// The list of this name (folded the Turkish-aware way) in a space.
    public func list(named name: String, in space: SpaceID) throws -> TaskList? {
        try row(
            "SELECT id, name, is_default, icon FROM lists WHERE space_id = ? AND name_key = ?",
            [.integer(space.rawValue), .text(TextFold.key(name))], map: Rows.list)
    }

    /// The default list of a space (every space has one: a space without it is a broken invariant).
    public func defaultList(in space: SpaceID) throws -> TaskList {
        let found = try row(
            "SELECT id, name, is_default, icon FROM lists WHERE space_id = ? AND is_default = 1",
            [.integer(space.rawValue)], map: Rows.list)
        guard let found else { preconditionFailure("space \(space) has no default list") }
        return found
    }

    /// The names of a space's lists, default first (cheap: read to parse every command).
    public func listNames(in space: SpaceID) throws -> [String] {
        try rows("SELECT name FROM lists WHERE space_id = ? ORDER BY is_default DESC, id", [.integer(space.rawValue)]) {
            try $0.requiredText("name")
        }
    }

    /// The number of lists of a space.
    public func listCount(in space: SpaceID) throws -> Int {
        try count("SELECT count(*) AS n FROM lists WHERE space_id = ?", .integer(space.rawValue))
    }

    /// The number of open tasks of a list: one row of `list_open_counts`, kept by the counting triggers.
    public func openTaskCount(in list: ListID) throws -> Int {
        try count("SELECT open AS n FROM list_open_counts WHERE list_id = ?", .integer(list.rawValue))
    }

    /// Adds a list; the caller has checked the name is free.
    public func addList(named name: String, in space: SpaceID, now: Int64) throws -> ListID {
        try insertList(named: name, in: space, isDefault: false, now: now)
    }

    /// Inserts a list row (a space's default list, or one a member adds); the folded name is its unique key.
    package func insertList(named name: String, in space: SpaceID, isDefault: Bool, now: Int64) throws -> ListID {
        namesWillChange()
        return ListID(
            try insert(
                "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .integer(space.rawValue), .text(name), .text(TextFold.key(name)), .integer(isDefault ? 1 : 0),
                    .integer(now),
                ]))
    }

    /// Deletes a list and its tasks (ON DELETE CASCADE), their notes, reminders and steps with them.
    public func deleteList(_ list: ListID) throws {
        namesWillChange()
        try bulk(countingRows: true) { try write("DELETE FROM lists WHERE id = ?", [.integer(list.rawValue)]) }
    }

    /// Renames a list; the caller has checked the new name is free.
    public func renameList(_ list: ListID, to name: String) throws {
        namesWillChange()
        try write(
            "UPDATE lists SET name = ?, name_key = ? WHERE id = ?",
            [.text(name), .text(TextFold.key(name)), .integer(list.rawValue)])
    }

    /// Sets a list's icon (one emoji, checked by the caller with `ListIcon`), or removes it (nil).
    public func setIcon(_ icon: String?, of list: ListID) throws {
        namesWillChange()  // any change to `lists` moves the generation on
        try write("UPDATE lists SET icon = ? WHERE id = ?", [.bind(icon), .integer(list.rawValue)])
    }

    /// The open tasks the joined default list would hold after merging `source` into `target` (the default
    /// lists join; other lists move whole, so no other list grows).
    public func mergedDefaultOpenCount(from source: SpaceID, into target: SpaceID) throws -> Int {
        try openTaskCount(in: defaultList(in: source).id) + openTaskCount(in: defaultList(in: target).id)
    }
}

extension SharedSQL {
    static let listsOfSpace = SQL(Rows.listsWithCounts + " WHERE l.space_id = ? ORDER BY l.is_default DESC, l.id")
}

extension SQLEngine {
    // MARK: Spaces (a space's lists, tasks, routines, events and invites go with it, ON DELETE CASCADE)

    /// Creates a space with its default list (named `Store.defaultListName(lang)`).
    public func createSpace(name: String?, lang: Language, now: Int64) throws -> SpaceID {
        namesWillChange()
        let space = SpaceID(
            try insert("INSERT INTO spaces (name, created_at) VALUES (?, ?)", [.bind(name), .integer(now)]))
        _ = try insertList(named: Store.defaultListName(lang), in: space, isDefault: true, now: now)
        return space
    }

    /// The name of a space (nil for an unnamed personal space, or no such space).
    public func spaceName(_ space: SpaceID) throws -> String? {
        try row("SELECT name FROM spaces WHERE id = ?", [.integer(space.rawValue)]) { try $0.text("name") } ?? nil
    }

    /// Renames a space.
    public func renameSpace(_ space: SpaceID, to name: String?) throws {
        namesWillChange()
        try write("UPDATE spaces SET name = ? WHERE id = ?", [.bind(name), .integer(space.rawValue)])
    }

    /// What a space holds, for the space limits (each an indexed count, or the trigger-kept task counter). The
    /// one statement that reads several tables' counts at once: one round trip per command that adds something.
    public func counts(of space: SpaceID) throws -> SpaceCounts {
        let s = SQLValue.integer(space.rawValue)
        return try row(
            """
            SELECT coalesce((SELECT tasks FROM space_task_counts WHERE space_id = ?1), 0) AS tasks,
                   (SELECT count(*) FROM lists WHERE space_id = ?1) AS lists,
                   (SELECT count(*) FROM routines WHERE space_id = ?1) AS routines,
                   (SELECT count(*) FROM events WHERE space_id = ?1 AND rec_freq IS NULL)
                   + (SELECT count(*) FROM events WHERE space_id = ?1 AND rec_freq IS NOT NULL) AS events
            """, [s]
        ) {
            SpaceCounts(
                tasks: Int(try $0.requiredInt("tasks")), lists: Int(try $0.requiredInt("lists")),
                routines: Int(try $0.requiredInt("routines")), events: Int(try $0.requiredInt("events")))
        } ?? SpaceCounts(tasks: 0, lists: 0, routines: 0, events: 0)
    }

    /// Marks an invite used.
    public func useInvite(_ code: InviteCode, by user: UserID, now: Int64) throws {
        try write(
            "UPDATE invites SET used_by = ?, used_at = ? WHERE code = ?",
            [.integer(user.rawValue), .integer(now), .text(code.symbols)])
    }
}
