// When a task is due, as its user meant it: a local date, maybe a time, in that user's zone.

/// A due date kept as wall-clock intent so it survives DST changes and recurrence stepping.
public struct DueDate: Equatable, Sendable {
    /// The local day.
    public var date: LocalDate
    /// The local time, or nil for an all-day task (due at the end of its day).
    public var time: LocalTime?
    /// The IANA zone the date and time are in.
    public var tz: String

    public init(date: LocalDate, time: LocalTime?, tz: String) {
        self.date = date
        self.time = time
        self.tz = tz
    }

    /// Whether only a date was given.
    public var isAllDay: Bool { time == nil }

    /// The instant the task is due: the local time, or the end of the day (23:59:59) for all-day tasks.
    public var instant: Int64 {
        if let time { return Calendars.instant(of: date, at: time, tz: tz) }
        return Calendars.instant(of: date.adding(days: 1), at: LocalTime(hour: 0, minute: 0), tz: tz) - 1
    }

    /// The same wall-clock time on another day.
    public func moved(to date: LocalDate) -> DueDate { DueDate(date: date, time: time, tz: tz) }
}

/// How important a task is.
public enum Priority: String, Sendable, CaseIterable, Comparable {
    case none, low, medium, high

    private var rank: Int {
        switch self {
        case .none: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}
