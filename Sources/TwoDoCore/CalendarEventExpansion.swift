// Lazy expansion of recurrence rules into the dates of one window, anchored at a series' first day.

/// Expands a `Recurrence` anchored at a start date into the occurrence dates inside a window.
///
/// Nothing is materialized: each call computes only the dates of the window asked for, by calendar
/// arithmetic from the anchor (never by stepping from the anchor one occurrence at a time), so a daily
/// series started years ago costs the same as one started yesterday.
///
/// The anchor fixes what a rule leaves open, as `Recurrence` does: `every 2 days` counts from the anchor
/// day, `every 2 weeks` from the anchor's week (weeks start on Monday), `every month` falls on the anchor's
/// day, `every year` on the anchor's month and day. Monthly days a month lacks (31st, 30th, 29 February)
/// fall on that month's last day. No occurrence falls before the anchor or after `until`.
public enum CalendarEventExpansion {
    /// The occurrence dates of `rule` anchored at `anchor` within `range`, ascending.
    public static func dates(of rule: Recurrence, anchor: LocalDate, in range: ClosedRange<LocalDate>) -> [LocalDate] {
        let low = Swift.max(range.lowerBound, anchor)
        var high = range.upperBound
        if let until = rule.until { high = Swift.min(high, until) }
        guard low <= high else { return [] }
        // A window wider than ~50 years is a caller's mistake; cap it so a bad request stays cheap.
        if high.dayNumber - low.dayNumber > 18_300 { high = low.adding(days: 18_300) }
        var out: [LocalDate] = []
        let k = rule.interval
        switch rule.frequency {
        case .daily:
            let offset = low.dayNumber - anchor.dayNumber
            var n = low.dayNumber + (k - offset % k) % k
            while n <= high.dayNumber {
                out.append(LocalDate(dayNumber: n))
                n += k
            }
        case .weekly:
            let days = rule.weekdays.isEmpty ? [anchor.weekday] : rule.weekdays
            let anchorMonday = anchor.dayNumber - (anchor.weekday - 1)
            var monday = low.dayNumber - (low.weekday - 1)
            let weeks = (monday - anchorMonday) / 7
            monday += ((k - weeks % k) % k) * 7
            while monday <= high.dayNumber {
                for w in days {
                    let n = monday + w - 1
                    if n >= low.dayNumber && n <= high.dayNumber { out.append(LocalDate(dayNumber: n)) }
                }
                monday += 7 * k
            }
        case .monthly:
            let anchorIndex = anchor.year * 12 + anchor.month - 1
            var index = low.year * 12 + low.month - 1
            let lastIndex = high.year * 12 + high.month - 1
            index += (k - (index - anchorIndex) % k) % k
            while index <= lastIndex {
                let first = LocalDate(year: index / 12, month: index % 12 + 1, day: 1)
                if let d = dayInMonth(rule, first: first, anchor: anchor), d >= Swift.max(range.lowerBound, anchor),
                    d <= high
                {
                    out.append(d)
                }
                index += k
            }
        case .yearly:
            let month = rule.month ?? anchor.month
            let day = rule.monthDay ?? anchor.day
            var year = low.year
            year += (k - (year - anchor.year) % k) % k
            while year <= high.year {
                let d = LocalDate.clamped(year: year, month: month, day: day)
                if d >= Swift.max(range.lowerBound, anchor) && d <= high { out.append(d) }
                year += k
            }
        }
        return out
    }

    /// Whether `date` is an occurrence of `rule` anchored at `anchor`.
    public static func isOccurrence(_ date: LocalDate, of rule: Recurrence, anchor: LocalDate) -> Bool {
        !dates(of: rule, anchor: anchor, in: date...date).isEmpty
    }

    /// The first occurrence on or after `date`, looking at most `horizon` days ahead.
    public static func first(
        of rule: Recurrence, anchor: LocalDate, onOrAfter date: LocalDate, horizon: Int = 800
    ) -> LocalDate? {
        var start = date
        // Look in growing windows so the common case (the next few days) stays cheap.
        var span = 40
        while start.dayNumber - date.dayNumber <= horizon {
            let end = start.adding(days: span - 1)
            if let d = dates(of: rule, anchor: anchor, in: start...end).first { return d }
            if let until = rule.until, end >= until { return nil }
            start = end.adding(days: 1)
            span *= 2
        }
        return nil
    }

    /// The occurrence of a monthly rule inside the month starting at `first`, if the month has one.
    private static func dayInMonth(_ rule: Recurrence, first: LocalDate, anchor: LocalDate) -> LocalDate? {
        let length = LocalDate.daysIn(year: first.year, month: first.month)
        if let ordinal = rule.ordinal, let weekday = rule.weekdays.first {
            if ordinal > 0 {
                let d = 1 + (weekday - first.weekday + 7) % 7 + 7 * (ordinal - 1)
                return d <= length ? LocalDate(year: first.year, month: first.month, day: d) : nil
            }
            let last = LocalDate(year: first.year, month: first.month, day: length)
            return last.adding(days: -((last.weekday - weekday + 7) % 7))
        }
        return LocalDate.clamped(year: first.year, month: first.month, day: rule.monthDay ?? anchor.day)
    }
}
