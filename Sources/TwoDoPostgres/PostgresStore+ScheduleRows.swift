// How the schedule, reminder and undo areas read rows on PostgreSQL: a row by column name, typed as SQLite's `Row`.

import TwoDoCore
import TwoDoStore

/// One row of a `PGResult`, read by column name into TwoDo's values; a required column that is NULL or
/// unreadable throws a `DatabaseError` naming the column and the value (as SQLite's `Row` does).
struct PGScheduleRow {
    let result: PGResult
    let row: Int

    /// The integer in column `name`, nil when NULL.
    func int(_ name: String) throws -> Int64? { try result.int(row, name) }
    /// The text in column `name`, nil when NULL.
    func text(_ name: String) throws -> String? { try result.string(row, name) }
    /// The integer in column `name`; throws when NULL.
    func requiredInt(_ name: String) throws -> Int64 { try result.requiredInt(row, name) }
    /// The text in column `name`; throws when NULL.
    func requiredText(_ name: String) throws -> String { try result.requiredString(row, name) }

    /// A string-backed value (a `ReminderKind`, a `RoutineMark`) in column `name`; throws when NULL or unknown.
    func required<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T where T.RawValue == String {
        let raw = try requiredText(name)
        guard let value = T(rawValue: raw) else { throw PGScheduleRow.unreadable(name, raw, "\(T.self)") }
        return value
    }

    /// A string-backed value in column `name`, nil when NULL; throws when it is no value of `type`.
    func optional<T: RawRepresentable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let raw = try text(name) else { return nil }
        guard let value = T(rawValue: raw) else { throw PGScheduleRow.unreadable(name, raw, "\(T.self)") }
        return value
    }

    /// The ISO date in column `name`; throws when NULL or no date.
    func requiredDate(_ name: String) throws -> LocalDate {
        let raw = try requiredText(name)
        guard let date = LocalDate(iso: raw) else { throw PGScheduleRow.unreadable(name, raw, "date") }
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
        guard let time = LocalTime(iso: raw) else { throw PGScheduleRow.unreadable(name, raw, "time") }
        return time
    }

    /// The recurrence rule (JSON, `RecurrenceCoding`) in column `name`; throws when NULL or unreadable.
    func requiredRecurrence(_ name: String) throws -> Recurrence {
        let raw = try requiredText(name)
        guard let rule = RecurrenceCoding.decode(raw) else {
            throw PGScheduleRow.unreadable(name, raw, "recurrence rule")
        }
        return rule
    }

    /// The error for a column whose text is no value of the expected type, naming column and value.
    static func unreadable(_ name: String, _ raw: String, _ type: String) -> DatabaseError {
        DatabaseError(postgres: "column \(name) holds '\(raw)', not a \(type)", sqlState: "22P02", sql: nil)
    }
}

extension PostgresStore {
    /// Runs `sql` with `values` and maps every row.
    func scheduleQuery<T>(_ sql: String, _ values: [PGValue] = [], map: (PGScheduleRow) throws -> T) throws -> [T] {
        let result = try connection.execute(sql, values)
        return try (0..<result.rowCount).map { try map(PGScheduleRow(result: result, row: $0)) }
    }

    /// Runs `sql` with `values` and maps the first row, if any.
    func scheduleQueryOne<T>(_ sql: String, _ values: [PGValue] = [], map: (PGScheduleRow) throws -> T) throws -> T? {
        let result = try connection.execute(sql, values)
        return result.rowCount == 0 ? nil : try map(PGScheduleRow(result: result, row: 0))
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
