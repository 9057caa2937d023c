// The ISO text of local dates and times, written without Foundation's formatter.

import Testing
import TwoDoCore

@Suite("Local date and time text")
struct LocalTextTests {
    @Test(
        "dates are YYYY-MM-DD with zero padding and read back the same",
        arguments: [
            (5, 1, 9, "0005-01-09"), (2026, 12, 24, "2026-12-24"), (2024, 2, 29, "2024-02-29"),
            (9999, 12, 31, "9999-12-31"),
        ])
    func dates(year: Int, month: Int, day: Int, text: String) {
        let date = LocalDate(year: year, month: month, day: day)
        #expect(date.description == text)
        #expect(LocalDate(iso: text) == date)
    }

    @Test(
        "times are HH:MM with zero padding and read back the same",
        arguments: [
            (0, 0, "00:00"), (9, 5, "09:05"), (12, 30, "12:30"), (23, 59, "23:59"),
        ])
    func times(hour: Int, minute: Int, text: String) throws {
        let time = try #require(LocalTime(validHour: hour, minute: minute))
        #expect(time.description == text)
        #expect(LocalTime(iso: text) == time)
    }
}
