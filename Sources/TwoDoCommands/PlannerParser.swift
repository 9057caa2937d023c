// The entry for routine, event, calendar, week-agenda, week-start and routine/event note commands.

import TwoDoCore

/// Recognizes the commands of routines, the calendar and their notes: the reading `Parser.alternatives` tries
/// right after a page clause, before any task verb.
///
/// Returns nil for every line that is not one of these commands, so the rest of the language is untouched:
/// `routine …`/`rutin …`/`alışkanlık …`/`habit …`, `routines`/`rutinler`/`alışkanlıklar`/`habits`,
/// `event …`/`etkinlik …`, `events`/`etkinlikler`, `calendar`/`cal`/`takvim [month] [year]`,
/// `agenda week`/`ajanda hafta`/`weekly agenda`/`haftalık ajanda`, `weekstart`/`week start`/`hafta başı`,
/// `note routine|event <ref>: <text>`, `notes routine|event <ref>`, `note delete <ref> <n>` (and the
/// Turkish `not rutin|etkinlik …`, `notlar rutin|etkinlik …`, `not sil <ref> <n>`).
public enum PlannerParser {
    /// The first words this parser answers to, as shown in suggestions ("did you mean"), English first.
    static var spellings: [String] { VerbTable.heads.filter(\.suggested).map(\.text) }

    /// Whether `words` can be one of these commands, from the first word and the last two only.
    ///
    /// Every line is offered to this parser before the task verbs; reading whole lines that are plainly
    /// not for it (`add milk`) cost about a tenth of the server's CPU in the throughput benchmark.
    static func mightHandle(_ words: [Word]) -> Bool {
        guard let first = words.first else { return false }
        if VerbTable.headByKey[first.stem] != nil { return true }
        return PlannerVerbLast.mightHandle(words.dropFirst())
    }

    /// The command on `line`, or nil when the line is none of these commands.
    public static func parse(_ line: String, context: ParseContext) -> Result<Command, ParseError>? {
        parse(Word.split(line[...]), context: context)
    }

    /// The command spelled by `t`, the words of a line, or nil when they are none of these commands.
    static func parse(_ t: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        guard mightHandle(t), let first = t.first else { return nil }
        let rest = Array(t.dropFirst())
        guard let head = VerbTable.headByKey[first.stem] else { return PlannerVerbLast.parse(t, context: context) }
        switch head {
        case .routine:
            return RoutineParser.parse(rest, context: context)
        case .routines:
            return rest.isEmpty ? .success(.routines) : .failure(.usage(verb: "routines"))
        case .event:
            return EventParser.parse(rest, context: context)
        case .events:
            return EventParser.range(rest, context: context)
        case .calendar:
            return calendar(rest, context: context)
        case .agenda:
            if rest.count == 1, rest[0].stemToken.unit == .week || rest[0].stem == "7" { return .success(.agendaWeek) }
            return agendaDay(rest, context: context)
        case .weekly, .week:
            if rest.count == 1 && ["agenda", "ajanda"].contains(rest[0].stem) { return .success(.agendaWeek) }
            if head == .week && rest.first?.stem == "start" { return weekStart(Array(rest.dropFirst())) }
            return nil
        case .weekStart:
            return weekStart(rest)
        case .hafta:
            guard rest.first?.stem == "basi" else { return nil }
            return weekStart(Array(rest.dropFirst()))
        case .note:
            return note(rest)
        case .notes:
            guard let target = rest.first.flatMap(kind), rest.count >= 2 else { return nil }
            let ref = rest[1...].typedText
            return .success(.itemNotes(target == .routine ? .routine(ref) : .event(ref)))
        }
    }

