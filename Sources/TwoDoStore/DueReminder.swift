// A task reminder whose time has come, as the timer reads it.

import TwoDoCore

/// A reminder that is due to fire, with what is needed to deliver it.
public struct DueReminder: Sendable, Equatable {
    /// The reminder row.
    public var id: Int64
    /// The task it is for.
    public var task: TaskID
    /// Why it fires.
    public var kind: ReminderKind
    /// When it was due to fire.
    public var fireAt: Int64
    /// Whom it is for, when the line named someone (`remind me …`); nil: the assignee, or every member.
    public var user: UserID? = nil

    /// Makes one (the memberwise initializer, `package` for the PostgreSQL engine).
    package init(id: Int64, task: TaskID, kind: ReminderKind, fireAt: Int64, user: UserID? = nil) {
        (self.id, self.task, self.kind, self.fireAt, self.user) = (id, task, kind, fireAt, user)
    }
}
