// Durations for `clock advance`: `90s`, `1h30m`, `90 minutes`, `2 hours`, `15 dk`, `3 gün`, `1 hafta`.

/// Parses a duration made of `<number><unit>` parts, with or without spaces between them.
enum DurationParser {

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
                // `1 hour and 30 minutes`, `1 saat ve 30 dakika`.
                let joiner = Vocabulary.keyword(String(word))
                guard parts > 0, !joined, joiner == .and || joiner == .ve else { return nil }
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
            guard let size = Vocabulary.durationUnit(String(unit))?.seconds else { return nil }
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