    /// `agenda friday`, `agenda on Dec 10`, `ajanda cuma`, `ajanda 10 Aralık`: one day; nil when the words are
    /// no date (the plain `agenda` view and its usage error stay with the task views).
    private static func agendaDay(_ rest: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        guard !rest.isEmpty else { return nil }
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        let at = ["on", "for"].contains(rest[0].stem) ? 1 : 0
        switch PlannerDateParser.date(rest, at, end: rest.count, clock: clock, direction: .future) {
        case .yes(let day, let next):
            var j = next
            if j < rest.count, rest[j].stemToken.unit == .day, [.none, .possessive].contains(rest[j].stemToken.ending) {
                j += 1
            }
            return j == rest.count ? .success(.agendaDay(day)) : nil
        case .bad(let p, let s): return .failure(.badDate(verb: "agenda", value: s, problem: p))
        case .no: return nil
        }
    }

    private enum Kind { case routine, event }

    private static func kind(_ token: Word) -> Kind? {
        switch token.stem {
        case "routine", "rutin", "aliskanlik", "habit": .routine
        case "event", "etkinlik": .event
        default: nil
        }
    }

    /// `note routine|event <ref>: <text>` and `note delete <ref> <n>`; nil for task notes.
    private static func note(_ t: [Word]) -> Result<Command, ParseError>? {
        guard let first = t.first else { return nil }
        if ["delete", "remove", "rm", "del", "sil"].contains(first.stem), t.count >= 3 {
            let last = t[t.count - 1].bareKey
            let digits = last.hasPrefix("#") ? String(last.dropFirst()) : last
            guard let n = Int(digits), n >= 1 else { return nil }
            let refWords = Array(t[1..<(t.count - 1)])
            if let k = kind(refWords[0]) {
                guard refWords.count >= 2 else { return .failure(.usage(verb: "note")) }
                let ref = refWords[1...].typedText
                return .success(.noteDelete(k == .routine ? .routine(ref) : .event(ref), number: n))
            }
            return .success(.noteDelete(.task(taskRef(refWords[...].typedText)), number: n))
        }
        if ["edit", "duzenle", "degistir"].contains(first.stem), let edit = noteEdit(t) {
            return edit
        }
        guard let k = kind(first), t.count >= 2 else { return nil }
        let text = t[1...].typedText
        guard let colon = text.firstIndex(of: ":") else { return .failure(.usage(verb: "note")) }
        let ref = String(text[..<colon]).trimmingCharacters(in: " ")
        let body = String(text[text.index(after: colon)...]).trimmingCharacters(in: " ")
        guard !ref.isEmpty, !body.isEmpty else { return .failure(.usage(verb: "note")) }
        return .success(.itemNote(k == .routine ? .routine(ref) : .event(ref), text: body))
    }

    /// `note edit <ref> <n> <text>` (a colon after `n` is allowed): the first number after the reference's
    /// first word is the note's; nil when there is no number, or a colon comes first (the line is then an
    /// ordinary note on a task whose title starts with "edit"); a usage error when nothing follows the number.
    private static func noteEdit(_ t: [Word]) -> Result<Command, ParseError>? {
        var k = 2
        while k < t.count {
            // A colon before any number is an ordinary note's (`note edit plan: 2 pages`): not an edit.
            if t[k - 1].text.hasSuffix(":") { return nil }
            var key = Substring(t[k].bareKey)
            if key.hasSuffix(":") { key = key.dropLast() }
            if key.hasPrefix("#") { key = key.dropFirst() }
            if key.allSatisfy(\.isASCII), let n = Int(key), n >= 1 { return noteEdit(t, at: k, number: n) }
            k += 1
        }
        return nil
    }

    private static func noteEdit(_ t: [Word], at k: Int, number n: Int) -> Result<Command, ParseError> {
        let refWords = Array(t[1..<k])
        var body = t[(k + 1)...].typedText.trimmingCharacters(in: " ")
        if body.hasPrefix(":") { body = String(body.dropFirst()).trimmingCharacters(in: " ") }
        guard !body.isEmpty else { return .failure(.usage(verb: "note")) }
        if let itemKind = kind(refWords[0]) {
            guard refWords.count >= 2 else { return .failure(.usage(verb: "note")) }
            let ref = refWords[1...].typedText
            return .success(.noteEdit(itemKind == .routine ? .routine(ref) : .event(ref), number: n, text: body))
        }
        return .success(.noteEdit(.task(taskRef(refWords[...].typedText)), number: n, text: body))
    }

