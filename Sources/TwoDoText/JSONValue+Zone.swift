// Re-expressing the instants of a JSON value in a reader's zone: events are built once, read in many zones.

import TwoDoCore

extension JSONValue {
    /// The names under which TwoDo's JSON carries instants (`created_at`, `due`, `start`, …; any `…_at`).
    static func isInstantKey(_ key: String) -> Bool {
        key.hasSuffix("_at") || key == "at" || key == "due" || key == "start" || key == "end"
    }

    /// This value with every ISO 8601 instant under an instant key (`isInstantKey`) rewritten with the offset
    /// of `tz` (`2026-11-22T12:00:00Z` → `2026-11-22T15:00:00+03:00` for Europe/Istanbul). Dates (`2026-11-22`),
    /// wall times (`09:00`) and text under other keys stay as they are.
    ///
    /// An event's data is built once (in UTC) and sent to every receiver; each receiver's copy is rewritten
    /// here so JSON keeps the reader's own offset everywhere.
    public func inZone(_ tz: String) -> JSONValue {
        switch self {
        case .array(let items): return .array(items.map { $0.inZone(tz) })
        case .object(let members):
            return .object(
                members.map { key, value in
                    if JSONValue.isInstantKey(key), case .string(let text) = value,
                        let instant = TimeText.instant(iso8601: text)
                    {
                        return (key, .string(TimeText.iso8601(instant, tz: tz)))
                    }
                    return (key, value.inZone(tz))
                })
        default: return self
        }
    }
}

extension TimeText {
    /// The instant of `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS±HH:MM` (what `iso8601` writes); nil for
    /// anything else.
    public static func instant(iso8601 text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 25, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from..<from + count {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2),
            let date = LocalDate(validYear: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        if b.count == 20 {
            guard b[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
                let h = number(20, 2), let m = number(23, 2), h < 24, m < 60
            else { return nil }
            offset = (h * 3600 + m * 60) * (b[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return local - Int64(offset)
    }
}
