// A date, time and recurrence phrase as recognized, before it is resolved against the clock.

/// Which day a date phrase names, relative to "today" where it depends on it.
enum DateSpec: Sendable, Equatable {
    /// Today plus N days (`today` 0, `tomorrow` 1, `yesterday` -1, `in 3 days`, `3 gün sonra`).
    case days(Int)
    /// The same day N months later, clamped to the month's length (`in 2 months`).
    case months(Int)
    /// Now plus N seconds, rounded up to the minute (`in 2 hours`, `90 dakika sonra`); sets the time too.
    case seconds(Int64)
    /// A weekday: the next one, this week's, or next week's.
    case weekday(Int, WeekdayMode)
    /// A calendar date; without a year, the next such date on or after today.
    case calendar(year: Int?, month: Int, day: Int)
    /// A day of the month (`on the 24th`, `ayın 15'i`): the next such day on or after today.
    case monthDay(Int)
    case endOfWeek, endOfMonth, endOfYear
    /// The last day of a named month (`Ocak sonu`), the next such month from today's on.
    case endOfNamedMonth(Int)
    /// Saturday of this week (today on a weekend), or of next week.
    case weekend(next: Bool)
    /// Monday of next week, the 1st of next month, 1 January of next year.
    case nextWeek, nextMonth, nextYear
}

/// How a weekday name was qualified.
enum WeekdayMode: Sendable, Equatable {
    /// `friday`: the next Friday after today (today only when a time later today is given).
    case bare
    /// `this friday`: the Friday on or after today.
    case this
    /// `next friday`, `haftaya cuma`: the Friday of next (ISO) week.
    case next
    /// `last friday`, `geçen cuma` (routines and events only): the Friday of last week.
    case last
}

/// A recognized date part.
struct DatePart: Sendable {
    /// The day it names.
    var spec: DateSpec
    /// The words of the date (without a leading `on`/`by`/`due`).
    var words: Range<Int>
    /// A part of the day the date words imply (`tonight`, `bu akşam`, `this morning`).
    var timeOfDay: TimeOfDay?
    /// Whether a preposition or qualifier marks it as a date (`on friday`, `this friday`, `cuma günü`).
    var marked = false
    /// Whether the last word carries a Turkish dative ending (`cumaya`), meaningful only before `kadar`.
    var dative = false
    /// A weekday abbreviation (`fri`): taken only when marked, next to a time, or standing alone.
    var abbreviated = false
    /// A form that needs a marker inside a title (`the 24th`, `weekend`).
    var needsMarker = false
    /// Written as an `until` (`30 Haziran'a kadar`, `until June 30`) with no rule in its phrase: the due
    /// date, unless a rule elsewhere in the title makes it that rule's end.
    var asUntil = false
}

/// How a time was written.
enum TimeSpec: Sendable, Equatable {
    /// `17:00`, `5pm`, `at 9` (`bareHour`: an hour without minutes or am/pm).
    case clock(hour: Int, minute: Int, meridiem: Meridiem?, bareHour: Bool)
    /// `noon`, `morning`, `akşam`.
    case timeOfDay(TimeOfDay)
    /// `sabah 7`, `akşam 7'de`, `7 in the evening`.
    case hourOf(TimeOfDay, hour: Int, minute: Int)
}

/// A recognized time part.
struct TimePart: Sendable {
    /// The time it names.
    var spec: TimeSpec
    /// The words of the time (without a leading `at`/`saat`).
    var words: Range<Int>
    /// A part-of-day word alone (`evening`, `akşam`): inside a title only next to a date or recurrence.
    var isLoneTimeOfDay = false
}

/// A recognized recurrence rule (dates in it are plain numbers; nothing depends on the clock).
struct RecurrencePart: Sendable {
    /// The unit of repetition.
    var frequency: RecurrenceFrequency
    /// Every how many units.
    var interval = 1
    /// ISO weekdays (weekly rules, and the weekday of an ordinal monthly rule).
    var weekdays: [Int] = []
    /// Day of the month (monthly, and yearly with `month`); not yet validated.
    var monthDay: Int?
    /// Month of a yearly rule.
    var month: Int?
    /// `3rd friday` is 3, `last friday` -1.
    var ordinal: Int?
    /// `every!`, `after done`, `bitince`: the next one counts from completion.
    var fromCompletion = false
    /// A part of the day the rule implies (`every morning`, `her akşam`).
    var timeOfDay: TimeOfDay?
    /// The words of the rule.
    var words: Range<Int>
}

/// Frequencies, mirroring `Recurrence.Frequency` without importing it here.
enum RecurrenceFrequency: Sendable, Equatable {
    case daily, weekly, monthly, yearly
}

/// A recognized `until` date (`until Dec 31`, `31 Aralık'a kadar`).
struct UntilPart: Sendable {
    /// The last day (without a recurrence, the due date: "by <date>").
    var date: DatePart
}

/// A whole schedule phrase: at most one of each part.
struct SchedulePhrase: Sendable {
    /// The day (`tomorrow`, `cuma günü`).
    var date: DatePart?
    /// The time of day (`at 5pm`, `saat 17'de`).
    var time: TimePart?
    /// The repetition (`every monday`).
    var recurrence: RecurrencePart?
    /// The last day of the repetition.
    var until: UntilPart?

    /// Whether no part was recognized.
    var isEmpty: Bool { date == nil && time == nil && recurrence == nil && until == nil }

    /// Adds the parts of `other` when none of them is already set; false (and no change) otherwise.
    mutating func merge(_ other: SchedulePhrase) -> Bool {
        if other.date != nil && date != nil || other.time != nil && time != nil
            || other.recurrence != nil && recurrence != nil || other.until != nil && until != nil
        {
            return false
        }
        // A relative instant (`in 2 hours`) already fixes the time.
        if case .seconds? = (other.date ?? date)?.spec, (other.time ?? time) != nil { return false }
        date = date ?? other.date
        time = time ?? other.time
        recurrence = recurrence ?? other.recurrence
        until = until ?? other.until
        // `her cuma çöpü çıkar 30 Haziran'a kadar ekle`: an `until` read as a due date ends the rule instead.
        if recurrence != nil, until == nil, let d = date, d.asUntil {
            var last = d
            last.marked = false
            until = UntilPart(date: last)
            date = nil
        }
        return true
    }
}
