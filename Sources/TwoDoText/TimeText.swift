// Formatting instants for people and for JSON: ISO 8601 with the reader's own UTC offset.

import Foundation
import TwoDoCore

/// Formats Unix-second instants in a user's IANA time zone.
public enum TimeText {
    /// ISO 8601 with the offset of `tz` at that instant, e.g. `2026-11-22T15:04:05+03:00`.
    ///
    /// Uses `Date.ISO8601FormatStyle` (not `ISO8601DateFormatter`, which crashed here without tzdata).
    public static func iso8601(_ seconds: Int64, tz: String) -> String {
        let zone = TimeZone(identifier: tz) ?? TimeZone(identifier: "UTC")!
        var style = Date.ISO8601FormatStyle(timeZone: zone)
        style = style.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .colon)
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style)
    }

    /// Whether `identifier` names a zone in the system's time-zone database.
    public static func isKnownZone(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.count <= 64 else { return false }
        return TimeZone(identifier: identifier) != nil
    }
}

extension TimeText {
    private static let weekdays: [Language: [String]] = [
        .en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], .tr: ["Pzt", "Sal", "Çar", "Per", "Cum", "Cmt", "Paz"],
    ]
    private static let months: [Language: [String]] = [
        .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        .tr: ["Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"],
    ]

    /// A date for people, in their language: `Tue 1 Dec` (en) / `Sal 1 Ara` (tr).
    public static func human(_ date: LocalDate, lang: Language) -> String {
        "\(weekdays[lang]![date.weekday - 1]) \(date.day) \(months[lang]![date.month - 1])"
    }

    /// An instant for people in zone `tz`: `Tue 1 Dec 09:00`.
    public static func human(_ instant: Int64, tz: String, lang: Language) -> String {
        human(LocalDate(instant: instant, tz: tz), lang: lang) + " " + Calendars.time(at: instant, tz: tz).description
    }

    /// A due date for people in the reader's zone: all-day tasks show only their date.
    public static func human(_ due: DueDate, readerTZ: String, lang: Language) -> String {
        due.isAllDay ? human(due.date, lang: lang) : human(due.instant, tz: readerTZ, lang: lang)
    }
}
