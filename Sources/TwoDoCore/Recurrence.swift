// Recurrence rules on local dates: daily, weekly (on weekdays), monthly (a day, or the nth weekday), yearly.

/// A repeating schedule, stepped with calendar arithmetic on local dates (never by adding 86,400 s).
///
/// Monthly rules on a day a month lacks (the 31st, 30th, 29 February) fall on that month's last day;
/// the rule keeps its day, so January 31 → February 28 → March 31.
public struct Recurrence: Equatable, Sendable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    public var frequency: Frequency
    /// Every `interval` days/weeks/months/years (≥ 1).
    public var interval: Int
    /// ISO weekdays (1 = Monday … 7 = Sunday) for weekly rules; empty means the anchor's weekday.
    public var weekdays: [Int]
    /// Day of the month for monthly rules (1…31), and for yearly rules with `month`.
    public var monthDay: Int?
    /// Month (1…12) for yearly rules.
    public var month: Int?
    /// "The 3rd Friday": ordinal 1…5 or -1 for the last, with the ISO weekday; monthly rules only.
    public var ordinal: Int?
    /// The last day an occurrence may fall on.
    public var until: LocalDate?
    /// Repeat from completion (`every! 3 days`): the next one is due `interval` after it was done.
    public var fromCompletion: Bool

    public init(
        _ frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDay: Int? = nil, month: Int? = nil,
        ordinal: Int? = nil, until: LocalDate? = nil, fromCompletion: Bool = false
    ) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.weekdays = weekdays.sorted()
        self.monthDay = monthDay
        self.month = month
        self.ordinal = ordinal
        self.until = until
        self.fromCompletion = fromCompletion
    }

    /// The first occurrence on or after `date`.
    public func first(onOrAfter date: LocalDate) -> LocalDate? {
        switch frequency {
        case .daily:
            return within(date)
        case .weekly:
            guard !weekdays.isEmpty else { return within(date) }
            var d = date
            while !weekdays.contains(d.weekday) { d = d.adding(days: 1) }
            return within(d)
        case .monthly, .yearly:
            return next(after: date.adding(days: -1), anchor: date)
        }
    }

    /// The next occurrence strictly after `date` (an occurrence of this rule), or nil past `until`.
    public func next(after date: LocalDate) -> LocalDate? { next(after: date, anchor: date) }

    private func next(after date: LocalDate, anchor: LocalDate) -> LocalDate? {
        switch frequency {
        case .daily:
            return within(date.adding(days: interval))
        case .weekly:
            guard !weekdays.isEmpty else { return within(date.adding(days: 7 * interval)) }
            if let later = weekdays.first(where: { $0 > date.weekday }) {
                return within(date.adding(days: later - date.weekday))
            }
            let monday = date.adding(days: 1 - date.weekday).adding(days: 7 * interval)
            return within(monday.adding(days: weekdays[0] - 1))
        case .monthly:
            for step in 0..<(48 * interval) where step % interval == 0 || step == 0 {
                let first = date.firstOfMonth(adding: step)
                let candidate = day(inMonthOf: first, anchor: anchor)
                if let candidate, candidate > date { return within(candidate) }
            }
            return nil
        case .yearly:
            let m = month ?? anchor.month
            let d = monthDay ?? anchor.day
            for step in 0...(8 * interval) where step % interval == 0 {
                let candidate = LocalDate.clamped(year: date.year + step, month: m, day: d)
                if candidate > date { return within(candidate) }
            }
            return nil
        }
    }

    /// The occurrence inside the month of `first`, if the month has one.
    private func day(inMonthOf first: LocalDate, anchor: LocalDate) -> LocalDate? {
        if let ordinal, let weekday = weekdays.first {
            if ordinal > 0 {
                let offset = (weekday - first.weekday + 7) % 7
                let d = 1 + offset + 7 * (ordinal - 1)
                guard d <= LocalDate.daysIn(year: first.year, month: first.month) else { return nil }
                return LocalDate(year: first.year, month: first.month, day: d)
            }
            let lastDay = LocalDate.daysIn(year: first.year, month: first.month)
            let last = LocalDate(year: first.year, month: first.month, day: lastDay)
            return last.adding(days: -((last.weekday - weekday + 7) % 7))
        }
        return LocalDate.clamped(year: first.year, month: first.month, day: monthDay ?? anchor.day)
    }

    private func within(_ d: LocalDate) -> LocalDate? {
        if let until, d > until { return nil }
        return d
    }
}
