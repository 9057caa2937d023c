// The task SELECT on PostgreSQL (as SQLite's `Rows.taskColumns`) and its decoding into `TaskItem`.

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

    /// The integer in column `n` of the first row of `sql` (0 when there is no row or it is NULL).
    func taskAreaCount(_ sql: String, _ values: [PGValue] = []) throws -> Int {
        let result = try connection.execute(sql, values)
        guard result.rowCount > 0, let n = try result.int(0, "n") else { return 0 }
        return Int(n)
    }

    /// Runs a write; returns how many rows it touched.
    @discardableResult
    func taskAreaRun(_ sql: String, _ values: [PGValue] = []) throws -> Int {
        try connection.execute(sql, values).affectedRows
    }

    /// The tasks `sql` (appended to `taskColumns`) selects.
    func taskItems(_ tail: String, _ values: [PGValue]) throws -> [TaskItem] {
        try taskAreaRows(Rows.taskColumns + tail, values, map: Rows.task(from:))
    }
}
