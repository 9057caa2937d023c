// Turns a recognized schedule phrase into a due date and a recurrence rule, in the user's zone.

import TwoDoCore

/// A resolved schedule: what `TaskDetails` carries.
struct Schedule: Sendable, Equatable {
    /// The due date: the phrase's date and time, or a rule's first occurrence at a given time.
    var due: DueDate?
    /// The rule, with its `until` resolved.
    var recurrence: Recurrence?
}

/// Why a phrase cannot be resolved, and the words (as typed) that are wrong.
struct DateFailure: Error, Sendable {
    /// What is wrong.
    let problem: DateProblem
    /// The words it is about, as typed.
    let value: String

    /// The `ParseError` for `verb`.
    func error(_ verb: String) -> ParseError { .badDate(verb: verb, value: value, problem: problem) }
}

/// Where a date without a year (or a bare weekday) falls.
enum DateDirection: Sendable {
    /// On or after today (`event add … friday`, `routine skip … friday`).
    case future
    /// On or before today (`routine done … monday`).
    case past
    /// In the current year; weekdays as `future` (views such as `events from 1 Dec`).
    case thisYear
}

/// Resolves schedule phrases against a `LocalClock`.
///
/// Rules (also in GRAMMAR.md):
/// - `today` 0, `tomorrow`/`yarın` +1, `day after tomorrow`/`öbür gün`/`yarından sonra` +2, `yesterday`/`dün` -1.
/// - A bare weekday is the next such day strictly after today, except today itself when a time later
///   than now is given (`friday 5pm` on a Friday morning is today). `this friday`/`bu cuma` is the Friday on
///   or after today; `next friday`/`haftaya cuma`/`gelecek cuma` is the Friday of next ISO week (weeks
///   start on Monday); `coming friday`/`önümüzdeki cuma` is the bare reading.
/// - `in 3 days`/`3 gün sonra` and weeks give an all-day date; months and years keep the day of the month
///   (clamped: 31 January + 1 month = 28 February); `in 2 hours`/`90 dakika sonra` give now + the
///   duration, rounded up to the minute, with that time.
/// - Dates without a year (`Dec 24`, `24.12`, `24 Aralık`) are the next such date on or after today
///   (`Feb 29` the next leap day); `on the 24th`/`ayın 24'ü` the next 24th on or after today.
/// - `end of week` is this week's Sunday (today on a Sunday); `end of month`/`ay sonu` the month's last
///   day; `this weekend`/`hafta sonu` this week's Saturday (today on a Saturday or Sunday); `next weekend`
///   next week's Saturday; `next week`/`haftaya` next week's Monday; `next month` the 1st of next month.
/// - A time with no date is the next such time from now (today if still ahead, else tomorrow). A date
///   with no time is all day. A time-of-day word gives its default time (see `TimeOfDay`).
/// - A bare hour from 1 to 7 with no am/pm and no part-of-day word is after noon (`at 5` is 17:00);
///   with an afternoon/evening word any hour 1–11 is (`akşam 8` is 20:00, `tonight at 9` is 21:00).
///   Times with minutes (`5:30`, `17.30`) are 24-hour clock times as written.
/// - Explicit past dates are allowed for due dates (`due 3 2020-01-01`: overdue tasks exist); an `until`
///   before today (or before the rule's own later start), or one before the rule's first occurrence, is
///   `.inThePast`; impossible days and times are `.noSuchDay` / `.noSuchTime`.
enum DateResolver {
    /// Resolves `phrase` (word ranges refer to `lex`).
    static func resolve(_ phrase: SchedulePhrase, lex: Lexer, clock: LocalClock) -> Result<Schedule, DateFailure> {
        let context = phrase.date?.timeOfDay ?? phrase.recurrence?.timeOfDay
        var time: LocalTime?
        if let t = phrase.time {
            guard let resolved = localTime(t.spec, context: context) else {
                return .failure(DateFailure(problem: .noSuchTime, value: lex.typed(t.words)))
            }
            time = resolved
        } else {
            time = context?.time
        }
        var rule: Recurrence?
        if let r = phrase.recurrence {
            // A rule with a date (`starting Dec 3 every day`) starts on that date; without one, today.
            var start = clock.today
            if let d = phrase.date, let date = localDate(d.spec, time: time, clock: clock), date > start {
                start = date
            }
            switch recurrence(r, until: phrase.until, start: start, lex: lex, clock: clock) {
            case .success(let built): rule = built
            case .failure(let f): return .failure(f)
            }
        }
        if let d = phrase.date {
            if case .seconds(let s) = d.spec {
                return .success(Schedule(due: clock.dueDate(after: s), recurrence: rule))
            }
            guard let date = localDate(d.spec, time: time, clock: clock) else {
                return .failure(DateFailure(problem: .noSuchDay, value: lex.typed(d.words)))
            }
            return .success(Schedule(due: DueDate(date: date, time: time, tz: clock.tz), recurrence: rule))
        }
        guard let time else { return .success(Schedule(due: nil, recurrence: rule)) }
        guard let rule else {
            return .success(Schedule(due: DueDate(date: clock.next(time), time: time, tz: clock.tz)))
        }
        // A rule with only a time: the first occurrence whose time is still ahead.
        var first = rule.first(onOrAfter: clock.today)
        if first == clock.today && !clock.isAhead(clock.today, time) {
            first = rule.first(onOrAfter: clock.today.adding(days: 1))
        }
        return .success(Schedule(due: first.map { DueDate(date: $0, time: time, tz: clock.tz) }, recurrence: rule))
    }

