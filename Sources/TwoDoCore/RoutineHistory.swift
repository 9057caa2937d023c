// The pure rules of a routine's days: which are due, how each went, streaks, completion rate and strips.

/// How one occurrence of a routine was marked.
public enum RoutineMark: String, Sendable, Equatable, CaseIterable {
    case done, skipped
}

/// What a single day of a routine looks like from a given "today".
public enum RoutineDayState: Sendable, Equatable {
    /// Marked done.
    case done
    /// Marked skipped: neither breaks a streak nor counts against the rate.
    case skipped
    /// Due, in the past, and neither done nor skipped.
    case missed
    /// Due today and not marked yet (it is not missed until the day is over).
    case pending
    /// Due after today.
    case upcoming
    /// Not a due day (before the start, paused, or not on the schedule).
    case notDue
}

/// A routine's schedule over time, its pauses and its marks; answers every streak question.
///
/// Rules (documented in docs/PROTOCOL.md, unit-tested):
/// - A day is *due* when it is on or after the first schedule's start, not inside a pause, and the
///   schedule in force that day (the latest one whose `since` is on or before it) has an occurrence
///   that day, counted from that schedule's `since` (so `every 2 days` counts from the day it was set).
/// - Days are the routine's local days (the assignee's zone); callers pass `today` in that zone.
/// - A mark always counts as written, even on a day that stopped being due after an edit or pause.
/// - Current streak: walking back from today, each done day adds one; skipped days, days not due and
///   today while still pending are passed over; the first missed day ends the walk.
/// - Longest streak: the longest such run anywhere from the start to today.
/// - Completion rate: of the last 30 due days up to today that are done or missed (skipped ones and
///   today while pending left out), the share done; nil when there are none yet.
public struct RoutineHistory: Sendable, Equatable {
    /// A schedule and the day it took effect.
    public struct Segment: Sendable, Equatable {
        public var since: LocalDate
        public var rule: Recurrence
        public init(since: LocalDate, rule: Recurrence) {
            self.since = since
            self.rule = rule
        }
    }

    /// A pause: `from` through `to` (nil: still paused) are not due.
    public struct Pause: Sendable, Equatable {
        public var from: LocalDate
        public var to: LocalDate?
        public init(from: LocalDate, to: LocalDate?) {
            self.from = from
            self.to = to
        }
    }

    /// Schedules in the order they took effect; never empty.
    public var segments: [Segment]
    public var pauses: [Pause]
    public var marks: [LocalDate: RoutineMark]

    public init(segments: [Segment], pauses: [Pause] = [], marks: [LocalDate: RoutineMark] = [:]) {
        precondition(!segments.isEmpty, "a routine has a schedule")
        self.segments = segments.sorted { $0.since < $1.since }
        self.pauses = pauses
        self.marks = marks
    }

    /// The first day the routine could be due.
    public var start: LocalDate { segments[0].since }

    /// The schedule in force now (the latest).
    public var rule: Recurrence { segments[segments.count - 1].rule }

    /// Whether the routine is paused with no end yet.
    public var isPaused: Bool { pauses.contains { $0.to == nil } }

    /// Whether `date` is inside a pause.
    public func isPaused(on date: LocalDate) -> Bool {
        pauses.contains { date >= $0.from && ($0.to.map { date <= $0 } ?? true) }
    }

    /// Whether `date` is a due day (see the rules above).
    public func isDue(_ date: LocalDate) -> Bool {
        guard date >= start, !isPaused(on: date) else { return false }
        let segment = segments.last { $0.since <= date }!
        return CalendarEventExpansion.isOccurrence(date, of: segment.rule, anchor: segment.since)
    }

    /// The state of `date` seen from `today`.
    public func state(on date: LocalDate, today: LocalDate) -> RoutineDayState {
        if let mark = marks[date] { return mark == .done ? .done : .skipped }
        guard isDue(date) else { return .notDue }
        if date < today { return .missed }
        return date == today ? .pending : .upcoming
    }

    /// The first due day on or after `date` (looking up to about two years ahead), if any.
    public func nextDue(onOrAfter date: LocalDate) -> LocalDate? {
        var d = Swift.max(date, start)
        let last = d.adding(days: 800)
        while d <= last {
            if isDue(d) { return d }
            d = d.adding(days: 1)
        }
        return nil
    }

    /// The current streak as of `today`.
    public func currentStreak(today: LocalDate) -> Int {
        var count = 0
        var d = today
        let first = firstDay
        while d >= first {
            switch state(on: d, today: today) {
            case .done: count += 1
            case .missed: return count
            case .skipped, .pending, .upcoming, .notDue: break
            }
            d = d.adding(days: -1)
        }
        return count
    }

    /// The earliest day that can have a state other than "not due": the start, or an earlier mark.
    private var firstDay: LocalDate { Swift.min(start, marks.keys.min() ?? start) }

    /// The longest streak from the start up to `today`.
    public func longestStreak(today: LocalDate) -> Int {
        let first = firstDay
        var best = 0
        var run = 0
        var d = first
        while d <= today {
            switch state(on: d, today: today) {
            case .done:
                run += 1
                best = Swift.max(best, run)
            case .missed: run = 0
            case .skipped, .pending, .upcoming, .notDue: break
            }
            d = d.adding(days: 1)
        }
        return best
    }

    /// Done marks in total.
    public var totalCompleted: Int { marks.values.filter { $0 == .done }.count }

    /// The completion rate over the last `window` resolved due days (done or missed), or nil when none.
    public func completionRate(today: LocalDate, window: Int = 30) -> (done: Int, counted: Int)? {
        var done = 0
        var counted = 0
        var d = today
        let first = firstDay
        while d >= first && counted < window {
            switch state(on: d, today: today) {
            case .done:
                done += 1
                counted += 1
            case .missed: counted += 1
            case .skipped, .pending, .upcoming, .notDue: break
            }
            d = d.adding(days: -1)
        }
        return counted == 0 ? nil : (done, counted)
    }

    /// The states of the `days` days ending with `today`, oldest first.
    public func strip(today: LocalDate, days: Int) -> [RoutineDayState] {
        (0..<days).map { state(on: today.adding(days: $0 - days + 1), today: today) }
    }
}
