// The compact placement of a window's occurrences agrees with placing each one whole, across zones and DST.

import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoFeatures

/// One placed occurrence as the tests compare it.
private struct Placed: Equatable, CustomStringConvertible {
    var day: LocalDate
    var minute: Int
    var occurrence: EventOccurrence
    var title: String
    var start: LocalTime?
    var spanDay: Int
    var spanDays: Int

    var description: String {
        "\(day) \(minute) \(title) \(occurrence) \(String(describing: start)) \(spanDay)/\(spanDays)"
    }
}

/// The placement as `Handlers` did it before its slots: every occurrence placed whole (in the reader's zone
/// through Foundation when the event's differs), then a stable sort by day, minute and event id.
private func reference(_ events: [CalendarEvent], tz: String, in range: ClosedRange<LocalDate>) -> [Placed] {
    let padded = range.lowerBound.adding(days: -1)...range.upperBound.adding(days: 1)
    var out: [Placed] = []
    for e in events {
        for o in e.occurrences(in: padded) {
            if o.endDate != nil {
                let first: LocalDate
                let last: LocalDate
                var startMinute = -1
                if o.time == nil {
                    (first, last) = (o.date, o.lastDate)
                } else {
                    first = LocalDate(instant: o.start, tz: tz)
                    last = max(first, LocalDate(instant: o.finish - 1, tz: tz))
                    let local = Calendars.time(at: o.start, tz: tz)
                    startMinute = local.hour * 60 + local.minute
                }
                let total = last.dayNumber - first.dayNumber + 1
                let low = max(first, range.lowerBound)
                let high = min(last, range.upperBound)
                guard low <= high else { continue }
                for n in low.dayNumber...high.dayNumber {
                    let day = LocalDate(dayNumber: n)
                    out.append(
                        Placed(
                            day: day, minute: day == first ? startMinute : -1, occurrence: o, title: e.title,
                            start: nil, spanDay: n - first.dayNumber + 1, spanDays: total))
                }
                continue
            }
            guard let time = o.time else {
                if range.contains(o.date) {
                    out.append(
                        Placed(
                            day: o.date, minute: -1, occurrence: o, title: e.title, start: nil, spanDay: 1,
                            spanDays: 0))
                }
                continue
            }
            let local = o.tz == tz ? time : Calendars.time(at: o.start, tz: tz)
            let day = o.tz == tz ? o.date : LocalDate(instant: o.start, tz: tz)
            guard range.contains(day) else { continue }
            out.append(
                Placed(
                    day: day, minute: local.hour * 60 + local.minute, occurrence: o, title: e.title, start: local,
                    spanDay: 1, spanDays: 0))
        }
    }
    let keyed = out.enumerated().sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.day != y.day { return x.day < y.day }
        if x.minute != y.minute { return x.minute < y.minute }
        if x.occurrence.event != y.occurrence.event { return x.occurrence.event < y.occurrence.event }
        return a.offset < b.offset
    }
    return keyed.map(\.element)
}

@Suite("Calendar placement", .serialized, .timeLimit(.minutes(2)))
struct CalendarPlacementTests {
    @Test(
        "random events in two zones place as the whole-occurrence path does, in months with DST changes",
        arguments: ["Europe/Berlin", "America/New_York", "Asia/Tokyo"])
    func agrees(readerZone: String) throws {
        var limits = SpaceLimits()
        limits.occurrencesPerListing = 1_000_000  // the year-long window of daily series holds more than a listing may
        let h = try HandlerHarness(limits: limits)
        let (alice, session) = try h.user("alice")
        var random = SystemRandomNumberGenerator()
        let zones = ["Europe/Berlin", "America/New_York"]
        let base = LocalDate(year: 2026, month: 1, day: 1)
        var series: [(EventID, CalendarEvent)] = []
        try h.store.write { store in
            for i in 0..<160 {
                let date = base.adding(days: Int.random(in: -30...380, using: &random))
                let timed = Int.random(in: 0..<4, using: &random) > 0
                // Times near midnight and in the small hours, where DST nights and zone shifts move the day.
                let time = LocalTime(
                    hour: [0, 1, 2, 3, 9, 21, 22, 23].randomElement(using: &random)!,
                    minute: [0, 30, 45].randomElement(using: &random)!)
                let end = Bool.random(using: &random) ? LocalTime(hour: Int.random(in: 0...23), minute: 15) : nil
                let span = [0, 0, 0, 1, 2, 6].randomElement(using: &random)!
                var e = CalendarEvent(
                    id: EventID(0), title: "e\(i)", date: date, time: timed ? time : nil, end: timed ? end : nil,
                    tz: zones.randomElement(using: &random)!, endDate: span > 0 ? date.adding(days: span) : nil)
                if i % 2 == 0 {
                    let frequency: Recurrence.Frequency = [.daily, .weekly, .weekly, .monthly].randomElement(
                        using: &random)!
                    e.recurrence = Recurrence(
                        frequency, interval: Int.random(in: 1...2, using: &random),
                        weekdays: frequency == .weekly ? [date.weekday, (date.weekday % 7) + 1] : [])
                    e.date = base.adding(days: Int.random(in: -60...200, using: &random))
                    if span > 0 { e.endDate = e.date.adding(days: span) }
                }
                let id = try store.addEvent(e, space: alice.space, by: alice.id, assignee: nil, now: 0)
                if e.recurrence != nil { series.append((id, e)) }
            }
            // Exceptions: some occurrences cancelled, some moved, some moved onto another occurrence's day and
            // time (two occurrences of one series at the same minute keep the order the series gives them).
            for (id, e) in series {
                let dates = e.occurrences(in: base...base.adding(days: 365)).map(\.date)
                for d in dates.shuffled(using: &random).prefix(3) {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: try store.setException(id, day: d, .cancelled)
                    case 1:
                        try store.setException(
                            id, day: d,
                            .moved(
                                date: d.adding(days: Int.random(in: -3...3, using: &random)),
                                time: e.time == nil ? nil : LocalTime(hour: 2, minute: 30), end: nil))
                    default:
                        let onto = dates.randomElement(using: &random)!
                        try store.setException(id, day: d, .moved(date: onto, time: e.time, end: e.end))
                    }
                }
            }
        }
        var reader = alice
        reader.tz = readerZone
        // March, October and November 2026 hold the DST changes of both zones; a long window crosses several.
        let windows = [
            LocalDate(year: 2026, month: 3, day: 1)...LocalDate(year: 2026, month: 3, day: 31),
            LocalDate(year: 2026, month: 10, day: 1)...LocalDate(year: 2026, month: 11, day: 30),
            LocalDate(year: 2026, month: 1, day: 1)...LocalDate(year: 2026, month: 12, day: 31),
        ]
        for window in windows {
            let events = try h.store.events(
                in: alice.space, overlapping: window.lowerBound.adding(days: -1)...window.upperBound.adding(days: 1))
            let expected = reference(events, tz: readerZone, in: window)
            let placed = try h.handlers.occurrences(user: reader, in: window, CommandContext(session))
            let got = placed.map {
                Placed(
                    day: $0.day, minute: $0.minute, occurrence: $0.occurrence, title: $0.event.title, start: $0.start,
                    spanDay: $0.spanDay, spanDays: $0.spanDays)
            }
            #expect(got.count == expected.count)
            #expect(got == expected)
            #expect(placed.markedDays == Set(expected.map(\.day.day)))
            #expect(expected.count > 50)  // the random events do fill the window
        }
    }
}
