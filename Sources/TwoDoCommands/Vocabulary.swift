// The words of the date, time, recurrence and priority grammar in both languages, and word classification.

import TwoDoCore

/// The words of the schedule grammar in both languages, and the classification of one word.
enum Vocabulary {
    /// Whole words by folding key.
    private static let exact: [String: Token] = {
        var map: [String: Token] = [:]
        func add(_ kind: Token.Kind, _ lang: Lang, _ words: String...) {
            for w in words { map[Fold.key(w)] = Token(kind: kind, lang: lang) }
        }
        // Weekday and month spellings: the union of what the task and the routine/event grammars once
        // accepted separately. Short forms and plurals (`weds`, `fridays`, `pzt`) count as abbreviations: a
        // task title takes them as a date only after a marker (`on weds`, `every fridays`).
        let weekdays: [(String, String, [String], [String])] = [
            ("monday", "pazartesi", ["mon", "mondays"], ["pzt"]),
            ("tuesday", "salı", ["tue", "tues", "tuesdays"], []),
            ("wednesday", "çarşamba", ["wed", "weds", "wednesdays"], []),
            ("thursday", "perşembe", ["thu", "thur", "thurs", "thursdays"], []),
            ("friday", "cuma", ["fri", "fridays"], []),
            ("saturday", "cumartesi", ["sat", "saturdays"], ["cmt"]),
            ("sunday", "pazar", ["sun", "sundays"], ["paz"]),
        ]
        for (n, (en, tr, short, trShort)) in weekdays.enumerated() {
            add(.weekday(n + 1, abbreviated: false), .en, en)
            add(.weekday(n + 1, abbreviated: false), .tr, tr)
            for s in short { add(.weekday(n + 1, abbreviated: true), .en, s) }
            for s in trShort { add(.weekday(n + 1, abbreviated: true), .tr, s) }
        }
        let months: [([String], String)] = [
            (["january", "jan"], "ocak"), (["february", "feb"], "şubat"), (["march", "mar"], "mart"),
            (["april", "apr"], "nisan"), (["may"], "mayıs"), (["june", "jun"], "haziran"),
            (["july", "jul"], "temmuz"), (["august", "aug"], "ağustos"), (["september", "sep", "sept"], "eylül"),
            (["october", "oct"], "ekim"), (["november", "nov"], "kasım"), (["december", "dec"], "aralık"),
        ]
        for (n, (en, tr)) in months.enumerated() {
            for w in en { add(.month(n + 1), .en, w) }
            add(.month(n + 1), .tr, tr)
        }
        // Turkish months by their first three letters (`ara`, `şub`), as written in dates like `3 Ara`.
        // An English spelling of the same letters (`mar`, `may`) keeps its entry.
        for (n, (_, tr)) in months.enumerated() {
            let short = String(Fold.key(tr).prefix(3))
            if map[short] == nil { map[short] = Token(kind: .month(n + 1), lang: .tr) }
        }
        add(.unit(.minute), .en, "minute", "minutes", "min", "mins")
        add(.unit(.minute), .tr, "dakika", "dk", "dak")
        add(.unit(.hour), .en, "hour", "hours", "hr", "hrs")
        add(.unit(.hour), .tr, "saat", "sa")
        add(.unit(.day), .en, "day", "days")
        add(.unit(.day), .tr, "gün")
        add(.unit(.week), .en, "week", "weeks", "wk", "wks")
        add(.unit(.week), .tr, "hafta")
        add(.unit(.month), .en, "month", "months")
        add(.unit(.month), .tr, "ay")
        add(.unit(.year), .en, "year", "years", "yr", "yrs")
        add(.unit(.year), .tr, "yıl", "sene")
        for (n, w) in [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        ]
        .enumerated() {
            add(.number(n + 1, digits: 0), .en, w)
        }
        for (n, w) in ["bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"].enumerated() {
            add(.number(n + 1, digits: 0), .tr, w)
        }
        for (n, w) in ["first", "second", "third", "fourth", "fifth"].enumerated() { add(.ordinalWord(n + 1), .en, w) }
        add(.ordinalWord(-1), .en, "last")
        for (n, w) in ["birinci", "ikinci", "üçüncü", "dördüncü", "beşinci"].enumerated() {
            add(.ordinalWord(n + 1), .tr, w)
        }
        add(.ordinalWord(1), .tr, "ilk")
        add(.ordinalWord(-1), .tr, "son")
        add(.meridiem(.am), .en, "am", "a.m.", "a.m")
        add(.meridiem(.pm), .en, "pm", "p.m.", "p.m")
        add(.timeOfDay(.morning), .en, "morning")
        add(.timeOfDay(.noon), .en, "noon", "midday")
        add(.timeOfDay(.afternoon), .en, "afternoon")
        add(.timeOfDay(.evening), .en, "evening")
        add(.timeOfDay(.night), .en, "night")
        add(.timeOfDay(.midnight), .en, "midnight")
        add(.timeOfDay(.morning), .tr, "sabah", "sabahleyin")
        add(.timeOfDay(.noon), .tr, "öğlen", "öğle", "öğleyin")
        add(.timeOfDay(.evening), .tr, "akşam", "akşamleyin")
        add(.timeOfDay(.night), .tr, "gece")
        let en: [(Keyword, [String])] = [
            (.today, ["today"]), (.tonight, ["tonight", "tonite", "2nite"]),
            (.tomorrow, ["tomorrow", "tmrw", "tmr", "tmw", "2moro", "2morrow", "tomorow", "tommorow", "tommorrow"]),
            (.yesterday, ["yesterday"]), (.after, ["after"]), (.next, ["next"]), (.this, ["this"]),
            (.coming, ["coming"]), (.in, ["in"]), (.at, ["at", "@"]), (.on, ["on"]), (.by, ["by"]),
            (.due, ["due"]), (.starting, ["starting"]), (.every, ["every", "each"]), (.everyBang, ["every!"]),
            (.other, ["other"]), (.and, ["and", "&"]), (.the, ["the"]), (.a, ["a", "an"]), (.of, ["of"]),
            (.end, ["end"]), (.weekend, ["weekend"]), (.weekday, ["weekday"]), (.weekdays, ["weekdays"]),
            (.weekends, ["weekends"]), (.until, ["until", "till"]), (.before, ["before"]),
            (.oclock, ["o'clock", "oclock"]), (.done, ["done", "completion", "completed", "completing", "finishing"]),
            (.daily, ["daily", "everyday"]), (.weekly, ["weekly"]), (.monthly, ["monthly"]),
            (.yearly, ["yearly", "annually"]),
            (.biweekly, ["biweekly", "fortnightly"]), (.remind, ["remind", "reminder"]), (.me, ["me"]),
            (.us, ["us"]), (.nag, ["nag"]), (.for, ["for"]), (.urgent, ["urgent"]), (.priority, ["priority", "prio"]),
            (.half, ["half"]), (.quarter, ["quarter"]), (.past, ["past"]), (.high, ["high"]),
            (.medium, ["medium", "med"]), (.low, ["low"]),
            (.hourly, ["hourly"]), (.or, ["or"]), (.from, ["from", "since"]), (.through, ["through", "thru"]),
            (.previous, ["previous", "prev"]),
        ]
        for (k, ws) in en { for w in ws { map[Fold.key(w)] = Token(kind: .keyword(k), lang: .en) } }
        let tr: [(Keyword, [String])] = [
            (.bugun, ["bugün"]), (.yarin, ["yarın"]), (.dun, ["dün"]), (.obur, ["öbür"]),
            (.oburgun, ["öbürgün"]), (.bu, ["bu"]), (.haftaya, ["haftaya"]), (.gelecek, ["gelecek"]),
            (.onumuzdeki, ["önümüzdeki"]), (.sonra, ["sonra"]), (.once, ["önce"]), (.icinde, ["içinde"]),
            (.ogleden, ["öğleden"]), (.yarisi, ["yarısı"]), (.her, ["her"]), (.hergun, ["hergün"]),
            (.ici, ["içi"]), (.sonu, ["sonu"]), (.kadar, ["kadar", "dek", "değin"]), (.ve, ["ve"]),
            (.bitince, ["bitince", "bittikten", "tamamlanınca", "tamamlandıktan"]), (.hatirlat, ["hatırlat"]),
            (.durt, ["dürt"]), (.icin, ["için"]), (.benim, ["benim"]), (.kendim, ["kendim"]),
            (.haftasonu, ["haftasonu"]), (.yuksek, ["yüksek"]), (.orta, ["orta"]), (.dusuk, ["düşük"]),
            (.oncelik, ["öncelik", "öncelikli"]), (.acil, ["acil"]), (.onemli, ["önemli"]), (.yarim, ["yarım"]),
            (.bana, ["bana"]), (.beni, ["beni"]), (.haftaici, ["haftaiçi"]), (.gecen, ["geçen"]),
            (.bucuk, ["buçuk"]),
            (.veya, ["veya", "ile"]), (.through, ["bitiş"]), (.sonraki, ["sonraki"]), (.onceki, ["önceki"]),
            (.from, ["başlangıç"]),
        ]
        for (k, ws) in tr { for w in ws { map[Fold.key(w)] = Token(kind: .keyword(k), lang: .tr) } }
        // "on" is both the English preposition and Turkish "ten": the grammar reads it as 10 before a Turkish unit.
        map["on"] = Token(kind: .keyword(.on), lang: .any)
        for (w, p) in [
            ("!", Priority.low), ("!!", .medium), ("!!!", .high), ("p1", .high), ("p2", .medium), ("p3", .low),
        ] {
            map[w] = Token(kind: .priority(p))
        }
        for (w, p) in [
            ("high", Priority.high), ("hi", .high), ("medium", .medium), ("med", .medium), ("low", .low),
            ("yüksek", .high), ("orta", .medium), ("düşük", .low), ("urgent", .high), ("acil", .high),
        ] {
            map["!" + Fold.key(w)] = Token(kind: .priority(p))
        }
        return map
    }()

