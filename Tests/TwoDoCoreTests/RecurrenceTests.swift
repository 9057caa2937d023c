// Recurrence stepping, month ends, leap years, and due instants across DST changes.

import Testing
import TwoDoCore

private func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }

@Suite("LocalDate")
struct LocalDateTests {
    @Test(
        "day numbers round-trip and weekdays are ISO",
        arguments: [
            ("1970-01-01", 0, 4), ("2026-11-22", 20779, 7), ("2000-02-29", 11016, 2), ("1969-12-31", -1, 3),
            ("2400-03-01", 157_114, 3),
        ])
    func dayNumbers(iso: String, number: Int, weekday: Int) {
        #expect(d(iso).dayNumber == number)
        #expect(LocalDate(dayNumber: number) == d(iso))
        #expect(d(iso).weekday == weekday)
    }

    @Test(
        "impossible dates are refused",
        arguments: [(2026, 2, 29), (2026, 2, 30), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1), (2026, 1, 0)])
    func impossible(y: Int, m: Int, day: Int) {
        #expect(LocalDate(validYear: y, month: m, day: day) == nil)
    }

    @Test("leap years follow the Gregorian rule")
    func leap() {
        #expect(LocalDate(validYear: 2028, month: 2, day: 29) != nil)
        #expect(LocalDate(validYear: 2100, month: 2, day: 29) == nil)
        #expect(LocalDate(validYear: 2000, month: 2, day: 29) != nil)
    }

    @Test("times are validated")
    func times() {
        #expect(LocalTime(validHour: 25, minute: 0) == nil)
        #expect(LocalTime(validHour: 12, minute: 60) == nil)
        #expect(LocalTime(validHour: 23, minute: 59)?.description == "23:59")
    }
}

@Suite("DueDate")
struct DueDateTests {
    @Test(
        "a 09:00 due time is 09:00 local on both sides of a DST change",
        arguments: [
            ("Europe/Berlin", "2026-03-28", Int64(1_774_684_800)),
            ("Europe/Berlin", "2026-03-29", Int64(1_774_767_600)),
            ("Europe/Berlin", "2026-10-24", Int64(1_792_825_200)),
            ("Europe/Berlin", "2026-10-25", Int64(1_792_915_200)),
            ("America/New_York", "2026-03-07", Int64(1_772_892_000)),
            ("America/New_York", "2026-03-08", Int64(1_772_974_800)),
            ("Europe/Istanbul", "2026-03-29", Int64(1_774_764_000)),
        ])
    func dst(zone: String, date: String, expected: Int64) {
        let due = DueDate(date: d(date), time: LocalTime(hour: 9, minute: 0), tz: zone)
        #expect(due.instant == expected)
        #expect(Calendars.time(at: due.instant, tz: zone) == LocalTime(hour: 9, minute: 0))
    }

    @Test("a time skipped by spring-forward resolves an hour later")
    func gap() {
        let due = DueDate(date: d("2026-03-29"), time: LocalTime(hour: 2, minute: 30), tz: "Europe/Berlin")
        #expect(Calendars.time(at: due.instant, tz: "Europe/Berlin") == LocalTime(hour: 3, minute: 30))
    }

    @Test("an all-day task is due at the end of its local day")
    func allDay() {
        let due = DueDate(date: d("2026-11-22"), time: nil, tz: "Europe/Istanbul")
        #expect(due.isAllDay)
        #expect(LocalDate(instant: due.instant, tz: "Europe/Istanbul") == d("2026-11-22"))
        #expect(LocalDate(instant: due.instant + 1, tz: "Europe/Istanbul") == d("2026-11-23"))
    }
}

@Suite("Recurrence")
struct RecurrenceTests {
    /// Steps a rule `count` times from `start`.
    func steps(_ rule: Recurrence, from start: String, _ count: Int) -> [String] {
        var out: [String] = []
        var cur = d(start)
        for _ in 0..<count {
            guard let n = rule.next(after: cur) else { break }
            out.append(n.description)
            cur = n
        }
        return out
    }

