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
}
