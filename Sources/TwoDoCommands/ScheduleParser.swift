// Recognizes one date/time/recurrence phrase in a range of tokens, in English or Turkish, in any order.

/// Parses a range of a line's tokens as one schedule phrase.
///
/// A phrase is a sequence of parts, each at most once and in any order: a recurrence (`every monday`,
/// `her ayın 1'i`), an `until` (`until Dec 31`, `31 Aralık'a kadar`), a date (`tomorrow`, `on friday`,
/// `24 Aralık`) and a time (`at 5pm`, `saat 17'de`). The whole range must be covered. Nothing here reads
/// the clock: `DateResolver` turns the parts into dates.
///
/// Inside a title (not `standalone`) some forms need a marker, so title words are not taken by accident:
/// a part-of-day word alone (`evening`, `akşam`) needs a date or recurrence in the same phrase
/// (`tomorrow evening`, `yarın akşam`) or `at`/`in the`; a weekday abbreviation (`fri`) needs `on`,
/// `this`, `next`, `every` or a time; a full weekday name alone is not taken at the start of a title
/// (`add sunday roast`) unless a colon follows it (`Friday: dentist`) or the verb is Turkish and no compound
/// noun follows (`cumartesi çimleri biç ekle`, see `Mode.turkishStart`); `the 24th` and `weekend` need
/// `on`/`this`/`next`; a Turkish dative date (`cumaya`) needs `kadar`, except right before a Turkish verb
/// (`sunumu salıya ekle`, see `Mode.dativeDue`).
struct ScheduleParser {
    /// Where the phrase stands, which decides the marker rules above.
    struct Mode: Sendable {
        /// The whole argument of a command is the date (`due 3 fri`, `snooze 3 evening`, `yarına ertele`).
        var standalone = false
        /// The phrase starts a title.
        var atStart = false
        /// Whether a recurrence part is accepted.
        var recurrence = true
        /// The phrase starts the title of a Turkish add and no compound noun follows: a Turkish weekday
        /// name alone is a date there (`cumartesi çimleri biç ekle`; not `cuma namazı ekle`).
        var turkishStart = false
        /// The phrase ends the title of a Turkish add: a dative date last is the due date (`sunumu salıya ekle`).
        var dativeDue = false
        /// Routines and events: a rule's details may follow without `on` (`weekly monday`, `her hafta pazar`,
        /// `2 haftada bir pazartesi`, `monthly 15`), `every other week` takes them too, a day of the month
        /// may be written plain (`her ayın 15`, `her 15'i`), `her` may precede an English word, and weekdays
        /// may be joined by `or`/`veya`/`ile`. A task title keeps such words (`her hafta pazar kahvaltısı`).
        var looseRules = false
        /// A date may end in an ablative ending, "from" (`1 Aralık'tan`), as the start of an events window.
        var ablative = false
    }

    /// The line's tokens.
    let lex: Lexer
    /// The exclusive end of the range; tokens at or past it do not exist for this parse.
    let end: Int
    /// Where the phrase stands.
    let mode: Mode

    /// The most words a phrase may span (`every mon, tue, wed, thu and fri at 5:30 pm until Dec 31` fits).
    static let maxWords = 16

    /// The phrase covering exactly `range`, or nil.
    static func parse(_ lex: Lexer, _ range: Range<Int>, mode: Mode) -> SchedulePhrase? {
        guard !range.isEmpty, range.count <= maxWords else { return nil }
        return ScheduleParser(lex: lex, end: range.upperBound, mode: mode).phrase(from: range.lowerBound)
    }

    private func phrase(from start: Int) -> SchedulePhrase? {
        var p = SchedulePhrase()
        var i = start
        while i < end {
            if mode.recurrence, p.recurrence == nil, let (r, n) = recurrence(i) {
                p.recurrence = r
                i = n
            } else if p.until == nil, let (u, n) = until(i) {
                p.until = u
                i = n
            } else if p.date == nil, let (d, n) = date(i) {
                p.date = d
                i = n
            } else if p.time == nil, let (t, n) = time(i) {
                p.time = t
                i = n
            } else {
                return nil
            }
        }
        // A colon ends a phrase (`Friday: dentist`); inside one it splits two thoughts.
        for j in start..<(end - 1) where lex.words[j].text.utf8.last == UInt8(ascii: ":") { return nil }
        return validated(p)
    }

