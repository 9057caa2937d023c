// The optional parts after an event's title or a routine's name, in any order: date, time, place, ...

import TwoDoCore

/// Reads the clauses that follow a title in `event add/edit` and a name in `routine add/edit`.
///
/// Each clause may appear once, in any order: a date, a time or time range (`at 7pm`, `19:00-21:00`),
/// `all day`, `at <place>` (a place runs until the next clause) or a Turkish `Kadıköy'de`, `remind [me] <duration> before` /
/// `<süre> önce hatırlat`, `no reminder`, a repeat rule (`every …`) with `until`, `once`/`no repeat`,
/// `for <name|me|both>` / `<ad> için`, `no time`, and (edits only) `title <new title>` / `başlık …`, which
/// takes the rest of the line.
struct PlannerClauses {
    /// Which clauses a command accepts.
    struct Allowed: OptionSet {
        let rawValue: Int
        static let date = Allowed(rawValue: 1)
        static let time = Allowed(rawValue: 2)
        static let range = Allowed(rawValue: 4)
        static let place = Allowed(rawValue: 8)
        static let remind = Allowed(rawValue: 16)
        static let rule = Allowed(rawValue: 32)
        static let assignee = Allowed(rawValue: 64)
        static let title = Allowed(rawValue: 128)
        static let clearing = Allowed(rawValue: 256)
        static let allDay = Allowed(rawValue: 512)

        static let eventAdd: Allowed = [.date, .time, .range, .place, .remind, .rule, .assignee, .allDay]
        static let eventEdit: Allowed = [.eventAdd, .title, .clearing]
        static let routineAdd: Allowed = [.time, .rule, .assignee]
        static let routineEdit: Allowed = [.time, .rule, .clearing]
    }

    /// What the clauses said.
    var draft = EventDraft()
    var noTime = false
    var sawDate = false
    var sawTime = false
    var sawRule = false
    var count = 0

    private enum Clause {
        case date(LocalDate)
        /// `- Dec 12 [5pm]` after a date: the last day of a multi-day event and its end time.
        case spanEnd(LocalDate, LocalTime?)
        case time(LocalTime, LocalTime?)
        case allDay
        case place(String)
        case remind(Int)
        case noReminder
        case rule(Recurrence)
        case until(LocalDate)
        case once
        case noTime
        case assignee(AssigneeRef)
        case title(String)
    }

    /// Reads `t[i..<end]` completely as clauses; nil when some words are no clause.
    /// - Returns: `.bad` when a clause looks like a date or time but cannot be one.
    static func read(
        _ t: [Word], _ i: Int, end: Int, allowed: Allowed, clock: LocalClock, members: [String]
    ) -> PlannerMatch<PlannerClauses> {
        var result = PlannerClauses()
        var j = i
        var until: LocalDate?
        var evening = false
        while j < end {
            let found = clause(t, j, end: end, allowed: allowed, clock: clock, members: members, placeAllowed: true)
            guard case .yes(let c, let next) = found else {
                if case .bad(let p, let s) = found { return .bad(p, s) }
                return .no
            }
            result.count += 1
            switch c {
            case .date(let d):
                guard !result.sawDate else { return .no }
                result.sawDate = true
                result.draft.date = d
            case .time(let start, let finish):
                guard !result.sawTime else { return .no }
                result.sawTime = true
                result.draft.time = start
                result.draft.end = finish
            case .spanEnd(let last, let time):
                // Only right after the start's date (and time): `Dec 10 [9am] - Dec 12 [5pm]`.
                guard result.sawDate, result.draft.endDate == nil, result.draft.end == nil else { return .no }
                result.draft.endDate = last
                result.draft.end = time
            case .allDay: result.draft.allDay = true
            case .place(let p):
                guard result.draft.location == nil else { return .no }
                result.draft.location = p
            case .remind(let m):
                guard result.draft.remindMinutes == nil else { return .no }
                result.draft.remindMinutes = m
            case .noReminder: result.draft.clearReminder = true
            case .rule(let r):
                guard !result.sawRule else { return .no }
                result.sawRule = true
                result.draft.recurrence = r
                if j + 1 < end, PlannerScheduleParser.isEvening(t[j + 1]) { evening = true }
            case .until(let d): until = d
            case .once: result.draft.clearRecurrence = true
            case .noTime: result.noTime = true
            case .assignee(let a):
                guard result.draft.assignee == nil else { return .no }
                result.draft.assignee = a
            case .title(let s): result.draft.title = s
            }
            j = next
        }
        if let until {
            guard result.draft.recurrence != nil else { return .no }
            result.draft.recurrence?.until = until
        }
        if evening {
            // `her akşam 8'de`, `every evening at 7-9`: an hour 1–11 after an evening word is p.m.
            result.draft.time = result.draft.time.map(Self.afternoon)
            result.draft.end = result.draft.end.map(Self.afternoon)
        }
        return .yes(result, next: j)
    }