    /// `#3`, `3`, `id:42` or words.
    static func taskRef(_ text: String) -> TaskRef {
        if text.hasPrefix("#"), let n = Int(text.dropFirst()), n >= 1 { return .number(n) }
        if let n = Int(text), n >= 1 { return .number(n) }
        if text.lowercased().hasPrefix("id:"), let n = Int64(text.dropFirst(3)), n >= 1 { return .id(n) }
        return .words(text)
    }

    /// The months from this one a word names in `calendar next|this|last [month]`: 1, 0 or -1.
    private static func monthStep(_ token: Token) -> Int? {
        guard token.ending == .none else { return nil }
        if token.kind == .ordinalWord(-1) && token.lang == .en { return -1 }
        switch token.keyword {
        case .next?, .gelecek?, .sonraki?: return 1
        case .this?, .bu?: return 0
        case .previous?, .onceki?, .gecen?: return -1
        default: return nil
        }
    }

    private static func weekStart(_ t: [Word]) -> Result<Command, ParseError> {
        guard let first = t.first else { return .success(.weekStart(nil)) }
        guard t.count == 1 else { return .failure(.badValue(verb: "weekstart", value: t[...].typedText)) }
        switch Vocabulary.weekday(first.stem) {
        case 1?: return .success(.weekStart(.monday))
        case 7?: return .success(.weekStart(.sunday))
        default: return .failure(.badValue(verb: "weekstart", value: String(first.text)))
        }
    }

    /// `calendar`, `calendar december`, `calendar 12 2026`, `calendar 2026-12`, `takvim aralık 2026`,
    /// `calendar next|previous [month]`, `takvim gelecek|önceki|geçen [ay]`.
    private static func calendar(_ t: [Word], context: ParseContext) -> Result<Command, ParseError> {
        let usage = ParseError.usage(verb: "calendar")
        // `calendar link [revoke]`, `takvim bağlantısı [iptal]`: the secret feed URL for phones.
        if let first = t.first,
            ["link", "feed", "subscribe", "baglanti", "baglantisi", "abonelik"].contains(first.stem)
        {
            switch t.count {
            case 1: return .success(.calendarLink(revoke: false))
            case 2 where ["revoke", "off", "stop", "delete", "iptal", "kaldir", "sil", "kapat"].contains(t[1].stem):
                return .success(.calendarLink(revoke: true))
            default: return .failure(usage)
            }
        }
        var month: Int?
        var year: Int?
        let today = LocalDate(instant: context.now, tz: context.timeZone)
        var j = 0
        while j < t.count {
            let k = t[j].stem
            if let step = Self.monthStep(t[j].stemToken), month == nil {
                let d = today.firstOfMonth(adding: step)
                month = d.month
                year = d.year
                j += 1
                if j < t.count && t[j].stemToken.unit == .month && t[j].stemToken.ending == .none { j += 1 }
                continue
            }
            if let m = Vocabulary.month(k), month == nil {
                month = m
            } else if k.count == 7, k.dropFirst(4).first == "-", let y = Int(k.prefix(4)), let m = Int(k.suffix(2)),
                (1...12).contains(m)
            {
                year = y
                month = m
            } else if let n = Int(k), k.count == 4, (1900...2999).contains(n), year == nil {
                year = n
            } else if let n = Int(k), k.count <= 2, (1...12).contains(n), month == nil {
                month = n
            } else {
                return .failure(usage)
            }
            j += 1
        }
        return .success(.calendar(month: month, year: year))
    }
}

extension String {
    /// The string without leading and trailing `c`.
    fileprivate func trimmingCharacters(in c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}
