// RFC 5545 text: escaping, line folding, date forms, RRULE from a `Recurrence`, VTIMEZONE from the system's zones.

import Foundation
import TwoDoCore

/// The pieces of iCalendar text `export ics` writes; pure functions, no store.
///
/// Zone data comes from the system (`TimeZone`): a VTIMEZONE lists each offset change the system knows in a
/// window as its own observance, so nothing here hard-codes an offset.
enum ICalendar {
    /// Escapes a TEXT value: backslash, `;`, `,` and line breaks (RFC 5545 §3.3.11).
    static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Appends one content line folded at 75 octets (never inside a UTF-8 sequence), each part ended by CRLF.
    static func fold(_ line: String, into out: inout [UInt8]) {
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if width + bytes.count > 75 {
                out.append(contentsOf: [13, 10, 32])
                width = 1
            }
            out.append(contentsOf: bytes)
            width += bytes.count
        }
        out.append(contentsOf: [13, 10])
    }

    /// `20261210`.
    static func date(_ d: LocalDate) -> String {
        pad(d.year, 4) + pad(d.month, 2) + pad(d.day, 2)
    }

    /// `20261210T090000` (a local time, for a TZID).
    static func local(_ d: LocalDate, _ t: LocalTime) -> String {
        date(d) + "T" + pad(t.hour, 2) + pad(t.minute, 2) + "00"
    }

    /// `20261210T070000Z`.
    static func utc(_ instant: Int64) -> String {
        let d = LocalDate(instant: instant, tz: "UTC")
        let seconds = ((instant % 86_400) + 86_400) % 86_400
        return date(d) + "T" + pad(Int(seconds / 3600), 2) + pad(Int(seconds / 60 % 60), 2)
            + pad(Int(seconds % 60), 2) + "Z"
    }

    /// A DATE or DATE-TIME property: `DTSTART;VALUE=DATE:20261210`, `DTSTART;TZID=Europe/Istanbul:20261210T090000`.
    static func when(_ name: String, _ d: LocalDate, _ t: LocalTime?, tz: String) -> String {
        guard let t else { return name + ";VALUE=DATE:" + date(d) }
        return name + ";TZID=" + tz + ":" + local(d, t)
    }

    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// The RRULE value of a rule anchored at `anchor` (its first day, which fixes the day of month and month a
    /// rule leaves open). `until` is the UNTIL value already in the right form (a DATE, or UTC for timed ones).
    ///
    /// TwoDo puts a monthly or yearly day a month lacks (the 31st, 29 February) on the month's last day; RRULE
    /// alone skips such months, so days past the 28th are written `BYMONTHDAY=28,…,d;BYSETPOS=-1`, the last of
    /// those days the month has. Weeks start on Monday (`WKST=MO`) as TwoDo counts `every 2 weeks`.
    static func rrule(_ rule: Recurrence, anchor: LocalDate, until: String?) -> String {
        var parts = ["FREQ=" + rule.frequency.rawValue.uppercased()]
        if rule.interval > 1 { parts.append("INTERVAL=\(rule.interval)") }
        func monthDay(_ d: Int) {
            if d <= 28 {
                parts.append("BYMONTHDAY=\(d)")
            } else {
                parts.append("BYMONTHDAY=" + (28...d).map(String.init).joined(separator: ","))
                parts.append("BYSETPOS=-1")
            }
        }
        switch rule.frequency {
        case .daily: break
        case .weekly:
            let days = rule.weekdays.isEmpty ? [anchor.weekday] : rule.weekdays
            parts.append("BYDAY=" + days.map { weekdays[$0 - 1] }.joined(separator: ","))
            parts.append("WKST=MO")
        case .monthly:
            if let ordinal = rule.ordinal, let weekday = rule.weekdays.first {
                parts.append("BYDAY=\(ordinal)" + weekdays[weekday - 1])
            } else {
                monthDay(rule.monthDay ?? anchor.day)
            }
        case .yearly:
            parts.append("BYMONTH=\(rule.month ?? anchor.month)")
            monthDay(rule.monthDay ?? anchor.day)
        }
        if let until { parts.append("UNTIL=" + until) }
        return "RRULE:" + parts.joined(separator: ";")
    }

    /// `+0300`, `-0430`, `+053328` (seconds only when there are some).
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        var s = sign + pad(a / 3600, 2) + pad(a / 60 % 60, 2)
        if a % 60 != 0 { s += pad(a % 60, 2) }
        return s
    }

    /// The VTIMEZONE of `tz` for the instants `from` through `to`: one observance for the offset in force at
    /// `from`, then one per transition the system reports (at most `limit`). Unknown zones read as UTC.
    static func timezone(_ tz: String, from: Int64, to: Int64, limit: Int = 400) -> [String] {
        let zone = Calendars.zoned(tz).timeZone
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + tz]
        func observance(at instant: Int64, fromOffset: Int, toOffset: Int, daylight: Bool, name: String?) {
            let kind = daylight ? "DAYLIGHT" : "STANDARD"
            // DTSTART is the wall time just before the change, in the offset that was in force (RFC 5545 §3.6.5).
            let wall = instant + Int64(fromOffset)
            let d = LocalDate(instant: wall, tz: "UTC")
            let seconds = ((wall % 86_400) + 86_400) % 86_400
            let stamp =
                date(d) + "T" + pad(Int(seconds / 3600), 2) + pad(Int(seconds / 60 % 60), 2) + pad(Int(seconds % 60), 2)
            lines += [
                "BEGIN:" + kind, "DTSTART:" + stamp, "TZOFFSETFROM:" + offset(fromOffset),
                "TZOFFSETTO:" + offset(toOffset),
            ]
            if let name { lines.append("TZNAME:" + text(name)) }
            lines.append("END:" + kind)
        }
        let start = Date(timeIntervalSince1970: TimeInterval(from))
        let first = zone.secondsFromGMT(for: start)
        observance(
            at: from, fromOffset: first, toOffset: first, daylight: zone.isDaylightSavingTime(for: start),
            name: zone.abbreviation(for: start))
        var cursor = start
        var count = 0
        while count < limit, let next = zone.nextDaylightSavingTimeTransition(after: cursor),
            next.timeIntervalSince1970 <= TimeInterval(to)
        {
            let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: next)
            if before != after {
                observance(
                    at: Int64(next.timeIntervalSince1970), fromOffset: before, toOffset: after,
                    daylight: zone.isDaylightSavingTime(for: next), name: zone.abbreviation(for: next))
            }
            cursor = next
            count += 1
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
