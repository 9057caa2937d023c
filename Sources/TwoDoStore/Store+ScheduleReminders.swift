// SQL on `schedule_reminders`: reminders of event and routine occurrences, due ones for the timer, fired marks.

import TwoDoCore

extension Store {
    // Table `schedule_reminders`: migration 3. An event's or routine's reminders go with it (ON DELETE CASCADE).

    /// Adds a pending reminder for one occurrence of an event or routine.
    public func addScheduleReminder(
        event: EventID? = nil, routine: RoutineID? = nil, day: LocalDate, fireAt: Int64
    ) throws {
        try db.run(
            """
            INSERT INTO schedule_reminders (event_id, routine_id, day, fire_at, space_id)
            SELECT ?1, ?2, ?3, ?4, coalesce(
                (SELECT space_id FROM events WHERE id = ?1), (SELECT space_id FROM routines WHERE id = ?2))
            """,
            event.map { .integer($0.rawValue) } ?? .null, routine.map { .integer($0.rawValue) } ?? .null,
            .text(day.description), .integer(fireAt))
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
                day: try $0.requiredDate("day"),
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
