// Short phrases for a task's other details: priority, assignee, "minutes before" and nag intervals.

import TwoDoCore

/// Recognizes the detail phrases other than dates, each covering an exact range of tokens.
enum DetailPhrases {
    /// Priority values accepted by the `priority` command, by folding key.
    private static let priorityWords: [String: Priority] = {
        var map: [String: Priority] = [:]
        for w in ["high", "hi", "urgent", "yüksek", "acil", "önemli"] { map[Fold.key(w)] = .high }
        for w in ["medium", "med", "normal", "orta"] { map[Fold.key(w)] = .medium }
        for w in ["low", "düşük"] { map[Fold.key(w)] = .low }
        for w in ["none", "no", "off", "clear", "yok", "hiç", "kaldır"] { map[Fold.key(w)] = Priority.none }
        return map
    }()

    /// A priority inside a title, covering exactly `range`: a symbol (`!high`, `!!!`, `p1`), the words
    /// `urgent`/`acil`/`önemli` (only when `words` is true, i.e. at the end of a title), or
    /// `high|medium|low priority`, `yüksek|orta|düşük öncelik(li)`, also the other way round (`priority high`,
    /// `prio: low`, `öncelik yüksek`).
    static func titlePriority(_ lex: Lexer, _ range: Range<Int>, words: Bool) -> Priority? {
        // For two words, the second (already lexed at a title's end) rules most lines out; `priority high`
        // and `öncelik yüksek` name the level second.
        if range.count == 2, lex[range.lowerBound + 1].keyword != .priority,
            lex[range.lowerBound + 1].keyword != .oncelik, lex[range.lowerBound].keyword != .priority,
            lex[range.lowerBound].keyword != .oncelik
        {
            return nil
        }
        let t = lex[range.lowerBound]
        guard t.ending == .none else { return nil }
        if range.count == 1 {
            if case .priority(let p) = t.kind { return p }
            if words, let k = t.keyword, k == .urgent || k == .acil || k == .onemli { return .high }
            return nil
        }
        guard range.count == 2, words, let level = t.keyword, let second = lex[range.lowerBound + 1].keyword,
            lex[range.lowerBound + 1].ending == .none
        else { return nil }
        switch (level, second) {
        case (.high, .priority), (.yuksek, .oncelik), (.priority, .high), (.oncelik, .yuksek): return .high
        case (.medium, .priority), (.orta, .oncelik), (.priority, .medium), (.oncelik, .orta): return .medium
        case (.low, .priority), (.dusuk, .oncelik), (.priority, .low), (.oncelik, .dusuk): return .low
        default: return nil
        }
    }

    /// The words that mean "high priority" on their own, by folding key (a trailing `:` dropped first).
    private static let highWords: Set<String> = ["urgent", "acil", "onemli", "important", "asap"]

    /// The first words of `very important` / `çok önemli`, by folding key.
    private static let intensifiers: Set<String> = ["very", "cok"]

    /// A priority phrase inside a title covering exactly `range`, at either end of it: a title priority
    /// (`!high`, `p1`, `high priority`, `düşük öncelikli`), or the words `urgent`, `important`, `asap`,
    /// `acil`, `önemli`, `very important`, `çok önemli` in any case, with or without a trailing colon
    /// (`urgent:`, `ASAP`, `cok onemli`).
    static func priorityPhrase(_ lex: Lexer, _ range: Range<Int>) -> Priority? {
        guard range.count == 1 || range.count == 2 else { return nil }
        let s = range.lowerBound
        let last = wordKey(lex, range.upperBound - 1)
        if range.count == 1 {
            if highWords.contains(last) { return .high }
        } else if intensifiers.contains(lex.key(s)), last == "onemli" || last == "important" {
            return .high
        }
        return titlePriority(lex, range, words: true)
    }

    /// Word `i`'s folding key without a trailing colon or exclamation marks (`urgent:` → `urgent`, `ASAP!!` →
    /// `asap`).
    private static func wordKey(_ lex: Lexer, _ i: Int) -> String {
        var key = lex.key(i)
        if key.utf8.count > 1 && key.utf8.last == UInt8(ascii: ":") { key.removeLast() }
        while key.utf8.count > 1 && key.utf8.last == UInt8(ascii: "!") { key.removeLast() }
        return key
    }

    /// The value of the `priority` command covering `range`: a title priority, or a level word
    /// (`high`, `med`, `low`, `none`, `yüksek`, `orta`, `düşük`, `yok`, …).
    static func priorityValue(_ lex: Lexer, _ range: Range<Int>) -> Priority? {
        if let p = titlePriority(lex, range, words: true) { return p }
        guard range.count == 1 else { return nil }
        return priorityWords[lex.key(range.lowerBound)]
    }

    /// Words meaning the speaker (`me`, `ben`, `benim`, `kendim`), folded.
    private static let me: Set<String> = Set(["me", "myself", "ben", "benim", "kendim"].map(Fold.key))

    /// Who a single word names as an assignee: me, or a known member (nil otherwise).
    static func person(_ word: Word, context: ParseContext) -> AssigneeRef? {
        if me.contains(word.key) { return .me }
        return context.members.match([word][...], as: .bare).map { .member($0) }
    }

