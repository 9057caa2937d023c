// UndoStore on both engines: a recorded change is reversed newest first, only while its rows are as it left
// them, never cascading onto newer rows, within the age limit and the stack's depth.

import Foundation
import Testing
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("UndoStore on both engines")
struct UndoStoreTests {
    private let day = LocalDate(year: 2026, month: 11, day: 23)
    private let hour: Int64 = 3600

    /// Runs `body` as one recorded command of `user` in its own transaction, pushed at `now`.
    private func command<S: ScheduleTestStore, T>(
        _ s: S, user: UserID, space: SpaceID, verb: String = "add", now: Int64, _ body: () throws -> T
    ) throws -> T {
        try s.write { _ in
            let (result, record) = try s.recordingChanges(body)
            try s.pushUndo(record, user: user, space: space, verb: verb, now: now)
            return result
        }
    }

    private func undo<S: ScheduleTestStore>(_ s: S, _ user: UserID, _ space: SpaceID, now: Int64) throws -> UndoResult {
        try s.write { _ in try s.undoLatest(user: user, space: space, now: now) }
    }

    @Test("add, then undo: the routine and everything on it are gone; nothing is left to undo", arguments: Engine.all)
    func addThenUndo(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try addThenUndoBody(store)
    }

    private func addThenUndoBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let id = try command(s, user: a, space: space, now: 1000) {
            let id = try s.addRoutine(
                name: "Stretch", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                now: 1000)
            try s.addScheduleReminder(routine: id, day: day, fireAt: 2000)
            return id
        }
        guard case .undone(let entry) = try undo(s, a, space, now: 1001) else {
            Issue.record("not undone")
            return
        }
        #expect(entry.verb == "add" && entry.at == 1000)
        #expect(entry.item == UndoItem(kind: .routine, effect: .created, title: "Stretch"))
        #expect(try s.routine(id, in: space) == nil)
        #expect(try s.seedCount("SELECT count(*) FROM routine_schedules") == 0)
        #expect(try s.nextScheduleReminderTime() == nil)
        #expect(try undo(s, a, space, now: 1002) == .empty)
    }

    @Test("deleting a task with notes, then undo: the task and its notes come back as they were", arguments: Engine.all)
    func deleteThenUndo(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try deleteThenUndoBody(store)
    }

    private func deleteThenUndoBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let task = try s.seedTask("Call mum", space: space, list: list, by: a, now: 5)
        try s.seedTaskNote("Sunday", task: task, by: a, now: 6)
        try s.seedTaskNote("after lunch", task: task, by: a, now: 7)
        try s.addReminder(task: task, kind: .due, offsetMinutes: nil, fireAt: 99, for: nil)
        let step = try s.seed(
            """
            INSERT INTO tasks (space_id, list_id, title, title_key, created_at, updated_at, parent_id)
            VALUES (?, ?, 'dial', 'dial', 8, 8, ?)
            """, [.int(space.rawValue), .int(list.rawValue), .int(task.rawValue)], returningID: true)
        let before = try s.seedRead(
            "SELECT title || '/' || created_at || '/' || (SELECT count(*) FROM task_notes) FROM tasks WHERE id = ?",
            [.int(task.rawValue)])
        try command(s, user: a, space: space, verb: "delete", now: 100) {
            try s.seed("DELETE FROM tasks WHERE id = ?", [.int(task.rawValue)], returningID: false)
        }
        #expect(try s.seedCount("SELECT count(*) FROM task_notes") == 0)
        let result = try undo(s, a, space, now: 200)
        #expect(
            result
                == .undone(
                    UndoEntry(
                        id: 1, at: 100, verb: "delete", item: UndoItem(kind: .task, effect: .deleted, title: "Call mum")
                    )))
        #expect(
            try s.seedRead(
                "SELECT title || '/' || created_at || '/' || (SELECT count(*) FROM task_notes) FROM tasks WHERE id = ?",
                [.int(task.rawValue)]) == before)
        #expect(try s.noteCount(task: task, routine: nil, event: nil) == 2)
        #expect(
            try s.seedCount(
                "SELECT count(*) FROM tasks WHERE id = ? AND parent_id = ?", [.int(step), .int(task.rawValue)]) == 1)
        #expect(try s.pendingReminders(of: task).map(\.fireAt) == [99])
        #expect(try s.integrityProblems().isEmpty)
    }

    @Test(
        "the partner changed the same field since: conflict, nothing reversed, the entry dropped", arguments: Engine.all
    )
    func partnerEditConflicts(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try partnerEditConflictsBody(store)
    }

    private func partnerEditConflictsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let id = try s.addRoutine(
            name: "Walk", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        try command(s, user: a, space: space, now: 10) { try s.addNote(routine: id, by: a, text: "older", now: 10) }
        try command(s, user: a, space: space, verb: "rename", now: 20) { try s.renameRoutine(id, to: "Long walk") }
        try command(s, user: b, space: space, verb: "rename", now: 30) { try s.renameRoutine(id, to: "Dog walk") }
        let result = try undo(s, a, space, now: 40)
        guard case .conflict(let entry) = result else {
            Issue.record("expected a conflict, got \(result)")
            return
        }
        #expect(entry.verb == "rename")
        #expect(entry.item == UndoItem(kind: .routine, effect: .changed, title: "Dog walk"))
        #expect(try s.routine(id, in: space)?.name == "Dog walk")
        // The next undo goes one further back.
        guard case .undone(let older) = try undo(s, a, space, now: 41) else {
            Issue.record("the older entry was not undone")
            return
        }
        #expect(older.item == UndoItem(kind: .routine, effect: .changed, title: "Dog walk"))
        #expect(try s.notes(of: id).isEmpty)
    }

    @Test("the partner changed another field since: the undo goes through and keeps it", arguments: Engine.all)
    func otherFieldKept(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try otherFieldKeptBody(store)
    }

    private func otherFieldKeptBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        var event = CalendarEvent(id: EventID(0), title: "Gym", date: day, time: nil, end: nil, tz: "UTC")
        event.id = try s.addEvent(event, space: space, by: a, assignee: nil, now: 0)
        var renamed = event
        renamed.title = "Swim"
        try command(s, user: a, space: space, verb: "edit", now: 10) {
            try s.updateEvent(renamed, assignee: nil, now: 10)
        }
        try command(s, user: b, space: space, verb: "note", now: 20) {
            try s.setException(event.id, day: day, .cancelled)
        }
        #expect(
            try undo(s, a, space, now: 30)
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "edit", item: UndoItem(kind: .event, effect: .changed, title: "Swim"))))
        let now = try #require(try s.event(event.id, in: space))
        #expect(now.title == "Gym")
        #expect(now.exceptions == [day: .cancelled])
        #expect(try s.events(matching: "gym", in: space).map(\.id) == [event.id])
    }

    @Test("an undo that would cascade onto a row added since is refused", arguments: Engine.all)
    func cascadeRefused(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try cascadeRefusedBody(store)
    }

    private func cascadeRefusedBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let event = try command(s, user: a, space: space, now: 10) {
            try s.addEvent(
                CalendarEvent(id: EventID(0), title: "Party", date: day, time: nil, end: nil, tz: "UTC"), space: space,
                by: a, assignee: nil, now: 10)
        }
        try s.write { _ in try s.addNote(event: event, by: b, text: "I bring cake", now: 20) }
        let result = try undo(s, a, space, now: 30)
        #expect(
            result
                == .conflict(
                    UndoEntry(
                        id: 1, at: 10, verb: "add", item: UndoItem(kind: .event, effect: .created, title: "Party"))))
        #expect(try s.event(event, in: space)?.title == "Party")
        #expect(try s.notes(of: event).map(\.text) == ["I bring cake"])
    }

    @Test("a reminder fired since does not block the undo of what set it", arguments: Engine.all)
    func firedReminderIsLenient(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try firedReminderIsLenientBody(store)
    }

    private func firedReminderIsLenientBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let task = try s.seedTask("Pay rent", space: space, list: list, by: a)
        let id = try command(s, user: a, space: space, verb: "remind", now: 10) {
            try s.addReminder(task: task, kind: .before, offsetMinutes: 10, fireAt: 50, for: a)
        }
        #expect(try s.write { _ in try s.markFired(id, at: 50) })
        #expect(
            try undo(s, a, space, now: 60)
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "remind", item: UndoItem(kind: .task, effect: .changed, title: "Pay rent"))
                ))
        #expect(try s.seedCount("SELECT count(*) FROM reminders") == 0)
    }

    @Test("an entry older than 24 hours is never undone; one exactly 24 hours old is", arguments: Engine.all)
    func ageLimit(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try ageLimitBody(store)
    }

    private func ageLimitBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        for (name, at) in [("old", Int64(0)), ("day old", hour)] {
            try command(s, user: a, space: space, now: at) {
                _ = try s.addRoutine(
                    name: name, space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: at)
            }
        }
        let now = hour + UndoLimits.maxAge
        guard case .undone(let entry) = try undo(s, a, space, now: now) else {
            Issue.record("the entry of exactly 24 hours was not undone")
            return
        }
        #expect(entry.item.title == "day old")
        #expect(try undo(s, a, space, now: now) == .empty)
        #expect(try s.routines(in: space).map(\.name) == ["old"])
    }

    @Test("a user keeps 20 entries: the 21st push drops the oldest", arguments: Engine.all)
    func depth(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try depthBody(store)
    }

    private func depthBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        try command(s, user: b, space: space, now: 1) {
            _ = try s.addRoutine(
                name: "bob's", space: space, by: b, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                now: 1)
        }
        for n in 1...(UndoLimits.depth + 1) {
            try command(s, user: a, space: space, now: Int64(n)) {
                _ = try s.addRoutine(
                    name: "r\(n)", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: Int64(n))
            }
        }
        #expect(
            try s.seedCount("SELECT count(*) FROM undo_log WHERE user_id = ?", [.int(a.rawValue)]) == UndoLimits.depth)
        for n in stride(from: UndoLimits.depth + 1, through: 2, by: -1) {
            guard case .undone(let entry) = try undo(s, a, space, now: 100) else {
                Issue.record("entry \(n) not undone")
                return
            }
            #expect(entry.item.title == "r\(n)")
        }
        #expect(try undo(s, a, space, now: 100) == .empty)
        #expect(try s.routines(in: space).map(\.name) == ["bob's", "r1"])
        // The partner's own stack is theirs.
        guard case .undone = try undo(s, b, space, now: 100) else {
            Issue.record("bob's entry was not undone")
            return
        }
    }

    @Test("a routine deleted with its history, then undone, comes back whole and findable", arguments: Engine.all)
    func deleteRoutineThenUndo(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try deleteRoutineThenUndoBody(store)
    }

    private func deleteRoutineThenUndoBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let id = try s.addRoutine(
            name: "Read", space: space, by: a, assignee: a, time: LocalTime(hour: 21, minute: 0),
            rule: Recurrence(.daily),
            since: day, now: 0)
        try s.setRoutineSchedule(id, Recurrence(.weekly, weekdays: [2]), since: day.adding(days: 3))
        try s.pauseRoutine(id, from: day.adding(days: 5))
        _ = try s.markRoutine(id, day: day, .done, by: a, now: 1)
        try s.addNote(routine: id, by: a, text: "chapter four", now: 2)
        let before = try #require(try s.routine(id, in: space))
        try command(s, user: a, space: space, verb: "delete", now: 10) { try s.deleteRoutine(id) }
        #expect(try s.routine(id, in: space) == nil)
        #expect(
            try undo(s, a, space, now: 20)
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "delete", item: UndoItem(kind: .routine, effect: .deleted, title: "Read")))
        )
        #expect(try s.routine(id, in: space) == before)
        #expect(try s.notes(of: id).map(\.text) == ["chapter four"])
        if let pg = s as? PostgresStore {
            // The search rows went with the routine by trigger and came back with the undo.
            #expect(try pg.seedCount("SELECT count(*) FROM search_index WHERE space = ?", [.int(space.rawValue)]) == 2)
        }
        // A new routine after the undo gets a new id (the sequence was not set back).
        let next = try s.addRoutine(
            name: "Next", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 30)
        #expect(next != id)
    }

    @Test("nothing recorded: a body that changes nothing, or sets a value to itself, is empty", arguments: Engine.all)
    func emptyRecords(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try emptyRecordsBody(store)
    }

    private func emptyRecordsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let id = try s.addRoutine(
            name: "Same", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        let nothing = try s.write { _ in try s.recordingChanges { try s.routineCount(in: space) } }
        #expect(nothing.0 == 1 && nothing.1.isEmpty)
        let same = try s.write { _ in try s.recordingChanges { try s.renameRoutine(id, to: "Same") } }
        #expect(same.1.isEmpty)
        let addedAndGone = try s.write { _ in
            try s.recordingChanges {
                let other = try s.addRoutine(
                    name: "Gone", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: 0)
                try s.deleteRoutine(other)
            }
        }
        #expect(addedAndGone.1.isEmpty)
        // Users, spaces and notifications are not content: never recorded.
        let people = try s.write { _ in
            try s.recordingChanges {
                let (other, _, _) = try s.seedUser("dave")
                try s.seed(
                    "INSERT INTO notifications (user_id, created_at, key, args) VALUES (?, 0, 'k', '{}')",
                    [.int(other.rawValue)], returningID: true)
            }
        }
        #expect(!people.1.isEmpty)  // the new space's Inbox is a list: content
        let onlyPeople = try s.write { _ in
            try s.recordingChanges {
                let other = try s.seedMember("erin", space: space)
                try s.seed(
                    "INSERT INTO notifications (user_id, created_at, key, args) VALUES (?, 0, 'k', '{}')",
                    [.int(other.rawValue)], returningID: true)
            }
        }
        #expect(onlyPeople.1.isEmpty)
        // Not recording: changes outside `recordingChanges` are not captured for the next recording.
        try s.write { _ in try s.renameRoutine(id, to: "Other") }
        let next = try s.write { _ in try s.recordingChanges { try s.setRoutineTime(id, LocalTime(hour: 7, minute: 0)) }
        }
        try s.write { _ in try s.pushUndo(next.1, user: a, space: space, verb: "edit", now: 5) }
        #expect(
            try undo(s, a, space, now: 6)
                == .undone(
                    UndoEntry(
                        id: 1, at: 5, verb: "edit", item: UndoItem(kind: .routine, effect: .changed, title: "Other"))))
        #expect(try s.routine(id, in: space)?.name == "Other")
        #expect(try s.routine(id, in: space)?.time == nil)
    }

    @Test("entries are per space and cleared on demand; a failed body records nothing", arguments: Engine.all)
    func spaceAndClear(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try spaceAndClearBody(store)
    }

    private struct Boom: Error {}

    private func spaceAndClearBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let (_, otherSpace, _) = try s.seedUser("carol")
        try command(s, user: a, space: space, now: 1) {
            _ = try s.addRoutine(
                name: "x", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 1)
        }
        #expect(try undo(s, a, otherSpace, now: 2) == .empty)
        try s.write { _ in try s.clearUndo(user: a) }
        #expect(try undo(s, a, space, now: 2) == .empty)
        #expect(throws: Boom.self) {
            try s.write { _ in
                try s.savepoint {
                    _ = try s.recordingChanges { () throws -> Int in
                        _ = try s.addRoutine(
                            name: "doomed", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily),
                            since: day, now: 1)
                        throw Boom()
                    }
                }
            }
        }
        // The next recording starts clean.
        let (_, record) = try s.write { _ in try s.recordingChanges { try s.routineCount(in: space) } }
        #expect(record.isEmpty)
        #expect(try s.routines(in: space).map(\.name) == ["x"])
    }

    @Test("text that looks like SQL or JSON survives recording and reversal byte for byte", arguments: Engine.all)
    func hostileText(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try hostileTextBody(store)
    }

    private func hostileTextBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let nasty = "O'Brien \"}], {\"t\": \"users\"} \\u0000 \\ '); DROP TABLE routines; -- Işık 🌙"
        let id = try s.addRoutine(
            name: nasty, space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        try s.setDescription(of: id, to: "line one\nline two\t\"tab\"")
        try command(s, user: a, space: space, verb: "delete", now: 10) { try s.deleteRoutine(id) }
        #expect(
            try undo(s, a, space, now: 11)
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "delete", item: UndoItem(kind: .routine, effect: .deleted, title: nasty))))
        let back = try #require(try s.routine(id, in: space))
        #expect(back.name == nasty)
        #expect(back.description == "line one\nline two\t\"tab\"")
        #expect(try s.seedCount("SELECT count(*) FROM users") == 1)
    }

    @Test("PostgreSQL: an entry survives a restart of the store")
    func survivesRestart() throws {
        guard let url = try Engine.freshPostgresSchemaURL() else { return }
        var store: PostgresStore? = try PostgresStore(url: url)
        let (a, space, _) = try store!.seedUser("alice")
        try command(store!, user: a, space: space, now: 10) {
            _ = try store!.addRoutine(
                name: "Journal", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                now: 10)
        }
        store!.close()
        store = nil
        let reopened = try PostgresStore(url: url)
        #expect(
            try undo(reopened, a, space, now: 20)
                == .undone(
                    UndoEntry(
                        id: 1, at: 10, verb: "add", item: UndoItem(kind: .routine, effect: .created, title: "Journal")))
        )
        #expect(try reopened.routines(in: space).isEmpty)
    }

    /// What the second node's undo answered, handed from its thread.
    private final class Answer: @unchecked Sendable {
        var result: Result<UndoResult, Error>?
    }

    @Test("PostgreSQL: two nodes undoing the same user's entry at once undo it once, and the next one")
    func concurrentUndo() throws {
        guard let url = try Engine.freshPostgresSchemaURL() else { return }
        let one = try PostgresStore(url: url)
        let (a, space, _) = try one.seedUser("alice")
        for name in ["first", "second"] {
            try command(one, user: a, space: space, now: 10) {
                _ = try one.addRoutine(
                    name: name, space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day,
                    now: 10)
            }
        }
        let turn = try one.beginTurn()
        guard case .undone(let mine) = try one.undoLatest(user: a, space: space, now: 20) else {
            Issue.record("the first node's undo failed")
            return
        }
        #expect(mine.item.title == "second")
        // The second node reads the same newest entry, then waits on its row until the first node commits.
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            answer.result = Result {
                let two = try PostgresStore(url: url)
                return try two.write { try $0.undoLatest(user: a, space: space, now: 21) }
            }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        try turn.commit()
        #expect(done.wait(timeout: .now() + 30) == .success)
        guard case .undone(let theirs)? = try answer.result?.get() else {
            Issue.record("the second node's undo was \(String(describing: answer.result))")
            return
        }
        #expect(theirs.item.title == "first")
        #expect(try one.routines(in: space).isEmpty)
    }
}