    /// Turkish words with an attached ending (`cumaya`, `aralıkta`, `aralığa`, `günleri`), generated from
    /// the stems that take one, so a word needs a single lookup.
    private static let inflected: [String: Token] = {
        var map: [String: Token] = [:]
        for (stem, token) in exact where token.lang == .tr {
            switch token.kind {
            // Short forms take no attached ending: `ara` + `da` is the word `arada`, not "in December".
            case .weekday(_, abbreviated: true): continue
            case .month where stem.utf8.count == 3: continue
            case .weekday, .month, .unit, .timeOfDay: break
            case .keyword(let k) where [.yarin, .bugun, .dun, .sonu, .sonra].contains(k): break
            default: continue
            }
            for (text, ending) in endings {
                let t = Token(kind: token.kind, ending: ending, lang: .tr)
                if map[stem + text] == nil { map[stem + text] = t }
                // k→ğ before a vowel (`aralık` → `aralığa`), folded as k→g.
                if stem.hasSuffix("k"), let v = text.first, "aeiu".contains(v) {
                    let soft = String(stem.dropLast()) + "g" + text
                    if map[soft] == nil { map[soft] = t }
                }
            }
        }
        return map
    }()

    /// Endings by folded spelling.
    private static let endings: [(String, Ending)] = {
        var list: [(String, Ending)] = []
        for e in ["a", "e", "ya", "ye", "na", "ne"] { list.append((e, .dative)) }
        // "to its …", on day numbers and `sonu`: `ayın 5'ine`, `3'üne`, `2'sine`.
        for e in ["ine", "ina", "une", "una", "sine", "sina", "sune", "suna"] { list.append((e, .dative)) }
        for e in [
            "da", "de", "ta", "te", "nda", "nde", "inde", "inda", "unde", "unda", "sinde", "sinda", "sunde", "sunda",
        ] {
            list.append((e, .locative))
        }
        for e in ["i", "u", "si", "su", "ni", "nu", "yi", "yu"] { list.append((e, .possessive)) }
        for e in ["in", "un", "nin", "nun"] { list.append((e, .genitive)) }
        for e in ["leri", "lari"] { list.append((e, .plural)) }
        for e in ["dan", "den", "tan", "ten", "ndan", "nden"] { list.append((e, .ablative)) }
        return list
    }()

