// Statements only PostgreSQL runs (its `$n` text, its values), mapped row by row (`PGRow`); the shared ones go
// through `SQLEngine` (PostgresStore+Engine.swift).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Every row of `sql` run with `values`, each mapped by `map`.
    func taskAreaRows<T>(
        _ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T
    ) throws -> [T] {
        let result = try connection.execute(sql, values)
        return try (0..<result.rowCount).map { try map(PGRow(result: result, row: $0)) }
    }

    /// The first row of `sql` mapped by `map`, nil when there is none.
    func taskAreaRow<T>(_ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T) throws -> T? {
        let result = try connection.execute(sql, values)
        return result.rowCount == 0 ? nil : try map(PGRow(result: result, row: 0))
    }

    /// Runs a write; returns how many rows it touched.
    @discardableResult
    func taskAreaRun(_ sql: String, _ values: [PGValue] = []) throws -> Int {
        try connection.execute(sql, values).affectedRows
    }

    /// Text or NULL.
    static func bind(_ text: String?) -> PGValue { text.map { .text($0) } ?? .null }
    /// An integer or NULL.
    static func bind(_ n: Int?) -> PGValue { n.map { .integer(Int64($0)) } ?? .null }
    /// An id or NULL.
    static func bind(_ id: Int64?) -> PGValue { id.map { .integer($0) } ?? .null }
}
