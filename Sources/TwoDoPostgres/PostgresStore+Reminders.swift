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

    /// Pending reminders of a task, soonest first: (kind, offset, fireAt).
    public func pendingReminders(of task: TaskID) throws -> [(kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64)] {
        try scheduleQuery(
            """
            SELECT kind, offset_minutes, fire_at FROM reminders WHERE task_id = $1 AND fired_at IS NULL
            ORDER BY fire_at, id
            """, [.integer(task.rawValue)]
        ) {
            (
                try $0.required("kind", as: ReminderKind.self), try $0.int("offset_minutes").map(Int.init),
                try $0.requiredInt("fire_at")
            )
        }
    }

    /// Pending "minutes before" reminders of a task: offset and whom each is for (nil: the assignee, or everyone).
    public func pendingOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID?)] {
        // NULLS FIRST: SQLite sorts NULL before any value.
        try scheduleQuery(
            """
            SELECT DISTINCT offset_minutes, user_id FROM reminders
            WHERE task_id = $1 AND kind = $2 AND fired_at IS NULL AND offset_minutes IS NOT NULL
            ORDER BY offset_minutes, user_id NULLS FIRST
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { (Int(try $0.requiredInt("offset_minutes")), try $0.int("user_id").map(UserID.init)) }
    }

    /// Deletes the pending reminders of a task (all kinds, or those of `kinds`).
    public func cancelReminders(of task: TaskID, kinds: [ReminderKind]?) throws {
        if let kinds {
            for kind in kinds {
                try connection.execute(
                    "DELETE FROM reminders WHERE task_id = $1 AND fired_at IS NULL AND kind = $2",
                    [.integer(task.rawValue), .text(kind.rawValue)])
            }
        } else {
            try connection.execute(
                "DELETE FROM reminders WHERE task_id = $1 AND fired_at IS NULL", [.integer(task.rawValue)])
        }
    }

    private static func dueReminder(_ row: PGRow) throws -> DueReminder {
        DueReminder(
            id: try row.requiredInt("id"), task: TaskID(try row.requiredInt("task_id")),
            kind: try row.required("kind", as: ReminderKind.self), fireAt: try row.requiredInt("fire_at"),
            user: try row.int("user_id").map(UserID.init))
    }

    /// Pending reminders due at or before `horizon`, soonest first, at most `limit`.
    public func remindersDue(before horizon: Int64, limit: Int) throws -> [DueReminder] {
        try scheduleQuery(
            """
            SELECT id, task_id, kind, fire_at, user_id FROM reminders WHERE fired_at IS NULL AND fire_at <= $1
            ORDER BY fire_at, id LIMIT $2
            """, [.integer(horizon), .integer(Int64(limit))], map: PostgresStore.dueReminder)
    }

    /// One task's pending reminders due at or before `horizon`, soonest first (uses `reminders_task`).
    public func remindersDue(of task: TaskID, before horizon: Int64) throws -> [DueReminder] {
        try scheduleQuery(
            """
            SELECT id, task_id, kind, fire_at, user_id FROM reminders
            WHERE task_id = $1 AND fired_at IS NULL AND fire_at <= $2 ORDER BY fire_at, id
            """, [.integer(task.rawValue), .integer(horizon)], map: PostgresStore.dueReminder)
    }

    /// The earliest pending reminder time, if any.
    public func nextReminderTime() throws -> Int64? {
        try scheduleQueryOne("SELECT min(fire_at) AS t FROM reminders WHERE fired_at IS NULL") { try $0.int("t") }
            ?? nil
    }

    /// Marks a reminder fired; false when it had already fired (so it is never delivered twice: the UPDATE
    /// waits for a concurrent one on the same row and then finds `fired_at` set).
    public func markFired(_ reminder: Int64, at now: Int64) throws -> Bool {
        try connection.execute(
            "UPDATE reminders SET fired_at = $1 WHERE id = $2 AND fired_at IS NULL",
            [.integer(now), .integer(reminder)]
        ).affectedRows == 1
    }

    /// The "minutes before" reminders of a task that were for one person, fired or not: offset and user.
    public func personalReminderOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID)] {
        try scheduleQuery(
            """
            SELECT DISTINCT offset_minutes, user_id FROM reminders
            WHERE task_id = $1 AND kind = $2 AND offset_minutes IS NOT NULL AND user_id IS NOT NULL
            ORDER BY offset_minutes, user_id
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { (Int(try $0.requiredInt("offset_minutes")), UserID(try $0.requiredInt("user_id"))) }
    }

    /// Every "minutes before" offset a task's reminders for everyone had, fired or not.
    public func reminderOffsets(of task: TaskID) throws -> [Int] {
        // SQLite's DISTINCT without ORDER BY answers in index/first-seen order; sorted here, the same set.
        try scheduleQuery(
            """
            SELECT DISTINCT offset_minutes FROM reminders
            WHERE task_id = $1 AND kind = $2 AND offset_minutes IS NOT NULL AND user_id IS NULL
            ORDER BY offset_minutes
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { Int(try $0.requiredInt("offset_minutes")) }
    }
}
