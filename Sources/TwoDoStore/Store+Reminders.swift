// SQL on `reminders`: a task's pending reminders by kind, the due ones for the timer, and marking them fired.

import TwoDoCore

extension Store {
    // Table `reminders`: migration 2. A task's reminders go with it (ON DELETE CASCADE).

    /// Adds a pending reminder.
    @discardableResult
    public func addReminder(
        task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64, for user: UserID?
    ) throws -> Int64 {
        try db.run(
            """
            INSERT INTO reminders (task_id, kind, offset_minutes, fire_at, user_id, space_id)
            SELECT id, ?, ?, ?, ?, space_id FROM tasks WHERE id = ?
            """,
            .text(kind.rawValue), offsetMinutes.map { .integer(Int64($0)) } ?? .null,
            .integer(fireAt), user.map { .integer($0.rawValue) } ?? .null, .integer(task.rawValue))
        return db.lastInsertID
    }
}
