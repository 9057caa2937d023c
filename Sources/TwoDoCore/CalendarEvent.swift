// A calendar event of the couple: one-off or recurring, all-day or timed, with per-occurrence changes.

/// The id of a calendar event.
public struct EventID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The database row id.
    public let rawValue: Int64
    /// Wraps a database row id.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "event#\(rawValue)" }
}

/// A change to one occurrence of a recurring event.
public enum EventException: Sendable, Equatable {
    /// That occurrence was deleted (`event delete <ref> this`).
    case cancelled
    /// That occurrence was moved (`event move <ref> this <date/time>`).
    case moved(date: LocalDate, time: LocalTime?, end: LocalTime?)
}

/// One occurrence of an event, as shown in views.
public struct EventOccurrence: Sendable, Equatable {
    public var event: EventID
    /// The occurrence date the rule produced (the key of any exception).
    public var originalDate: LocalDate
    /// When it happens, in the event's zone.
    public var date: LocalDate
    public var time: LocalTime?
    public var end: LocalTime?
    /// The event's IANA zone.
    public var tz: String
    /// The last day of a multi-day occurrence (after `date`); nil for one that starts and ends on one day.
    public var endDate: LocalDate?

    public init(
        event: EventID, originalDate: LocalDate, date: LocalDate, time: LocalTime?, end: LocalTime?, tz: String,
        endDate: LocalDate? = nil
    ) {
        self.event = event
        self.originalDate = originalDate
        self.date = date
        self.time = time
        self.end = end
        self.tz = tz
        self.endDate = endDate
    }

    /// The last local day the occurrence covers in its own zone (`date` unless it spans several days).
    public var lastDate: LocalDate { endDate ?? date }

    /// Whether only a date was given.
    public var isAllDay: Bool { time == nil }

    /// The start instant: the local time, or the start of the day for all-day events.
    public var start: Int64 { Calendars.instant(of: date, at: time ?? LocalTime(hour: 0, minute: 0), tz: tz) }

    /// The end instant: the end time (the next day when it is not after the start), or the end of the day.
    public var finish: Int64 {
        if let endDate {
            // Multi-day: the end time on the last day, or the end of that day when there is none.
            guard time != nil, let end else {
                return Calendars.instant(of: endDate.adding(days: 1), at: LocalTime(hour: 0, minute: 0), tz: tz)
            }
            return Calendars.instant(of: endDate, at: end, tz: tz)
        }
        guard let time else {
            return Calendars.instant(of: date.adding(days: 1), at: LocalTime(hour: 0, minute: 0), tz: tz)
        }
        guard let end else { return start }
        return Calendars.instant(of: end > time ? date : date.adding(days: 1), at: end, tz: tz)
    }
}

/// A calendar event as stored.
public struct CalendarEvent: Sendable, Equatable {
    public var id: EventID
    public var title: String
    /// The first day (of a series: its anchor).
    public var date: LocalDate
    /// The start time; nil for an all-day event.
    public var time: LocalTime?
    /// The end time, if given (an end not after the start means the next day, unless `endDate` is set).
    public var end: LocalTime?
    /// The last day of a multi-day event (`event add trip Dec 10 - Dec 12`), after `date`; nil for one day.
    /// Each occurrence of a series spans the same number of days.
    public var endDate: LocalDate?
    /// The zone the date and times are in (the creator's at the time).
    public var tz: String
    public var location: String?
    /// Minutes before the start that a reminder fires; nil for none.
    public var remindMinutes: Int?
    public var recurrence: Recurrence?
    /// The member it is for; nil for both.
    public var assignee: String?
    public var createdBy: String?
    public var createdAt: Int64
    /// Changed occurrences of a series, by original date.
    public var exceptions: [LocalDate: EventException]
    public var noteCount: Int
    /// The longer text kept with the event (`describe event`), nil for none. `updateEvent` leaves it alone.
    public var description: String?

    public init(
        id: EventID, title: String, date: LocalDate, time: LocalTime?, end: LocalTime?, tz: String,
        location: String? = nil,
        remindMinutes: Int? = nil, recurrence: Recurrence? = nil, assignee: String? = nil, createdBy: String? = nil,
        createdAt: Int64 = 0, exceptions: [LocalDate: EventException] = [:], noteCount: Int = 0,
        endDate: LocalDate? = nil
    ) {
        self.endDate = endDate
        self.id = id
        self.title = title
        self.date = date
        self.time = time
        self.end = end
        self.tz = tz
        self.location = location
        self.remindMinutes = remindMinutes
        self.recurrence = recurrence
        self.assignee = assignee
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.exceptions = exceptions
        self.noteCount = noteCount
    }

