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

    public init(event: EventID, originalDate: LocalDate, date: LocalDate, time: LocalTime?, end: LocalTime?, tz: String)
    {
        self.event = event
        self.originalDate = originalDate
        self.date = date
        self.time = time
        self.end = end
        self.tz = tz
    }

    /// Whether only a date was given.
    public var isAllDay: Bool { time == nil }

    /// The start instant: the local time, or the start of the day for all-day events.
    public var start: Int64 { Calendars.instant(of: date, at: time ?? LocalTime(hour: 0, minute: 0), tz: tz) }

    /// The end instant: the end time (the next day when it is not after the start), or the end of the day.
    public var finish: Int64 {
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
    /// The end time, if given (an end not after the start means the next day).
    public var end: LocalTime?
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
        createdAt: Int64 = 0, exceptions: [LocalDate: EventException] = [:], noteCount: Int = 0
    ) {
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

    /// The last day an occurrence may fall on (nil: the series never ends).
    public var lastDate: LocalDate? {
        guard let recurrence else { return date }
        return recurrence.until
    }

    /// The occurrences whose (possibly moved) date lies in `range`, by date then start time (all-day first).
    ///
    /// Lazy: only the window's dates are computed. A moved occurrence appears on its new date, a cancelled
    /// one not at all.
    public func occurrences(in range: ClosedRange<LocalDate>) -> [EventOccurrence] {
        var out: [EventOccurrence] = []
        let base: [LocalDate]
        if let recurrence {
            base = CalendarEventExpansion.dates(of: recurrence, anchor: date, in: range)
        } else {
            base = range.contains(date) ? [date] : []
        }
        for d in base {
            switch exceptions[d] {
            case nil: out.append(EventOccurrence(event: id, originalDate: d, date: d, time: time, end: end, tz: tz))
            case .cancelled?, .moved?: continue
            }
        }
        for (original, exception) in exceptions {
            guard case .moved(let newDate, let newTime, let newEnd) = exception, range.contains(newDate) else {
                continue
            }
            out.append(
                EventOccurrence(event: id, originalDate: original, date: newDate, time: newTime, end: newEnd, tz: tz))
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
