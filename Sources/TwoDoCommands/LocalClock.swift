// "Now" in the user's zone: today's local date, and instants of local times, for resolving dates.

import TwoDoCore

/// The instant a line is parsed at, seen in the user's IANA zone.
struct LocalClock: Sendable {
    /// Unix seconds.
    let now: Int64
    /// The IANA zone every resolved date is in.
    let tz: String
    /// The local date at `now`.
    let today: LocalDate

    /// The clock at `now` in zone `tz` (today's date is computed once here).
    init(now: Int64, tz: String) {
        self.now = now
        self.tz = tz
        self.today = LocalDate(instant: now, tz: tz)
    }

    /// The instant of `time` on `date` in the zone (a time skipped by DST resolves later, as `DueDate` does).
    func instant(_ date: LocalDate, _ time: LocalTime) -> Int64 {
        Calendars.instant(of: date, at: time, tz: tz)
    }

    /// Whether `time` on `date` is still ahead of now.
    func isAhead(_ date: LocalDate, _ time: LocalTime) -> Bool { instant(date, time) > now }

    /// The next `time` from now: today if it is still ahead, else tomorrow.
    func next(_ time: LocalTime) -> LocalDate { isAhead(today, time) ? today : today.adding(days: 1) }

    /// The local date and minute at `now + seconds`, rounded up to a whole minute.
    func dueDate(after seconds: Int64) -> DueDate {
        let (sum, overflow) = now.addingReportingOverflow(seconds)
        let target = overflow ? now : sum
        let rounded = target % 60 == 0 ? target : target - ((target % 60) + 60) % 60 + 60
        return DueDate(date: LocalDate(instant: rounded, tz: tz), time: Calendars.time(at: rounded, tz: tz), tz: tz)
    }

    /// Monday of the ISO week after today's.
    var nextMonday: LocalDate { today.adding(days: 8 - today.weekday) }
}
