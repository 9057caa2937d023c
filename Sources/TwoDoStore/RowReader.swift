// What a result row of either engine offers the shared decoders: typed values read by column name.

import TwoDoCore

/// One result row, read by column name, as both engines hand it out: SQLite's `Row` and PostgreSQL's `PGRow`.
///
/// An engine supplies the few raw readers (integer, text, number, flag) and its own errors; everything built
/// on them (required values, dates, times, recurrence rules, string-backed enums) is written once here, so a
/// decoder written against `some RowReader` reads a row of either engine alike. Decoders take the row as a
/// generic parameter, never as an existential: within an engine's module they are specialized to its row type.
///
/// The optional readers answer nil for NULL; the `required…` readers throw a `DatabaseError` naming the column
/// when it is NULL, and every reader throws when the column holds something that is no value of its type (a
/// broken invariant, never a silent default).
public protocol RowReader {
    /// The integer in column `name`, nil when NULL.
    func int(_ name: String) throws -> Int64?
    /// The text in column `name`, nil when NULL.
    func text(_ name: String) throws -> String?
    /// The floating-point number in column `name`, nil when NULL.
    func double(_ name: String) throws -> Double?
    /// The flag in column `name` (SQLite stores 0/1, PostgreSQL may answer a boolean), nil when NULL.
    func bool(_ name: String) throws -> Bool?
    /// The bytes in column `name` (a BLOB, PostgreSQL's `bytea`), nil when NULL.
    func blob(_ name: String) throws -> [UInt8]?

    /// The error for a required column read as NULL, in the engine's own terms.
    static func missing(_ name: String) -> DatabaseError
    /// The error for a column whose text is no value of `type`, naming the column and the value.
    static func unreadable(_ name: String, _ raw: String, as type: String) -> DatabaseError
}

extension RowReader {
    /// The integer in column `name` as an `Int`, nil when NULL.
    @inline(__always)
    package func intValue(_ name: String) throws -> Int? { try int(name).map(Int.init) }

    /// The integer in column `name`; throws when it is NULL.
    package func requiredInt(_ name: String) throws -> Int64 {
        guard let value = try int(name) else { throw Self.missing(name) }
        return value
    }

    /// The text in column `name`; throws when it is NULL.
    package func requiredText(_ name: String) throws -> String {
        guard let value = try text(name) else { throw Self.missing(name) }
        return value
    }

    /// The value of a string-backed type (a `ReminderKind`, a `RoutineMark`) in column `name`; throws when
    /// the column is NULL or holds text that is no value of `type`.
    package func required<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T
    where T.RawValue == String {
        let raw = try requiredText(name)
        guard let value = T(rawValue: raw) else { throw Self.unreadable(name, raw, as: "\(T.self)") }
        return value
    }

    /// The value of a string-backed type in column `name`, nil when NULL; throws when it holds text that is no
    /// value of `type`.
    package func optional<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let raw = try text(name) else { return nil }
        guard let value = T(rawValue: raw) else { throw Self.unreadable(name, raw, as: "\(T.self)") }
        return value
    }

    /// The recurrence rule stored as JSON (`RecurrenceCoding`) in column `name`; throws when NULL or unreadable.
    package func requiredRecurrence(_ name: String) throws -> Recurrence {
        let raw = try requiredText(name)
        guard let rule = RecurrenceCoding.decode(raw) else {
            throw Self.unreadable(name, raw, as: "recurrence rule")
        }
        return rule
    }

    /// The recurrence rule in column `name`, nil when NULL; throws when it holds text that is no rule.
    package func recurrence(_ name: String) throws -> Recurrence? {
        guard let raw = try text(name) else { return nil }
        guard let rule = RecurrenceCoding.decode(raw) else {
            throw Self.unreadable(name, raw, as: "recurrence rule")
        }
        return rule
    }

    /// The ISO date (`2026-11-23`) in column `name`; throws when it is NULL or not a date.
    package func requiredDate(_ name: String) throws -> LocalDate {
        let raw = try requiredText(name)
        guard let date = LocalDate(iso: raw) else { throw Self.unreadable(name, raw, as: "date") }
        return date
    }

    /// The ISO date in column `name`, nil when NULL; throws when it holds text that is not a date.
    package func date(_ name: String) throws -> LocalDate? {
        guard let raw = try text(name) else { return nil }
        guard let date = LocalDate(iso: raw) else { throw Self.unreadable(name, raw, as: "date") }
        return date
    }

    /// The time of day (`18:30`) in column `name`, nil when NULL; throws when it holds text that is not a time.
    package func time(_ name: String) throws -> LocalTime? {
        guard let raw = try text(name) else { return nil }
        guard let time = LocalTime(iso: raw) else { throw Self.unreadable(name, raw, as: "time") }
        return time
    }
}