    private static let endingByText: [String: Ending] = Dictionary(endings, uniquingKeysWith: { a, _ in a })

    /// Full weekday and month names in both languages by folding key (no abbreviations), for `NameTypo`.
    static let fullNames: [String: Token] = exact.filter { key, token in
        switch token.kind {
        case .weekday(_, abbreviated: false): true
        case .month: true
        default: false
        }
    }

    /// Single-part duration units by folded spelling (`10m`, `2h`, `3d`, `1w`, `10dk`).
    private static let durationUnits: [String: TimeUnit] = {
        var map: [String: TimeUnit] = [:]
        for u in ["s", "sec", "secs", "second", "seconds", "sn", "saniye"] { map[u] = .second }
        for u in ["m", "min", "mins", "dk", "dak"] { map[u] = .minute }
        for u in ["h", "hr", "hrs", "sa"] { map[u] = .hour }
        for u in ["d", "g"] { map[u] = .day }
        for u in ["w", "wk"] { map[u] = .week }
        return map
    }()

    /// The unit a folded spelling names in a duration, long or short (`minutes`, `dk`, `h`, `saniye`);
    /// months and years have no fixed length and are none.
    static func durationUnit(_ key: String) -> TimeUnit? {
        guard let unit = durationUnits[key] ?? exact[key]?.unit, unit != .month, unit != .year else { return nil }
        return unit
    }

