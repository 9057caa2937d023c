// A space's lists as both engines read them: with their counts (`list_open_counts`, kept by triggers: one
// row per list, never a count of its tasks), by folded name, the default one, their names and numbers. The
// writes stay each engine's: PostgreSQL moves the names generation on by hand where SQLite's hook does.

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

    /// The open tasks the joined default list would hold after merging `source` into `target` (the default
    /// lists join; other lists move whole, so no other list grows).
    public func mergedDefaultOpenCount(from source: SpaceID, into target: SpaceID) throws -> Int {
        try openTaskCount(in: defaultList(in: source).id) + openTaskCount(in: defaultList(in: target).id)
    }
}

extension SharedSQL {
    static let listsOfSpace = SQL(Rows.listsWithCounts + " WHERE l.space_id = ? ORDER BY l.is_default DESC, l.id")
}
