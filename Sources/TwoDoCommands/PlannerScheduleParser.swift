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

    /// The frequency a unit word names with `ending`: `day`, `weeks`, `hafta`, `sene`; `günde`, `haftada`
    /// with a locative (`2 günde bir`).
    private static func frequency(_ w: Word, ending: Ending = .none) -> RecurrenceFrequency? {
        let t = w.stemToken
        return t.ending == ending ? ScheduleParser.frequency(t.unit) : nil
    }

    /// Whether `w` is a part of the day after which an hour 1–11 is p.m. (`every evening`, `her gece`).
    static func isEvening(_ w: Word) -> Bool {
        let part = Vocabulary.partOfDay(w.stem)
        return part == .evening || part == .night
    }

    /// A rule starting at `i`, with an optional `until`.
    static func rule(_ t: [Word], _ i: Int, end: Int, clock: LocalClock) -> PlannerMatch<Recurrence> {
        guard case .yes(var rule, var j) = bare(t, i, end: end) else { return .no }
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
        if keyword(t[i]) == .until || ["through", "bitis"].contains(t[i].stem) {
            return PlannerDateParser.date(t, i + 1, end: end, clock: clock, direction: .future)
        }
        switch PlannerDateParser.date(t, i, end: end, clock: clock, direction: .future) {
        case .yes(let d, let next) where next < end && keyword(t[next]) == .kadar: return .yes(d, next: next + 1)
        case .bad(let p, let s) where (i + 1..<end).contains(where: { keyword(t[$0]) == .kadar }): return .bad(p, s)
        default: return .no
        }
    }

    private static func bare(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<Recurrence> {
        guard i < end else { return .no }
        switch keyword(t[i]) {
        case .daily?, .hergun?: return .yes(Recurrence(.daily), next: i + 1)
        case .weekly?: return weekly(t, i + 1, end: end, interval: 1)
        case .monthly?: return monthly(t, i + 1, end: end, interval: 1)
        case .yearly?: return .yes(Recurrence(.yearly), next: i + 1)
        case .every?, .her?: return every(t, i + 1, end: end)
        default: break
        }
        // `2 günde bir`, `3 haftada bir`, `2 ayda bir`, `her 2 günde bir` is read by `every`.
        if let n = Int(t[i].stem), n >= 1, n <= 999, i + 2 < end, t[i + 2].stem == "bir",
            let f = frequency(t[i + 1], ending: .locative)
        {
            return unitRule(f, t, i + 3, end: end, interval: n)
        }
        return .no
    }

    /// After `every`/`her`.
    private static func every(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<Recurrence> {
        guard i < end else { return .no }
        var j = i
        var interval = 1
        if keyword(t[j]) == .other {
            interval = 2
            j += 1
        } else if let n = Int(t[j].stem), n >= 1, n <= 999, j + 1 < end,
            frequency(t[j + 1]) != nil || frequency(t[j + 1], ending: .locative) != nil
        {
            interval = n
            j += 1
            if let f = frequency(t[j], ending: .locative) {
                guard j + 1 < end, t[j + 1].stem == "bir" else { return .no }
                return unitRule(f, t, j + 2, end: end, interval: interval)
            }
        }
        guard j < end else { return .no }
        let w = t[j]
        let next = j + 1 < end ? keyword(t[j + 1]) : nil
        // `her hafta içi`, `her hafta sonu` before the unit `hafta`.
        if frequency(w) == .weekly, next == .ici {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [1, 2, 3, 4, 5]), next: j + 2)
        }
        if frequency(w) == .weekly, next == .sonu {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [6, 7]), next: j + 2)
        }
        switch keyword(w) {
        case .weekday?, .weekdays?, .haftaici?:
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [1, 2, 3, 4, 5]), next: j + 1)
        case .weekend?, .weekends?, .haftasonu?:
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [6, 7]), next: j + 1)
        default: break
        }
        // `every morning`, `her sabah`, `every evening`, `her akşam` (with a time clause such as `8'de` after
        // it): daily. After an evening word `PlannerClauses` reads an hour 1–11 as p.m. (`her akşam 8'de` 20:00).
        if interval == 1, let part = Vocabulary.partOfDay(w.stem), [.morning, .evening, .night].contains(part) {
            return .yes(Recurrence(.daily), next: j + 1)
        }
        if let f = frequency(w) { return unitRule(f, t, j + 1, end: end, interval: interval) }
        // `her ayın 1'i`, `her ayın 15'inde`, `her ayın son cuması` is not supported.
        if frequency(w, ending: .genitive) == .monthly, j + 1 < end, let day = PlannerDateParser.dayNumber(t[j + 1]) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: j + 2)
        }
        // `every 3rd friday`, `every last friday`.
        if let ordinal = ordinal(w), j + 1 < end, let d = Vocabulary.weekday(t[j + 1].stem) {
            return .yes(Recurrence(.monthly, interval: interval, weekdays: [d], ordinal: ordinal), next: j + 2)
        }
        // `every 15th`, `her 15'i`: a day number written as an ordinal.
        if let day = PlannerDateParser.dayNumber(w), !w.caseEnding.isEmpty || !w.stem.allSatisfy(\.isNumber) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: j + 1)
        }
        if let (days, next) = weekdayList(t, j, end: end) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: days), next: next)
        }
        return .no
    }

    private static func unitRule(
        _ f: RecurrenceFrequency, _ t: [Word], _ j: Int, end: Int, interval: Int
    ) -> PlannerMatch<Recurrence> {
        switch f {
        case .daily: return .yes(Recurrence(.daily, interval: interval), next: j)
        case .weekly: return weekly(t, j, end: end, interval: interval)
        case .monthly: return monthly(t, j, end: end, interval: interval)
        case .yearly: return .yes(Recurrence(.yearly, interval: interval), next: j)
        }
    }

    /// A weekly rule with optional days: `on sunday`, `on mon and thu`, or (Turkish) the days directly.
    private static func weekly(_ t: [Word], _ j: Int, end: Int, interval: Int) -> PlannerMatch<Recurrence> {
        var k = j
        if k < end && keyword(t[k]) == .on { k += 1 }
        if let (days, next) = weekdayList(t, k, end: end) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: days), next: next)
        }
        return .yes(Recurrence(.weekly, interval: interval), next: j)
    }

    /// A monthly rule with an optional day: `on the 1st`, `on 15`, (Turkish) `1'inde`.
    private static func monthly(_ t: [Word], _ j: Int, end: Int, interval: Int) -> PlannerMatch<Recurrence> {
        var k = j
        if k < end && keyword(t[k]) == .on { k += 1 }
        if k < end && keyword(t[k]) == .the { k += 1 }
        if k < end, let ordinal = ordinal(t[k]), k + 1 < end, let w = Vocabulary.weekday(t[k + 1].stem) {
            return .yes(Recurrence(.monthly, interval: interval, weekdays: [w], ordinal: ordinal), next: k + 2)
        }
        if k < end, let day = PlannerDateParser.dayNumber(t[k]) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: k + 1)
        }
        return .yes(Recurrence(.monthly, interval: interval), next: j)
    }

    /// `1st`…`5th`, `first`…`fifth`, `last`, `son` (and `ilk`, `birinci`…); nil otherwise.
    private static func ordinal(_ w: Word) -> Int? {
        let t = w.stemToken
        guard t.ending == .none else { return nil }
        switch t.kind {
        case .ordinal(let n) where (1...5).contains(n): return n
        case .ordinalWord(let n): return n
        default: return nil
        }
    }

    /// `monday`, `mon, wed and fri`, `pazartesi, çarşamba ve cuma`: sorted ISO weekdays and the next index.
    static func weekdayList(_ t: [Word], _ i: Int, end: Int) -> ([Int], Int)? {
        var days: [Int] = []
        var j = i
        while j < end, let w = Vocabulary.weekday(t[j].stem) {
            if !days.contains(w) { days.append(w) }
            j += 1
            if j + 1 < end, let k = keyword(t[j]), [.and, .ve, .or, .veya].contains(k),
                Vocabulary.weekday(t[j + 1].stem) != nil
            {
                j += 1
            }
        }
        guard !days.isEmpty else { return nil }
        return (days.sorted(), j)
    }
}
