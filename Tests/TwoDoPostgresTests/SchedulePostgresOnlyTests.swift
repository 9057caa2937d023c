// PostgreSQL only: the schedule mutators keep `search_index` as SQLite's triggers do (folded name or title with
// the description, a note's body) and an undo writes it back; the undo machinery's own tables and triggers.

import Testing
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("PostgreSQL-only schedule and undo checks")
struct SchedulePostgresOnlyTests {
    private let day = LocalDate(year: 2026, month: 11, day: 23)

    /// The indexed body of item `id` of `kind` (nil: no row).
    private func body(_ s: PostgresStore, _ kind: PostgresStore.SearchKind, _ id: Int64) throws -> String? {
        try s.seedRead("SELECT body FROM search_index WHERE id = ?", [.int(id * 8 + kind.rawValue)])
    }

    @Test("routines, events and their notes are indexed as SQLite indexes them, and follow edits and deletes")
    func indexed() throws {
        guard let s = try Engine.makePostgresStore() else { return }
        let (a, space, _) = try s.seedUser("alice")
        let routine = try s.addRoutine(
            name: "Çiçekleri Sula", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
            now: 0)
        #expect(try body(s, .routine, routine.rawValue) == TextFold.key("Çiçekleri Sula"))
        try s.setDescription(of: routine, to: "Balkondakiler")
        #expect(try body(s, .routine, routine.rawValue) == TextFold.key("Çiçekleri Sula Balkondakiler"))
        try s.renameRoutine(routine, to: "Water")
        #expect(try body(s, .routine, routine.rawValue) == TextFold.key("Water Balkondakiler"))
        var e = CalendarEvent(id: EventID(0), title: "Doktor Randevusu", date: day, time: nil, end: nil, tz: "UTC")
        e.id = try s.addEvent(e, space: space, by: a, assignee: nil, now: 0)
        #expect(try body(s, .event, e.id.rawValue) == TextFold.key("Doktor Randevusu"))
        e.title = "Diş hekimi"
        try s.updateEvent(e, assignee: nil, now: 1)
        try s.setDescription(of: e.id, to: "İstanbul", now: 2)
        #expect(try body(s, .event, e.id.rawValue) == TextFold.key("Diş hekimi İstanbul"))
        try s.addNote(routine: routine, by: a, text: "Yağmur suyu", now: 3)
        try s.addNote(event: e.id, by: a, text: "Sigorta kartı", now: 4)
        #expect(
            try s.seedRead("SELECT string_agg(body, '|' ORDER BY id) FROM search_index WHERE kind = 'i'", [])
                == TextFold.key("Yağmur suyu") + "|" + TextFold.key("Sigorta kartı"))
        #expect(try s.seedCount("SELECT count(*) FROM search_index WHERE space = ?", [.int(space.rawValue)]) == 4)
        try s.deleteRoutine(routine)
        try s.deleteEvent(e.id)
        #expect(try s.seedCount("SELECT count(*) FROM search_index", []) == 0)
    }

    @Test("undoing a rename writes the old name back to the index")
    func undoReindexes() throws {
        guard let s = try Engine.makePostgresStore() else { return }
        let (a, space, _) = try s.seedUser("alice")
        let routine = try s.addRoutine(
            name: "Run", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        try s.write { s in
            let (_, record) = try s.recordingChanges { try s.renameRoutine(routine, to: "Swim") }
            try s.pushUndo(record, user: a, space: space, verb: "rename", now: 1)
        }
        #expect(try body(s, .routine, routine.rawValue) == "swim")
        _ = try s.write { try $0.undoLatest(user: a, space: space, now: 2) }
        #expect(try body(s, .routine, routine.rawValue) == "run")
    }

    @Test("the capture table is left empty by every recording, kept or failed")
    func captureLeftEmpty() throws {
        guard let s = try Engine.makePostgresStore() else { return }
        let (a, space, _) = try s.seedUser("alice")
        _ = try s.write { s in
            try s.recordingChanges {
                try s.addRoutine(
                    name: "x", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: 0)
            }
        }
        #expect(try s.seedCount("SELECT count(*) FROM undo_capture", []) == 0)
        // Not recording: nothing captured at all.
        _ = try s.addRoutine(
            name: "y", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        #expect(try s.seedCount("SELECT count(*) FROM undo_capture", []) == 0)
    }

    @Test("the capture triggers are on exactly SQLite's undo tables")
    func captureTriggersMatchUndoTables() throws {
        guard let s = try Engine.makePostgresStore() else { return }
        let tables = try s.seedRead(
            """
            SELECT string_agg(c.relname, ',' ORDER BY c.relname) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE t.tgname = 'undo_capture' AND c.relnamespace = current_schema()::regnamespace
            """, [])
        #expect(tables == Store.undoTables.sorted().joined(separator: ","))
    }

    @Test("an undo entry in another engine's encoding (a copied SQLite changeset) is consumed as a conflict")
    func foreignEntry() throws {
        guard let s = try Engine.makePostgresStore() else { return }
        let (a, space, _) = try s.seedUser("alice")
        try s.connection.execute(
            """
            INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes)
            VALUES ($1, $2, 5, 'add', '', '', '', $3)
            """,
            [
                .integer(a.rawValue), .integer(space.rawValue),
                .bytea([0x54, 0x02, 0x01, 0x00] + Array("lists".utf8) + [0]),
            ])
        let result = try s.write { try $0.undoLatest(user: a, space: space, now: 6) }
        #expect(
            result
                == .conflict(
                    UndoEntry(id: 1, at: 5, verb: "add", item: UndoItem(kind: .task, effect: .changed, title: ""))))
        #expect(try s.write { try $0.undoLatest(user: a, space: space, now: 6) } == .empty)
    }
}
