// `event …` / `etkinlik …` and `events` / `etkinlikler`: the couple's calendar.

import TwoDoCore

/// Parses calendar event commands.
///
/// Forms (English | Turkish):
/// - `event add <title> <date> [<time>[-<end>]] [at <place>] [remind <duration> before] [every <rule>]
///   [until <date>] [for <name|me|both>]`, clauses in any order after the title; `all day` or no time
///   makes an all-day event; a time without a date means its next occurrence from now.
///   | `etkinlik ekle <başlık> <tarih> [saat] [yer <yer>] [<süre> önce hatırlat] [her …] [<ad> için]`
/// - `event edit <ref> <changes>` (same clauses, plus `title <new title>`, `no reminder`, `once`)
///   | `etkinlik düzenle <ref> …`
/// - `event move <ref> [this|all] <date> [<time>[-<end>]]` | `etkinlik taşı <ref> [bu|tümü] <tarih>`; `event move
///   <ref> <date> to <date> [<time>]` moves the occurrence on the first date
/// - `event delete <ref> [this|all] [<date>]` | `etkinlik sil <ref> [bu|tümü]`
/// - `event show <ref>` | `etkinlik göster <ref>`
/// - `events [from <date>] [to <date>]` | `etkinlikler [<tarih>'den] [<tarih>'e kadar]`
///
/// `<ref>` is `id:N` or words of the title.
enum EventParser {
    /// `this`, `bu` (the date grammar's words), `only`, `sadece`: one occurrence.
    private static func isThis(_ w: Word) -> Bool {
        let k = w.stemToken.ending == .none ? w.stemToken.keyword : nil
        return k == .this || k == .bu || ["only", "sadece"].contains(w.stem)
    }
    private static let allWords: Set<String> = ["all", "tumu", "hepsi", "hepsini", "tumunu", "series", "seri"]

    static func parse(_ t: [Word], context: ParseContext) -> Result<Command, ParseError> {
        let usage = ParseError.usage(verb: "event")
        guard let first = t.first, let sub = VerbTable.eventVerbs[first.stem], t.count >= 2 else {
            return .failure(usage)
        }
        let rest = Array(t[1...])
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        switch sub {
        case .add: return add(rest, clock: clock, context: context)
        case .edit: return edit(rest, clock: clock, context: context)
        case .move: return move(rest, clock: clock)
        case .delete: return delete(rest, clock: clock)
        case .show: return .success(.event(.show(ref: rest[...].typedText)))
        }
    }

    static func add(_ t: [Word], clock: LocalClock, context: ParseContext) -> Result<Command, ParseError> {
        for i in 1..<max(1, t.count) {
            switch PlannerClauses.read(
                t, i, end: t.count, allowed: .eventAdd, clock: clock, members: context.memberNames)
            {
            case .yes(var c, _):
                guard c.sawDate || c.sawTime else { continue }
                c.draft.title = t[0..<i].typedText
                if c.draft.allDay {
                    c.draft.time = nil
                    c.draft.end = nil
                }
                if c.draft.date == nil, let rule = c.draft.recurrence {
                    // A rule without a date starts at its first occurrence from today (tomorrow's when today's time has passed).
                    var first =
                        CalendarEventExpansion.first(of: rule, anchor: clock.today, onOrAfter: clock.today)
                        ?? clock.today
                    if let time = c.draft.time, first == clock.today,
                        Calendars.instant(of: first, at: time, tz: clock.tz) <= clock.now
                    {
                        first =
                            CalendarEventExpansion.first(
                                of: rule, anchor: clock.today, onOrAfter: first.adding(days: 1)) ?? first
                    }
                    c.draft.date = first
                }
                if c.draft.date == nil, let time = c.draft.time {
                    // A time alone: today if it is still ahead, else tomorrow.
                    let today = Calendars.instant(of: clock.today, at: time, tz: clock.tz)
                    c.draft.date = today > clock.now ? clock.today : clock.today.adding(days: 1)
                }
                if let until = c.draft.recurrence?.until, let date = c.draft.date, until < date {
                    return .failure(.badDate(verb: "event", value: until.description, problem: .inThePast))
                }
                return .success(.event(.add(c.draft)))
            // An impossible date is reported, not swallowed into a longer title (`party Feb 30` at 8pm).
            case .bad(let p, let s): return .failure(.badDate(verb: "event", value: s, problem: p))
            case .no: continue
            }
        }
        return .failure(.usage(verb: "event"))
    }

    private static func edit(
        _ t: [Word], clock: LocalClock, context: ParseContext
    ) -> Result<Command, ParseError> {
        // `event edit dinner: at Sam's` — a colon ends the ref.
        if let colon = t.indices.first(where: { t[$0].text.hasSuffix(":") }), colon + 1 < t.count {
            var ref = t[0...colon].typedText
            ref.removeLast()
            switch PlannerClauses.read(
                t, colon + 1, end: t.count, allowed: .eventEdit, clock: clock, members: context.memberNames)
            {
            case .yes(let c, _): return .success(.event(.edit(ref: ref, changes: c.draft)))
            case .bad(let p, let s): return .failure(.badDate(verb: "event", value: s, problem: p))
            case .no: return .failure(.usage(verb: "event"))
            }
        }
        var firstBad: ParseError?
        for i in 1..<max(1, t.count) {
            switch PlannerClauses.read(
                t, i, end: t.count, allowed: .eventEdit, clock: clock, members: context.memberNames)
            {
            case .yes(let c, _):
                guard c.count > 0 else { continue }
                return .success(.event(.edit(ref: t[0..<i].typedText, changes: c.draft)))
            case .bad(let p, let s): firstBad = firstBad ?? .badDate(verb: "event", value: s, problem: p)
            case .no: continue
            }
        }
        return .failure(firstBad ?? .usage(verb: "event"))
    }

