// The occurrences of a window placed on a reader's days and ordered, kept compact until a page shows them.

import TwoDoCore
import TwoDoProtocol

extension Handlers {
    /// An occurrence placed on a reader's day, with its start in the reader's zone.
    struct PlacedOccurrence {
        var occurrence: EventOccurrence
        let event: CalendarEvent
        /// The reader's local day.
        var day: LocalDate
        /// Minutes after the reader's midnight it starts (-1 for all-day), for ordering.
        var minute: Int
        /// The start in the reader's zone (nil for all-day).
        var start: LocalTime? = nil
        /// Which of a multi-day occurrence's days this is (1-based), in the reader's days.
        var spanDay = 1
        /// How many of the reader's days a multi-day occurrence covers (0 for a one-day occurrence).
        var spanDays = 0
    }

    /// The occurrences of a window on the reader's days, in order: day, start minute (all-day first), event id,
    /// then the order the event produced them in.
    ///
    /// Each placed occurrence is a small plain value (no strings, no references) until it is read: a month of
    /// weekly series places thousands to mark the grid and count them and shows one page of 50. Moving and
    /// sorting whole `PlacedOccurrence`s (an event and an occurrence each) was most of such a `calendar`.
    struct PlacedOccurrences: RandomAccessCollection {
        /// One placed occurrence, its occurrence included (dates as day numbers, times as minutes, -1 for none).
        /// `day` counts from `PlacedOccurrences.base`, which keeps it small whatever the year; `order` grows in
        /// the order the occurrences were produced (a multi-day one keeps its number on each of its days).
        struct Slot {
            var id: Int64
            var originalDate: Int
            var date: Int
            /// The occurrence's last day; `Int.min` for a one-day occurrence.
            var endDate: Int
            var day: Int32
            var order: Int32
            var event: Int32
            var minute: Int16
            /// The reader's start, minutes after midnight; -1 for none.
            var start: Int16
            var spanDay: Int16
            var spanDays: Int16
            var time: Int16
            var end: Int16
        }

        /// The first day of the padded window: `Slot.day` 0.
        let base: LocalDate
        let events: [CalendarEvent]
        let slots: [Slot]

        var startIndex: Int { 0 }
        var endIndex: Int { slots.count }

        /// The reader's day of slot `s`.
        func day(of s: Slot) -> LocalDate { base.adding(days: Int(s.day)) }

        subscript(i: Int) -> PlacedOccurrence {
            let s = slots[i]
            let e = events[Int(s.event)]
            let occurrence = EventOccurrence(
                event: e.id, originalDate: LocalDate(dayNumber: s.originalDate), date: LocalDate(dayNumber: s.date),
                time: Self.time(s.time), end: Self.time(s.end), tz: e.tz,
                endDate: s.endDate == Int.min ? nil : LocalDate(dayNumber: s.endDate))
            return PlacedOccurrence(
                occurrence: occurrence, event: e, day: day(of: s), minute: Int(s.minute), start: Self.time(s.start),
                spanDay: Int(s.spanDay), spanDays: Int(s.spanDays))
        }

        /// Minutes after midnight as a time; nil for -1.
        static func time(_ minutes: Int16) -> LocalTime? {
            minutes < 0 ? nil : LocalTime(hour: Int(minutes) / 60, minute: Int(minutes) % 60)
        }

        /// A time as minutes after midnight; -1 for none.
        static func minutes(_ time: LocalTime?) -> Int16 { time.map { Int16($0.hour * 60 + $0.minute) } ?? -1 }

        /// Rows `range` made whole (a page).
        func rows(_ range: Range<Int>) -> [PlacedOccurrence] { range.map { self[$0] } }

        /// The days of the month that hold at least one occurrence.
        var markedDays: Set<Int> {
            var offsets = Set<Int32>()
            for s in slots { offsets.insert(s.day) }
            return Set(offsets.map { base.adding(days: Int($0)).day })
        }
    }
}

