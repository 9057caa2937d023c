// Reading whole tables as they are stored, for `twodo migrate` (a copy of the database to another engine).

import TwoDoCore

extension Store {
    /// The names of the database's tables (not the full-text index's own shadow tables' contents: those are
    /// listed too, as SQLite stores them; the caller decides what it copies).
    /// The highest id AUTOINCREMENT has handed out in `table` (deleted rows included), or 0.
    package func highestID(of table: String) throws -> Int64 {
        // sqlite_sequence exists once any AUTOINCREMENT table does (migration 21).
        let known = try db.queryOne("SELECT 1 AS yes FROM sqlite_schema WHERE name = 'sqlite_sequence'") {
            $0.int("yes")
        }
        guard known != nil else { return 0 }
        return try db.queryOne("SELECT seq FROM sqlite_sequence WHERE name = ?", .text(table)) { $0.int("seq") }
            .flatMap { $0 } ?? 0
    }

    package func tableNames() throws -> [String] {
        try db.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text("name") ?? "" }
    }

    /// The columns of `table`, in declaration order.
    package func columnNames(of table: String) throws -> [String] {
        try db.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", .text(table)) { $0.text("name") ?? "" }
    }

    /// Calls `body` with every row of `table`, its columns in declaration order, in primary-key order.
    /// `table` must be one of `tableNames()` (it is checked: names cannot be bound as parameters).
    package func forEachRow(of table: String, _ body: ([SQLValue]) throws -> Void) throws {
        guard try tableNames().contains(table) else {
            throw DatabaseError(code: 1, message: "no table \(table)", sql: nil)
        }
        let columns = try columnNames(of: table)
        let keys = try db.primaryKeyColumns(of: table)
        let order = zip(columns, keys).filter { $0.1 > 0 }.sorted { $0.1 < $1.1 }.map { "\"\($0.0)\"" }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let sql =
            "SELECT \(list) FROM \"\(table)\"" + (order.isEmpty ? "" : " ORDER BY " + order.joined(separator: ", "))
        _ = try db.query(sql) { row -> Void in try body(row.values) }
    }
}
