// Lazy recurrence expansion: windows, anchors, month ends, leap years, `until`, and agreement with stepping.

import Testing
import TwoDoCore

private func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }
private func days(_ list: [LocalDate]) -> [String] { list.map(\.description) }

@Suite("Calendar event expansion", .timeLimit(.minutes(1)))
struct CalendarEventExpansionTests {
    @Test(
        "a window yields exactly the rule's dates",
        arguments: [
            (
                Recurrence(.daily, interval: 2), "2026-11-22", "2026-11-25", "2026-12-02",
                ["2026-11-26", "2026-11-28", "2026-11-30", "2026-12-02"]
            ),
            (
                Recurrence(.weekly, weekdays: [1, 3, 5]), "2026-11-22", "2026-11-22", "2026-11-29",
                ["2026-11-23", "2026-11-25", "2026-11-27"]
            ),
            (
                Recurrence(.weekly, interval: 2, weekdays: [1]), "2026-11-23", "2026-11-20", "2026-12-21",
                ["2026-11-23", "2026-12-07", "2026-12-21"]
            ),
            (
                Recurrence(.weekly), "2026-11-24", "2026-11-01", "2026-12-10",
                ["2026-11-24", "2026-12-01", "2026-12-08"]
            ),
            (
                Recurrence(.monthly, monthDay: 31), "2026-01-31", "2026-01-01", "2026-05-31",
                ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]
            ),
            (
                Recurrence(.monthly, monthDay: 30), "2028-01-30", "2028-02-01", "2028-03-31",
                ["2028-02-29", "2028-03-30"]
            ),
            (
                Recurrence(.monthly, interval: 3, monthDay: 1), "2026-01-01", "2026-02-01", "2026-12-31",
                ["2026-04-01", "2026-07-01", "2026-10-01"]
            ),
            (
                Recurrence(.yearly, monthDay: 29, month: 2), "2024-02-29", "2025-01-01", "2028-12-31",
                ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]
            ),
            (
                Recurrence(.monthly, weekdays: [5], ordinal: 3), "2026-01-01", "2026-11-01", "2026-12-31",
                ["2026-11-20", "2026-12-18"]
            ),
            (
                Recurrence(.monthly, weekdays: [5], ordinal: -1), "2026-01-01", "2026-11-01", "2026-12-31",
                ["2026-11-27", "2026-12-25"]
            ),
            (
                Recurrence(.daily, until: LocalDate(year: 2026, month: 11, day: 24)), "2026-11-20", "2026-11-22",
                "2026-11-30", ["2026-11-22", "2026-11-23", "2026-11-24"]
            ),
            (Recurrence(.daily), "2026-11-25", "2026-11-20", "2026-11-26", ["2026-11-25", "2026-11-26"]),
        ])
    func window(rule: Recurrence, anchor: String, from: String, to: String, expected: [String]) {
        #expect(days(CalendarEventExpansion.dates(of: rule, anchor: d(anchor), in: d(from)...d(to))) == expected)
    }

    @Test(
        "expanding agrees with stepping the rule one occurrence at a time",
        arguments: [
            Recurrence(.daily, interval: 3), Recurrence(.weekly, interval: 2, weekdays: [2, 6]),
            Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]),
            Recurrence(.monthly, monthDay: 31), Recurrence(.monthly, interval: 2, monthDay: 29),
            Recurrence(.yearly, monthDay: 29, month: 2),
            Recurrence(.monthly, weekdays: [4], ordinal: 2), Recurrence(.monthly, weekdays: [7], ordinal: -1),
        ])
    func agreesWithStepping(rule: Recurrence) throws {
        let anchor = try #require(rule.first(onOrAfter: d("2023-12-30")))
        var stepped: [LocalDate] = [anchor]
        while let next = rule.next(after: stepped.last!), next <= d("2029-12-31") { stepped.append(next) }
        #expect(
            CalendarEventExpansion.dates(of: rule, anchor: anchor, in: d("2020-01-01")...d("2029-12-31")) == stepped)
        // Any window cuts the same sequence.
        let window = d("2026-02-10")...d("2026-09-03")
        #expect(
            CalendarEventExpansion.dates(of: rule, anchor: anchor, in: window) == stepped.filter { window.contains($0) }
        )
    }

    @Test("a series started decades ago costs the same as a new one")
    func oldAnchor() {
        let dates = CalendarEventExpansion.dates(
            of: Recurrence(.daily, interval: 7), anchor: d("1970-01-01"), in: d("2026-11-01")...d("2026-11-30"))
        #expect(dates.count == 4)
        #expect(dates.allSatisfy { ($0.dayNumber - d("1970-01-01").dayNumber) % 7 == 0 })
    }

    @Test("first finds the next occurrence across a long gap, and nil after until")
    func first() {
        let yearly = Recurrence(.yearly, monthDay: 12, month: 3)
        #expect(
            CalendarEventExpansion.first(of: yearly, anchor: d("2020-03-12"), onOrAfter: d("2026-11-22"))
                == d("2027-03-12"))
        let ended = Recurrence(.daily, until: d("2026-01-01"))
        #expect(CalendarEventExpansion.first(of: ended, anchor: d("2025-01-01"), onOrAfter: d("2026-11-22")) == nil)
    }
}

