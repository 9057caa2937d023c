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
}
