// ReminderStore on PostgreSQL, task reminders: pending ones by kind, the due ones for the timer, fired marks.

import TwoDoCore
import TwoDoStore

extension PostgresStore: ReminderStore {
    // A task's reminders go with it (ON DELETE CASCADE). The timer's reads use `reminders_pending`
    // (fire_at WHERE fired_at IS NULL), a task's `reminders_task`.

    /// Adds a pending reminder, for `user` only when given; returns its id.
    public func addReminder(
        task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64, for user: UserID?
    ) throws -> Int64 {
        try connection.execute(
            """
            INSERT INTO reminders (task_id, kind, offset_minutes, fire_at, user_id) VALUES ($1, $2, $3, $4, $5)
            RETURNING id
            """,
            [
                .integer(task.rawValue), .text(kind.rawValue), PostgresStore.bind(offsetMinutes), .integer(fireAt),
                PostgresStore.bind(user?.rawValue),
            ]
        ).requiredInt(0, "id")
    }
}
