// Seeding for the schedule, reminder and undo tests on both engines: users, spaces, lists and tasks by raw SQL
// (the account and task areas are other helpers'), and the store under test as one generic type.

import Foundation
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

/// A store the schedule-area tests run their one body against: SQLite's `Store` or `PostgresStore`.
protocol ScheduleTestStore: ScheduleStore, ReminderStore, UndoStore {
    /// Runs one statement written with `?` placeholders; returns the new row's id for an INSERT into a table
    /// with an `id` column (`returningID`), else the number of rows it changed.
    @discardableResult
    func seed(_ sql: String, _ values: [SeedValue], returningID: Bool) throws -> Int64
    /// The first column of the first row of `sql` as text (nil: no row or NULL).
    func seedRead(_ sql: String, _ values: [SeedValue]) throws -> String?
}

/// A value bound by the seeding helpers.
enum SeedValue {
    case int(Int64)
    case text(String)
    case null
}

extension ScheduleTestStore {
    /// A new user in a new space of their own with its Inbox (list) as the default list.
    func seedUser(_ name: String, now: Int64 = 0) throws -> (user: UserID, space: SpaceID, list: ListID) {
        let space = try seed("INSERT INTO spaces (created_at) VALUES (?)", [.int(now)], returningID: true)
        let user = try seedMember(name, space: SpaceID(space))
        let list = try seed(
            "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES (?, 'Inbox', 'inbox', 1, ?)",
            [.int(space), .int(now)], returningID: true)
        return (user, SpaceID(space), ListID(list))
    }

    /// A new user in an existing space (a partner).
    func seedMember(_ name: String, space: SpaceID) throws -> UserID {
        UserID(
            try seed(
                "INSERT INTO users (name, name_key, password_hash, space_id, created_at) VALUES (?, ?, 'h', ?, 0)",
                [.text(name), .text(name.lowercased()), .int(space.rawValue)], returningID: true))
    }

    /// A task in `list`.
    func seedTask(_ title: String, space: SpaceID, list: ListID, by user: UserID, now: Int64 = 0) throws -> TaskID {
        TaskID(
            try seed(
                """
                INSERT INTO tasks (space_id, list_id, title, title_key, created_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .int(space.rawValue), .int(list.rawValue), .text(title), .text(title.lowercased()),
                    .int(user.rawValue), .int(now), .int(now),
                ], returningID: true))
    }

    /// A note on a task.
    func seedTaskNote(_ text: String, task: TaskID, by user: UserID, now: Int64 = 0) throws {
        try seed(
            "INSERT INTO task_notes (task_id, author_id, created_at, body, space_id) VALUES (?, ?, ?, ?, (SELECT space_id FROM tasks WHERE id = ?))",
            [.int(task.rawValue), .int(user.rawValue), .int(now), .text(text), .int(task.rawValue)], returningID: true)
    }

    /// A count read by `sql`.
    func seedCount(_ sql: String, _ values: [SeedValue] = []) throws -> Int {
        Int(try seedRead(sql, values) ?? "0") ?? -1
    }
}

extension Store: ScheduleTestStore {
    func seed(_ sql: String, _ values: [SeedValue], returningID: Bool) throws -> Int64 {
        let changed = try db.run(sql, values.map(\.sqlite))
        return returningID ? db.lastInsertID : Int64(changed)
    }

    func seedRead(_ sql: String, _ values: [SeedValue]) throws -> String? {
        try db.queryOne(sql, values.map(\.sqlite)) { row in
            row.values.first.flatMap { value -> String? in
                switch value {
                case .integer(let i): String(i)
                case .text(let s): s
                case .real(let d): String(d)
                default: nil
                }
            }
        } ?? nil
    }
}

extension PostgresStore: ScheduleTestStore {
    func seed(_ sql: String, _ values: [SeedValue], returningID: Bool) throws -> Int64 {
        let text = SeedValue.numbered(sql) + (returningID ? " RETURNING id" : "")
        let result = try connection.execute(text, values.map(\.postgres))
        return returningID ? try result.requiredInt(0, "id") : Int64(result.affectedRows)
    }

    func seedRead(_ sql: String, _ values: [SeedValue]) throws -> String? {
        let result = try connection.execute(SeedValue.numbered(sql), values.map(\.postgres))
        return result.rowCount == 0 ? nil : result.string(0, 0)
    }
}

extension SeedValue {
    var sqlite: SQLValue {
        switch self {
        case .int(let i): .integer(i)
        case .text(let s): .text(s)
        case .null: .null
        }
    }

    var postgres: PGValue {
        switch self {
        case .int(let i): .integer(i)
        case .text(let s): .text(s)
        case .null: .null
        }
    }

    /// `?` placeholders as PostgreSQL's `$1`, `$2`, … (the seeding SQL has no `?` inside literals).
    static func numbered(_ sql: String) -> String {
        var out = ""
        var n = 0
        for ch in sql {
            if ch == "?" {
                n += 1
                out += "$\(n)"
            } else {
                out.append(ch)
            }
        }
        return out
    }
}

extension Engine {
    /// A fresh store of this engine for the schedule-area tests; nil when PostgreSQL is unavailable.
    func makeScheduleStore(_ test: String = #function) throws -> (any ScheduleTestStore)? {
        switch self {
        case .sqlite: return try makeStore(test) as? Store
        case .postgres: return try Engine.makePostgresStore(test)
        }
    }
}
