// One row of a PostgreSQL result read by column name; the typed readers built on it are `RowReader`'s, shared with SQLite.

import TwoDoCore
import TwoDoStore

/// One row of a `PGResult`, read by column name; a required column that is NULL or unreadable throws a
/// `DatabaseError` naming the column and the value.
public struct PGRow: RowReader {
    /// The statement's result.
    let result: PGResult
    /// The row's index in it.
    let row: Int

    /// The integer in column `name`, nil when NULL.
    public func int(_ name: String) throws -> Int64? { try result.int(row, name) }
    /// The text in column `name`, nil when NULL.
    public func text(_ name: String) throws -> String? { try result.string(row, name) }
    /// The number in column `name`, nil when NULL.
    public func double(_ name: String) throws -> Double? { try result.double(row, name) }
    /// The flag in column `name`: a boolean (`t`/`f`), or an integer column holding 0/1 as SQLite's do.
    public func bool(_ name: String) throws -> Bool? {
        guard let raw = try text(name) else { return nil }
        switch raw {
        case "t", "true": return true
        case "f", "false": return false
        default:
            guard let value = Int64(raw) else { throw PGRow.unreadable(name, raw, as: "boolean") }
            return value != 0
        }
    }

    /// The bytes in column `name` (`bytea`), nil when NULL.
    public func blob(_ name: String) throws -> [UInt8]? { try result.bytes(row, name) }

    /// The error for a required column read as NULL.
    public static func missing(_ name: String) -> DatabaseError {
        DatabaseError(postgres: "column \(name) is NULL", sqlState: "22004", sql: nil)
    }

    /// The error for a column whose text is no value of `type`, naming the column and the text.
    public static func unreadable(_ name: String, _ raw: String, as type: String) -> DatabaseError {
        DatabaseError(postgres: "column \(name) holds '\(raw)', not a \(type)", sqlState: "22P02", sql: nil)
    }
}
