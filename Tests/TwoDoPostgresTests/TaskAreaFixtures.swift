// The task area's test fixtures on both engines: spaces and users seeded with raw SQL, rows counted directly.

import Foundation
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres
@testable import TwoDoStore

/// What the task-area tests need of an engine: the four protocols, plus seeding and direct counts in raw SQL
/// (until pgA's AccountStore is merged, spaces and users are not made through it).
protocol TaskAreaStore: TaskStore, StepStore, PlanStore, SearchStore {
    /// A new space with its default list (named as `Store.defaultListName(lang)`).
    func seedSpace(lang: Language, now: Int64) throws -> SpaceID
    /// A new user of `space` in time zone `tz`.
    func seedUser(_ name: String, in space: SpaceID, tz: String) throws -> UserID
    /// `SELECT count(*) FROM <table> WHERE <column> = id`, for the tables and columns the tests name.
    func rawCount(_ table: String, _ column: String, _ id: Int64, extra: String) throws -> Int
    /// A routine of `space` named `name`, with its search row (what pgC's `addRoutine` writes).
    func seedRoutine(_ name: String, in space: SpaceID) throws -> RoutineID
    /// A note on a routine, with its search row.
    func seedNote(on routine: RoutineID, in space: SpaceID, text: String) throws
}

extension TaskAreaStore {
    /// A space with one user: what `createUser` gives a newcomer.
    func seedNewcomer(_ name: String, lang: Language = .en, tz: String = "UTC") throws -> (id: UserID, space: SpaceID) {
        let space = try seedSpace(lang: lang, now: 0)
        return (try seedUser(name, in: space, tz: tz), space)
    }

    /// Runs `body` in one transaction (a turn), committed when it returns: the bulk inserts of a test.
    func inTurn(_ body: () throws -> Void) throws {
        let turn = try beginTurn()
        do {
            try body()
        } catch {
            turn.rollback()
            throw error
        }
        try turn.commit()
    }

    func rawCount(_ table: String, _ column: String, _ id: Int64) throws -> Int {
        try rawCount(table, column, id, extra: "")
    }
}

extension Store: TaskAreaStore {
    func seedSpace(lang: Language, now: Int64) throws -> SpaceID { try createSpace(name: nil, lang: lang, now: now) }

    func seedUser(_ name: String, in space: SpaceID, tz: String) throws -> UserID {
        try db.run(
            """
            INSERT INTO users (name, name_key, name_skeleton, password_hash, lang, tz, space_id, created_at)
            VALUES (?, ?, ?, 'h', 'en', ?, ?, 0)
            """, .text(name), .text(TextFold.key(name)), .text(TextFold.key(name)), .text(tz), .integer(space.rawValue))
        return UserID(db.lastInsertID)
    }

    func rawCount(_ table: String, _ column: String, _ id: Int64, extra: String) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM \(table) WHERE \(column) = ? \(extra)", .integer(id)) {
                try $0.requiredInt("n")
            } ?? -1)
    }
}

extension Store {
    func seedRoutine(_ name: String, in space: SpaceID) throws -> RoutineID {
        try db.run(
            "INSERT INTO routines (space_id, name, name_key, created_at) VALUES (?, ?, ?, 0)", .integer(space.rawValue),
            .text(name), .text(TextFold.key(name)))
        return RoutineID(db.lastInsertID)
    }

    func seedNote(on routine: RoutineID, in space: SpaceID, text: String) throws {
        try db.run(
            "INSERT INTO item_notes (routine_id, created_at, body, space_id) VALUES (?1, 0, ?2, ?3)",
            .integer(routine.rawValue), .text(text), .integer(space.rawValue))
    }
}

extension PostgresStore {
    func seedRoutine(_ name: String, in space: SpaceID) throws -> RoutineID {
        let id = try connection.execute(
            "INSERT INTO routines (space_id, name, name_key, created_at) VALUES ($1, $2, $3, 0) RETURNING id",
            [.integer(space.rawValue), .text(name), .text(TextFold.key(name))]
        ).requiredInt(0, "id")
        try indexSearchText(.routine, id: id, space: space, title: name)
        return RoutineID(id)
    }

    func seedNote(on routine: RoutineID, in space: SpaceID, text: String) throws {
        let id = try connection.execute(
            "INSERT INTO item_notes (routine_id, created_at, body) VALUES ($1, 0, $2) RETURNING id",
            [.integer(routine.rawValue), .text(text)]
        ).requiredInt(0, "id")
        try indexSearchText(.itemNote, id: id, space: space, title: text)
    }
}

extension PostgresStore: TaskAreaStore {
    func seedSpace(lang: Language, now: Int64) throws -> SpaceID {
        let space = try connection.execute(
            "INSERT INTO spaces (name, created_at) VALUES (NULL, $1) RETURNING id", [.integer(now)]
        ).requiredInt(0, "id")
        let name = Store.defaultListName(lang)
        try connection.execute(
            "INSERT INTO lists (space_id, name, name_key, is_default, created_at) VALUES ($1, $2, $3, 1, $4)",
            [.integer(space), .text(name), .text(TextFold.key(name)), .integer(now)])
        noteNamesChanged()
        return SpaceID(space)
    }

    func seedUser(_ name: String, in space: SpaceID, tz: String) throws -> UserID {
        let id = try connection.execute(
            """
            INSERT INTO users (name, name_key, name_skeleton, password_hash, lang, tz, space_id, created_at)
            VALUES ($1, $2, $2, 'h', 'en', $3, $4, 0) RETURNING id
            """, [.text(name), .text(TextFold.key(name)), .text(tz), .integer(space.rawValue)]
        ).requiredInt(0, "id")
        noteNamesChanged()
        return UserID(id)
    }

    func rawCount(_ table: String, _ column: String, _ id: Int64, extra: String) throws -> Int {
        Int(
            try connection.execute("SELECT count(*) AS n FROM \(table) WHERE \(column) = $1 \(extra)", [.integer(id)])
                .int(0, "n") ?? -1)
    }
}

extension Engine {
    /// A fresh store of this engine for the task-area tests; nil (after "skipped: …") without PostgreSQL.
    func makeTaskStore(_ test: String = #function) throws -> (any TaskAreaStore)? {
        switch self {
        case .sqlite: return try makeStore(test) as? Store
        case .postgres: return try Engine.makePostgresStore(test)
        }
    }
}
