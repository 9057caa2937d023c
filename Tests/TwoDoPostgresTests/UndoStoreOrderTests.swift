// UndoStore on both engines, the harder reversals: rows created and moved in one command, a two-column key,
// list names (namesGeneration), and recording outside any transaction.

import Testing
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("UndoStore reversal order on both engines")
struct UndoStoreOrderTests {
    private let day = LocalDate(year: 2026, month: 11, day: 23)

    /// No command makes this change today (`list add` creates an empty list). SQLite's changeset applies
    /// table by table (lists before tasks): deleting the new list first removes the task by cascade, and the
    /// task's own reversal then finds no row, so SQLite refuses (a conflict, nothing changed). PostgreSQL
    /// reverts updates before deleting inserted rows and succeeds. Pinned for both until SQLite's is fixed.
    @Test(
        "a new list and a task moved into it, undone: the task is back in its list, the new list gone",
        arguments: Engine.all)
    func createAndMove(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try createAndMoveBody(store, undone: engine == .postgres)
    }

    private func createAndMoveBody<S: ScheduleTestStore>(_ s: S, undone: Bool) throws {
        let (a, space, inbox) = try s.seedUser("alice")
        let task = try s.seedTask("Buy paint", space: space, list: inbox, by: a)
        let generation = s.namesGeneration
        try s.write { _ in
            let (_, record) = try s.recordingChanges {
                let list = try s.seed(
                    "INSERT INTO lists (space_id, name, name_key, created_at) VALUES (?, 'House', 'house', 1)",
                    [.int(space.rawValue)], returningID: true)
                try s.seed(
                    "UPDATE tasks SET list_id = ? WHERE id = ?", [.int(list), .int(task.rawValue)], returningID: false)
            }
            try s.pushUndo(record, user: a, space: space, verb: "move", now: 10)
        }
        let result = try s.write { _ in try s.undoLatest(user: a, space: space, now: 11) }
        let entry = UndoEntry(
            id: 1, at: 10, verb: "move", item: UndoItem(kind: .list, effect: .created, title: "House"))
        #expect(result == (undone ? .undone(entry) : .conflict(entry)))
        #expect(try s.seedCount("SELECT count(*) FROM lists") == (undone ? 1 : 2))
        #expect(
            try s.seedCount("SELECT count(*) FROM tasks WHERE list_id = ?", [.int(inbox.rawValue)]) == (undone ? 1 : 0))
        #expect(try s.integrityProblems().isEmpty)
        if undone { #expect(s.namesGeneration != generation) }
    }

    @Test("a deleted list with its tasks and their notes comes back, parents before children", arguments: Engine.all)
    func deleteListTree(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try deleteListTreeBody(store)
    }

