// Notes on routines and events, deleting any note by number, and the reminders of events and routines.

import TwoDoCore

/// A routine or event reminder that is due to fire.
public struct DueScheduleReminder: Sendable, Equatable {
    public var id: Int64
    public var event: EventID?
    public var routine: RoutineID?
    /// The occurrence it is for (the rule's date, before any move).
    public var day: LocalDate
    public var fireAt: Int64
}

extension Store {
    // MARK: Notes

    /// Attaches a note to a routine or an event.
    public func addNote(
        routine: RoutineID? = nil, event: EventID? = nil, by user: UserID, text: String, now: Int64
    ) throws {
        try db.run(
            "INSERT INTO item_notes (routine_id, event_id, author_id, created_at, body) VALUES (?, ?, ?, ?, ?)",
            routine.map { .integer($0.rawValue) } ?? .null, event.map { .integer($0.rawValue) } ?? .null,
            .integer(user.rawValue),
            .integer(now), .text(text))
    }

    /// The notes of a routine, oldest first.
    public func notes(of routine: RoutineID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.routine_id = ? ORDER BY n.id",
            .integer(routine.rawValue), map: Store.note)
    }

    /// The notes of an event, oldest first.
    public func notes(of event: EventID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.event_id = ? ORDER BY n.id",
            .integer(event.rawValue), map: Store.note)
    }

    private static func note(_ row: Row) throws -> Note {
        Note(author: row.text("author"), at: try row.requiredInt("created_at"), text: try row.requiredText("body"))
    }

    /// Deletes the `number`-th note (1-based, oldest first) of a task; returns it, or nil when there is none.
    public func deleteNote(of task: TaskID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM task_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.task_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM task_notes WHERE id = ?", owner: task.rawValue, number: number)
    }

    /// Deletes the `number`-th note of a routine; returns it, or nil when there is none.
    public func deleteNote(of routine: RoutineID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.routine_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM item_notes WHERE id = ?", owner: routine.rawValue, number: number)
    }

    /// Deletes the `number`-th note of an event; returns it, or nil when there is none.
    public func deleteNote(of event: EventID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.event_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM item_notes WHERE id = ?", owner: event.rawValue, number: number)
    }

    private func deleteNumbered(_ select: String, _ delete: String, owner: Int64, number: Int) throws -> Note? {
        guard number >= 1 else { return nil }
        guard
            let (id, note) = try db.queryOne(
                select, .integer(owner), .integer(Int64(number - 1)),
                map: { (try $0.requiredInt("id"), try Store.note($0)) })
        else { return nil }
        try db.run(delete, .integer(id))
        return note
    }

    // MARK: Reminders of events and routines

    /// Adds a pending reminder for one occurrence of an event or routine.
    public func addScheduleReminder(
        event: EventID? = nil, routine: RoutineID? = nil, day: LocalDate, fireAt: Int64
    ) throws {
        try db.run(
            "INSERT INTO schedule_reminders (event_id, routine_id, day, fire_at) VALUES (?, ?, ?, ?)",
            event.map { .integer($0.rawValue) } ?? .null, routine.map { .integer($0.rawValue) } ?? .null,
            .text(day.description),
            .integer(fireAt))
    }

    /// Deletes the pending reminders of an event.
    public func cancelScheduleReminders(event: EventID) throws {
        try db.run("DELETE FROM schedule_reminders WHERE event_id = ? AND fired_at IS NULL", .integer(event.rawValue))
    }

    /// Deletes the pending reminders of a routine.
    public func cancelScheduleReminders(routine: RoutineID) throws {
        try db.run(
            "DELETE FROM schedule_reminders WHERE routine_id = ? AND fired_at IS NULL", .integer(routine.rawValue))
    }

    /// Whether a reminder for this occurrence of an event already fired (so it is never sent twice).
    public func scheduleReminderFired(event: EventID, day: LocalDate) throws -> Bool {
        try db.queryOne(
            "SELECT 1 AS x FROM schedule_reminders WHERE event_id = ? AND day = ? AND fired_at IS NOT NULL LIMIT 1",
            .integer(event.rawValue), .text(day.description)
        ) { _ in true } ?? false
    }

    /// Whether a reminder for this day of a routine already fired.
    public func scheduleReminderFired(routine: RoutineID, day: LocalDate) throws -> Bool {
        try db.queryOne(
            "SELECT 1 AS x FROM schedule_reminders WHERE routine_id = ? AND day = ? AND fired_at IS NOT NULL LIMIT 1",
            .integer(routine.rawValue), .text(day.description)
        ) { _ in true } ?? false
    }

    /// Pending reminder instants of an event, soonest first.
    public func pendingScheduleReminders(event: EventID) throws -> [Int64] {
        try db.query(
            "SELECT fire_at FROM schedule_reminders WHERE event_id = ? AND fired_at IS NULL ORDER BY fire_at",
            .integer(event.rawValue)
        ) { try $0.requiredInt("fire_at") }
    }

    /// Pending event and routine reminders due at or before `horizon`, soonest first, at most `limit`.
    public func scheduleRemindersDue(before horizon: Int64, limit: Int) throws -> [DueScheduleReminder] {
        try db.query(
            "SELECT id, event_id, routine_id, day, fire_at FROM schedule_reminders WHERE fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id LIMIT ?",
            .integer(horizon), .integer(Int64(limit))
        ) {
            DueScheduleReminder(
                id: try $0.requiredInt("id"), event: $0.int("event_id").map(EventID.init),
                routine: $0.int("routine_id").map(RoutineID.init),
                day: LocalDate(iso: try $0.requiredText("day")) ?? LocalDate(year: 1970, month: 1, day: 1),
                fireAt: try $0.requiredInt("fire_at"))
        }
    }

    /// The earliest pending event or routine reminder, if any.
    public func nextScheduleReminderTime() throws -> Int64? {
        try db.queryOne("SELECT min(fire_at) AS t FROM schedule_reminders WHERE fired_at IS NULL") { $0.int("t") }
            ?? nil
    }

    /// Marks a reminder fired; false when it had already fired.
    public func markScheduleReminderFired(_ id: Int64, at now: Int64) throws -> Bool {
        try db.run(
            "UPDATE schedule_reminders SET fired_at = ? WHERE id = ? AND fired_at IS NULL", .integer(now), .integer(id))
            == 1
    }
}