@Suite("Calendar event occurrences", .timeLimit(.minutes(1)))
struct CalendarEventTests {
    @Test("cancelled occurrences vanish and moved ones appear on their new date only")
    func exceptions() {
        var e = CalendarEvent(
            id: EventID(1), title: "yoga", date: d("2026-11-02"), time: LocalTime(hour: 18, minute: 0), end: nil,
            tz: "Europe/Istanbul",
            recurrence: Recurrence(.weekly, weekdays: [1]))
        e.exceptions[d("2026-11-09")] = .cancelled
        e.exceptions[d("2026-11-16")] = .moved(date: d("2026-12-01"), time: LocalTime(hour: 9, minute: 0), end: nil)
        let nov = e.occurrences(in: d("2026-11-01")...d("2026-11-30")).map(\.date.description)
        #expect(nov == ["2026-11-02", "2026-11-23", "2026-11-30"])
        let dec = e.occurrences(in: d("2026-12-01")...d("2026-12-01"))
        #expect(dec.count == 1)
        #expect(dec.first?.originalDate == d("2026-11-16"))
        #expect(dec.first?.time == LocalTime(hour: 9, minute: 0))
    }

    @Test("an end time not after the start ends the next day, and DST keeps wall-clock times")
    func instants() {
        let late = EventOccurrence(
            event: EventID(1), originalDate: d("2026-12-31"), date: d("2026-12-31"),
            time: LocalTime(hour: 22, minute: 0), end: LocalTime(hour: 1, minute: 0), tz: "UTC")
        #expect(late.finish - late.start == 3 * 3600)
        // Berlin switches to summer time on 2026-03-29: a weekly 09:00 stays 09:00 local (08:00 UTC → 07:00 UTC).
        let e = CalendarEvent(
            id: EventID(2), title: "x", date: d("2026-03-22"), time: LocalTime(hour: 9, minute: 0), end: nil,
            tz: "Europe/Berlin", recurrence: Recurrence(.weekly, weekdays: [7]))
        let two = e.occurrences(in: d("2026-03-22")...d("2026-03-29"))
        #expect(two.count == 2)
        #expect(two[1].start - two[0].start == 7 * 86_400 - 3600)
    }

    @Test("the next occurrence after an instant skips past and cancelled ones")
    func next() {
        var e = CalendarEvent(
            id: EventID(3), title: "x", date: d("2026-01-05"), time: LocalTime(hour: 8, minute: 0), end: nil, tz: "UTC",
            recurrence: Recurrence(.weekly, weekdays: [1]))
        e.exceptions[d("2026-11-23")] = .cancelled
        let now = Calendars.instant(of: d("2026-11-22"), at: LocalTime(hour: 9, minute: 0), tz: "UTC")
        #expect(e.nextOccurrence(startingAtOrAfter: now, today: d("2026-11-22"))?.date == d("2026-11-30"))
    }
}
