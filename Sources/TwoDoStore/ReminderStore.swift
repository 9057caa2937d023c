// The engine-neutral contract for pending and fired reminders of tasks, routines and events.

import TwoDoCore

/// Reminders: instants at which the timer tells members about a task, a routine day or an event occurrence.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - Due reads (`remindersDue`, `scheduleRemindersDue`) answer only pending (unfired) reminders at or before
///   the horizon, soonest first, then by id; `next…Time()` is the earliest pending instant.
/// - `markFired`/`markScheduleReminderFired` answer true once per reminder and false ever after, so a
///   reminder is never delivered twice, even when two reads saw it.
/// - Kinds round-trip exactly (`ReminderKind`); an unknown stored kind throws instead of guessing.
/// Expected inside the turn's transaction: the firing path marks and delivers in the same turn.
public protocol ReminderStore: TransactionalStore {
    /// Adds a pending task reminder, for `user` only when given; returns its id.
    func addReminder(
        task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64, for user: UserID?
    ) throws
        -> Int64
    /// Pending reminders of a task, soonest first.
    func pendingReminders(of task: TaskID) throws -> [(kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64)]
    /// Pending "minutes before" reminders of a task: offset and whom each is for.
    func pendingOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID?)]
    /// Deletes the pending reminders of a task (all kinds when `kinds` is nil).
    func cancelReminders(of task: TaskID, kinds: [ReminderKind]?) throws
    /// Pending task reminders due at or before `horizon`, soonest first, at most `limit`.
    func remindersDue(before horizon: Int64, limit: Int) throws -> [DueReminder]
    /// One task's pending reminders due at or before `horizon`, soonest first.
    func remindersDue(of task: TaskID, before horizon: Int64) throws -> [DueReminder]
    /// The earliest pending task reminder time, if any.
    func nextReminderTime() throws -> Int64?
    /// Marks a task reminder fired; false when it had already fired.
    func markFired(_ reminder: Int64, at now: Int64) throws -> Bool
    /// Every "minutes before" offset a task's reminders for everyone had, fired or not.
    func reminderOffsets(of task: TaskID) throws -> [Int]
    /// The "minutes before" reminders a task had for one person each, fired or not.
    func personalReminderOffsets(of task: TaskID) throws -> [(offsetMinutes: Int, user: UserID)]
    /// Adds a pending reminder for one occurrence of an event or a routine (exactly one of them).
    func addScheduleReminder(event: EventID?, routine: RoutineID?, day: LocalDate, fireAt: Int64) throws
    /// Deletes the pending reminders of an event.
    func cancelScheduleReminders(event: EventID) throws
    /// Deletes the pending reminders of a routine.
    func cancelScheduleReminders(routine: RoutineID) throws
    /// Whether a reminder for this occurrence of an event already fired.
    func scheduleReminderFired(event: EventID, day: LocalDate) throws -> Bool
    /// Whether a reminder for this day of a routine already fired.
    func scheduleReminderFired(routine: RoutineID, day: LocalDate) throws -> Bool
    /// Pending reminder instants of an event, soonest first.
    func pendingScheduleReminders(event: EventID) throws -> [Int64]
    /// Pending event and routine reminders due at or before `horizon`, soonest first, at most `limit`.
    func scheduleRemindersDue(before horizon: Int64, limit: Int) throws -> [DueScheduleReminder]
    /// The earliest pending event or routine reminder, if any.
    func nextScheduleReminderTime() throws -> Int64?
    /// Marks an event or routine reminder fired; false when it had already fired.
    func markScheduleReminderFired(_ id: Int64, at now: Int64) throws -> Bool
}

extension ReminderStore {
    /// Adds a pending task reminder for whoever the task is for.
    @discardableResult
    public func addReminder(task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64) throws -> Int64 {
        try addReminder(task: task, kind: kind, offsetMinutes: offsetMinutes, fireAt: fireAt, for: nil)
    }

    /// Cancels every pending reminder of a task.
    public func cancelReminders(of task: TaskID) throws { try cancelReminders(of: task, kinds: nil) }

    /// The next reminder of a routine.
    public func addScheduleReminder(routine: RoutineID, day: LocalDate, fireAt: Int64) throws {
        try addScheduleReminder(event: nil, routine: routine, day: day, fireAt: fireAt)
    }

    /// The next reminder of an event.
    public func addScheduleReminder(event: EventID, day: LocalDate, fireAt: Int64) throws {
        try addScheduleReminder(event: event, routine: nil, day: day, fireAt: fireAt)
    }
}
