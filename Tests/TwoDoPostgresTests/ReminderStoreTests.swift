// ReminderStore on both engines: kinds round-trip (ReminderKindTests ported), due reads soonest first then by
// id, fired once and never again, pending reminders of tasks, events and routines.

import Testing
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("ReminderStore on both engines")
struct ReminderStoreTests {
    private let day = LocalDate(year: 2026, month: 11, day: 23)

    /// Engines × kinds, for the per-kind round trip.
    static let enginesAndKinds = Engine.all.flatMap { e in ReminderKind.allCases.map { (e, $0) } }

    @Test("each kind comes back from pending and due reads as the same kind", arguments: enginesAndKinds)
    func roundTrip(engine: Engine, kind: ReminderKind) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try roundTripBody(store, kind)
    }

    private func roundTripBody<S: ScheduleTestStore>(_ s: S, _ kind: ReminderKind) throws {
        let (a, space, list) = try s.seedUser("alice")
        let task = try s.seedTask("x", space: space, list: list, by: a)
        try s.addReminder(task: task, kind: kind, offsetMinutes: kind == .before ? 15 : nil, fireAt: 100)
        #expect(try s.pendingReminders(of: task).map(\.kind) == [kind])
        #expect(try s.remindersDue(before: 100, limit: 10).map(\.kind) == [kind])
        #expect(try s.remindersDue(of: task, before: 100).map(\.kind) == [kind])
        try s.cancelReminders(of: task, kinds: ReminderKind.allCases.filter { $0 != kind })
        #expect(try s.pendingReminders(of: task).count == 1)
        try s.cancelReminders(of: task, kinds: [kind])
        #expect(try s.pendingReminders(of: task).isEmpty)
    }

    @Test("a kind this build does not know throws, naming the column and the value", arguments: Engine.all)
    func unknownKindThrows(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try unknownKindBody(store)
    }

    private func unknownKindBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let task = try s.seedTask("x", space: space, list: list, by: a)
        try s.seed(
            "INSERT INTO reminders (task_id, kind, fire_at, space_id) VALUES (?, 'someday', 5, ?)",
            [.int(task.rawValue), .int(space.rawValue)],
            returningID: true)
        for read in [{ _ = try s.pendingReminders(of: task) }, { _ = try s.remindersDue(before: 10, limit: 5) }] {
            let error = #expect(throws: DatabaseError.self) { try read() }
            #expect(error?.message.contains("kind") == true)
            #expect(error?.message.contains("someday") == true)
        }
    }

    @Test("due reads: pending only, at or before the horizon, soonest first then by id, capped", arguments: Engine.all)
    func due(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try dueBody(store)
    }

    private func dueBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let t1 = try s.seedTask("one", space: space, list: list, by: a)
        let t2 = try s.seedTask("two", space: space, list: list, by: a)
        let late = try s.addReminder(task: t1, kind: .due, offsetMinutes: nil, fireAt: 300, for: nil)
        let tieFirst = try s.addReminder(task: t2, kind: .before, offsetMinutes: 10, fireAt: 200, for: b)
        let tieSecond = try s.addReminder(task: t1, kind: .at, offsetMinutes: nil, fireAt: 200, for: nil)
        let early = try s.addReminder(task: t1, kind: .nag, offsetMinutes: nil, fireAt: 100, for: nil)
        _ = try s.addReminder(task: t2, kind: .due, offsetMinutes: nil, fireAt: 301, for: nil)
        #expect(try s.nextReminderTime() == 100)
        #expect(try s.remindersDue(before: 300, limit: 10).map(\.id) == [early, tieFirst, tieSecond, late])
        #expect(try s.remindersDue(before: 300, limit: 2).map(\.id) == [early, tieFirst])
        #expect(try s.remindersDue(before: 99, limit: 10).isEmpty)
        let due = try #require(try s.remindersDue(before: 200, limit: 10).first { $0.id == tieFirst })
        #expect(due.task == t2 && due.kind == .before && due.fireAt == 200 && due.user == b)
        #expect(try s.remindersDue(of: t1, before: 1000).map(\.id) == [early, tieSecond, late])
        // Fired once: true, then false ever after; fired ones leave the due reads and the next time.
        #expect(try s.markFired(early, at: 150))
        #expect(try s.markFired(early, at: 151) == false)
        #expect(try s.nextReminderTime() == 200)
        #expect(try s.remindersDue(before: 300, limit: 10).map(\.id) == [tieFirst, tieSecond, late])
        #expect(try s.pendingReminders(of: t1).map(\.fireAt) == [200, 300])
        // Cancelling keeps fired ones (their offsets still count for the next occurrence).
        try s.cancelReminders(of: t1, kinds: nil)
        #expect(try s.pendingReminders(of: t1).isEmpty)
        #expect(try s.seedCount("SELECT count(*) FROM reminders WHERE task_id = ?", [.int(t1.rawValue)]) == 1)
        #expect(try s.markFired(9999, at: 1) == false)
    }

    @Test(
        "offsets: pending ones with whom they are for, everyone's and personal ones fired or not", arguments: Engine.all
    )
    func offsets(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try offsetsBody(store)
    }

    private func offsetsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let task = try s.seedTask("x", space: space, list: list, by: a)
        try s.addReminder(task: task, kind: .before, offsetMinutes: 30, fireAt: 10, for: b)
        try s.addReminder(task: task, kind: .before, offsetMinutes: 30, fireAt: 10, for: nil)
        try s.addReminder(task: task, kind: .before, offsetMinutes: 30, fireAt: 10, for: nil)  // duplicate
        let fired = try s.addReminder(task: task, kind: .before, offsetMinutes: 60, fireAt: 5, for: nil)
        try s.addReminder(task: task, kind: .before, offsetMinutes: 15, fireAt: 20, for: a)
        try s.addReminder(task: task, kind: .due, offsetMinutes: nil, fireAt: 40, for: nil)
        #expect(try s.markFired(fired, at: 6))
        let pending = try s.pendingOffsets(of: task)
        #expect(pending.map(\.offsetMinutes) == [15, 30, 30])
        #expect(pending.map(\.user) == [a, nil, b])  // no one (everyone) before a person, as SQLite sorts NULL
        #expect(try s.reminderOffsets(of: task).sorted() == [30, 60])
        let personal = try s.personalReminderOffsets(of: task)
        #expect(personal.map(\.offsetMinutes) == [15, 30])
        #expect(personal.map(\.user) == [a, b])
    }

    @Test(
        "schedule reminders: pending per event, due soonest first, fired once, cancelled while pending",
        arguments: Engine.all)
    func scheduleReminders(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try scheduleRemindersBody(store)
    }

    private func scheduleRemindersBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let routine = try s.addRoutine(
            name: "r", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        let event = try s.addEvent(
            CalendarEvent(
                id: EventID(0), title: "e", date: day, time: LocalTime(hour: 9, minute: 0), end: nil, tz: "UTC",
                recurrence: Recurrence(.daily)), space: space, by: a, assignee: nil, now: 0)
        try s.addScheduleReminder(event: event, day: day.adding(days: 1), fireAt: 300)
        try s.addScheduleReminder(event: event, day: day, fireAt: 200)
        try s.addScheduleReminder(routine: routine, day: day, fireAt: 200)
        try s.addScheduleReminder(routine: routine, day: day.adding(days: 1), fireAt: 500)
        #expect(try s.nextScheduleReminderTime() == 200)
        #expect(try s.pendingScheduleReminders(event: event) == [200, 300])
        let due = try s.scheduleRemindersDue(before: 300, limit: 10)
        #expect(due.map(\.fireAt) == [200, 200, 300])
        #expect(due.map(\.event) == [event, nil, event])
        #expect(due.map(\.routine) == [nil, routine, nil])
        #expect(due.map(\.day) == [day, day, day.adding(days: 1)])
        #expect(try s.scheduleRemindersDue(before: 300, limit: 1).map(\.id) == [due[0].id])
        #expect(try s.scheduleReminderFired(event: event, day: day) == false)
        #expect(try s.markScheduleReminderFired(due[0].id, at: 201))
        #expect(try s.markScheduleReminderFired(due[0].id, at: 202) == false)
        #expect(try s.scheduleReminderFired(event: event, day: day))
        #expect(try s.scheduleReminderFired(event: event, day: day.adding(days: 1)) == false)
        #expect(try s.markScheduleReminderFired(due[1].id, at: 201))
        #expect(try s.scheduleReminderFired(routine: routine, day: day))
        #expect(try s.scheduleReminderFired(routine: routine, day: day.adding(days: 1)) == false)
        try s.cancelScheduleReminders(event: event)
        try s.cancelScheduleReminders(routine: routine)
        #expect(try s.pendingScheduleReminders(event: event).isEmpty)
        #expect(try s.nextScheduleReminderTime() == nil)
        // Fired ones stay, so the occurrence is still known as reminded.
        #expect(try s.scheduleReminderFired(event: event, day: day))
        #expect(try s.scheduleReminderFired(routine: routine, day: day))
    }

    @Test("PostgreSQL: a reminder two nodes both read as due is delivered once")
    func firedOnceAcrossConnections() throws {
        guard let url = try Engine.freshPostgresSchemaURL() else { return }
        let one = try PostgresStore(url: url)
        let two = try PostgresStore(url: url)
        let (a, space, list) = try one.seedUser("alice")
        let task = try one.seedTask("x", space: space, list: list, by: a)
        let id = try one.addReminder(task: task, kind: .due, offsetMinutes: nil, fireAt: 10, for: nil)
        let seenByOne = try one.remindersDue(before: 10, limit: 5).map(\.id)
        let seenByTwo = try two.remindersDue(before: 10, limit: 5).map(\.id)
        #expect(seenByOne == [id] && seenByTwo == [id])
        let turn = try one.beginTurn()
        let firstWins = try one.markFired(id, at: 11)
        try turn.commit()
        let secondWins = try two.write { try $0.markFired(id, at: 12) }
        #expect(firstWins && !secondWins)
        #expect(try two.remindersDue(before: 10, limit: 5).isEmpty)
    }
}
