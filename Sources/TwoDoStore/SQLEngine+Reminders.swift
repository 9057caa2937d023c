// Task, event and routine reminders, written once for both engines: adding a task's, pending ones, due ones
// for the timer, fired marks (an event's or routine's is added in `SQLEngine+Calendar`).

import TwoDoCore

extension SQLEngine {
    // MARK: Task reminders (`reminders`; the timer's reads use `reminders_pending`, a task's `reminders_task`)

    /// Adds a pending reminder, for `user` only when given; returns its id.
    @discardableResult
    public func addReminder(
        task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64, for user: UserID?
    ) throws -> Int64 {
        try insert(
            SharedSQL.reminder,
            [
                .text(kind.rawValue), .bind(offsetMinutes), .integer(fireAt), .bind(user?.rawValue),
                .integer(task.rawValue),
            ])
    }

    /// Pending reminders of a task, soonest first: (kind, offset, fireAt).
    public func pendingReminders(of task: TaskID) throws -> [(kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64)] {
        try rows(
            """
            SELECT kind, offset_minutes, fire_at FROM reminders WHERE task_id = ? AND fired_at IS NULL
            ORDER BY fire_at, id
            """, [.integer(task.rawValue)]
        ) {
            (
                try $0.required("kind", as: ReminderKind.self), try $0.intValue("offset_minutes"),
                try $0.requiredInt("fire_at")
            )
        }
    }

