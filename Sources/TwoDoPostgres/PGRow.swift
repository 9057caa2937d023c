// One row of a PostgreSQL result read by column name into TwoDo's values, as SQLite's `Row` reads them.

import TwoDoCore
import TwoDoStore

/// One row of a `PGResult`, read by column name into TwoDo's values; a required column that is NULL or
/// unreadable throws a `DatabaseError` naming the column and the value (as SQLite's `Row` does).
struct PGRow {
    /// The statement's result.
    let result: PGResult
    /// The row's index in it.
    let row: Int

    /// The integer in column `name`, nil when NULL.
    func int(_ name: String) throws -> Int64? { try result.int(row, name) }
    /// The text in column `name`, nil when NULL.
    func text(_ name: String) throws -> String? { try result.string(row, name) }
    /// The integer in column `name`; throws when NULL.
    func requiredInt(_ name: String) throws -> Int64 { try result.requiredInt(row, name) }
    /// The text in column `name`; throws when NULL.
    func requiredText(_ name: String) throws -> String { try result.requiredString(row, name) }

    /// A string-backed value (a `Priority`, a `ReminderKind`, a `RoutineMark`) in column `name`; throws when
    /// NULL or unknown.
    func required<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T where T.RawValue == String {
        let raw = try requiredText(name)
        guard let value = T(rawValue: raw) else { throw PGRow.unreadable(name, raw, "\(T.self)") }
        return value
    }

    /// A string-backed value in column `name`, nil when NULL; throws when it is no value of `type`.
    func optional<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let raw = try text(name) else { return nil }
        guard let value = T(rawValue: raw) else { throw PGRow.unreadable(name, raw, "\(T.self)") }
        return value
    }

    /// The ISO date in column `name`; throws when NULL or no date.
    func requiredDate(_ name: String) throws -> LocalDate {
        let raw = try requiredText(name)
        guard let date = LocalDate(iso: raw) else { throw PGRow.unreadable(name, raw, "date") }
        return date
    }

    /// The ISO date in column `name`, nil when NULL; throws when it is no date.
    func date(_ name: String) throws -> LocalDate? {
        guard try text(name) != nil else { return nil }
        return try requiredDate(name)
    }

    /// The time of day in column `name`, nil when NULL; throws when it is no time.
    func time(_ name: String) throws -> LocalTime? {
        guard let raw = try text(name) else { return nil }
        guard let time = LocalTime(iso: raw) else { throw PGRow.unreadable(name, raw, "time") }
        return time
    }

    /// The recurrence rule (JSON, `RecurrenceCoding`) in column `name`; throws when NULL or unreadable.
    func requiredRecurrence(_ name: String) throws -> Recurrence {
        let raw = try requiredText(name)
        guard let rule = RecurrenceCoding.decode(raw) else { throw PGRow.unreadable(name, raw, "recurrence rule") }
        return rule
    }

    /// The recurrence rule in column `name`, nil when NULL; throws when unreadable.
    func recurrence(_ name: String) throws -> Recurrence? {
        guard try text(name) != nil else { return nil }
        return try requiredRecurrence(name)
    }

    /// The error for a column whose text is no value of `type`, naming the column and the text.
    static func unreadable(_ name: String, _ raw: String, _ type: String) -> DatabaseError {
        DatabaseError(postgres: "column \(name) holds '\(raw)', not a \(type)", sqlState: "22P02", sql: nil)
    }
}