    private static func scope(_ t: [Word], _ i: Int) -> (EventScope?, Int) {
        guard i < t.count else { return (nil, i) }
        if isThis(t[i]) {
            // `only this`, `sadece bu`, `this one`, `this occurrence`.
            var j = i + 1
            if j < t.count && (isThis(t[j]) || ["one", "occurrence", "tekrar"].contains(t[j].stem)) { j += 1 }
            return (.this(date: nil), j)
        }
        if allWords.contains(t[i].stem) {
            var j = i + 1
            if j < t.count && ["occurrences", "of", "them", "series"].contains(t[j].stem) { j += 1 }
            return (.all, j)
        }
        return (nil, i)
    }

    private static func move(_ t: [Word], clock: LocalClock) -> Result<Command, ParseError> {
        var firstBad: ParseError?
        for i in 1..<max(1, t.count) {
            var (scope, j) = self.scope(t, i)
            var date: LocalDate?
            var time: LocalTime?
            var end: LocalTime?
            switch PlannerDateParser.date(t, j, end: t.count, clock: clock, direction: .future) {
            case .yes(let d, let next):
                date = d
                j = next
                // `<ref> Nov 30 to Dec 1 [7pm]`: the occurrence on the first date moves to the second.
                if j + 1 < t.count, t[j].stem == "to" || t[j].stem == "->",
                    case .yes(let target, let after) = PlannerDateParser.date(
                        t, j + 1, end: t.count, clock: clock, direction: .future)
                {
                    scope = .this(date: d)
                    date = target
                    j = after
                }
            case .bad(let p, let s):
                firstBad = firstBad ?? .badDate(verb: "event", value: s, problem: p)
                continue
            case .no: break
            }
            if j < t.count {
                switch PlannerDateParser.timeRange(t, j, end: t.count) {
                case .yes(let (s, e), let next):
                    time = s
                    end = e
                    j = next
                case .bad(let p, let s):
                    firstBad = firstBad ?? .badDate(verb: "event", value: s, problem: p)
                    continue
                case .no: break
                }
            }
            guard j == t.count, date != nil || time != nil else { continue }
            if case .this(nil) = scope { scope = .this(date: nil) }
            return .success(.event(.move(ref: t[0..<i].typedText, scope: scope, date: date, time: time, end: end)))
        }
        return .failure(firstBad ?? .usage(verb: "event"))
    }

    private static func delete(_ t: [Word], clock: LocalClock) -> Result<Command, ParseError> {
        for i in 1..<max(1, t.count) {
            let (scope, j) = self.scope(t, i)
            guard let scope else { continue }
            if j == t.count { return .success(.event(.delete(ref: t[0..<i].typedText, scope: scope))) }
            if case .this = scope,
                case .yes(let d, let next) = PlannerDateParser.date(
                    t, j, end: t.count, clock: clock, direction: .future),
                next == t.count
            {
                return .success(.event(.delete(ref: t[0..<i].typedText, scope: .this(date: d))))
            }
        }
        return .success(.event(.delete(ref: t[...].typedText, scope: nil)))
    }

    /// `events [from <date>] [to|until <date>]`, `etkinlikler [<tarih>'den] [<tarih>'e kadar]`, or one date.
    static func range(_ t: [Word], context: ParseContext) -> Result<Command, ParseError> {
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        var from: LocalDate?
        var to: LocalDate?
        var j = 0
        // `events on friday`, `etkinlikler cuma günü`: that one day.
        let on = t.first?.stem == "on" ? 1 : 0
        let dayWord = t.last.map {
            $0.stem == "gunku" || ($0.stemToken.unit == .day && $0.stemToken.ending == .possessive)
        }
        if on == 1 || dayWord == true {
            let end = t.count - (on == 1 ? 0 : 1)
            switch PlannerDateParser.date(t, on, end: end, clock: clock, direction: .future) {
            case .yes(let d, let next) where next == end: return .success(.events(from: d, to: d))
            case .bad(let p, let s): return .failure(.badDate(verb: "events", value: s, problem: p))
            default: return .failure(.usage(verb: "events"))
            }
        }
        while j < t.count {
            let k = t[j].stem
            var target = 0  // 0 from, 1 to
            var at = j
            let word = t[j].stemToken.ending == .none ? t[j].stemToken.keyword : nil
            if word == .from {
                at = j + 1
            } else if k == "to" || word == .until || word == .through {
                target = 1
                at = j + 1
            }
            switch PlannerDateParser.date(t, at, end: t.count, clock: clock, direction: .thisYear) {
            case .yes(let d, var next):
                // `1 Aralık'tan` ("from"), `31 Aralık'a` ("to").
                let ending = t[next - 1].token.ending
                if ending == .ablative { target = 0 }
                if ending == .dative { target = 1 }
                if next < t.count && t[next].stemToken.keyword == .kadar {
                    target = 1
                    next += 1
                }
                if target == 0 && from == nil {
                    from = d
                } else if to == nil {
                    to = d
                } else {
                    return .failure(.usage(verb: "events"))
                }
                j = next
            case .bad(let p, let s): return .failure(.badDate(verb: "events", value: s, problem: p))
            case .no: return .failure(.usage(verb: "events"))
            }
        }
        return .success(.events(from: from, to: to))
    }
}
