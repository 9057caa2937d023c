// Calendar dates and wall-clock times without a zone, and their conversion to instants in an IANA zone.

import Foundation

/// A day on the Gregorian calendar, independent of any time zone.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A validated date; nil for impossible ones such as 30 February.
    public init?(validYear year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(year: year, month: month) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date at `instant` (Unix seconds) in zone `tz`.
    public init(instant: Int64, tz: String) {
        let c = Calendars.zoned(tz).dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(instant)))
        self.init(year: c.year!, month: c.month!, day: c.day!)
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `2026-12-24`.
    ///
    /// Written digit by digit: `String(format:)` goes through Foundation's format machinery and was a
    /// quarter of the server's CPU time for a busy `calendar`.
    public var description: String {
        guard (0...9999).contains(year) else { return "\(year)-" + Digits.two(month) + "-" + Digits.two(day) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        Digits.append(year, width: 4, to: &bytes)
        bytes.append(0x2D)
        Digits.append(month, width: 2, to: &bytes)
        bytes.append(0x2D)
        Digits.append(day, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `2026-12-24`.
    ///
    /// The stored form (ten bytes, `YYYY-MM-DD`) is read byte by byte: splitting it was 8% of a month's
    /// `calendar` (three dates per event row). Any other text takes the general path below.
    public init?(iso text: String) {
        if let (y, m, d) = ISODigits.date(text) {
            self.init(validYear: y, month: m, day: d)
            return
        }
        let parts = text.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(validYear: y, month: m, day: d)
    }

    /// Days in a month, leap years included.
    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before), by the proleptic Gregorian calendar.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// This date moved by `days`.
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The first day of the month `months` after this date's month.
    public func firstOfMonth(adding months: Int) -> LocalDate {
        let index = year * 12 + (month - 1) + months
        return LocalDate(year: index >= 0 ? index / 12 : (index - 11) / 12, month: ((index % 12) + 12) % 12 + 1, day: 1)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The same month with the day clamped to the month's length (the 31st in April is the 30th).
    public static func clamped(year: Int, month: Int, day: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: min(day, daysIn(year: year, month: month)))
    }
}

/// A wall-clock time of day.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// A validated time; nil for 25:00 or 12:60.
    public init?(validHour hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    /// `09:05` (digit by digit, like `LocalDate.description`).
    public var description: String { Digits.two(hour) + ":" + Digits.two(minute) }

    /// Parses `09:05`.
    public init?(iso text: String) {
        if let (h, m) = ISODigits.time(text) {  // the stored form, `HH:MM`, without splitting
            self.init(validHour: h, minute: m)
            return
        }
        let parts = text.split(separator: ":")
        guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(validHour: h, minute: m)
    }
}

/// Gregorian calendars per zone, cached (creating them is not free).
public enum Calendars {
    nonisolated(unsafe) private static var cache: [String: Calendar] = [:]
    private static let lock = NSLock()

    /// A Gregorian calendar in zone `tz` (UTC when the zone is unknown).
    public static func zoned(_ tz: String) -> Calendar {
        lock.lock()
        defer { lock.unlock() }
        if let c = cache[tz] { return c }
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: tz) ?? TimeZone(identifier: "UTC")!
        c.firstWeekday = 2
        cache[tz] = c
        return c
    }

    /// The instant of wall-clock `time` on `date` in zone `tz`.
    ///
    /// A time skipped by a DST change (02:30 on a spring-forward night) resolves to the same offset
    /// later (03:30); a repeated time (autumn) resolves to its first occurrence.
    public static func instant(of date: LocalDate, at time: LocalTime, tz: String) -> Int64 {
        let comps = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
        guard let d = zoned(tz).date(from: comps) else { return Int64(date.dayNumber) * 86400 }
        return Int64(d.timeIntervalSince1970)
    }

    /// The wall-clock time at `instant` in zone `tz`.
    public static func time(at instant: Int64, tz: String) -> LocalTime {
        let c = zoned(tz).dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(instant)))
        return LocalTime(hour: c.hour!, minute: c.minute!)
    }
}

/// Zero-padded decimal digits without Foundation's formatter.
enum Digits {
    /// Appends `value` (non-negative) as at least `width` digits.
    static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var n = value
        repeat {
            digits.append(UInt8(0x30 + n % 10))
            n /= 10
        } while n > 0
        for _ in digits.count..<max(width, digits.count) { bytes.append(0x30) }
        bytes.append(contentsOf: digits.reversed())
    }

    /// `value` (0...99) as two digits: `07`.
    static func two(_ value: Int) -> String {
        guard (0...99).contains(value) else { return String(value) }
        return String(decoding: [UInt8(0x30 + value / 10), UInt8(0x30 + value % 10)], as: UTF8.self)
    }
}

/// The fixed-width forms dates and times are stored in, read without splitting. Each answers nil for any other
/// text, which the callers then parse the general way: the answers agree wherever both apply.
enum ISODigits {
    /// `YYYY-MM-DD` (exactly ten bytes, digits and two hyphens) as numbers.
    static func date(_ text: String) -> (Int, Int, Int)? {
        text.utf8.withContiguousStorageIfAvailable { b -> (Int, Int, Int)? in
            guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D,
                let y = number(b, 0, 4), let m = number(b, 5, 2), let d = number(b, 8, 2)
            else { return nil }
            return (y, m, d)
        } ?? nil
    }

    /// `HH:MM` (exactly five bytes) as numbers.
    static func time(_ text: String) -> (Int, Int)? {
        text.utf8.withContiguousStorageIfAvailable { b -> (Int, Int)? in
            guard b.count == 5, b[2] == 0x3A, let h = number(b, 0, 2), let m = number(b, 3, 2) else { return nil }
            return (h, m)
        } ?? nil
    }

    /// The decimal number in `count` bytes from `start`, nil if any is not a digit.
    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for i in start..<(start + count) {
            let digit = b[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