    private func deleteListTreeBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let list = ListID(
            try s.seed(
                "INSERT INTO lists (space_id, name, name_key, created_at) VALUES (?, 'Trip', 'trip', 1)",
                [.int(space.rawValue)], returningID: true))
        let parent = try s.seedTask("Pack", space: space, list: list, by: a)
        let step = try s.seed(
            """
            INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at, parent_id)
            VALUES (?, ?, 'socks', 'socks', 2, 2, ?)
            """, [.int(space.rawValue), .int(list.rawValue), .int(parent.rawValue)], returningID: true)
        try s.seedTaskNote("warm ones", task: TaskID(step), by: a)
        try s.addReminder(task: parent, kind: .due, offsetMinutes: nil, fireAt: 500, for: nil)
        try s.write { _ in
            let (_, record) = try s.recordingChanges {
                try s.seed("DELETE FROM lists WHERE id = ?", [.int(list.rawValue)], returningID: false)
            }
            try s.pushUndo(record, user: a, space: space, verb: "list", now: 10)
        }
        #expect(try s.seedCount("SELECT count(*) FROM tasks") == 0)
        let result = try s.write { _ in try s.undoLatest(user: a, space: space, now: 11) }
        #expect(
            result
                == .undone(
                    UndoEntry(id: 1, at: 10, verb: "list", item: UndoItem(kind: .list, effect: .deleted, title: "Trip"))
                ))
        #expect(try s.seedCount("SELECT count(*) FROM tasks WHERE list_id = ?", [.int(list.rawValue)]) == 2)
        #expect(try s.noteCount(task: TaskID(step), routine: nil, event: nil) == 1)
        #expect(try s.nextReminderTime() == 500)
        #expect(try s.integrityProblems().isEmpty)
    }

    @Test("an occurrence change (two-column key) is reversed to the change before it", arguments: Engine.all)
    func exceptionKey(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try exceptionKeyBody(store)
    }

    private func exceptionKeyBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let event = try s.addEvent(
            CalendarEvent(
                id: EventID(0), title: "Class", date: day, time: LocalTime(hour: 9, minute: 0), end: nil, tz: "UTC",
                recurrence: Recurrence(.weekly, weekdays: [1])), space: space, by: a, assignee: nil, now: 0)
        let moved = EventException.moved(date: day.adding(days: 1), time: LocalTime(hour: 11, minute: 0), end: nil)
        try s.setException(event, day: day, moved)
        try s.write { _ in
            let (_, record) = try s.recordingChanges {
                try s.setException(event, day: day, .cancelled)
                try s.setException(event, day: day.adding(days: 7), .cancelled)
            }
            try s.pushUndo(record, user: a, space: space, verb: "event", now: 10)
        }
        let result = try s.write { _ in try s.undoLatest(user: a, space: space, now: 11) }
        #expect(
            result
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "event", item: UndoItem(kind: .event, effect: .changed, title: "Class"))))
        #expect(try s.event(event, in: space)?.exceptions == [day: moved])
    }

    @Test("outside any transaction, recording and undoing are each atomic on their own", arguments: Engine.all)
    func outsideTransactions(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try outsideTransactionsBody(store)
    }

    private func outsideTransactionsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let (id, record) = try s.recordingChanges {
            try s.addRoutine(
                name: "Floss", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                now: 0)
        }
        #expect(!record.isEmpty)
        try s.pushUndo(record, user: a, space: space, verb: "add", now: 5)
        #expect(
            try s.undoLatest(user: a, space: space, now: 6)
                == .undone(
                    UndoEntry(
                        id: 1, at: 5, verb: "add", item: UndoItem(kind: .routine, effect: .created, title: "Floss"))))
        #expect(try s.routine(id, in: space) == nil)
    }

    @Test("a recording inside another records into both", arguments: Engine.all)
    func nestedRecording(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try nestedRecordingBody(store)
    }

    private func nestedRecordingBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        func add(_ name: String) throws {
            _ = try s.addRoutine(
                name: name, space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        }
        try s.write { _ in
            let (inner, outer) = try s.recordingChanges {
                try add("outer")
                let (_, inner) = try s.recordingChanges { try add("inner") }
                try add("after")
                return inner
            }
            try s.pushUndo(inner, user: a, space: space, verb: "add", now: 1)
            try s.pushUndo(outer, user: b, space: space, verb: "add", now: 2)
        }
        let undoInner = try s.write { _ in try s.undoLatest(user: a, space: space, now: 3) }
        #expect(
            undoInner
                == .undone(
                    UndoEntry(
                        id: 1, at: 1, verb: "add", item: UndoItem(kind: .routine, effect: .created, title: "inner"))))
        #expect(try s.routines(in: space).map(\.name) == ["outer", "after"])
        // The outer entry names the inner routine too, which is gone now: a conflict, nothing reversed.
        let undoOuter = try s.write { _ in try s.undoLatest(user: b, space: space, now: 4) }
        #expect(
            undoOuter
                == .conflict(
                    UndoEntry(
                        id: 2, at: 2, verb: "add", item: UndoItem(kind: .routine, effect: .created, title: "outer"))))
        #expect(try s.routines(in: space).map(\.name) == ["outer", "after"])
    }

    @Test("an undo run inside a recording is recorded, so it can be undone in turn", arguments: Engine.all)
    func undoRecorded(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try undoRecordedBody(store)
    }

    private func undoRecordedBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        try s.write { _ in
            let (_, record) = try s.recordingChanges {
                try s.addRoutine(
                    name: "Yoga", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: 0)
            }
            try s.pushUndo(record, user: a, space: space, verb: "add", now: 1)
        }
        try s.write { _ in
            let (result, record) = try s.recordingChanges { try s.undoLatest(user: a, space: space, now: 2) }
            guard case .undone = result else {
                Issue.record("not undone: \(result)")
                return
            }
            #expect(!record.isEmpty)
            try s.pushUndo(record, user: b, space: space, verb: "undo", now: 2)
        }
        #expect(try s.routines(in: space).isEmpty)
        let redo = try s.write { _ in try s.undoLatest(user: b, space: space, now: 3) }
        // (Entry ids are the engine's: SQLite reuses a freed rowid, PostgreSQL's identity moves on; never shown.)
        guard case .undone(let entry) = redo else {
            Issue.record("not redone: \(redo)")
            return
        }
        #expect(entry.verb == "undo" && entry.at == 2)
        #expect(entry.item == UndoItem(kind: .routine, effect: .deleted, title: "Yoga"))
        #expect(try s.routines(in: space).map(\.name) == ["Yoga"])
    }
}
