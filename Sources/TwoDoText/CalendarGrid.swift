// Text pictures: the month grid of `calendar` and the streak strips of `routines` and `routine stats`.

import TwoDoCore

/// Draws calendars and routine strips as plain text lines.
///
/// The month grid is seven cells of five columns. A day is its number right-aligned in two columns
/// after one space (` 24  `); today is in brackets (`[24] `); a day with events gets `*` after its
/// number or bracket (` 24* `, `[24]*`). Trailing spaces are trimmed. Example (en, weeks from Sunday):
///
///     November 2026
///      Su   Mo   Tu   We   Th   Fr   Sa
///       1    2    3    4    5    6    7
///       8    9   10   11   12   13   14
///      15   16   17   18   19   20   21
///     [22]  23   24*  25   26   27   28
///      29   30
public enum CalendarGrid {
    private static let monthNames: [Language: [String]] = [
        .en: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ],
        .tr: [
            "Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım",
            "Aralık",
        ],
    ]
    private static let dayHeads: [Language: [String]] = [
        .en: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
        .tr: ["Pt", "Sa", "Ça", "Pe", "Cu", "Ct", "Pz"],
    ]

    /// `November 2026` / `Kasım 2026`.
    public static func title(year: Int, month: Int, lang: Language) -> String {
        "\(monthNames[lang]![month - 1]) \(year)"
    }

    /// The full month name.
    public static func monthName(_ month: Int, lang: Language) -> String { monthNames[lang]![month - 1] }

    /// The grid lines: the title, the weekday header, then one line per week.
    /// - Parameters:
    ///   - firstWeekday: the ISO weekday the weeks start on (1 = Monday, 7 = Sunday).
    ///   - today: the day to bracket, if it is in this month.
    ///   - marked: the days of the month that have events.
    public static func month(
        year: Int, month: Int, firstWeekday: Int, today: LocalDate?, marked: Set<Int>, lang: Language
    ) -> [String] {
        var lines = [title(year: year, month: month, lang: lang)]
        let heads = dayHeads[lang]!
        var header = ""
        for i in 0..<7 { header += " " + heads[(firstWeekday - 1 + i) % 7] + "  " }
        lines.append(trimmed(header))
        let first = LocalDate(year: year, month: month, day: 1)
        let lead = (first.weekday - firstWeekday + 7) % 7
        let length = LocalDate.daysIn(year: year, month: month)
        var row = String(repeating: "     ", count: lead)
        var column = lead
        for day in 1...length {
            let number = day < 10 ? " \(day)" : "\(day)"
            let isToday = today == LocalDate(year: year, month: month, day: day)
            let mark = marked.contains(day) ? "*" : " "
            row += isToday ? "[\(number)]\(mark)" : " \(number)\(mark) "
            column += 1
            if column == 7 {
                lines.append(trimmed(row))
                row = ""
                column = 0
            }
        }
        if !row.isEmpty { lines.append(trimmed(row)) }
        return lines
    }

    /// One symbol per day: `■` done, `□` missed, `·` skipped, `-` not due, `○` due today and not done yet,
    /// `+` a later due day (strips end today, so it shows only in pictures that look ahead).
    public static func strip(_ states: [RoutineDayState]) -> String {
        String(states.map(symbol))
    }

    /// The symbol of one day's state.
    public static func symbol(_ state: RoutineDayState) -> Character {
        switch state {
        case .done: "■"
        case .missed: "□"
        case .skipped: "·"
        case .notDue: "-"
        case .pending: "○"
        case .upcoming: "+"
        }
    }

    private static func trimmed(_ s: String) -> String {
        var out = Substring(s)
        while out.last == " " { out = out.dropLast() }
        return String(out)
    }
}
