// Schedules of routines and repeat rules of events: `every mon, wed and fri`, `her ayın 1'i`, `until …`.

import TwoDoCore

/// Reads a repeat rule from the words of a line.
///
/// English: `every day`, `daily`, `every other day`, `every 2 days`, `every weekday`, `every weekend`,
/// `every monday`, `every mon, wed and fri`, `every week [on sunday]`, `weekly`, `every 2 weeks on
/// monday and thursday`, `every month [on the 1st]`, `every 15th`, `every 3rd friday`, `every last
/// friday`, `monthly`, `every year`, `yearly`, `annually`. Turkish: `her gün`, `hergün`, `her hafta içi`,
/// `her hafta sonu`, `her pazartesi`, `her pazartesi, çarşamba ve cuma`, `her hafta [pazar]`, `2 günde bir`,
/// `2 haftada bir [pazartesi]`, `her ay`, `her ayın 1'i`, `her ayın 15'inde`, `her yıl`, `her sene`.
/// An `until <date>` / `<tarih>'e kadar` may follow.
enum PlannerScheduleParser {
    /// The keyword a word is, when it carries no ending.
    private static func keyword(_ w: Word) -> Keyword? {
        let t = w.stemToken
        return t.ending == .none ? t.keyword : nil
    }

    /// Whether `w` is a part of the day after which an hour 1–11 is p.m. (`every evening`, `her gece`).
    static func isEvening(_ w: Word) -> Bool {
        let part = Vocabulary.partOfDay(w.stem)
        return part == .evening || part == .night
    }

    /// A rule starting at `i`, read by the task grammar's recurrence reader (`ScheduleParser.recurrence`,
    /// with the looser details of `looseRules`), with an optional `until`. A rule naming an impossible day
    /// (`every 32nd`) is no rule here.
    static func rule(_ t: [Word], _ i: Int, end: Int, clock: LocalClock) -> PlannerMatch<Recurrence> {
        guard i < end else { return .no }
        let reader = ScheduleParser(lex: Lexer(t), end: end, mode: .init(standalone: true, looseRules: true))
        guard let (part, after) = reader.recurrence(i), var rule = DateResolver.rule(part) else { return .no }
        var j = after
        if j < end {
            switch until(t, j, end: end, clock: clock) {
            case .yes(let date, let next):
                rule.until = date
                j = next
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        return .yes(rule, next: j)
    }

    /// `until <date>`, `till <date>`, `<tarih>'e kadar`, `<tarih> kadar`.
    static func until(_ t: [Word], _ i: Int, end: Int, clock: LocalClock) -> PlannerMatch<LocalDate> {
        if keyword(t[i]) == .until || keyword(t[i]) == .through {
            return PlannerDateParser.date(t, i + 1, end: end, clock: clock, direction: .future)
        }
        switch PlannerDateParser.date(t, i, end: end, clock: clock, direction: .future) {
        case .yes(let d, let next) where next < end && keyword(t[next]) == .kadar: return .yes(d, next: next + 1)
        case .bad(let p, let s) where (i + 1..<end).contains(where: { keyword(t[$0]) == .kadar }): return .bad(p, s)
        default: return .no
        }
    }
}
