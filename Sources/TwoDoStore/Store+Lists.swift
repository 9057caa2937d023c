// Task lists: listing, lookup by folded name, add, rename and delete.

import TwoDoCore

extension Store {
    /// Every list in a space with its open and done counts; the default list first, then by creation.
    public func lists(in space: SpaceID) throws -> [TaskList] {
        try db.query(
            """
            SELECT l.id, l.name, l.is_default,
                   (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0) AS open_count,
                   (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 1) AS done_count
            FROM lists l WHERE l.space_id = ? ORDER BY l.is_default DESC, l.id
            """, .integer(space.rawValue)
        ) {
            TaskList(
                id: ListID(try $0.requiredInt("id")), name: try $0.requiredText("name"),
                isDefault: try $0.requiredInt("is_default") == 1,
                openCount: Int(try $0.requiredInt("open_count")), doneCount: Int(try $0.requiredInt("done_count")))
        }
    }

    /// The list of this name (folded the Turkish-aware way) in a space.
    public func list(named name: String, in space: SpaceID) throws -> TaskList? {
        try db.queryOne(
            "SELECT id, name, is_default FROM lists WHERE space_id = ? AND name_key = ?",
            .integer(space.rawValue), .text(TextFold.key(name))
        ) {
            TaskList(
                id: ListID(try $0.requiredInt("id")), name: try $0.requiredText("name"),
                isDefault: try $0.requiredInt("is_default") == 1)
        }
    }

    /// The default list of a space.
    public func defaultList(in space: SpaceID) throws -> TaskList {
        let found = try db.queryOne(
            "SELECT id, name FROM lists WHERE space_id = ? AND is_default = 1", .integer(space.rawValue)
        ) { TaskList(id: ListID(try $0.requiredInt("id")), name: try $0.requiredText("name"), isDefault: true) }
        guard let found else { preconditionFailure("space \(space) has no default list") }
        return found
    }

    /// Adds a list; the caller has checked the name is free.
    public func addList(named name: String, in space: SpaceID, now: Int64) throws -> ListID {
        try db.run(
            "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (?, ?, ?, 0, ?)",
            .integer(space.rawValue), .text(name), .text(TextFold.key(name)), .integer(now))
        return ListID(db.lastInsertID)
    }

    /// Renames a list; the caller has checked the new name is free.
    public func renameList(_ list: ListID, to name: String) throws {
        try db.run(
            "UPDATE lists SET name = ?, name_key = ? WHERE id = ?", .text(name), .text(TextFold.key(name)),
            .integer(list.rawValue))
    }

    /// Deletes a list and its tasks.
    public func deleteList(_ list: ListID) throws {
        try db.run("DELETE FROM lists WHERE id = ?", .integer(list.rawValue))
    }
}

extension Store {
    /// The names of a space's lists (cheap: used to parse every command).
    public func listNames(in space: SpaceID) throws -> [String] {
        try db.query("SELECT name FROM lists WHERE space_id = ? ORDER BY is_default DESC, id", .integer(space.rawValue))
        {
            try $0.requiredText("name")
        }
    }
}
