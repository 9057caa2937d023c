// Due dates, priority, recurrence, nags and reminders: the time side of tasks.

import TwoDoCore

/// A reminder that is due to fire, with what is needed to deliver it.
public struct DueReminder: Sendable, Equatable {
    public var id: Int64
    public var task: TaskID
    public var kind: ReminderKind
    public var fireAt: Int64
}

extension Store {
    /// Sets or clears a task's due date. `scheduled` is the rule's occurrence date (nil: same as the due date).
    public func setDue(_ task: TaskID, _ due: DueDate?, scheduled: LocalDate? = nil, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET due_date = ?, due_time = ?, due_tz = ?, due_at = ?, scheduled_date = ?, updated_at = ? WHERE id = ?",
            due.map { .text($0.date.description) } ?? .null, due?.time.map { .text($0.description) } ?? .null,
            due.map { .text($0.tz) } ?? .null, due.map { .integer($0.instant) } ?? .null,
            (scheduled ?? due?.date).map { .text($0.description) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Sets a task's priority.
    public func setPriority(_ task: TaskID, _ priority: Priority, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET priority = ?, updated_at = ? WHERE id = ?", .text(priority.rawValue), .integer(now),
            .integer(task.rawValue))
    }

    /// Sets or clears a task's recurrence rule.
    public func setRecurrence(_ task: TaskID, _ rule: Recurrence?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET recurrence = ?, updated_at = ? WHERE id = ?",
            rule.map { .text(RecurrenceCoding.encode($0)) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Sets or clears the nag interval.
    public func setNag(_ task: TaskID, minutes: Int?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET nag_minutes = ?, updated_at = ? WHERE id = ?",
            minutes.map { .integer(Int64($0)) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// The number of open tasks due before `end` and, of those, overdue at `now`.
    public func dueCounts(in space: SpaceID, now: Int64, endOfToday: Int64) throws -> (overdue: Int, today: Int) {
        try db.queryOne(
            """
            SELECT sum(due_at < ?) AS overdue, sum(due_at >= ? AND due_at < ?) AS today
            FROM tasks WHERE space_id = ? AND done = 0 AND due_at IS NOT NULL AND due_at < ?
            """,
            .integer(now), .integer(now), .integer(endOfToday), .integer(space.rawValue), .integer(endOfToday)
        ) { (Int($0.int("overdue") ?? 0), Int($0.int("today") ?? 0)) } ?? (0, 0)
    }

    // MARK: Reminders

    /// Adds a pending reminder.
    @discardableResult
    public func addReminder(task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64) throws -> Int64 {
        try db.run(
            "INSERT INTO reminders (task_id, kind, offset_minutes, fire_at) VALUES (?, ?, ?, ?)",
            .integer(task.rawValue), .text(kind.rawValue), offsetMinutes.map { .integer(Int64($0)) } ?? .null,
            .integer(fireAt))
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
            "SELECT id, task_id, kind, fire_at FROM reminders WHERE fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id LIMIT ?",
            .integer(horizon), .integer(Int64(limit))
        ) {
            DueReminder(
                id: try $0.requiredInt("id"), task: TaskID(try $0.requiredInt("task_id")),
                kind: try $0.required("kind", as: ReminderKind.self),
                fireAt: try $0.requiredInt("fire_at"))
        }
    }

    /// One task's pending reminders due at or before `horizon`, soonest first (uses `reminders_task`).
    public func remindersDue(of task: TaskID, before horizon: Int64) throws -> [DueReminder] {
        try db.query(
            "SELECT id, task_id, kind, fire_at FROM reminders WHERE task_id = ? AND fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id",
            .integer(task.rawValue), .integer(horizon)
        ) {
            DueReminder(
                id: try $0.requiredInt("id"), task: TaskID(try $0.requiredInt("task_id")),
                kind: try $0.required("kind", as: ReminderKind.self),
                fireAt: try $0.requiredInt("fire_at"))
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

    /// The task of a reminder with its space, regardless of space (the timer is not a user).
    public func taskForReminder(_ task: TaskID) throws -> (TaskItem, SpaceID)? {
        guard
            let space = try db.queryOne(
                "SELECT space_id FROM tasks WHERE id = ?", .integer(task.rawValue),
                map: { SpaceID(try $0.requiredInt("space_id")) }),
            let item = try self.task(task, in: space)
        else { return nil }
        return (item, space)
    }
}

extension Store {
    /// Every "minutes before" offset a task's reminders had, fired or not (carried to the next occurrence).
    public func reminderOffsets(of task: TaskID) throws -> [Int] {
        try db.query(
            "SELECT DISTINCT offset_minutes FROM reminders WHERE task_id = ? AND kind = ? AND offset_minutes IS NOT NULL",
            .integer(task.rawValue), .text(ReminderKind.before.rawValue)
        ) { Int(try $0.requiredInt("offset_minutes")) }
    }
}
