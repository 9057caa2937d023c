// The month grid and streak strips, compared with exact expected pictures in both languages.

import Testing
import TwoDoCore
import TwoDoText

@Suite("Calendar grid and strips", .timeLimit(.minutes(1)))
struct CalendarGridTests {
    @Test("November 2026 in English with weeks from Sunday, today bracketed, event days starred")
    func english() {
        let lines = CalendarGrid.month(
            year: 2026, month: 11, firstWeekday: 7, today: LocalDate(year: 2026, month: 11, day: 22),
            marked: [22, 24, 30], lang: .en)
        #expect(
            lines == [
                "November 2026",
                " Su   Mo   Tu   We   Th   Fr   Sa",
                "  1    2    3    4    5    6    7",
                "  8    9   10   11   12   13   14",
                " 15   16   17   18   19   20   21",
                "[22]* 23   24*  25   26   27   28",
                " 29   30*",
            ])
    }

    @Test("February 2027 in Turkish with weeks from Monday, no today")
    func turkish() {
        let lines = CalendarGrid.month(year: 2027, month: 2, firstWeekday: 1, today: nil, marked: [1, 28], lang: .tr)
        #expect(
            lines == [
                "Şubat 2027",
                " Pt   Sa   Ça   Pe   Cu   Ct   Pz",
                "  1*   2    3    4    5    6    7",
                "  8    9   10   11   12   13   14",
                " 15   16   17   18   19   20   21",
                " 22   23   24   25   26   27   28*",
            ])
    }

    @Test("a leap February starting mid-week", arguments: [(1, 5), (7, 5)])
    func leap(firstWeekday: Int, weeks: Int) {
        let lines = CalendarGrid.month(
            year: 2028, month: 2, firstWeekday: firstWeekday, today: nil, marked: [], lang: .en)
        #expect(lines.count == 2 + weeks)
        #expect(lines.last!.hasSuffix("29"))
    }

    @Test("strips use one symbol per state")
    func strips() {
        let states: [RoutineDayState] = [.notDue, .done, .missed, .skipped, .pending, .upcoming]
        #expect(CalendarGrid.strip(states) == "-■□·○+")
    }
}