    /// The wall-clock time `spec` names, or nil when there is no such time (`25:00`, `13pm`, `12:75`).
    /// With `literalHours` (routines and events), a bare hour is the hour as written (`at 5` is 05:00).
    static func localTime(_ spec: TimeSpec, context: TimeOfDay?, literalHours: Bool = false) -> LocalTime? {
        switch spec {
        case .clock(let h, let m, let meridiem, let bareHour):
            guard (0...59).contains(m) else { return nil }
            if let meridiem {
                guard (1...12).contains(h) else { return nil }
                return LocalTime(hour: h % 12 + (meridiem == .pm ? 12 : 0), minute: m)
            }
            guard (0...23).contains(h) else { return nil }
            if let context, context.isAfterNoon, (1...11).contains(h) { return LocalTime(hour: h + 12, minute: m) }
            if bareHour, !literalHours, context == nil, (1...7).contains(h) {
                return LocalTime(hour: h + 12, minute: m)
            }
            return LocalTime(hour: h, minute: m)
        case .timeOfDay(let tod):
            return tod.time
        case .hourOf(let tod, let h, let m):
            guard (0...59).contains(m), (0...23).contains(h) else { return nil }
            if tod.isAfterNoon, (1...11).contains(h) { return LocalTime(hour: h + 12, minute: m) }
            return LocalTime(hour: h, minute: m)
        }
    }

    /// The day `spec` names; `time` decides whether a bare weekday may be today. Nil for impossible dates.
    static func localDate(_ spec: DateSpec, time: LocalTime?, clock: LocalClock) -> LocalDate? {
        let today = clock.today
        switch spec {
        case .days(let n):
            return today.adding(days: n)
        case .months(let n):
            let first = today.firstOfMonth(adding: n)
            return LocalDate.clamped(year: first.year, month: first.month, day: today.day)
        case .seconds:
            return nil
        case .weekday(let d, let mode):
            let delta = (d - today.weekday + 7) % 7
            switch mode {
            case .bare:
                if delta > 0 { return today.adding(days: delta) }
                if let time, clock.isAhead(today, time) { return today }
                return today.adding(days: 7)
            case .this: return today.adding(days: delta)
            case .next: return clock.nextMonday.adding(days: d - 1)
            case .last: return clock.nextMonday.adding(days: d - 15)
            }
        case .calendar(let year, let month, let day):
            return calendarDate(year: year, month: month, day: day, today: today, direction: .future)
        case .monthDay(let day):
            guard (1...31).contains(day) else { return nil }
            for k in 0..<12 {
                let first = today.firstOfMonth(adding: k)
                if let date = LocalDate(validYear: first.year, month: first.month, day: day), date >= today {
                    return date
                }
            }
            return nil
        case .endOfWeek:
            return today.adding(days: 7 - today.weekday)
        case .endOfMonth:
            return LocalDate(
                year: today.year, month: today.month, day: LocalDate.daysIn(year: today.year, month: today.month))
        case .endOfYear:
            return LocalDate(year: today.year, month: 12, day: 31)
        case .endOfNamedMonth(let month):
            guard (1...12).contains(month) else { return nil }
            let year = month >= today.month ? today.year : today.year + 1
            return LocalDate(year: year, month: month, day: LocalDate.daysIn(year: year, month: month))
        case .weekend(let next):
            if next { return clock.nextMonday.adding(days: 5) }
            return today.weekday >= 6 ? today : today.adding(days: 6 - today.weekday)
        case .nextWeek:
            return clock.nextMonday
        case .nextMonth:
            return today.firstOfMonth(adding: 1)
        case .nextYear:
            return LocalDate(year: today.year + 1, month: 1, day: 1)
        }
    }

