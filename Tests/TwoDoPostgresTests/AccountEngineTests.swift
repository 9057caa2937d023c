// What the account-area tests share: one store type over both engines, and raw SQL to seed and inspect rows.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoPostgres

@testable import TwoDoStore

/// The account area of a store (accounts, lifecycle, resume tokens, notifications), with raw SQL for the
/// rows other areas own (lists, tasks, routines, events), so one test body runs on both engines.
protocol AccountEngineStore: AccountStore, AccountLifecycleStore, ResumeTokenStore, NotificationStore {
    /// Runs `sql` (parameters `$1`, `$2`, …) and returns its rows as text (NULL as nil).
    @discardableResult
    func accountRaw(_ sql: String, _ values: [AccountRawValue]) throws -> [[String?]]
}

/// A value bound in a raw test statement.
enum AccountRawValue {
    case int(Int64)
    case text(String)
    case null
}

extension AccountEngineStore {
    /// Runs `sql` (parameters `$1`, `$2`, …) and returns its rows as text (NULL as nil).
    @discardableResult
    func raw(_ sql: String, _ values: [AccountRawValue] = []) throws -> [[String?]] { try accountRaw(sql, values) }

    /// The first column of every row.
    func column(_ sql: String, _ values: [AccountRawValue] = []) throws -> [String?] {
        try raw(sql, values).map { $0[0] }
    }

    /// The first column of the first row as an integer.
    func int(_ sql: String, _ values: [AccountRawValue] = []) throws -> Int64? {
        try raw(sql, values).first?[0].flatMap { Int64($0) }
    }

    /// Inserts a task (raw) into `list` of `space`; returns its id.
    @discardableResult
    func rawTask(
        _ title: String, list: ListID, space: SpaceID, by: UserID?, assignee: UserID? = nil, parent: Int64? = nil
    ) throws -> Int64 {
        try raw(
            """
            INSERT INTO tasks (space_id, list_id, title, title_key, created_by, assignee_id, parent_id, created_at,
                updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, 1) RETURNING id
            """,
            [
                .int(space.rawValue), .int(list.rawValue), .text(title), .text(TextFold.key(title)),
                by.map { .int($0.rawValue) } ?? .null, assignee.map { .int($0.rawValue) } ?? .null,
                parent.map { .int($0) } ?? .null,
            ]
        ).first.flatMap { $0[0] }.flatMap { Int64($0) } ?? 0
    }

    /// Inserts a list (raw); returns its id.
    @discardableResult
    func rawList(_ name: String, in space: SpaceID) throws -> ListID {
        ListID(
            try int(
                "INSERT INTO lists (space_id, name, name_key, created_at) VALUES ($1, $2, $3, 1) RETURNING id",
                [.int(space.rawValue), .text(name), .text(TextFold.key(name))]) ?? 0)
    }

    /// The id of a space's default list.
    func rawDefaultList(_ space: SpaceID) throws -> ListID {
        ListID(try int("SELECT id FROM lists WHERE space_id = $1 AND is_default = 1", [.int(space.rawValue)]) ?? 0)
    }

    /// A space's list names, default first, then by creation.
    func rawListNames(_ space: SpaceID) throws -> [String?] {
        try column("SELECT name FROM lists WHERE space_id = $1 ORDER BY is_default DESC, id", [.int(space.rawValue)])
    }
}

extension Store: AccountEngineStore {
    func accountRaw(_ sql: String, _ values: [AccountRawValue]) throws -> [[String?]] {
        // SQLite reads `?1` as PostgreSQL reads `$1`.
        let bound: [SQLValue] = values.map {
            switch $0 {
            case .int(let v): .integer(v)
            case .text(let v): .text(v)
            case .null: .null
            }
        }
        return try db.query(sql.replacingOccurrences(of: "$", with: "?"), bound) { row in
            row.values.map {
                switch $0 {
                case .null: nil
                case .integer(let v): String(v)
                case .real(let v): String(v)
                case .text(let v): v
                case .blob(let v): String(decoding: v, as: UTF8.self)
                }
            }
        }
    }
}

extension PostgresStore: AccountEngineStore {
    func accountRaw(_ sql: String, _ values: [AccountRawValue]) throws -> [[String?]] {
        let bound: [PGValue] = values.map {
            switch $0 {
            case .int(let v): .integer(v)
            case .text(let v): .text(v)
            case .null: .null
            }
        }
        let result = try connection.executeOnce(sql, bound)
        return (0..<result.rowCount).map { r in (0..<result.columnCount).map { result.string(r, $0) } }
    }
}

extension Engine {
    /// A fresh store of this engine as the account area sees it; nil (after "skipped: …") when PostgreSQL
    /// cannot be started.
    func makeAccountStore(_ test: String = #function) throws -> (any AccountEngineStore)? {
        switch self {
        case .sqlite: return try makeStore(test) as? Store
        case .postgres: return try Engine.makePostgresStore(test)
        }
    }
}

/// Makes a user that must be creatable.
func makeAccountUser(
    _ store: any AccountEngineStore, _ name: String, _ lang: Language = .en, now: Int64 = 1
) throws -> User {
    try #require(try store.createUser(name: name, passwordHash: "$y$x", lang: lang, now: now))
}

@Suite("Account engines")
struct AccountEngineTests {
    @Test("with the account area, PostgresStore implements the whole TwoDoStorage surface")
    func wholeSurface() throws {
        guard let store = try Engine.makePostgresStore() else { return }
        let storage: any TwoDoStorage = store
        let alice = try #require(try storage.createUser(name: "alice", passwordHash: "h", lang: .en, now: 1))
        #expect(try storage.defaultList(in: alice.space).name == "Inbox")
    }

    @Test("raw SQL reads and writes the same on both engines", arguments: Engine.all)
    func rawSQL(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let list = try store.rawList("Chores", in: alice.space)
        let task = try store.rawTask("milk", list: list, space: alice.space, by: alice.id)
        #expect(try store.column("SELECT title FROM tasks WHERE id = $1", [.int(task)]) == ["milk"])
        #expect(try store.rawListNames(alice.space) == ["Inbox", "Chores"])
    }
}
