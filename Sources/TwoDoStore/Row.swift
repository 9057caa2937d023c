// One SQLite result row read by column name; the typed readers built on it are `RowReader`'s, shared with PostgreSQL.

import CSQLite
import TwoDoCore

/// A single row of a result, read by column name. Valid only inside the `map` closure it was given to.
///
/// Reading never fails on SQLite's side (its values convert on demand), so the raw readers do not throw; the
/// `required…` readers of `RowReader` throw a `DatabaseError` naming the column where a value must be there.
public struct Row: RowReader {
    let statement: Statement

    /// The integer in column `name`, or nil when NULL.
    public func int(_ name: String) -> Int64? { statement.int(at: statement.index(of: name)) }
    /// The text in column `name`, or nil when NULL.
    public func text(_ name: String) -> String? { statement.text(at: statement.index(of: name)) }
    /// The number in column `name`, or nil when NULL.
    public func double(_ name: String) -> Double? { statement.double(at: statement.index(of: name)) }
    /// The 0/1 flag in column `name`, or nil when NULL.
    public func bool(_ name: String) -> Bool? { int(name).map { $0 != 0 } }

    /// Every value of the row, in SELECT order.
    var values: [SQLValue] { (0..<statement.columnCount).map { statement.value(at: Int32($0)) } }

    /// The bytes in column `name`, or nil when NULL.
    public func blob(_ name: String) -> [UInt8]? { statement.blob(at: statement.index(of: name)) }

    /// The error for a required column read as NULL: SQLITE_MISMATCH, naming the column.
    public static func missing(_ name: String) -> DatabaseError {
        DatabaseError(
            code: SQLITE_MISMATCH, message: "column \(name) is NULL where a value is required", sql: nil)
    }

    /// The error for a column whose text is not a value of the expected type, naming column and value.
    public static func unreadable(_ name: String, _ raw: String, as type: String) -> DatabaseError {
        DatabaseError(code: SQLITE_MISMATCH, message: "column \(name) holds '\(raw)', not a \(type)", sql: nil)
    }
}
