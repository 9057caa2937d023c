// Typed row decoding: required columns that are NULL or unreadable throw, naming the column; domain rows with a
// corrupt stored value fail loudly instead of turning into a default.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Row decoding")
struct RowDecodingTests {
    let temp = TempDB()

    /// One typed read of the scratch table's single column `v`, named for the test report.
    struct Reader: Sendable, CustomTestStringConvertible {
        var name: String
        var read: @Sendable (Row) throws -> String?
        var testDescription: String { name }
    }

    static let readers: [Reader] = [
        Reader(name: "requiredDate") { try $0.requiredDate("v").description },
        Reader(name: "required(as: ReminderKind)") { try $0.required("v", as: ReminderKind.self).rawValue },
        Reader(name: "requiredRecurrence") { try $0.requiredRecurrence("v").frequency.rawValue },
        Reader(name: "requiredText") { try $0.requiredText("v") },
        Reader(name: "requiredInt") { String(try $0.requiredInt("v")) },
    ]

    static let optionalReaders: [Reader] = [
        Reader(name: "date") { try $0.date("v")?.description },
        Reader(name: "time") { try $0.time("v")?.description },
        Reader(name: "optional(as: Priority)") { try $0.optional("v", as: Priority.self)?.rawValue },
        Reader(name: "recurrence") { try $0.recurrence("v")?.frequency.rawValue },
    ]

    private func scratch(_ value: String?) throws -> Store {
        let store = try Store(path: temp.path, durable: false)
        try store.db.execute("CREATE TABLE scratch (v)")
        try store.db.run("INSERT INTO scratch (v) VALUES (?)", value.map { .text($0) } ?? .null)
        return store
    }

    private func read(_ store: Store, _ reader: Reader) throws -> String? {
        try store.db.queryOne("SELECT v FROM scratch", map: reader.read) ?? nil
    }

    @Test("a required reader throws on NULL, naming the column", arguments: readers)
    func requiredThrowsOnNull(reader: Reader) throws {
        let store = try scratch(nil)
        let error = #expect(throws: DatabaseError.self) { try read(store, reader) }
        #expect(error?.message.contains("column v is NULL") == true)
    }

    @Test("an optional reader answers nil for NULL", arguments: optionalReaders)
    func optionalNil(reader: Reader) throws {
        #expect(try read(try scratch(nil), reader) == nil)
    }

    @Test(
        "a typed reader throws on text that is no value of its type, naming column and value",
        arguments: zip(readers.prefix(3) + optionalReaders, [String](repeating: "garbage", count: 7)))
    func unreadableThrows(reader: Reader, stored: String) throws {
        let store = try scratch(stored)
        let error = #expect(throws: DatabaseError.self) { try read(store, reader) }
        #expect(error?.message.contains("column v holds 'garbage'") == true)
    }

    @Test(
        "good values read back",
        arguments: [
            ("requiredDate", "2026-11-23", "2026-11-23"), ("date", "2026-02-28", "2026-02-28"),
            ("time", "18:30", "18:30"), ("required(as: ReminderKind)", "nag", "nag"),
            ("optional(as: Priority)", "high", "high"),
        ])
    func goodValues(name: String, stored: String, expected: String) throws {
        let reader = try #require((Self.readers + Self.optionalReaders).first { $0.name == name })
        #expect(try read(try scratch(stored), reader) == expected)
    }

    /// A corrupt value written under the store's back, and the read that must refuse it.
    struct Corruption: Sendable, CustomTestStringConvertible {
        var column: String
        var sql: String
        var read: @Sendable (Store, User) throws -> Void
        var testDescription: String { column }
    }

    static let corruptions: [Corruption] = [
        Corruption(column: "priority", sql: "UPDATE tasks SET priority = 'urgent'") { s, u in
            _ = try s.tasks(inSpace: u.space)
        },
        Corruption(column: "due_date", sql: "UPDATE tasks SET due_date = 'someday'") { s, u in
            _ = try s.tasks(inSpace: u.space)
        },
        Corruption(column: "lang", sql: "UPDATE users SET lang = 'xx'") { s, u in _ = try s.user(u.id) },
        Corruption(column: "state", sql: "UPDATE routine_marks SET state = 'maybe'") { s, u in
            _ = try s.routines(in: u.space)
        },
        Corruption(column: "rule", sql: "UPDATE routine_schedules SET rule = '{}'") { s, u in
            _ = try s.routines(in: u.space)
        },
        Corruption(column: "start_date", sql: "UPDATE events SET start_date = 'soon'") { s, u in
            _ = try s.events(inSpace: u.space)
        },
    ]

    @Test("a domain row with a corrupt stored value throws, naming the column", arguments: corruptions)
    func corruptDomainRows(corruption: Corruption) throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let day = LocalDate(year: 2026, month: 11, day: 23)
        _ = try store.addTask(
            title: "t", list: store.defaultList(in: u.space).id, space: u.space, by: u.id, assignee: nil, now: 0)
        let routine = try store.addRoutine(
            name: "r", space: u.space, by: u.id, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        #expect(try store.markRoutine(routine, day: day, .done, by: u.id, now: 0))
        try store.db.run(
            """
            INSERT INTO events (space_id, title, title_key, start_date, tz, created_by, created_at, updated_at)
            VALUES (?, 'e', 'e', '2026-11-23', 'UTC', ?, 0, 0)
            """, .integer(u.space.rawValue), .integer(u.id.rawValue))
        try corruption.read(store, u)  // everything reads while the data is sound
        try store.db.execute(corruption.sql)
        let error = #expect(throws: DatabaseError.self) { try corruption.read(store, u) }
        #expect(error?.message.contains("column \(corruption.column)") == true)
    }
}

@Suite("Stored weekday lists")
struct StoredWeekdaysTests {
    @Test(
        "a series' stored weekdays read as numbers; an item that is not a number is dropped, as before",
        arguments: [
            ("", []), ("1", [1]), ("1,3,5", [1, 3, 5]), ("7,1", [7, 1]), ("10,2", [10, 2]), ("1,,3", [1, 3]),
            ("1x,3", [3]), ("x1,3", [3]), (" 1,3", [3]), ("1,3,", [1, 3]), ("-1,2", [2]), ("1234567890,4", [4]),
        ] as [(String, [Int])])
    func weekdays(_ text: String, _ expected: [Int]) {
        #expect(Rows.weekdays(text) == expected)
        // The same as the generic reading it replaced, for every case but overlong numbers.
        if text.count < 10 {
            #expect(Rows.weekdays(text) == text.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 0 })
        }
    }
}
