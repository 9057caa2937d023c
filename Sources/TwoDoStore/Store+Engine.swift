// SQLite as an `SQLEngine`: the shared statements run on the cached prepared statements, as written.

import TwoDoCore

extension Store: SQLEngine {
    public var dialect: SQLDialect { .sqlite }

    public func rows<T>(_ sql: SQL, _ values: [SQLValue], map: (Row) throws -> T) throws -> [T] {
        try db.query(sql.text, values, map: map)
    }

    public func rows<T>(_ sql: SQL, _ values: [SQLValue], into out: inout [T], map: (Row) throws -> T) throws {
        try db.query(sql.text, values, into: &out, map: map)
    }

    public func row<T>(_ sql: SQL, _ values: [SQLValue], map: (Row) throws -> T) throws -> T? {
        try db.queryOne(sql.text, values, map: map)
    }

    @discardableResult
    public func write(_ sql: SQL, _ values: [SQLValue]) throws -> Int {
        try db.run(sql.text, values)
    }

    public func insert(_ sql: SQL, _ values: [SQLValue]) throws -> Int64 {
        try db.run(sql.text, values)
        return db.lastInsertID
    }

    public func insert(
        _ kind: SearchTextKind, _ sql: SQL, _ values: [SQLValue], title: String, description: String?
    ) throws -> Int64? {
        try db.run(sql.text, values) == 0 ? nil : db.lastInsertID
    }

    /// `body` as it is: the triggers count every row, and no statement has a response timeout.
    public func bulk<T>(countingRows: Bool, _ body: () throws -> T) throws -> T { try body() }

    /// Nothing to do: the update hook (`NamesWatch`) sees every change to `users` and `lists`.
    public func namesWillChange() {}

    /// Nothing to do: SQLite's triggers queue every change of searchable text (`search_pending`).
    public func indexText(
        _ kind: SearchTextKind, id: Int64, space: SpaceID, title: String, description: String?
    ) throws {}

    /// Nothing to do: SQLite's triggers queued the copy's text when it was inserted.
    public func copyText(_ kind: SearchTextKind, from old: Int64, to new: Int64, space: SpaceID) throws {}
}
