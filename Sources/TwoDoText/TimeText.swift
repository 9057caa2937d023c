// Formatting instants for people and for JSON: ISO 8601 with the reader's own UTC offset.

import Foundation
import TwoDoCore
import TwoDoProtocol

/// Formats Unix-second instants in a user's IANA time zone.
public enum TimeText {
    /// ISO 8601 with the offset of `tz` at that instant, e.g. `2026-11-22T15:04:05+03:00`.
    ///
    /// Uses `Date.ISO8601FormatStyle` (not `ISO8601DateFormatter`, which crashed here without tzdata).
    public static func iso8601(_ seconds: Int64, tz: String) -> String {
        if tz == "UTC", let text = utcISO8601(seconds) { return text }
        let zone = TimeZone(identifier: tz) ?? TimeZone(identifier: "UTC")!
        var style = Date.ISO8601FormatStyle(timeZone: zone)
        style = style.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .colon)
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` computed directly (H. Hinnant's days-to-civil), for years 1900–9999.
    ///
    /// Most timestamps the server writes (every event's `data`, users on the default zone) are UTC, and the
    /// format style above costs a few microseconds each; this gives the same text without Foundation.
    static func utcISO8601(_ seconds: Int64) -> String? {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Foundation switches to the Julian calendar before 1582
        guard (1900...9999).contains(year) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func put(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var v = value
            while divisor > 0 {
                bytes.append(UInt8(48 + v / divisor))
                v %= divisor
                divisor /= 10
            }
        }
        put(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        put(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        put(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        put(secondOfDay / 3600, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
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

    /// A day for people relative to `today` (both in the reader's zone): `Today`, `Yesterday`, `Mon 23 Nov`,
    /// with the year when it is not this year's (`Sat 23 Nov 2024`); the heading of a day group.
    public static func day(_ date: LocalDate, today: LocalDate, lang: Language) -> String {
        if date == today { return Catalog.text(.timeToday, lang) }
        if date == today.adding(days: -1) { return Catalog.text(.timeYesterday, lang) }
        let text = human(date, lang: lang)
        return date.year == today.year ? text : text + " \(date.year)"
    }

    /// An instant for people relative to `now`, in zone `tz`: `Today 09:31`, `Yesterday 18:02`,
    /// `Mon 23 Nov 07:15` (tr `Bugün 09:31`, `Dün 18:02`, `Pzt 23 Kas 07:15`).
    public static func human(_ instant: Int64, now: Int64, tz: String, lang: Language) -> String {
        day(LocalDate(instant: instant, tz: tz), today: LocalDate(instant: now, tz: tz), lang: lang) + " "
            + Calendars.time(at: instant, tz: tz).description
    }
}
