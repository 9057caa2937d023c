// One result row, read by column name into typed values; a required column that is NULL or unreadable throws.

import CSQLite
import TwoDoCore

/// A single row of a result, read by column name. Valid only inside the `map` closure it was given to.
///
/// The optional readers answer nil for NULL. The `required…` readers are the one way rows become domain
/// values where a value must be there: NULL, or text that is not a value of the type, throws a
/// `DatabaseError` naming the column (a broken invariant, never a silent default).
struct Row {
    let statement: Statement

    /// The integer in column `name`, or nil when NULL.
    func int(_ name: String) -> Int64? { statement.int(at: statement.index(of: name)) }
    /// The text in column `name`, or nil when NULL.
    func text(_ name: String) -> String? { statement.text(at: statement.index(of: name)) }

    /// Every value of the row, in SELECT order.
    var values: [SQLValue] { (0..<statement.columnCount).map { statement.value(at: Int32($0)) } }

    /// The bytes in column `name`, or nil when NULL.
    func blob(_ name: String) -> [UInt8]? { statement.blob(at: statement.index(of: name)) }

    /// The integer in column `name`; throws when it is NULL.
    func requiredInt(_ name: String) throws -> Int64 {
        guard let value = int(name) else { throw Row.missing(name) }
        return value
    }

    /// The text in column `name`; throws when it is NULL.
    func requiredText(_ name: String) throws -> String {
        guard let value = text(name) else { throw Row.missing(name) }
        return value
    }

    /// The 0/1 flag in column `name` as a Bool; throws when it is NULL.
    func requiredBool(_ name: String) throws -> Bool { try requiredInt(name) != 0 }

    /// The value of a string-backed type (a `ReminderKind`, a `RoutineMark`) in column `name`; throws when
    /// the column is NULL or holds text that is no value of `type`.
    func required<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T where T.RawValue == String {
        let raw = try requiredText(name)
        guard let value = T(rawValue: raw) else { throw Row.unreadable(name, raw, as: "\(T.self)") }
        return value
    }

    /// The value of a string-backed type in column `name`, nil when NULL; throws when it holds text that is no
    /// value of `type`.
    func optional<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let raw = text(name) else { return nil }
        guard let value = T(rawValue: raw) else { throw Row.unreadable(name, raw, as: "\(T.self)") }
        return value
    }

    /// The recurrence rule stored as JSON (`RecurrenceCoding`) in column `name`; throws when NULL or unreadable.
    func requiredRecurrence(_ name: String) throws -> Recurrence {
        let raw = try requiredText(name)
        guard let rule = RecurrenceCoding.decode(raw) else { throw Row.unreadable(name, raw, as: "recurrence rule") }
        return rule
    }

    /// The recurrence rule in column `name`, nil when NULL; throws when it holds text that is no rule.
    func recurrence(_ name: String) throws -> Recurrence? {
        text(name) == nil ? nil : try requiredRecurrence(name)
    }

    /// The ISO date (`2026-11-23`) in column `name`; throws when it is NULL or not a date.
    func requiredDate(_ name: String) throws -> LocalDate {
        let raw = try requiredText(name)
        guard let date = LocalDate(iso: raw) else { throw Row.unreadable(name, raw, as: "date") }
        return date
    }

    /// The ISO date in column `name`, nil when NULL; throws when it holds text that is not a date.
    func date(_ name: String) throws -> LocalDate? {
        guard let raw = text(name) else { return nil }
        guard let date = LocalDate(iso: raw) else { throw Row.unreadable(name, raw, as: "date") }
        return date
    }

    /// The time of day (`18:30`) in column `name`, nil when NULL; throws when it holds text that is not a time.
    func time(_ name: String) throws -> LocalTime? {
        guard let raw = text(name) else { return nil }
        guard let time = LocalTime(iso: raw) else { throw Row.unreadable(name, raw, as: "time") }
        return time
    }

    /// The error for a required column read as NULL: SQLITE_MISMATCH, naming the column.
    static func missing(_ name: String) -> DatabaseError {
        DatabaseError(
            code: SQLITE_MISMATCH, message: "column \(name) is NULL where a value is required", sql: nil)
    }

    /// The error for a column whose text is not a value of the expected type, naming column and value.
    static func unreadable(_ name: String, _ raw: String, as type: String) -> DatabaseError {
        DatabaseError(code: SQLITE_MISMATCH, message: "column \(name) holds '\(raw)', not a \(type)", sql: nil)
    }
}