    /// The ISO weekday (1 = Monday) a folded spelling names, in either language (`weds`, `cuma`, `pzt`), or
    /// a full name with one letter wrong (`wednsday`, `perşmbe`; see `NameTypo`).
    static func weekday(_ key: String) -> Int? {
        if case .weekday(let day, _)? = (exact[key] ?? typo(key))?.kind { return day }
        return nil
    }

    /// The month (1…12) a folded spelling names, in either language (`dec`, `aralık`, `ara`), or a full
    /// name with one letter wrong (`decmber`, `agutos`).
    static func month(_ key: String) -> Int? {
        if case .month(let month)? = (exact[key] ?? typo(key))?.kind { return month }
        return nil
    }

    /// A misspelt full name with no ending, for the lookups above.
    private static func typo(_ key: String) -> Token? {
        key.utf8.count >= 5 ? NameTypo.token(key, ending: { _ in nil }) : nil
    }

    /// The part of the day a folded word names alone or in the plural (`evenings`, `akşamları`), as in
    /// `every evening` / `her akşam`.
    static func partOfDay(_ key: String) -> TimeOfDay? {
        if let t = exact[key] ?? inflected[key], t.ending == .none || t.ending == .plural,
            case .timeOfDay(let part) = t.kind
        {
            return part
        }
        if key.hasSuffix("s"), let t = exact[String(key.dropLast())], t.lang == .en, case .timeOfDay(let part) = t.kind
        {
            return part
        }
        return nil
    }

    /// The grammar word a folded spelling is, in either language (`tmrw`, `yarın`), endings not removed.
    static func keyword(_ key: String) -> Keyword? { exact[key]?.keyword }

