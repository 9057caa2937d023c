// A routine (a habit the couple keeps): its name, schedule history, assignee, time of day and marks.

/// The id of a routine.
public struct RoutineID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "routine#\(rawValue)" }
}

/// One marked occurrence of a routine, with who marked it and when.
public struct RoutineOccurrence: Sendable, Equatable {
    public var date: LocalDate
    public var mark: RoutineMark
    /// The member who marked it (nil when that account is gone).
    public var by: String?
    /// When it was marked (Unix seconds).
    public var at: Int64

    public init(date: LocalDate, mark: RoutineMark, by: String?, at: Int64) {
        self.date = date
        self.mark = mark
        self.by = by
        self.at = at
    }
}

/// A routine as stored, with its whole history.
public struct Routine: Sendable, Equatable {
    public var id: RoutineID
    public var name: String
    /// The member it is for; nil when it is for both partners.
    public var assignee: String?
    public var createdBy: String?
    public var createdAt: Int64
    /// The time of day that reminds the assignee, if any.
    public var time: LocalTime?
    /// Schedules, pauses and marks.
    public var history: RoutineHistory
    /// The marked occurrences with who marked them, oldest day first.
    public var occurrences: [RoutineOccurrence]
    public var noteCount: Int
    /// The longer text kept with the routine (`describe routine`), nil for none.
    public var description: String?

    public init(
        id: RoutineID, name: String, assignee: String?, createdBy: String?, createdAt: Int64, time: LocalTime?,
        history: RoutineHistory, occurrences: [RoutineOccurrence], noteCount: Int = 0
    ) {
        self.id = id
        self.name = name
        self.assignee = assignee
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.time = time
        self.history = history
        self.occurrences = occurrences
        self.noteCount = noteCount
    }

    /// The schedule in force.
    public var rule: Recurrence { history.rule }

    /// Whether it is paused now.
    public var isPaused: Bool { history.isPaused }

    /// The unit a streak of this routine is counted in: days for a daily routine, weeks for a routine on
    /// one day a week, months for a monthly one, times otherwise.
    public var streakUnit: StreakUnit {
        let r = rule
        guard r.interval == 1 else { return .times }
        switch r.frequency {
        case .daily: return .days
        case .weekly: return r.weekdays.count <= 1 ? .weeks : .times
        case .monthly: return .months
        case .yearly: return .times
        }
    }

    /// What a streak counts.
    public enum StreakUnit: String, Sendable {
        case days, weeks, months, times
    }
}
