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

    /// Pending reminders of a task, soonest first: (kind, offset, fireAt).
    public func pendingReminders(of task: TaskID) throws -> [(kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64)] {
        try db.query(
            "SELECT kind, offset_minutes, fire_at FROM reminders WHERE task_id = ? AND fired_at IS NULL ORDER BY fire_at, id",
            .integer(task.rawValue)
        ) {
            (
                try $0.required("kind", as: ReminderKind.self), $0.int("offset_minutes").map(Int.init),
                try $0.requiredInt("fire_at")
            )
        }
    }

    /// Pending "minutes before" reminders of a task: offset and whom each is for (nil: the assignee, or everyone).
    public func pendingOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID?)] {
        try db.query(
            "SELECT DISTINCT offset_minutes, user_id FROM reminders WHERE task_id = ? AND kind = ? AND fired_at IS NULL AND offset_minutes IS NOT NULL ORDER BY offset_minutes, user_id",
            .integer(task.rawValue), .text(ReminderKind.before.rawValue)
        ) { (Int(try $0.requiredInt("offset_minutes")), $0.int("user_id").map(UserID.init)) }
    }

    /// Deletes the pending reminders of a task (all kinds, or those of `kinds`).
    public func cancelReminders(of task: TaskID, kinds: [ReminderKind]? = nil) throws {
        if let kinds {
            for kind in kinds {
                try db.run(
                    "DELETE FROM reminders WHERE task_id = ? AND fired_at IS NULL AND kind = ?",
                    .integer(task.rawValue), .text(kind.rawValue))
            }
        } else {
            try db.run("DELETE FROM reminders WHERE task_id = ? AND fired_at IS NULL", .integer(task.rawValue))
        }
    }

    /// Pending reminders due at or before `horizon`, soonest first, at most `limit`.
    public func remindersDue(before horizon: Int64, limit: Int) throws -> [DueReminder] {
        try db.query(
            "SELECT id, task_id, kind, fire_at, user_id FROM reminders WHERE fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id LIMIT ?",
            .integer(horizon), .integer(Int64(limit))
        ) {
            DueReminder(
                id: try $0.requiredInt("id"), task: TaskID(try $0.requiredInt("task_id")),
                kind: try $0.required("kind", as: ReminderKind.self),
                fireAt: try $0.requiredInt("fire_at"), user: $0.int("user_id").map(UserID.init))
        }
    }

    /// One task's pending reminders due at or before `horizon`, soonest first (uses `reminders_task`).
    public func remindersDue(of task: TaskID, before horizon: Int64) throws -> [DueReminder] {
        try db.query(
            "SELECT id, task_id, kind, fire_at, user_id FROM reminders WHERE task_id = ? AND fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id",
            .integer(task.rawValue), .integer(horizon)
        ) {
            DueReminder(
                id: try $0.requiredInt("id"), task: TaskID(try $0.requiredInt("task_id")),
                kind: try $0.required("kind", as: ReminderKind.self),
                fireAt: try $0.requiredInt("fire_at"), user: $0.int("user_id").map(UserID.init))
        }
    }

    /// The earliest pending reminder time, if any.
    public func nextReminderTime() throws -> Int64? {
        try db.queryOne("SELECT min(fire_at) AS t FROM reminders WHERE fired_at IS NULL") { $0.int("t") } ?? nil
    }

    /// Marks a reminder fired; false when it had already fired (so it is never delivered twice).
    public func markFired(_ reminder: Int64, at now: Int64) throws -> Bool {
        try db.run(
            "UPDATE reminders SET fired_at = ? WHERE id = ? AND fired_at IS NULL", .integer(now), .integer(reminder))
            == 1
    }

    /// The "minutes before" reminders of a task that were for one person (`remind me …`), fired or not:
    /// offset and user (kept when the due date moves and carried to the next occurrence).
    public func personalReminderOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID)] {
        try db.query(
            "SELECT DISTINCT offset_minutes, user_id FROM reminders WHERE task_id = ? AND kind = ? AND offset_minutes IS NOT NULL AND user_id IS NOT NULL ORDER BY offset_minutes, user_id",
            .integer(task.rawValue), .text(ReminderKind.before.rawValue)
        ) { (Int(try $0.requiredInt("offset_minutes")), UserID(try $0.requiredInt("user_id"))) }
    }

    /// Every "minutes before" offset a task's reminders had, fired or not (carried to the next occurrence).
    public func reminderOffsets(of task: TaskID) throws -> [Int] {
        try db.query(
            "SELECT DISTINCT offset_minutes FROM reminders WHERE task_id = ? AND kind = ? AND offset_minutes IS NOT NULL AND user_id IS NULL",
            .integer(task.rawValue), .text(ReminderKind.before.rawValue)
        ) { Int(try $0.requiredInt("offset_minutes")) }
    }
}
