// Stored dates and times read byte by byte, and series listed without their sort: both agree with the general path.

import Testing
import TwoDoCore

/// The general reading of `2026-12-24` (split on hyphens), as `LocalDate(iso:)` did before its fast path.
private func splitDate(_ text: String) -> LocalDate? {
    let parts = text.split(separator: "-")
    guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
    return LocalDate(validYear: y, month: m, day: d)
}

/// The general reading of `09:05`.
private func splitTime(_ text: String) -> LocalTime? {
    let parts = text.split(separator: ":")
    guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
    return LocalTime(validHour: h, minute: m)
}

@Suite("Stored forms and plain series", .timeLimit(.minutes(1)))
struct StoredFormTests {
    @Test(
        "a date reads the same byte by byte as split on hyphens",
        arguments: [
            "2026-12-24", "2024-02-29", "2025-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00",
            "0000-01-01", "9999-12-31", "2026-1-5", "+2026-01-05", "2026-01-0x", "2026--01-05", "2026-01-05-",
            "-2026-01-05", "20260-01-01", "2026/01/05", "", "2026-01-05 ", "٢٠٢٦-01-05", "2026-０1-05", "abcd-ef-gh",
        ])
    func date(text: String) {
        #expect(LocalDate(iso: text) == splitDate(text))
    }

    @Test("every day of four years round-trips through its stored form")
    func everyDay() throws {
        let first = LocalDate(year: 2027, month: 1, day: 1)
        for n in 0..<(4 * 366) {
            let day = first.adding(days: n)
            #expect(LocalDate(iso: day.description) == day)
        }
    }

    @Test(
        "a time reads the same byte by byte as split on colons",
        arguments: [
            "09:05", "00:00", "23:59", "24:00", "12:60", "9:05", "09:5", "09:05:30", "09-05", "0905", "", "ab:cd",
            "+9:05", "09:+5", "١٢:00", "09:05 ",
        ])
    func time(text: String) {
        #expect(LocalTime(iso: text) == splitTime(text))
    }

    @Test("a series without exceptions lists exactly what the general path lists, in its order")
    func plainSeries() {
        var random = SystemRandomNumberGenerator()
        let frequencies: [Recurrence.Frequency] = [.daily, .weekly, .monthly, .yearly]
        for _ in 0..<400 {
            let anchor = LocalDate(year: 2026, month: 1, day: 1).adding(
                days: Int.random(in: -400...400, using: &random))
            var rule = Recurrence(
                frequencies.randomElement(using: &random)!, interval: Int.random(in: 1...3, using: &random),
                weekdays: Array(Set((0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 1...7) })))
            if Bool.random(using: &random) { rule.until = anchor.adding(days: Int.random(in: 0...500)) }
            let timed = Bool.random(using: &random)
            let span = [0, 0, 1, 3, 9].randomElement(using: &random)!
            let e = CalendarEvent(
                id: EventID(7), title: "x", date: anchor, time: timed ? LocalTime(hour: 9, minute: 30) : nil,
                end: timed ? LocalTime(hour: 10, minute: 0) : nil, tz: "Europe/Berlin",
                recurrence: rule, endDate: span > 0 ? anchor.adding(days: span) : nil)
            let from = LocalDate(year: 2026, month: 1, day: 1).adding(days: Int.random(in: -60...300, using: &random))
            let window = from...from.adding(days: Int.random(in: 0...40, using: &random))
            // The general path: the rule's dates over the reach of the window, each made an occurrence, sorted.
            let reach = window.lowerBound.adding(days: -span)...window.upperBound
            let general = CalendarEventExpansion.dates(of: rule, anchor: anchor, in: reach)
                .map { e.occurrence(on: $0, time: e.time, end: e.end) }
                .sorted(by: EventOccurrence.chronological)
            #expect(e.occurrences(in: window) == general)
        }
    }
}
