// `routine …` / `rutin …`: add, done, skip, undo, stats, edit, rename, pause, resume, delete.

import TwoDoCore

/// Parses the words after `routine` / `rutin` / `alışkanlık` / `habit`.
///
/// Forms (English | Turkish):
/// - `routine add <name> <schedule> [at <time>] [for <me|both|name>]` | `rutin ekle <ad> <program> [saat 7] [<ad> için]`
/// - `routine done <name> [yesterday|<date>]` | `rutin yapıldı|bitti|tamam <ad> [dün|<tarih>]`
/// - `routine skip <name> [<date>]` | `rutin atla <ad> [<tarih>]`
/// - `routine undo <name> [<date>]` | `rutin geri al <ad> [<tarih>]`
/// - `routine stats <name>` | `rutin istatistik <ad>`
/// - `routine edit <name> <schedule> [at <time>|no time]` | `rutin düzenle <ad> <program>`
/// - `routine rename <name> to <new>` | `rutin yeniden adlandır <ad> -> <yeni>`
/// - `routine pause|resume|delete <name>` | `rutin duraklat|devam|sil <ad>`
///
/// For `done` and `undo` a weekday or a date without a year means the latest one on or before today;
/// for `skip` the next one on or after today.
enum RoutineParser {
    static func parse(_ t: [Word], context: ParseContext) -> Result<Command, ParseError> {
        let usage = ParseError.usage(verb: "routine")
        guard let first = t.first else { return .failure(usage) }
        var start = 1
        var sub = VerbTable.routineVerbs[first.stem]
        // Two-word spellings: `geri al`, `yeniden adlandır`, `ad değiştir`.
        if t.count >= 2 {
            let pair = first.stem + " " + t[1].stem
            if pair == "geri al" { sub = .undo; start = 2 }
            if pair == "yeniden adlandir" || pair == "ad degistir" || pair == "adini degistir" {
                sub = .rename; start = 2
            }
        }
        guard let sub else { return .failure(usage) }
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        let rest = Array(t[start...])
        guard !rest.isEmpty else { return .failure(usage) }
        switch sub {
        case .add: return add(rest, clock: clock, context: context)
        case .done: return mark(rest, .done, clock: clock)
        case .skip: return mark(rest, .skipped, clock: clock)
        case .undo:
            let (name, date, whole) = nameAndDate(rest, clock: clock, direction: .past)
            return .success(.routine(.undo(name: name, date: date, wholeName: whole)))
        case .stats: return .success(.routine(.stats(name: rest[...].typedText)))
        case .edit: return edit(rest, clock: clock, context: context)
        case .rename: return rename(rest)
        case .pause: return .success(.routine(.pause(name: rest[...].typedText)))
        case .resume: return .success(.routine(.resume(name: rest[...].typedText)))
        case .delete: return .success(.routine(.delete(name: rest[...].typedText)))
        }
    }

    static func add(_ t: [Word], clock: LocalClock, context: ParseContext) -> Result<Command, ParseError> {
        for i in 1..<max(1, t.count) {
            switch PlannerClauses.read(
                t, i, end: t.count, allowed: .routineAdd, clock: clock, members: context.memberNames)
            {
            case .yes(let c, _):
                guard let rule = c.draft.recurrence else { continue }
                if let until = rule.until, until < clock.today {
                    return .failure(.badDate(verb: "routine", value: until.description, problem: .inThePast))
                }
                return .success(
                    .routine(.add(name: t[0..<i].typedText, rule: rule, time: c.draft.time, assignee: c.draft.assignee))
                )
            // An impossible date is reported, not swallowed into a longer name.
            case .bad(let p, let s): return .failure(.badDate(verb: "routine", value: s, problem: p))
            case .no: continue
            }
        }
        // A schedule was begun (`every …`, `her …`) but not understood: point at it, not at the whole grammar.
        if let start = t.indices.dropFirst().first(where: { Self.beginsRule(t[$0]) }) {
            return .failure(.badValue(verb: "routine", value: t[start...].typedText))
        }
        return .failure(.usage(verb: "routine"))
    }

    /// Whether a word begins a repeat rule: `every`, `each`, `her`.
    private static func beginsRule(_ word: Word) -> Bool {
        let keyword = Vocabulary.token(key: word.bareKey).keyword
        return keyword == .every || keyword == .her
    }

    private static func edit(
        _ t: [Word], clock: LocalClock, context: ParseContext
    ) -> Result<Command, ParseError> {
        var firstBad: ParseError?
        for i in 1..<max(1, t.count) {
            switch PlannerClauses.read(
                t, i, end: t.count, allowed: .routineEdit, clock: clock, members: context.memberNames)
            {
            case .yes(let c, _):
                guard c.draft.recurrence != nil || c.draft.time != nil || c.noTime else { continue }
                let time: LocalTime?? = c.noTime ? .some(nil) : (c.draft.time.map { .some($0) } ?? nil)
                return .success(.routine(.edit(name: t[0..<i].typedText, rule: c.draft.recurrence, time: time)))
            case .bad(let p, let s): firstBad = firstBad ?? .badDate(verb: "routine", value: s, problem: p)
            case .no: continue
            }
        }
        return .failure(firstBad ?? .usage(verb: "routine"))
    }

    private static func mark(
        _ t: [Word], _ mark: RoutineMark, clock: LocalClock
    ) -> Result<Command, ParseError> {
        let (name, date, whole) = nameAndDate(t, clock: clock, direction: mark == .done ? .past : .future)
        return .success(.routine(.mark(name: name, mark: mark, date: date, wholeName: whole)))
    }

    /// Splits `<name> [<date>]`: the longest ending (1–4 words) that is a whole date, if a name remains.
    static func nameAndDate(
        _ t: [Word], clock: LocalClock, direction: DateDirection
    ) -> (String, LocalDate?, String?) {
        let whole = t[...].typedText
        for size in stride(from: min(4, t.count - 1), through: 1, by: -1) {
            let at = t.count - size
            if case .yes(let d, let next) = PlannerDateParser.date(
                t, at, end: t.count, clock: clock, direction: direction), next == t.count
            {
                return (t[0..<at].typedText, d, whole)
            }
        }
        return (whole, nil, nil)
    }

    /// `<name> to|as|->|→|=> <new>`: the first arrow, else the first `to`/`as`/`olarak`.
    private static func rename(_ t: [Word]) -> Result<Command, ParseError> {
        let words: Set<String> = ["to", "as", "olarak"]
        let split =
            t.indices.first { Separator.isArrow(t[$0].bareKey) }
            ?? t.indices.first { words.contains(t[$0].bareKey) && $0 > 0 }
        guard let split, split > 0, split + 1 < t.count else { return .failure(.usage(verb: "routine")) }
        return .success(.routine(.rename(name: t[0..<split].typedText, to: t[(split + 1)...].typedText)))
    }
}