    /// The day `spec` names for a routine or an event: a bare weekday is the nearest one in `direction`,
    /// today included (`event add … friday` on a Friday is today); a date without a year falls in
    /// `direction`. Nil for impossible dates.
    static func localDate(_ spec: DateSpec, direction: DateDirection, clock: LocalClock) -> LocalDate? {
        let today = clock.today
        switch spec {
        case .weekday(let d, .bare):
            switch direction {
            case .future, .thisYear: return today.adding(days: (d - today.weekday + 7) % 7)
            case .past: return today.adding(days: -((today.weekday - d + 7) % 7))
            }
        case .calendar(let year, let month, let day):
            return calendarDate(year: year, month: month, day: day, today: today, direction: direction)
        default:
            return localDate(spec, time: nil, clock: clock)
        }
    }

    /// The date `day` `month` of `year`, or without a year of the nearest year in `direction` from `today`
    /// (at most eight years away, for 29 February). Nil when there is no such day.
    static func calendarDate(
        year: Int?, month: Int, day: Int, today: LocalDate, direction: DateDirection
    )
        -> LocalDate?
    {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        if let year { return LocalDate(validYear: year, month: month, day: day) }
        switch direction {
        case .thisYear:
            return LocalDate(validYear: today.year, month: month, day: day)
        case .future:
            for y in today.year...(today.year + 8) {
                if let date = LocalDate(validYear: y, month: month, day: day), date >= today { return date }
            }
        case .past:
            for y in stride(from: today.year, through: today.year - 8, by: -1) {
                if let date = LocalDate(validYear: y, month: month, day: day), date <= today { return date }
            }
        }
        return nil
    }

    /// The rule `r` names, without an end; nil when it names an impossible day (`every 32nd`, `every Feb 30`,
    /// `every 6th friday`).
    static func rule(_ r: RecurrencePart) -> Recurrence? {
        if let d = r.monthDay, !(1...31).contains(d) { return nil }
        if let m = r.month, let d = r.monthDay, LocalDate(validYear: 2028, month: m, day: d) == nil { return nil }
        if let o = r.ordinal, o != -1 && !(1...5).contains(o) { return nil }
        let frequency: Recurrence.Frequency =
            switch r.frequency {
            case .daily: .daily
            case .weekly: .weekly
            case .monthly: .monthly
            case .yearly: .yearly
            }
        return Recurrence(
            frequency, interval: r.interval, weekdays: r.weekdays, monthDay: r.monthDay, month: r.month,
            ordinal: r.ordinal, fromCompletion: r.fromCompletion)
    }

    /// The rule of `r`, with its `until` resolved: an `until` before `start` (today, or the rule's later
    /// date), or one that leaves the rule no occurrence at all, is `.inThePast`.
    private static func recurrence(
        _ r: RecurrencePart, until: UntilPart?, start: LocalDate, lex: Lexer, clock: LocalClock
    ) -> Result<Recurrence, DateFailure> {
        guard var rule = rule(r) else { return .failure(DateFailure(problem: .noSuchDay, value: lex.typed(r.words))) }
        if let until {
            let words = lex.typed(until.date.words)
            if case .seconds = until.date.spec { return .failure(DateFailure(problem: .unrecognized, value: words)) }
            guard let date = localDate(until.date.spec, time: nil, clock: clock) else {
                return .failure(DateFailure(problem: .noSuchDay, value: words))
            }
            guard date >= start else { return .failure(DateFailure(problem: .inThePast, value: words)) }
            rule.until = date
        }
        // `her cuma … yarına kadar` on a Sunday: the rule would end before its first Friday.
        if let until, rule.first(onOrAfter: start) == nil {
            return .failure(DateFailure(problem: .inThePast, value: lex.typed(until.date.words)))
        }
        return .success(rule)
    }
}

extension DateResolver {
    /// One moment named by `phrase` (a date and/or a time, no recurrence), e.g. for a reminder or a snooze.
    ///
    /// A date without a time gets `defaultTime` (reminders: 09:00) or stays all day; with `future`, a
    /// moment that is not after now is `.inThePast` (the value is the whole phrase as typed).
    static func moment(
        _ phrase: SchedulePhrase, words: Range<Int>, lex: Lexer, clock: LocalClock, defaultTime: LocalTime?,
        future: Bool
    ) -> Result<DueDate, DateFailure> {
        let unrecognized = DateFailure(problem: .unrecognized, value: lex.typed(words))
        guard phrase.recurrence == nil else { return .failure(unrecognized) }
        return resolve(phrase, lex: lex, clock: clock).flatMap { schedule in
            guard var due = schedule.due else { return .failure(unrecognized) }
            if due.time == nil, let defaultTime { due.time = defaultTime }
            if future && due.instant <= clock.now {
                return .failure(DateFailure(problem: .inThePast, value: lex.typed(words)))
            }
            return .success(due)
        }
    }
}