    /// The token of `word` (cached by the word).
    static func token(_ word: Word) -> Token { word.token }

    /// The token of a word typed as `text` whose folded key, without trailing punctuation, is `key`.
    static func token(_ text: Substring, key: String) -> Token {
        let bytes = text.utf8
        // Quotes never belong to a slot; very long words are ruled out without folding.
        guard bytes.count <= 40, !bytes.contains(0x22) else { return Token(kind: .other) }
        if bytes.first == UInt8(ascii: "@") { return Token(kind: bytes.count > 1 ? .mention : .keyword(.at)) }
        return token(key: key)
    }

    /// The token of a folded word (`Word.key`, or a `Word.stem` for the clause readers).
    static func token(key folded: String) -> Token {
        guard folded.utf8.count <= 40 else { return Token(kind: .other) }
        var key = folded
        // A trailing comma, or the colon of `Friday: dentist`, is not part of the word.
        if key.utf8.count > 1, let last = key.utf8.last, last == UInt8(ascii: ",") || last == UInt8(ascii: ":") {
            key.removeLast()
        }
        if let t = exact[key] ?? inflected[key] { return t }
        if let first = key.utf8.first, isDigit(first) {
            if let kind = numeric(key[...]) { return Token(kind: kind) }
            if let t = numberWithEnding(key[...]) ?? separatedWithEnding(key[...]) { return t }
        }
        if key.utf8.contains(UInt8(ascii: "'")), let mark = key.lastIndex(of: "'"), mark > key.startIndex {
            let stem = key[..<mark]
            guard let ending = endingByText[String(key[key.index(after: mark)...])] else { return Token(kind: .other) }
            if let t = exact[String(stem)] { return Token(kind: t.kind, ending: ending, lang: t.lang) }
            if let first = stem.utf8.first, isDigit(first), let kind = numeric(stem) {
                return Token(kind: kind, ending: ending)
            }
            if var t = NameTypo.token(String(stem), ending: { _ in nil }) {
                t.ending = ending
                return t
            }
            return Token(kind: .other)
        }
        if key.utf8.contains(UInt8(ascii: ",")) { return weekdayList(key[...]) }
        if let t = NameTypo.token(key, ending: { endingByText[$0] }) { return t }
        return Token(kind: .other)
    }