    /// Pending "minutes before" reminders of a task: offset and whom each is for (nil: the assignee, or everyone).
    public func pendingOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID?)] {
        // NULLS FIRST: SQLite's order, spelled out for PostgreSQL (which puts NULL last).
        try rows(
            """
            SELECT DISTINCT offset_minutes, user_id FROM reminders
            WHERE task_id = ? AND kind = ? AND fired_at IS NULL AND offset_minutes IS NOT NULL
            ORDER BY offset_minutes, user_id NULLS FIRST
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { (Int(try $0.requiredInt("offset_minutes")), try $0.int("user_id").map(UserID.init)) }
    }

    /// Deletes the pending reminders of a task (all kinds, or those of `kinds`).
    public func cancelReminders(of task: TaskID, kinds: [ReminderKind]?) throws {
        guard let kinds else {
            try write("DELETE FROM reminders WHERE task_id = ? AND fired_at IS NULL", [.integer(task.rawValue)])
            return
        }
        for kind in kinds {
            try write(
                "DELETE FROM reminders WHERE task_id = ? AND fired_at IS NULL AND kind = ?",
                [.integer(task.rawValue), .text(kind.rawValue)])
        }
    }

    /// Pending reminders due at or before `horizon`, soonest first, at most `limit`.
    public func remindersDue(before horizon: Int64, limit: Int) throws -> [DueReminder] {
        try rows(
            SQL(Rows.dueReminderColumns + " WHERE fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id LIMIT ?"),
            [.integer(horizon), self.limit(limit)], map: Rows.dueReminder)
    }

    /// One task's pending reminders due at or before `horizon`, soonest first (uses `reminders_task`).
    public func remindersDue(of task: TaskID, before horizon: Int64) throws -> [DueReminder] {
        try rows(
            SQL(
                Rows.dueReminderColumns
                    + " WHERE task_id = ? AND fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id"),
            [.integer(task.rawValue), .integer(horizon)], map: Rows.dueReminder)
    }

    /// The earliest pending reminder time, if any.
    public func nextReminderTime() throws -> Int64? {
        try row("SELECT min(fire_at) AS t FROM reminders WHERE fired_at IS NULL", []) { try $0.int("t") } ?? nil
    }

    /// Marks a reminder fired; false when it had already fired (so it is never delivered twice: on PostgreSQL
    /// the UPDATE waits for a concurrent one on the same row and then finds `fired_at` set).
    public func markFired(_ reminder: Int64, at now: Int64) throws -> Bool {
        try write(
            "UPDATE reminders SET fired_at = ? WHERE id = ? AND fired_at IS NULL", [.integer(now), .integer(reminder)])
            == 1
    }

    /// The "minutes before" reminders of a task that were for one person (`remind me …`), fired or not:
    /// offset and user (kept when the due date moves and carried to the next occurrence).
    public func personalReminderOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID)] {
        try rows(
            """
            SELECT DISTINCT offset_minutes, user_id FROM reminders
            WHERE task_id = ? AND kind = ? AND offset_minutes IS NOT NULL AND user_id IS NOT NULL
            ORDER BY offset_minutes, user_id
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { (Int(try $0.requiredInt("offset_minutes")), UserID(try $0.requiredInt("user_id"))) }
    }

    /// Every "minutes before" offset a task's reminders for everyone had, fired or not (carried to the next
    /// occurrence), smallest first.
    public func reminderOffsets(of task: TaskID) throws -> [Int] {
        try rows(
            """
            SELECT DISTINCT offset_minutes FROM reminders
            WHERE task_id = ? AND kind = ? AND offset_minutes IS NOT NULL AND user_id IS NULL
            ORDER BY offset_minutes
            """, [.integer(task.rawValue), .text(ReminderKind.before.rawValue)]
        ) { Int(try $0.requiredInt("offset_minutes")) }
    }

    // MARK: Event and routine reminders (`schedule_reminders`; the timer's reads use `schedule_reminders_pending`)

    /// Deletes the pending reminders of an event.
    public func cancelScheduleReminders(event: EventID) throws {
        try write("DELETE FROM schedule_reminders WHERE event_id = ? AND fired_at IS NULL", [.integer(event.rawValue)])
    }

    /// Deletes the pending reminders of a routine.
    public func cancelScheduleReminders(routine: RoutineID) throws {
        try write(
            "DELETE FROM schedule_reminders WHERE routine_id = ? AND fired_at IS NULL", [.integer(routine.rawValue)])
    }

    /// Whether a reminder for this occurrence of an event already fired (so it is never sent twice).
    public func scheduleReminderFired(event: EventID, day: LocalDate) throws -> Bool {
        try row(
            "SELECT 1 AS x FROM schedule_reminders WHERE event_id = ? AND day = ? AND fired_at IS NOT NULL LIMIT 1",
            [.integer(event.rawValue), .text(day.description)]
        ) { _ in true } ?? false
    }

    /// Whether a reminder for this day of a routine already fired.
    public func scheduleReminderFired(routine: RoutineID, day: LocalDate) throws -> Bool {
        try row(
            "SELECT 1 AS x FROM schedule_reminders WHERE routine_id = ? AND day = ? AND fired_at IS NOT NULL LIMIT 1",
            [.integer(routine.rawValue), .text(day.description)]
        ) { _ in true } ?? false
    }

    /// Pending reminder instants of an event, soonest first.
    public func pendingScheduleReminders(event: EventID) throws -> [Int64] {
        try rows(
            "SELECT fire_at FROM schedule_reminders WHERE event_id = ? AND fired_at IS NULL ORDER BY fire_at, id",
            [.integer(event.rawValue)]
        ) { try $0.requiredInt("fire_at") }
    }

    /// Pending event and routine reminders due at or before `horizon`, soonest first, at most `limit`.
    public func scheduleRemindersDue(before horizon: Int64, limit: Int) throws -> [DueScheduleReminder] {
        try rows(
            SQL(
                Rows.dueScheduleReminderColumns
                    + " WHERE fired_at IS NULL AND fire_at <= ? ORDER BY fire_at, id LIMIT ?"),
            [.integer(horizon), self.limit(limit)], map: Rows.dueScheduleReminder)
    }

    /// The earliest pending event or routine reminder, if any.
    public func nextScheduleReminderTime() throws -> Int64? {
        try row("SELECT min(fire_at) AS t FROM schedule_reminders WHERE fired_at IS NULL", []) { try $0.int("t") }
            ?? nil
    }

    /// Marks a reminder fired; false when it had already fired.
    public func markScheduleReminderFired(_ id: Int64, at now: Int64) throws -> Bool {
        try write(
            "UPDATE schedule_reminders SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
            [.integer(now), .integer(id)])
            == 1
    }
}

extension SharedSQL {
    /// A task's reminder: kind, offset, instant, person; the task last.
    static let reminder = SQL { d in
        """
        INSERT INTO reminders (task_id, kind, offset_minutes, fire_at, user_id\(d.ownerSpace))
        SELECT id, ?, ?, ?, ?\(d.ownerSpace) FROM tasks WHERE id = ?
        """
    }
}
