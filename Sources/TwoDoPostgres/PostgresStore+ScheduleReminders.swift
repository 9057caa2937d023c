// ReminderStore on PostgreSQL, schedule reminders: event and routine occurrences, due ones, fired marks.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // An event's or routine's reminders go with it (ON DELETE CASCADE). The timer's reads use
    // `schedule_reminders_pending` (fire_at WHERE fired_at IS NULL).

    /// Adds a pending reminder for one occurrence of an event or routine (exactly one of them).
    public func addScheduleReminder(event: EventID?, routine: RoutineID?, day: LocalDate, fireAt: Int64) throws {
        try connection.execute(
            "INSERT INTO schedule_reminders (event_id, routine_id, day, fire_at) VALUES ($1, $2, $3, $4)",
            [
                PostgresStore.bind(event?.rawValue), PostgresStore.bind(routine?.rawValue), .text(day.description),
                .integer(fireAt),
            ])
    }

    /// Deletes the pending reminders of an event.
    public func cancelScheduleReminders(event: EventID) throws {
        try connection.execute(
            "DELETE FROM schedule_reminders WHERE event_id = $1 AND fired_at IS NULL", [.integer(event.rawValue)])
    }

    /// Deletes the pending reminders of a routine.
    public func cancelScheduleReminders(routine: RoutineID) throws {
        try connection.execute(
            "DELETE FROM schedule_reminders WHERE routine_id = $1 AND fired_at IS NULL", [.integer(routine.rawValue)])
    }

    /// Whether a reminder for this occurrence of an event already fired (so it is never sent twice).
    public func scheduleReminderFired(event: EventID, day: LocalDate) throws -> Bool {
        try scheduleQueryOne(
            """
            SELECT 1 AS x FROM schedule_reminders WHERE event_id = $1 AND day = $2 AND fired_at IS NOT NULL LIMIT 1
            """, [.integer(event.rawValue), .text(day.description)]
        ) { _ in true } ?? false
    }

    /// Whether a reminder for this day of a routine already fired.
    public func scheduleReminderFired(routine: RoutineID, day: LocalDate) throws -> Bool {
        try scheduleQueryOne(
            """
            SELECT 1 AS x FROM schedule_reminders WHERE routine_id = $1 AND day = $2 AND fired_at IS NOT NULL LIMIT 1
            """, [.integer(routine.rawValue), .text(day.description)]
        ) { _ in true } ?? false
    }

    /// Pending reminder instants of an event, soonest first.
    public func pendingScheduleReminders(event: EventID) throws -> [Int64] {
        try scheduleQuery(
            "SELECT fire_at FROM schedule_reminders WHERE event_id = $1 AND fired_at IS NULL ORDER BY fire_at, id",
            [.integer(event.rawValue)]
        ) { try $0.requiredInt("fire_at") }
    }

    /// Pending event and routine reminders due at or before `horizon`, soonest first, at most `limit`.
    public func scheduleRemindersDue(before horizon: Int64, limit: Int) throws -> [DueScheduleReminder] {
        try scheduleQuery(
            """
            SELECT id, event_id, routine_id, day, fire_at FROM schedule_reminders
            WHERE fired_at IS NULL AND fire_at <= $1 ORDER BY fire_at, id LIMIT $2
            """, [.integer(horizon), .integer(Int64(limit))]
        ) {
            DueScheduleReminder(
                id: try $0.requiredInt("id"), event: try $0.int("event_id").map(EventID.init),
                routine: try $0.int("routine_id").map(RoutineID.init), day: try $0.requiredDate("day"),
                fireAt: try $0.requiredInt("fire_at"))
        }
    }

    /// The earliest pending event or routine reminder, if any.
    public func nextScheduleReminderTime() throws -> Int64? {
        try scheduleQueryOne("SELECT min(fire_at) AS t FROM schedule_reminders WHERE fired_at IS NULL") {
            try $0.int("t")
        } ?? nil
    }

    /// Marks a reminder fired; false when it had already fired.
    public func markScheduleReminderFired(_ id: Int64, at now: Int64) throws -> Bool {
        try connection.execute(
            "UPDATE schedule_reminders SET fired_at = $1 WHERE id = $2 AND fired_at IS NULL",
            [.integer(now), .integer(id)]
        ).affectedRows == 1
    }
}