    /// A time or date written with `:`, `.`, `/` or `-` and a Turkish ending typed without an apostrophe:
    /// `17:30da`, `17.30da`, `24.12de`, `2026-12-24te`.
    private static func separatedWithEnding(_ key: Substring) -> Token? {
        guard let letter = key.utf8.firstIndex(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        let stem = key[..<letter]
        guard stem.utf8.contains(where: { $0 == 0x3A || $0 == 0x2E || $0 == 0x2F || $0 == 0x2D }),
            let ending = endingByText[String(key[letter...])], let kind = numeric(stem)
        else { return nil }
        switch kind {
        case .clock, .dotted, .slashed, .iso: return Token(kind: kind, ending: ending)
        default: return nil
        }
    }

    /// A day number with a Turkish ending typed without an apostrophe: `5ine`, `15inde`, `9da`, `1i`.
    private static func numberWithEnding(_ key: Substring) -> Token? {
        var digits = 0
        var value = 0
        for b in key.utf8 {
            guard isDigit(b) else { break }
            value = value * 10 + Int(b - 0x30)
            digits += 1
        }
        guard (1...2).contains(digits), let ending = endingByText[String(key.dropFirst(digits))] else { return nil }
        return Token(kind: .number(value, digits: digits), ending: ending)
    }

    /// `mon,wed,fri` (weekday names joined by commas), else an ordinary word.
    private static func weekdayList(_ key: Substring) -> Token {
        var days: [Int] = []
        for part in key.split(separator: ",") {
            guard case .weekday(let d, _)? = exact[String(part)]?.kind else { return Token(kind: .other) }
            days.append(d)
        }
        return days.count >= 2 ? Token(kind: .weekdays(days), lang: .en) : Token(kind: .other)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Reads a run of at most `limit` digits at `i`: the value and the count (0 when there are none).
    private static func digits(_ b: [UInt8], _ i: inout Int, limit: Int = 6) -> (Int, Int) {
        var value = 0
        var n = 0
        while i < b.count && isDigit(b[i]) && n < limit + 1 {
            value = value * 10 + Int(b[i] - 0x30)
            n += 1
            i += 1
        }
        return (value, n)
    }

    /// Numbers, ordinals, clock times, numeric dates and compact durations.
    private static func numeric(_ key: Substring) -> Token.Kind? {
        let b = Array(key.utf8)
        var i = 0
        let (a, aDigits) = digits(b, &i)
        guard aDigits <= 6 else { return nil }
        if i == b.count { return .number(a, digits: aDigits) }
        let rest = String(decoding: b[i...], as: UTF8.self)
        switch b[i] {
        case UInt8(ascii: ":"):
            i += 1
            let (m, mDigits) = digits(b, &i)
            guard mDigits == 2, aDigits <= 2 else { return nil }
            guard i < b.count else { return .clock(hour: a, minute: m, meridiem: nil) }
            guard let meridiem = meridiem(String(decoding: b[i...], as: UTF8.self)) else { return nil }
            return .clock(hour: a, minute: m, meridiem: meridiem)
        case UInt8(ascii: "."), UInt8(ascii: "/"):
            let separator = b[i]
            i += 1
            let (second, secondDigits) = digits(b, &i)
            guard aDigits <= 2, (1...2).contains(secondDigits) else { return nil }
            var year: Int?
            // A closing dot without a year (`24.12.`) is how many write a date.
            if i < b.count && b[i] == separator && !(separator == UInt8(ascii: ".") && i + 1 == b.count) {
                i += 1
                let (y, yDigits) = digits(b, &i)
                guard yDigits == 2 || yDigits == 4 else { return nil }
                year = yDigits == 2 ? 2000 + y : y
            } else if i < b.count && b[i] == separator {
                i += 1
            }
            if i < b.count {
                guard separator == UInt8(ascii: "."), year == nil, secondDigits == 2,
                    let meridiem = meridiem(String(decoding: b[i...], as: UTF8.self))
                else { return nil }
                return .clock(hour: a, minute: second, meridiem: meridiem)
            }
            return separator == UInt8(ascii: ".")
                ? .dotted(a, second, year: year, secondDigits: secondDigits)
                : .slashed(a, second, year: year, secondDigits: secondDigits)
        case UInt8(ascii: "-"):
            i += 1
            let (m, mDigits) = digits(b, &i)
            guard aDigits == 4, (1...2).contains(mDigits), i < b.count, b[i] == UInt8(ascii: "-") else { return nil }
            i += 1
            let (d, dDigits) = digits(b, &i)
            guard (1...2).contains(dDigits), i == b.count else { return nil }
            return .iso(a, m, d)
        default:
            if ["st", "nd", "rd", "th"].contains(rest) { return aDigits <= 2 ? .ordinal(a) : nil }
            if let meridiem = meridiem(rest) {
                return aDigits <= 2 ? .clock(hour: a, minute: 0, meridiem: meridiem) : nil
            }
            if let unit = durationUnit(rest), let size = unit.seconds {
                guard aDigits <= 4 else { return nil }
                return .duration(seconds: Int64(a) * size, days: unit == .day ? a : unit == .week ? 7 * a : nil)
            }
            if let seconds = DurationParser.seconds(key) { return .duration(seconds: seconds, days: nil) }
            return nil
        }
    }

    private static func meridiem(_ text: String) -> Meridiem? {
        switch text {
        case "am", "a", "a.m.", "a.m": .am
        case "pm", "p", "p.m.", "p.m": .pm
        default: nil
        }
    }
}
