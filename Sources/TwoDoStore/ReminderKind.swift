// The kinds of task reminder, as stored in `reminders.kind` and as the firing path tells them apart.

/// Why a task reminder fires. The raw values are what the `reminders` table stores; never rename them.
///
/// The cases are declared in delivery priority: when several reminders of one task fire together, the
/// first kind in `allCases` among them names the line the members get.
public enum ReminderKind: String, Sendable, CaseIterable {
    /// At the task's due time.
    case due
    /// A number of minutes before the due time (`offsetMinutes`).
    case before
    /// At a time of its own, set by `remind … at`.
    case at
    /// Repeating every `offsetMinutes` until the task is done.
    case nag
}