    /// `8:30` → `20:30`; other hours unchanged.
    private static func afternoon(_ time: LocalTime) -> LocalTime {
        guard (1...11).contains(time.hour), let later = LocalTime(validHour: time.hour + 12, minute: time.minute) else {
            return time
        }
        return later
    }

    /// The words between a multi-day event's first and last day: `Dec 10 - Dec 12`, `Dec 10 to Dec 12`.
    private static func isSpanDash(_ w: Word) -> Bool {
        ["-", "\u{2013}", "\u{2014}", "to"].contains(w.bareKey) || w.stemToken.keyword == .through
    }

    /// Whether a clause starts at `j` (used to end a place).
    private static func startsClause(
        _ t: [Word], _ j: Int, end: Int, allowed: Allowed, clock: LocalClock, members: [String]
    ) -> Bool {
        switch clause(t, j, end: end, allowed: allowed, clock: clock, members: members, placeAllowed: false) {
        case .yes, .bad: return true
        case .no: return false
        }
    }

    private static func clause(
        _ t: [Word], _ j: Int, end: Int, allowed: Allowed, clock: LocalClock, members: [String],
        placeAllowed: Bool
    ) -> PlannerMatch<Clause> {
        let k = t[j].stem
        let next1 = j + 1 < end ? t[j + 1].stem : ""
        if allowed.contains(.title), ["title", "baslik", "rename"].contains(k), j + 1 < end {
            return .yes(.title(t[(j + 1)..<end].typedText), next: end)
        }
        if allowed.contains(.allDay) {
            if k == "allday" || k == "tumgun" { return .yes(.allDay, next: j + 1) }
            if ["all", "tum", "butun"].contains(k) && j + 1 < end && t[j + 1].stemToken.unit == .day
                && t[j + 1].stemToken.ending == .none
            {
                return .yes(.allDay, next: j + 2)
            }
        }
        if allowed.contains(.clearing) {
            if k == "no" && (next1 == "reminder" || next1 == "reminders") { return .yes(.noReminder, next: j + 2) }
            if k == "hatirlatma" && next1 == "yok" { return .yes(.noReminder, next: j + 2) }
            if k == "once" || k == "tekrarsiz" { return .yes(.once, next: j + 1) }
            if (k == "no" && (next1 == "repeat" || next1 == "recurrence")) || (k == "tekrar" && next1 == "yok") {
                return .yes(.once, next: j + 2)
            }
            if (k == "no" && next1 == "time") || (k == "saat" && next1 == "yok") { return .yes(.noTime, next: j + 2) }
            if k == "saatsiz" { return .yes(.noTime, next: j + 1) }
        }
        if allowed.contains(.remind), let m = remind(t, j, end: end) { return .yes(.remind(m.0), next: m.1) }
        if allowed.contains(.rule) {
            switch PlannerScheduleParser.rule(t, j, end: end, clock: clock) {
            case .yes(let r, let next): return .yes(.rule(r), next: next)
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
            switch PlannerScheduleParser.until(t, j, end: end, clock: clock) {
            case .yes(let d, let next): return .yes(.until(d), next: next)
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        if allowed.contains(.assignee), let (who, next) = assignee(t, j, end: end, members: members) {
            return .yes(.assignee(who), next: next)
        }
        if allowed.contains(.time) {
            switch PlannerDateParser.timeRange(t, j, end: end) {
            case .yes(let (start, finish), let next):
                if finish != nil && !allowed.contains(.range) { return .no }
                // `09:00 - 16 Aralık 17:00`: the dash starts a multi-day end, not an end time `16`.
                if finish != nil, allowed.contains(.date),
                    let dash = (j + 1..<next).first(where: { isSpanDash(t[$0]) }),
                    case .yes(_, let after) = PlannerDateParser.date(
                        t, dash + 1, end: end, clock: clock, direction: .future),
                    after > next
                {
                    return .yes(.time(start, nil), next: dash)
                }
                return .yes(.time(start, finish), next: next)
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        if allowed.contains(.date) {
            switch PlannerDateParser.date(t, j, end: end, clock: clock, direction: .future) {
            case .yes(let d, let next): return .yes(.date(d), next: next)
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        if allowed.contains(.range), allowed.contains(.date), isSpanDash(t[j]), j + 1 < end {
            switch PlannerDateParser.date(t, j + 1, end: end, clock: clock, direction: .future) {
            case .yes(let last, let next):
                guard next < end else { return .yes(.spanEnd(last, nil), next: next) }
                switch PlannerDateParser.timeRange(t, next, end: end) {
                case .yes(let (time, nil), let after): return .yes(.spanEnd(last, time), next: after)
                case .yes: return .no
                case .bad(let p, let s): return .bad(p, s)
                case .no: return .yes(.spanEnd(last, nil), next: next)
                }
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        // `Kadıköy'de`, `Moda Sahili'nde`: a capitalized name with a locative ending is the place (`Aralık'ta`,
        // a month, was read as a date above).
        if placeAllowed, allowed.contains(.place), let (next, name) = PlacePhrase.turkish(t, j, end: end) {
            return .yes(.place(name), next: next)
        }
        if placeAllowed, allowed.contains(.place), ["at", "yer", "konum", "location", "place"].contains(k) || k == "@",
            j + 1 < end
        {
            var e = j + 2
            while e < end && !startsClause(t, e, end: end, allowed: allowed, clock: clock, members: members) { e += 1 }
            var place = t[(j + 1)..<e].typedText
            if place.hasSuffix(",") { place.removeLast() }
            return .yes(.place(place), next: e)
        }
        return .no
    }

    /// `remind [me] <duration> before`, `reminder <duration> before`, `<süre> önce hatırlat`,
    /// `hatırlat <süre> önce`, `<süre> önceden hatırlat`: minutes and the next index.
    private static func remind(_ t: [Word], _ j: Int, end: Int) -> (Int, Int)? {
        let k = t[j].stem
        if ["remind", "reminder", "hatirlat"].contains(k) {
            var d = j + 1
            if d < end && (t[d].stem == "me" || t[d].stem == "us" || t[d].stem == "bana") { d += 1 }
            guard case .yes(let minutes, let next) = PlannerDateParser.duration(t, d, end: end), next < end,
                ["before", "once", "onceden", "earlier"].contains(t[next].stem)
            else { return nil }
            return (minutes, next + 1)
        }
        if case .yes(let minutes, let next) = PlannerDateParser.duration(t, j, end: end), next + 1 < end,
            ["once", "onceden"].contains(t[next].stem), t[next + 1].stem == "hatirlat"
        {
            return (minutes, next + 2)
        }
        return nil
    }

    /// `for me|both|us|<member>`, `<ad> için`, `benim için`, `ikimiz için`.
    private static func assignee(_ t: [Word], _ j: Int, end: Int, members: [String]) -> (AssigneeRef, Int)? {
        func who(_ key: String) -> AssigneeRef? {
            switch key {
            case "me", "ben", "benim", "bana": return .me
            case "both", "us", "everyone", "ikimiz", "ikimize", "herkes", "ortak": return .nobody
            default:
                let name = members.first { Fold.key($0) == key }
                return name.map { .member($0) }
            }
        }
        if t[j].stem == "for", j + 1 < end {
            if t[j + 1].stem == "both" || t[j + 1].stem == "us" { return (.nobody, j + 2) }
            if let w = who(t[j + 1].stem) { return (w, j + 2) }
            return nil
        }
        if j + 1 < end, t[j + 1].stem == "icin", let w = who(t[j].stem) { return (w, j + 2) }
        return nil
    }
}
