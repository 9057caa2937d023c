// ScheduleStore on both engines: routines whole with their history, events by window, exceptions, item notes,
// isolation between spaces, cascades, and corrupt rows that throw instead of guessing.

import Testing
import TwoDoCore

@testable import TwoDoPostgres
@testable import TwoDoStore

@Suite("ScheduleStore on both engines")
struct ScheduleStoreTests {
    private let day = LocalDate(year: 2026, month: 11, day: 23)

    @Test("a routine comes back whole: schedules since, pauses, marks, people, notes", arguments: Engine.all)
    func routineWhole(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try routineWholeBody(store)
    }

    private func routineWholeBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let id = try s.addRoutine(
            name: "Water plants", space: space, by: a, assignee: b, time: LocalTime(hour: 8, minute: 30),
            rule: Recurrence(.daily), since: day, now: 10)
        try s.setRoutineSchedule(id, Recurrence(.weekly, weekdays: [1]), since: day.adding(days: 7))
        // Replacing the schedule set the same day keeps one segment for that day.
        try s.setRoutineSchedule(id, Recurrence(.weekly, weekdays: [3]), since: day.adding(days: 7))
        try s.pauseRoutine(id, from: day.adding(days: 2))
        try s.pauseRoutine(id, from: day.adding(days: 3))  // already paused: no-op
        try s.resumeRoutine(id, today: day.adding(days: 5))
        #expect(try s.markRoutine(id, day: day, .done, by: a, now: 20))
        #expect(try s.markRoutine(id, day: day, .skipped, by: b, now: 21) == false)  // the day has a mark
        #expect(try s.markRoutine(id, day: day.adding(days: 1), .skipped, by: b, now: 22))
        try s.addNote(routine: id, by: a, text: "use rain water", now: 30)
        try s.renameRoutine(id, to: "Water the plants")
        try s.setDescription(of: id, to: "balcony first")
        try s.setRoutineTime(id, nil)

