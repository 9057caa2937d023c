// Queries of the schedule, reminder and undo areas on PostgreSQL, mapped row by row (`PGRow`).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Runs `sql` with `values` and maps every row.
    func scheduleQuery<T>(_ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T) throws -> [T] {
        let result = try connection.execute(sql, values)
        return try (0..<result.rowCount).map { try map(PGRow(result: result, row: $0)) }
    }

    /// Runs `sql` with `values` and maps the first row, if any.
    func scheduleQueryOne<T>(_ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T) throws -> T? {
        let result = try connection.execute(sql, values)
        return result.rowCount == 0 ? nil : try map(PGRow(result: result, row: 0))
    }

    /// Runs a counting `sql` (one row, column `n`).
    func scheduleCount(_ sql: String, _ values: [PGValue]) throws -> Int {
        Int(try scheduleQueryOne(sql, values) { try $0.requiredInt("n") } ?? 0)
    }

    /// Text or NULL.
    static func bind(_ text: String?) -> PGValue { text.map { .text($0) } ?? .null }
    /// An integer or NULL.
    static func bind(_ n: Int?) -> PGValue { n.map { .integer(Int64($0)) } ?? .null }
    /// An id or NULL.
    static func bind(_ id: Int64?) -> PGValue { id.map { .integer($0) } ?? .null }
}