    @Test("daily and every n days")
    func daily() {
        #expect(steps(Recurrence(.daily), from: "2026-12-30", 3) == ["2026-12-31", "2027-01-01", "2027-01-02"])
        #expect(steps(Recurrence(.daily, interval: 3), from: "2026-02-27", 2) == ["2026-03-02", "2026-03-05"])
    }

    @Test("weekly on several weekdays, and every other week")
    func weekly() {
        let mwf = Recurrence(.weekly, weekdays: [5, 1, 3])
        #expect(steps(mwf, from: "2026-11-23", 4) == ["2026-11-25", "2026-11-27", "2026-11-30", "2026-12-02"])
        let otherFriday = Recurrence(.weekly, interval: 2, weekdays: [5])
        #expect(steps(otherFriday, from: "2026-11-27", 2) == ["2026-12-11", "2026-12-25"])
        #expect(steps(Recurrence(.weekly, interval: 2), from: "2026-11-22", 1) == ["2026-12-06"])
        let weekdays = Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])
        #expect(steps(weekdays, from: "2026-11-27", 2) == ["2026-11-30", "2026-12-01"])
        #expect(weekdays.first(onOrAfter: d("2026-11-22")) == d("2026-11-23"))
    }

    @Test("monthly on the 31st falls on each month's last day and keeps its day")
    func monthEnd() {
        let rule = Recurrence(.monthly, monthDay: 31)
        #expect(steps(rule, from: "2026-01-31", 4) == ["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
        #expect(steps(Recurrence(.monthly, monthDay: 29), from: "2028-01-29", 2) == ["2028-02-29", "2028-03-29"])
        #expect(rule.first(onOrAfter: d("2026-02-10")) == d("2026-02-28"))
        #expect(Recurrence(.monthly, monthDay: 1).first(onOrAfter: d("2026-11-22")) == d("2026-12-01"))
        #expect(Recurrence(.monthly, monthDay: 15).first(onOrAfter: d("2026-11-15")) == d("2026-11-15"))
    }

    @Test("the third Friday and the last Friday of each month")
    func ordinal() {
        #expect(
            steps(Recurrence(.monthly, weekdays: [5], ordinal: 3), from: "2026-11-20", 3) == [
                "2026-12-18", "2027-01-15", "2027-02-19",
            ])
        #expect(
            steps(Recurrence(.monthly, weekdays: [5], ordinal: -1), from: "2026-11-27", 2) == [
                "2026-12-25", "2027-01-29",
            ])
        let fifthMonday = Recurrence(.monthly, weekdays: [1], ordinal: 5)
        #expect(steps(fifthMonday, from: "2026-11-30", 1) == ["2027-03-29"])
    }

    @Test("yearly on 29 February falls on the 28th in common years")
    func yearly() {
        #expect(
            steps(Recurrence(.yearly, monthDay: 29, month: 2), from: "2028-02-29", 4) == [
                "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29",
            ])
        #expect(steps(Recurrence(.yearly, monthDay: 12, month: 3), from: "2026-11-22", 1) == ["2027-03-12"])
    }

    @Test("until ends the series")
    func until() {
        let rule = Recurrence(.daily, until: d("2026-11-24"))
        #expect(steps(rule, from: "2026-11-22", 5) == ["2026-11-23", "2026-11-24"])
    }

    @Test("a daily 09:00 in Berlin stays 09:00 across the autumn change (23/25-hour days)")
    func dstStepping() {
        var due = DueDate(date: d("2026-10-23"), time: LocalTime(hour: 9, minute: 0), tz: "Europe/Berlin")
        var instants: [Int64] = []
        for _ in 0..<4 {
            instants.append(due.instant)
            due = due.moved(to: Recurrence(.daily).next(after: due.date)!)
        }
        let gaps = zip(instants.dropFirst(), instants).map { $0 - $1 }
        #expect(gaps == [86400, 90000, 86400])
        #expect(instants.allSatisfy { Calendars.time(at: $0, tz: "Europe/Berlin") == LocalTime(hour: 9, minute: 0) })
    }
}