        let r = try #require(try s.routine(id, in: space))
        #expect(r.name == "Water the plants")
        #expect(r.description == "balcony first")
        #expect(r.time == nil)
        #expect(r.assignee == "bob")
        #expect(r.createdBy == "alice")
        #expect(r.createdAt == 10)
        #expect(r.noteCount == 1)
        #expect(r.history.segments.map(\.since) == [day, day.adding(days: 7)])
        #expect(r.history.segments.last?.rule == Recurrence(.weekly, weekdays: [3]))
        #expect(
            r.history.pauses == [RoutineHistory.Pause(from: day.adding(days: 2), to: day.adding(days: 4))])
        #expect(r.occurrences.map(\.date) == [day, day.adding(days: 1)])
        #expect(r.occurrences.map(\.mark) == [.done, .skipped])
        #expect(r.occurrences.map(\.by) == ["alice", "bob"])
        #expect(r.history.marks[day] == .done)
        #expect(try s.routines(in: space) == [r])
        #expect(try s.spaceOfRoutine(id) == space)
        let people = try s.routinePeople(id)
        #expect(people.assignee == b && people.createdBy == a)
        #expect(try s.routineCount(in: space) == 1)
        // The latest mark (by time) goes first when no day is named.
        #expect(
            try s.unmarkRoutine(id, day: nil).map { [$0.0.description, $0.1.rawValue] }
                == [day.adding(days: 1).description, "skipped"])
        #expect(try s.unmarkRoutine(id, day: day.adding(days: 1)) == nil)
        #expect(try s.unmarkRoutine(id, day: day).map(\.1) == .done)
        #expect(try s.routine(id, in: space)?.occurrences.isEmpty == true)
    }

    @Test("a resume on the day a pause began drops the pause; routines list oldest first", arguments: Engine.all)
    func resumeSameDay(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try resumeSameDayBody(store)
    }

    private func resumeSameDayBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let first = try s.addRoutine(
            name: "one", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 5)
        let second = try s.addRoutine(
            name: "two", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 1)
        try s.pauseRoutine(first, from: day)
        try s.resumeRoutine(first, today: day)
        #expect(try s.routine(first, in: space)?.history.pauses.isEmpty == true)
        #expect(try s.routines(in: space).map(\.id) == [first, second])
        let nobody = try s.routinePeople(RoutineID(999))
        #expect(nobody.assignee == nil && nobody.createdBy == nil)
        #expect(try s.spaceOfRoutine(RoutineID(999)) == nil)
    }

    @Test("another space's routines and events are never answered", arguments: Engine.all)
    func isolation(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try isolationBody(store)
    }

    private func isolationBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, mine, _) = try s.seedUser("alice")
        let (_, theirs, _) = try s.seedUser("carol")
        let routine = try s.addRoutine(
            name: "r", space: mine, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        let event = try s.addEvent(
            CalendarEvent(id: EventID(0), title: "Dinner", date: day, time: nil, end: nil, tz: "UTC"), space: mine,
            by: a, assignee: nil, now: 0)
        #expect(try s.routine(routine, in: theirs) == nil)
        #expect(try s.event(event, in: theirs) == nil)
        #expect(try s.routines(in: theirs).isEmpty)
        #expect(try s.events(inSpace: theirs).isEmpty)
        #expect(try s.events(in: theirs, overlapping: day...day).isEmpty)
        #expect(try s.events(matching: "dinner", in: theirs).isEmpty)
        #expect(try s.routineCount(in: theirs) == 0)
        #expect(try s.eventCount(in: theirs) == 0)
        // The timer, which is no user, still finds the space.
        #expect(try s.spaceOfEvent(event) == mine)
    }

    @Test("events: every field round-trips, and an update rewrites them but not the description", arguments: Engine.all)
    func eventFields(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try eventFieldsBody(store)
    }

    private func eventFieldsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        var event = CalendarEvent(
            id: EventID(0), title: "Yoga", date: day, time: LocalTime(hour: 18, minute: 0),
            end: LocalTime(hour: 19, minute: 0), tz: "Europe/Istanbul", location: "Studio", remindMinutes: 15,
            recurrence: Recurrence(.monthly, interval: 2, ordinal: 2, until: day.adding(days: 200)))
        event.recurrence = Recurrence(
            .weekly, interval: 2, weekdays: [1, 3, 5], until: day.adding(days: 200))
        event.description = "not stored by addEvent"
        let id = try s.addEvent(event, space: space, by: a, assignee: b, now: 100)
        #expect(try s.event(id, in: space)?.description == nil)
        try s.setDescription(of: id, to: "bring a mat", now: 100)
        var stored = try #require(try s.event(id, in: space))
        #expect(stored.title == "Yoga")
        #expect(stored.time == LocalTime(hour: 18, minute: 0))
        #expect(stored.end == LocalTime(hour: 19, minute: 0))
        #expect(stored.tz == "Europe/Istanbul")
        #expect(stored.location == "Studio")
        #expect(stored.remindMinutes == 15)
        #expect(stored.recurrence == event.recurrence)
        #expect(stored.assignee == "bob")
        #expect(stored.createdBy == "alice")
        #expect(stored.createdAt == 100)
        #expect(stored.description == "bring a mat")
        #expect(stored.endDate == nil)
        stored.title = "Hot yoga"
        stored.time = nil
        stored.end = nil
        stored.location = nil
        stored.recurrence = nil
        stored.endDate = day.adding(days: 2)
        stored.description = "ignored by updateEvent"
        try s.updateEvent(stored, assignee: nil, now: 200)
        let updated = try #require(try s.event(id, in: space))
        #expect(updated.title == "Hot yoga")
        #expect(updated.isAllDay)
        #expect(updated.location == nil)
        #expect(updated.recurrence == nil)
        #expect(updated.assignee == nil)
        #expect(updated.endDate == day.adding(days: 2))
        #expect(updated.description == "bring a mat")
        try s.setDescription(of: id, to: nil, now: 300)
        #expect(try s.event(id, in: space)?.description == nil)
        #expect(try s.events(inSpace: space).map(\.id) == [id])
    }

    @Test(
        "the window: one-offs by day (multi-day ones from before), series begun and not ended, moved occurrences",
        arguments: Engine.all)
    func window(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try windowBody(store)
    }

    private func windowBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        func add(
            _ title: String, _ date: LocalDate, rule: Recurrence? = nil, endDate: LocalDate? = nil
        ) throws -> EventID {
            var e = CalendarEvent(
                id: EventID(0), title: title, date: date, time: nil, end: nil, tz: "UTC", recurrence: rule)
            e.endDate = endDate
            return try s.addEvent(e, space: space, by: a, assignee: nil, now: 0)
        }
        let window = day...day.adding(days: 6)
        let inside = try add("inside", day.adding(days: 3))
        let early = try add("early", day)
        _ = try add("before", day.adding(days: -1))
        _ = try add("after", day.adding(days: 7))
        let spanning = try add("trip", day.adding(days: -3), endDate: day.adding(days: 1))
        let series = try add("weekly", day.adding(days: -30), rule: Recurrence(.weekly, weekdays: [1]))
        _ = try add("ended", day.adding(days: -30), rule: Recurrence(.daily, until: day.adding(days: -400)))
        _ = try add("later series", day.adding(days: 8), rule: Recurrence(.daily))
        let moved = try add("moved", day.adding(days: -600), rule: Recurrence(.daily, until: day.adding(days: -500)))
        try s.setException(moved, day: day.adding(days: -550), .moved(date: day.adding(days: 2), time: nil, end: nil))
        try s.setException(series, day: day.adding(days: -2), .cancelled)
        let found = try s.events(in: space, overlapping: window)
        #expect(found.map(\.id) == [spanning, early, inside, series, moved])
        #expect(found.first { $0.id == series }?.exceptions == [day.adding(days: -2): .cancelled])
        #expect(
            found.first { $0.id == moved }?.exceptions
                == [day.adding(days: -550): .moved(date: day.adding(days: 2), time: nil, end: nil)])
        #expect(try s.eventCount(in: space) == 9)
        #expect(try s.indexedEventCount(in: space) == 9)
    }

    @Test(
        "the window's multi-day one-offs at its edges: the longest span reaches in, one ending the day before does not",
        arguments: Engine.all)
    func windowSpans(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try windowSpansBody(store)
    }

    private func windowSpansBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        func add(_ title: String, _ first: LocalDate, last: LocalDate) throws -> EventID {
            var e = CalendarEvent(id: EventID(0), title: title, date: first, time: nil, end: nil, tz: "UTC")
            e.endDate = last
            return try s.addEvent(e, space: space, by: a, assignee: nil, now: 0)
        }
        let window = day...day.adding(days: 6)
        // 366 days, the most one event may cover, ending on the window's first day.
        let longest = try add("longest", day.adding(days: -365), last: day)
        _ = try add("ends before", day.adding(days: -10), last: day.adding(days: -1))
        let into = try add("into it", day.adding(days: -2), last: day.adding(days: 2))
        let first = try add("first day", day, last: day.adding(days: 3))
        let last = try add("last day", day.adding(days: 6), last: day.adding(days: 9))
        _ = try add("after", day.adding(days: 7), last: day.adding(days: 8))
        #expect(try s.events(in: space, overlapping: window).map(\.id) == [longest, into, first, last])
    }

    @Test("an exception replaces an earlier one of the same day whole; clearing forgets all", arguments: Engine.all)
    func exceptions(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try exceptionsBody(store)
    }

    private func exceptionsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let id = try s.addEvent(
            CalendarEvent(
                id: EventID(0), title: "Standup", date: day, time: LocalTime(hour: 9, minute: 0), end: nil, tz: "UTC",
                recurrence: Recurrence(.daily)), space: space, by: a, assignee: nil, now: 0)
        let moved = EventException.moved(
            date: day.adding(days: 1), time: LocalTime(hour: 10, minute: 0), end: LocalTime(hour: 10, minute: 15))
        try s.setException(id, day: day, moved)
        #expect(try s.event(id, in: space)?.exceptions == [day: moved])
        try s.setException(id, day: day, .cancelled)
        try s.setException(id, day: day.adding(days: 3), .moved(date: day.adding(days: 3), time: nil, end: nil))
        #expect(
            try s.event(id, in: space)?.exceptions
                == [day: .cancelled, day.adding(days: 3): .moved(date: day.adding(days: 3), time: nil, end: nil)])
        try s.setException(id, day: day, moved)
        #expect(try s.event(id, in: space)?.exceptions[day] == moved)
        try s.clearExceptions(id)
        #expect(try s.event(id, in: space)?.exceptions.isEmpty == true)
    }

    @Test("matching titles: folded words, exact titles win, the limit caps the rest", arguments: Engine.all)
    func matching(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try matchingBody(store)
    }

    private func matchingBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        func add(_ title: String, _ offset: Int) throws -> EventID {
            try s.addEvent(
                CalendarEvent(
                    id: EventID(0), title: title, date: day.adding(days: offset), time: nil, end: nil, tz: "UTC"),
                space: space, by: a, assignee: nil, now: 0)
        }
        let dinner = try add("Dinner", 5)
        let late = try add("Late dinner with Işıl", 1)
        let early = try add("Early dinner", 2)
        _ = try add("Lunch", 0)
        #expect(try s.events(matching: "DINNER", in: space).map(\.id) == [dinner])
        #expect(try s.events(matching: "dinner", in: space, limit: 1).map(\.id) == [dinner])
        #expect(try s.events(matching: "dinn", in: space).map(\.id) == [late, early, dinner])
        #expect(try s.events(matching: "dinn", in: space, limit: 2).map(\.id) == [late, early])
        #expect(try s.events(matching: "isil dinner", in: space).map(\.id) == [late])
        #expect(try s.events(matching: "   ", in: space).isEmpty)
        #expect(try s.events(matching: "breakfast", in: space).isEmpty)
    }

    @Test("item notes: oldest first, deleted by number, counted; a task's notes too", arguments: Engine.all)
    func itemNotes(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try itemNotesBody(store)
    }

    private func itemNotesBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, list) = try s.seedUser("alice")
        let b = try s.seedMember("bob", space: space)
        let routine = try s.addRoutine(
            name: "r", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        let event = try s.addEvent(
            CalendarEvent(id: EventID(0), title: "e", date: day, time: nil, end: nil, tz: "UTC"), space: space, by: a,
            assignee: nil, now: 0)
        try s.addNote(routine: routine, by: a, text: "one", now: 1)
        try s.addNote(routine: routine, by: b, text: "two", now: 2)
        try s.addNote(routine: routine, by: a, text: "three", now: 3)
        try s.addNote(event: event, by: b, text: "bring wine", now: 4)
        #expect(
            try s.notes(of: routine) == [
                Note(author: "alice", at: 1, text: "one"), Note(author: "bob", at: 2, text: "two"),
                Note(author: "alice", at: 3, text: "three"),
            ])
        #expect(try s.notes(of: event) == [Note(author: "bob", at: 4, text: "bring wine")])
        #expect(try s.deleteNote(of: routine, number: 0) == nil)
        #expect(try s.deleteNote(of: routine, number: 4) == nil)
        #expect(try s.deleteNote(of: routine, number: 2) == Note(author: "bob", at: 2, text: "two"))
        #expect(try s.notes(of: routine).map(\.text) == ["one", "three"])
        #expect(try s.deleteNote(of: event, number: 1)?.text == "bring wine")
        #expect(try s.deleteNote(of: event, number: 1) == nil)
        #expect(try s.noteCount(task: nil, routine: routine, event: nil) == 2)
        #expect(try s.noteCount(task: nil, routine: nil, event: event) == 0)
        let task = try s.seedTask("t", space: space, list: list, by: a)
        try s.seedTaskNote("n", task: task, by: a)
        #expect(try s.noteCount(task: task, routine: nil, event: nil) == 1)
        #expect(try s.event(event, in: space)?.noteCount == 0)
        #expect(try s.routine(routine, in: space)?.noteCount == 2)
    }

    @Test("deleting a routine or an event deletes its marks or exceptions, notes and reminders", arguments: Engine.all)
    func cascades(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try cascadesBody(store)
    }

    private func cascadesBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let routine = try s.addRoutine(
            name: "r", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        try s.pauseRoutine(routine, from: day)
        _ = try s.markRoutine(routine, day: day, .done, by: a, now: 0)
        try s.addNote(routine: routine, by: a, text: "x", now: 0)
        try s.addScheduleReminder(routine: routine, day: day, fireAt: 50)
        let event = try s.addEvent(
            CalendarEvent(
                id: EventID(0), title: "e", date: day, time: nil, end: nil, tz: "UTC", recurrence: Recurrence(.daily)),
            space: space, by: a, assignee: nil, now: 0)
        try s.setException(event, day: day, .cancelled)
        try s.addNote(event: event, by: a, text: "y", now: 0)
        try s.addScheduleReminder(event: event, day: day, fireAt: 60)
        try s.deleteRoutine(routine)
        try s.deleteEvent(event)
        for table in [
            "routine_schedules", "routine_pauses", "routine_marks", "item_notes", "schedule_reminders",
            "event_exceptions", "routines", "events",
        ] {
            #expect(try s.seedCount("SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
        #expect(try s.routine(routine, in: space) == nil)
        #expect(try s.nextScheduleReminderTime() == nil)
    }

    @Test("a stored value that is no date, time, rule or mark throws, naming the column", arguments: Engine.all)
    func corruptRows(engine: Engine) throws {
        guard let store = try engine.makeScheduleStore() else { return }
        try corruptRowsBody(store)
    }

    private func corruptRowsBody<S: ScheduleTestStore>(_ s: S) throws {
        let (a, space, _) = try s.seedUser("alice")
        let routine = try s.addRoutine(
            name: "r", space: space, by: a, assignee: nil, time: nil, rule: Recurrence(.daily), since: day, now: 0)
        _ = try s.markRoutine(routine, day: day, .done, by: a, now: 0)
        _ = try s.addEvent(
            CalendarEvent(id: EventID(0), title: "e", date: day, time: nil, end: nil, tz: "UTC"), space: space, by: a,
            assignee: nil, now: 0)
        let corruptions: [(column: String, sql: String, read: () throws -> Void)] = [
            ("state", "UPDATE routine_marks SET state = 'maybe'", { _ = try s.routines(in: space) }),
            ("rule", "UPDATE routine_schedules SET rule = 'often'", { _ = try s.routine(routine, in: space) }),
            ("time", "UPDATE routines SET time = 'noonish'", { _ = try s.routines(in: space) }),
            ("start_date", "UPDATE events SET start_date = 'soon'", { _ = try s.events(inSpace: space) }),
            ("rec_freq", "UPDATE events SET rec_freq = 'hourly'", { _ = try s.events(inSpace: space) }),
        ]
        for corruption in corruptions {
            try corruption.read()  // everything reads while the data is sound
            do {
                try s.write { _ in
                    try s.seed(corruption.sql, [], returningID: false)
                    let error = #expect(throws: DatabaseError.self) { try corruption.read() }
                    #expect(error?.message.contains("column \(corruption.column)") == true, "\(corruption.column)")
                    throw Rollback()
                }
            } catch is Rollback {}
        }
    }

    private struct Rollback: Error {}
}