    /// `@bob`, `@me`, `for bob`, `for me`, `bob için`, `benim için` covering exactly `range`
    /// (known members only; `for carol` stays in the title).
    static func assignee(_ lex: Lexer, _ range: Range<Int>, context: ParseContext) -> AssigneeRef? {
        let s = range.lowerBound
        switch range.count {
        case 1:
            let text = lex.words[s].text
            guard text.utf8.count > 1, text.utf8.first == UInt8(ascii: "@") else { return nil }
            return person(Word(text.dropFirst()), context: context)
        case 2:
            if lex.key(s) == "for" { return person(lex.words[s + 1], context: context) }
            if lex.key(s + 1) == "icin" { return person(lex.words[s], context: context) }
            return nil
        default:
            return nil
        }
    }

    /// Minutes before the due time covering exactly `range`: `30 minutes before`, `an hour before`,
    /// `half an hour before`, `the day before`, `30m before`; `30 dk önce`, `yarım saat önce`, `1 gün önce`.
    static func minutesBefore(_ lex: Lexer, _ range: Range<Int>) -> Int? {
        let p = ScheduleParser(lex: lex, end: range.upperBound, mode: .init())
        guard range.count >= 2, let k = p.kw(range.upperBound - 1), k == .before || k == .once else { return nil }
        return minutes(p, range.lowerBound..<(range.upperBound - 1), every: false)
    }

    /// A nag interval in minutes covering exactly `range` (not yet checked against 1 minute … 24 hours):
    /// `every 10 minutes`, `every hour`, `every 10m`, `10 minutes`, `10m`, `hourly`;
    /// `10 dakikada bir`, `saatte bir`, `her 10 dakikada`, `her saat`, `10 dk`.
    static func interval(_ lex: Lexer, _ range: Range<Int>) -> Int? {
        let p = ScheduleParser(lex: lex, end: range.upperBound, mode: .init())
        let s = range.lowerBound
        guard !range.isEmpty else { return nil }
        if range.count == 1, p.kw(s) == .hourly { return 60 }
        if let k = p.kw(s), k == .every || k == .her {
            return minutes(p, (s + 1)..<range.upperBound, every: true)
        }
        return minutes(p, range, every: true)
    }

    /// A nag interval that `interval` does not read but that is still a length of time, in whole minutes
    /// (0 when it is not a whole number of minutes): `every 30 seconds`, `every 30s`, `30 saniyede bir`. It lets
    /// `add x nag every 30 seconds` answer with the nag range instead of keeping the words as title.
    static func otherInterval(_ lex: Lexer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 6 else { return nil }
        var keys = range.map { lex.key($0) }
        if keys.count > 1, keys.last == "bir" { keys.removeLast() }
        if keys.count > 1, lex[range.lowerBound].keyword == .every || lex[range.lowerBound].keyword == .her {
            keys.removeFirst()
        }
        // The Turkish "once per" form puts the unit in the locative: `saniyede`, `sn'de`.
        let text = keys.map { $0 == "saniyede" ? "saniye" : $0 == "snde" || $0 == "sn'de" ? "sn" : $0 }
            .joined(separator: " ")
        guard let seconds = DurationParser.seconds(Substring(text)), seconds > 0 else { return nil }
        return seconds % 60 == 0 ? Int(clamping: seconds / 60) : 0
    }

    /// A duration in seconds covering exactly `range` (`10m`, `90 minutes`, `1 hour and 30 minutes`,
    /// `an hour`, `half an hour`, `yarım saat`, `iki saat`), for `snooze`.
    static func seconds(_ lex: Lexer, _ range: Range<Int>) -> Int64? {
        guard !range.isEmpty, range.count <= 8 else { return nil }
        if let s = DurationParser.seconds(lex.words[range].typed) { return s }
        let p = ScheduleParser(lex: lex, end: range.upperBound, mode: .init())
        return minutes(p, range, every: false).map { Int64($0) * 60 }
    }

    /// An amount of time in minutes covering exactly `range`. With `every`, a unit alone counts once
    /// (`every hour`) and the Turkish `<unit>'de bir` form is accepted.
    private static func minutes(_ p: ScheduleParser, _ range: Range<Int>, every: Bool) -> Int? {
        let s = range.lowerBound
        let e = range.upperBound
        guard s < e else { return nil }
        // Turkish "once per": `10 dakikada bir`, `saatte bir`; `bir` closes the phrase.
        var end = e
        if every, e - s >= 2, p.isWord(e - 1, "bir"), p.token(e - 2)?.ending == .locative { end = e - 1 }
        func unitMinutes(_ i: Int) -> Int? {
            guard let t = p.token(i), t.ending == .none || (every && t.ending == .locative), let u = t.unit else {
                return nil
            }
            return u.minutes
        }
        if end - s == 1 {
            if every, let m = unitMinutes(s) { return m }
            if let t = p.token(s), t.ending == .none, case .duration(let seconds, _) = t.kind, seconds % 60 == 0 {
                return Int(seconds / 60)
            }
            return nil
        }
        if end - s == 2, p.kw(s) == .yarim, p.isSaat(s + 1) || p.token(s + 1)?.unit == .hour { return 30 }
        if end - s == 2, p.kw(s) == .the, p.unit(s + 1) == .day { return 1440 }
        if end - s == 3, p.kw(s) == .half, p.kw(s + 1) == .a, p.unit(s + 2) == .hour { return 30 }
        guard end - s == 2, let (n, j) = p.amount(s), j == s + 1, let m = unitMinutes(j) else { return nil }
        let (total, overflow) = n.multipliedReportingOverflow(by: m)
        return overflow ? nil : total
    }
}