    /// Whether the phrase's last word ends in a colon (`Friday: dentist`), which marks it as a date.
    private var endsInColon: Bool { lex.words[end - 1].text.utf8.last == UInt8(ascii: ":") }

    /// Applies the rules that depend on the whole phrase and on where it stands.
    private func validated(_ phrase: SchedulePhrase) -> SchedulePhrase? {
        var p = phrase
        if p.recurrence == nil, let until = p.until {
            // Without a recurrence, `until friday` / `cumaya kadar` is the due date ("by Friday").
            guard p.date == nil else { return nil }
            p.date = until.date
            p.date?.marked = true
            p.date?.dative = false
            p.date?.asUntil = true
            p.until = nil
        }
        if let d = p.date {
            if d.dative && !mode.standalone && !(mode.dativeDue && d.words.upperBound == end) { return nil }
            if case .seconds = d.spec, p.time != nil { return nil }
            if d.timeOfDay != nil, let t = p.time, case .timeOfDay = t.spec { return nil }
        }
        guard !mode.standalone else { return p }
        if let t = p.time, t.isLoneTimeOfDay, p.date == nil, p.recurrence == nil { return nil }
        if let d = p.date, !d.marked {
            if d.needsMarker { return nil }
            if case .weekday(_, .bare) = d.spec, p.time == nil, d.timeOfDay == nil, p.recurrence == nil,
                d.abbreviated
                    || (mode.atStart && !endsInColon && !(mode.turkishStart && lex[d.words.lowerBound].lang == .tr))
            {
                return nil
            }
        }
        return p
    }

    // MARK: Token helpers

    /// The token at `i`, or nil at or past the end.
    func token(_ i: Int) -> Token? { i < end ? lex[i] : nil }

    /// The keyword at `i` when it carries no ending.
    func kw(_ i: Int) -> Keyword? {
        guard let t = token(i), t.ending == .none else { return nil }
        return t.keyword
    }

    /// The unit at `i` with the given ending.
    func unit(_ i: Int, ending: Ending = .none) -> TimeUnit? {
        guard let t = token(i), t.ending == ending else { return nil }
        return t.unit
    }

    /// A weekday at `i` with no ending.
    func weekday(_ i: Int) -> (Int, Bool)? {
        guard let t = token(i), t.ending == .none, case .weekday(let d, let short) = t.kind else { return nil }
        return (d, short)
    }

    /// A count: digits (up to four), a number word, `a`/`an`, or Turkish `on` (10) before a Turkish unit.
    func amount(_ i: Int) -> (Int, Int)? {
        guard let t = token(i), t.ending == .none else { return nil }
        switch t.kind {
        case .number(let n, let digits) where digits <= 4: return (n, i + 1)
        case .keyword(.a): return (1, i + 1)
        case .keyword(.on) where token(i + 1)?.lang == .tr && token(i + 1)?.unit != nil: return (10, i + 1)
        default: return nil
        }
    }

    /// The text of `key` at `i` equals `text` (for the few words matched by spelling, e.g. `yarısı`).
    func isWord(_ i: Int, _ text: String) -> Bool { i < end && lex.key(i) == text }

    /// Whether the `saat` ("o'clock"/"hour") word is at `i`, with no ending.
    func isSaat(_ i: Int) -> Bool { unit(i) == .hour && isWord(i, "saat") }

    /// `until|till <date>` or `<date>'e kadar`.
    private func until(_ i: Int) -> (UntilPart, Int)? {
        if kw(i) == .until, let (d, n) = dateBody(i + 1), !d.dative { return (UntilPart(date: d), n) }
        // `yarın akşama kadar` carries the part of the day; `cumaya kadar` only the day.
        guard let (d, n) = date(i) ?? dateBody(i), d.dative, kw(n) == .kadar else { return nil }
        var date = d
        date.dative = false
        return (UntilPart(date: date), n + 1)
    }
}
