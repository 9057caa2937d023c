// A routine or event reminder whose time has come, as the timer reads it.

import TwoDoCore

/// A routine or event reminder that is due to fire.
public struct DueScheduleReminder: Sendable, Equatable {
    /// The reminder row.
    public var id: Int64
    /// The event it is for, if it is an event's.
    public var event: EventID?
    /// The routine it is for, if it is a routine's.
    public var routine: RoutineID?
    /// The occurrence it is for (the rule's date, before any move).
    public var day: LocalDate
    /// When it was due to fire.
    public var fireAt: Int64

    /// Makes one (the memberwise initializer, `package` for the PostgreSQL engine).
    package init(id: Int64, event: EventID?, routine: RoutineID?, day: LocalDate, fireAt: Int64) {
        (self.id, self.event, self.routine, self.day, self.fireAt) = (id, event, routine, day, fireAt)
    }
}