    /// Whether only a date was given.
    public var isAllDay: Bool { time == nil }

    /// The most days a multi-day event may cover, its first and last included.
    public static let spanLimit = 366

    /// How many days after its first day an occurrence ends (0 for a one-day event).
    public var spanDays: Int { endDate.map { $0.dayNumber - date.dayNumber } ?? 0 }

    /// The occurrence the rule puts on `day` (before exceptions), spanning as many days as the event.
    public func occurrence(
        on day: LocalDate, originalDate: LocalDate? = nil, time: LocalTime?, end: LocalTime?
    )
        -> EventOccurrence
    {
        let span = spanDays
        return EventOccurrence(
            event: id, originalDate: originalDate ?? day, date: day, time: time, end: end, tz: tz,
            endDate: span > 0 ? day.adding(days: span) : nil)
    }

    /// The last day an occurrence may fall on (nil: the series never ends).
    public var lastDate: LocalDate? {
        guard let recurrence else { return date }
        return recurrence.until
    }

    /// The occurrences whose (possibly moved) days meet `range`, by date then start time (all-day first).
    ///
    /// Lazy: only the window's dates are computed. A moved occurrence appears on its new date, a cancelled
    /// one not at all. A multi-day occurrence that started before the window but lasts into it is included.
    public func occurrences(in range: ClosedRange<LocalDate>) -> [EventOccurrence] {
        var out: [EventOccurrence] = []
        let span = spanDays
        let reach = range.lowerBound.adding(days: -span)...range.upperBound
        let base: [LocalDate]
        if let recurrence {
            base = CalendarEventExpansion.dates(of: recurrence, anchor: date, in: reach)
        } else {
            base = reach.contains(date) ? [date] : []
        }
        if exceptions.isEmpty {
            // The rule's dates ascend and share one time: already in chronological order, nothing to look up.
            out.reserveCapacity(base.count)
            for d in base { out.append(occurrence(on: d, time: time, end: end)) }
            return out
        }
        for d in base {
            switch exceptions[d] {
            case nil: out.append(occurrence(on: d, time: time, end: end))
            case .cancelled?, .moved?: continue
            }
        }
        // By original date: a dictionary's order differs from one read of the event to the next, and two
        // occurrences moved to the same time would otherwise swap places between pages of one listing.
        for (original, exception) in exceptions.sorted(by: { $0.key < $1.key }) {
            guard case .moved(let newDate, let newTime, let newEnd) = exception, reach.contains(newDate) else {
                continue
            }
            out.append(occurrence(on: newDate, originalDate: original, time: newTime, end: newEnd))
        }
        return out.sorted(by: EventOccurrence.chronological)
    }

    /// Whether `date` is an occurrence date of the series as the rule produces it (before any exception).
    public func isOriginalOccurrence(_ date: LocalDate) -> Bool {
        guard let recurrence else { return date == self.date }
        return CalendarEventExpansion.isOccurrence(date, of: recurrence, anchor: self.date)
    }

    /// The first occurrence (after exceptions) starting at or after `instant`, searching up to ~2 years ahead.
    public func nextOccurrence(startingAtOrAfter instant: Int64, today: LocalDate) -> EventOccurrence? {
        var from = today.adding(days: -1)
        for span in [14, 60, 400, 400] {
            let to = from.adding(days: span)
            if let hit = occurrences(in: from...to).first(where: { $0.start >= instant }) { return hit }
            if let last = lastDate, to >= last, exceptions.isEmpty { return nil }
            from = to.adding(days: 1)
        }
        return nil
    }
}

extension EventOccurrence {
    /// Orders occurrences by date, all-day ones first, then by start time.
    public static func chronological(_ a: EventOccurrence, _ b: EventOccurrence) -> Bool {
        if a.date != b.date { return a.date < b.date }
        switch (a.time, b.time) {
        case (nil, nil): return a.event < b.event
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x != y ? x < y : a.event < b.event
        }
    }
}
