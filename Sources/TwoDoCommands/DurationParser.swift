// Durations for `clock advance`: `90s`, `1h30m`, `90 minutes`, `2 hours`, `15 dk`, `3 gün`, `1 hafta`.

/// Parses a duration made of `<number><unit>` parts, with or without spaces between them.
enum DurationParser {
    /// Seconds per unit, by folded unit word (English and Turkish, singular and plural).
    private static let units: [String: Int64] = {
        var map: [String: Int64] = [:]
        for u in ["s", "sec", "secs", "second", "seconds", "sn", "saniye"] { map[Fold.key(u)] = 1 }
        for u in ["m", "min", "mins", "minute", "minutes", "dk", "dakika"] { map[Fold.key(u)] = 60 }
        for u in ["h", "hr", "hrs", "hour", "hours", "sa", "saat"] { map[Fold.key(u)] = 3600 }
        for u in ["d", "day", "days", "gün"] { map[Fold.key(u)] = 86_400 }
        for u in ["w", "wk", "wks", "week", "weeks", "hafta"] { map[Fold.key(u)] = 604_800 }
        return map
    }()

    /// Words allowed between parts: `1 hour and 30 minutes`, `1 saat ve 30 dakika`.
    private static let joiners: Set<String> = ["and", "ve"]

    /// The total number of seconds, or nil if `text` is not a duration. Every number needs a unit.
    static func seconds(_ text: Substring) -> Int64? {
        let scalars = Array(Fold.key(text).unicodeScalars)
        guard scalars.count <= 200 else { return nil }
        var i = 0
        var total: Int64 = 0
        var parts = 0
        var joined = false
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        while true {
            while i < scalars.count && scalars[i] == " " { i += 1 }
            if i == scalars.count { break }
            if !isDigit(scalars[i]) {
                // A joiner word between two parts.
                var word = String.UnicodeScalarView()
                while i < scalars.count && scalars[i] != " " && !isDigit(scalars[i]) {
                    word.append(scalars[i])
                    i += 1
                }
                guard parts > 0, !joined, joiners.contains(String(word)) else { return nil }
                joined = true
                continue
            }
            var number: Int64 = 0
            while i < scalars.count && isDigit(scalars[i]) {
                let (m, o1) = number.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int64(scalars[i].value - 0x30))
                guard !o1, !o2 else { return nil }
                number = a
                i += 1
            }
            while i < scalars.count && scalars[i] == " " { i += 1 }
            var unit = String.UnicodeScalarView()
            while i < scalars.count && scalars[i] != " " && !isDigit(scalars[i]) {
                unit.append(scalars[i])
                i += 1
            }
            guard let size = units[String(unit)] else { return nil }
            let (part, o1) = number.multipliedReportingOverflow(by: size)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return nil }
            total = sum
            parts += 1
            joined = false
        }
        return parts > 0 && !joined ? total : nil
    }
}