extension Feature {
    /// The occurrences of the space's events on the reader's days `range`, in order.
    ///
    /// Times are converted to the reader's zone only when the event's zone differs: the common case (same
    /// zone) needs no calendar arithmetic at all, which keeps `calendar` fast on spaces with many events.
    /// Throws the localized `error.too_many_occurrences` once the window holds more than the
    /// `occurrencesPerListing` limit, so what one listing expands stays bounded however many events repeat.
    func occurrences(
        user: User, in range: ClosedRange<LocalDate>, _ c: CommandContext
    ) throws -> Handlers.PlacedOccurrences {
        let padded = range.lowerBound.adding(days: -1)...range.upperBound.adding(days: 1)
        let base = padded.lowerBound.dayNumber
        let (low, high) = (range.lowerBound.dayNumber, range.upperBound.dayNumber)
        let limit = limits.occurrencesPerListing
        let events = try store.events(in: user.space, overlapping: padded)
        var slots: [Handlers.PlacedOccurrences.Slot] = []
        var order: Int32 = 0
        // Room for a few occurrences per event at once: growing a large array step by step copied it.
        slots.reserveCapacity(min(limit + 1, events.count * 4))
        for (index, e) in events.enumerated() {
            guard slots.count <= limit else { break }
            let id = e.id.rawValue
            let event = Int32(index)
            for o in e.occurrences(in: padded) {
                order += 1
                func slot(
                    day: Int, minute: Int, start: Int = -1, spanDay: Int = 1, spanDays: Int = 0
                )
                    -> Handlers.PlacedOccurrences.Slot
                {
                    Handlers.PlacedOccurrences.Slot(
                        id: id, originalDate: o.originalDate.dayNumber, date: o.date.dayNumber,
                        endDate: o.endDate?.dayNumber ?? Int.min, day: Int32(day - base), order: order, event: event,
                        minute: Int16(minute), start: Int16(start), spanDay: Int16(spanDay), spanDays: Int16(spanDays),
                        time: Handlers.PlacedOccurrences.minutes(o.time), end: Handlers.PlacedOccurrences.minutes(o.end)
                    )
                }
                if o.endDate != nil {
                    // A multi-day occurrence on each of the reader's days it covers inside `range`: all-day ones
                    // on their own dates, timed ones from the reader's day of the start to the reader's day of
                    // the end (an end at midnight does not reach into that day). Later days sort with the
                    // all-day entries.
                    let first: Int
                    let last: Int
                    var startMinute = -1
                    if o.time == nil {
                        (first, last) = (o.date.dayNumber, o.lastDate.dayNumber)
                    } else {
                        let start = o.start
                        first = LocalDate(instant: start, tz: user.tz).dayNumber
                        last = Swift.max(first, LocalDate(instant: o.finish - 1, tz: user.tz).dayNumber)
                        let local = Calendars.time(at: start, tz: user.tz)
                        startMinute = local.hour * 60 + local.minute
                    }
                    let total = last - first + 1
                    let from = Swift.max(first, low)
                    let to = Swift.min(last, high)
                    guard from <= to else { continue }
                    for n in from...to {
                        slots.append(
                            slot(
                                day: n, minute: n == first ? startMinute : -1, spanDay: n - first + 1,
                                spanDays: total))
                    }
                    continue
                }
                guard let time = o.time else {
                    let day = o.date.dayNumber
                    if day >= low && day <= high {
                        slots.append(slot(day: day, minute: -1))
                    }
                    continue
                }
                if o.tz == user.tz {
                    let day = o.date.dayNumber
                    guard day >= low && day <= high else { continue }
                    let minute = time.hour * 60 + time.minute
                    slots.append(slot(day: day, minute: minute, start: minute))
                } else {
                    let start = o.start
                    let day = LocalDate(instant: start, tz: user.tz).dayNumber
                    guard day >= low && day <= high else { continue }
                    let local = Calendars.time(at: start, tz: user.tz)
                    let minute = local.hour * 60 + local.minute
                    slots.append(slot(day: day, minute: minute, start: minute))
                }
            }
        }
        if slots.count > limit {
            throw ReplyError(
                reply: .failure(
                    .errorTooManyOccurrences, t(c, .errorTooManyOccurrences, ["limit": "\(limit)"]),
                    data: .object([("limit", .int(Int64(limit)))])))
        }
        // `order` breaks the last ties: the order the event produced them in.
        slots.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.minute != b.minute { return a.minute < b.minute }
            if a.id != b.id { return a.id < b.id }
            return a.order < b.order
        }
        return Handlers.PlacedOccurrences(base: padded.lowerBound, events: events, slots: slots)
    }
}
