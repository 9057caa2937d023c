// The values that routine, event, calendar and note commands carry (the `Command` cases refer to them).

import TwoDoCore

/// A `routine ...` subcommand. Names are as typed; the server matches them (folded) to a routine.
public enum RoutineAction: Sendable, Equatable {
    /// `routine add <name> <schedule> [at <time>] [for <who>]`; `assignee` nil means the author.
    case add(name: String, rule: Recurrence, time: LocalTime?, assignee: AssigneeRef?)
    /// `routine done|skip <name> [<date>]`; `date` nil means today. `wholeName` is the name with the
    /// words read as a date put back, tried when `name` matches no routine (a routine called "gym monday").
    case mark(name: String, mark: RoutineMark, date: LocalDate?, wholeName: String?)
    /// `routine undo <name> [<date>]`: removes the mark of that day, or the latest mark.
    case undo(name: String, date: LocalDate?, wholeName: String?)
    /// `routine stats <name>`.
    case stats(name: String)
    /// `routine edit <name> <schedule> [at <time>|no time]`: `time` nil keeps it, `.some(nil)` clears it.
    case edit(name: String, rule: Recurrence?, time: LocalTime??)
    /// `routine rename <name> to <new name>`.
    case rename(name: String, to: String)
    case pause(name: String)
    case resume(name: String)
    case delete(name: String)
}

/// Which occurrences of a recurring event a change applies to.
public enum EventScope: Sendable, Equatable {
    /// One occurrence: the one on `date`, or the next one from today when nil.
    case this(date: LocalDate?)
    /// The whole series.
    case all
}

/// The parts of an event an `event add` or `event edit` line gave; nil parts were not given.
public struct EventDraft: Sendable, Equatable {
    public var title: String?
    public var date: LocalDate?
    public var time: LocalTime?
    public var end: LocalTime?
    /// The last day of a multi-day event (`Dec 10 - Dec 12`); `end` is then the time on that day.
    public var endDate: LocalDate?
    /// `all day` / `tüm gün` was said (drops a time).
    public var allDay: Bool
    public var location: String?
    public var remindMinutes: Int?
    /// `no reminder` / `hatırlatma yok`.
    public var clearReminder: Bool
    public var recurrence: Recurrence?
    /// `once` / `no repeat` / `tekrar yok`.
    public var clearRecurrence: Bool
    /// `for <name|me|both>`; `.nobody` means both.
    public var assignee: AssigneeRef?

    public init(
        title: String? = nil, date: LocalDate? = nil, time: LocalTime? = nil, end: LocalTime? = nil,
        allDay: Bool = false,
        location: String? = nil, remindMinutes: Int? = nil, clearReminder: Bool = false, recurrence: Recurrence? = nil,
        clearRecurrence: Bool = false, assignee: AssigneeRef? = nil, endDate: LocalDate? = nil
    ) {
        self.endDate = endDate
        self.title = title
        self.date = date
        self.time = time
        self.end = end
        self.allDay = allDay
        self.location = location
        self.remindMinutes = remindMinutes
        self.clearReminder = clearReminder
        self.recurrence = recurrence
        self.clearRecurrence = clearRecurrence
        self.assignee = assignee
    }
}

/// An `event ...` subcommand. `ref` is `id:N` or words of the title.
public enum EventAction: Sendable, Equatable {
    case add(EventDraft)
    /// `event edit <ref> <changes>`: applies to the whole series.
    case edit(ref: String, changes: EventDraft)
    /// `event move <ref> [this|all] <date> [<time>[-<end>]]`; `scope` nil for a one-off event.
    case move(ref: String, scope: EventScope?, date: LocalDate?, time: LocalTime?, end: LocalTime?)
    /// `event delete <ref> [this|all]`.
    case delete(ref: String, scope: EventScope?)
    /// `event show <ref>` / `event <ref>`.
    case show(ref: String)
}

/// What a note, `describe` or `info` command points at.
public enum NoteTarget: Sendable, Equatable {
    /// A task (and, for plain words matching no task, a routine or event of that name).
    case task(TaskRef)
    /// `routine <name>` / `rutin <ad>`.
    case routine(String)
    /// `event <ref>` / `etkinlik <ref>`.
    case event(String)
}

/// The first day of the week in the month grid.
public enum WeekStart: String, Sendable, Equatable {
    case monday, sunday

    /// The ISO weekday (1 = Monday, 7 = Sunday).
    public var isoWeekday: Int { self == .monday ? 1 : 7 }
}
