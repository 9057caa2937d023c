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
}
