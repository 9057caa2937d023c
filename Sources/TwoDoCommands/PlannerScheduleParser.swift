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
    /// Words of `every morning` / `her sabah`.
    static let morningWords = ["morning", "mornings", "sabah", "sabahlari"]
    /// Words of `every evening` / `her akşam` / `every night` / `her gece`, after which 8 means 20:00.
    static let eveningWords = ["evening", "evenings", "night", "nights", "aksam", "aksamlari", "gece", "geceleri"]

    private static let dayUnits: Set<String> = ["day", "days", "gun"]
    private static let weekUnits: Set<String> = ["week", "weeks", "hafta"]
    private static let monthUnits: Set<String> = ["month", "months", "ay"]
    private static let yearUnits: Set<String> = ["year", "years", "yil", "sene"]
    private static let joiners: Set<String> = ["and", "ve", "&", "or", "veya", "ile"]

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
        if ["until", "till", "through", "bitis"].contains(t[i].stem) {
            return PlannerDateParser.date(t, i + 1, end: end, clock: clock, direction: .future)
        }
        switch PlannerDateParser.date(t, i, end: end, clock: clock, direction: .future) {
        case .yes(let d, let next) where next < end && t[next].stem == "kadar": return .yes(d, next: next + 1)
        case .bad(let p, let s) where (i + 1..<end).contains(where: { t[$0].stem == "kadar" }): return .bad(p, s)
        default: return .no
        }
    }

    private static func bare(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<Recurrence> {
        guard i < end else { return .no }
        let k = t[i].stem
        switch k {
        case "daily", "everyday", "hergun": return .yes(Recurrence(.daily), next: i + 1)
        case "weekly": return weekly(t, i + 1, end: end, interval: 1)
        case "monthly": return monthly(t, i + 1, end: end, interval: 1)
        case "yearly", "annually": return .yes(Recurrence(.yearly), next: i + 1)
        case "every", "her", "each":
            return every(t, i + 1, end: end)
        default:
            break
        }
        // `2 günde bir`, `3 haftada bir`, `2 ayda bir`, `her 2 günde bir` is read by `every`.
        if let n = Int(k), n >= 1, n <= 999, i + 2 < end, t[i + 2].stem == "bir" {
            switch t[i + 1].stem {
            case "gunde": return .yes(Recurrence(.daily, interval: n), next: i + 3)
            case "haftada": return weekly(t, i + 3, end: end, interval: n)
            case "ayda": return monthly(t, i + 3, end: end, interval: n)
            case "yilda", "senede": return .yes(Recurrence(.yearly, interval: n), next: i + 3)
            default: break
            }
        }
        return .no
    }

    /// After `every`/`her`.
    private static func every(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<Recurrence> {
        guard i < end else { return .no }
        var j = i
        var interval = 1
        if t[j].stem == "other" {
            interval = 2
            j += 1
        } else if let n = Int(t[j].stem), n >= 1, n <= 999, j + 1 < end,
            dayUnits.contains(t[j + 1].stem) || weekUnits.contains(t[j + 1].stem) || monthUnits.contains(t[j + 1].stem)
                || yearUnits.contains(t[j + 1].stem) || ["gunde", "haftada", "ayda", "yilda"].contains(t[j + 1].stem)
        {
            interval = n
            j += 1
            if ["gunde", "haftada", "ayda", "yilda"].contains(t[j].stem) {
                guard j + 1 < end, t[j + 1].stem == "bir" else { return .no }
                let unit = ["gunde": "gun", "haftada": "hafta", "ayda": "ay", "yilda": "yil"][t[j].stem]!
                return unitRule(unit, t, j + 2, end: end, interval: interval)
            }
        }
        guard j < end else { return .no }
        let k = t[j].stem
        // `her hafta içi`, `her hafta sonu` before the unit `hafta`.
        if k == "hafta", j + 1 < end, t[j + 1].stem == "ici" {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [1, 2, 3, 4, 5]), next: j + 2)
        }
        if k == "hafta", j + 1 < end, t[j + 1].stem == "sonu" {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [6, 7]), next: j + 2)
        }
        if ["weekday", "weekdays", "haftaici"].contains(k) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [1, 2, 3, 4, 5]), next: j + 1)
        }
        if ["weekend", "weekends", "haftasonu"].contains(k) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: [6, 7]), next: j + 1)
        }
        // `every morning`, `her sabah`, `every evening`, `her akşam` (with a time clause such as `8'de` after
        // it): daily. After an evening word `PlannerClauses` reads an hour 1–11 as p.m. (`her akşam 8'de` 20:00).
        if interval == 1, (Self.morningWords + Self.eveningWords).contains(k) {
            return .yes(Recurrence(.daily), next: j + 1)
        }
        if dayUnits.contains(k) || weekUnits.contains(k) || monthUnits.contains(k) || yearUnits.contains(k) {
            return unitRule(k, t, j + 1, end: end, interval: interval)
        }
        // `her ayın 1'i`, `her ayın 15'inde`, `her ayın son cuması` is not supported.
        if k == "ayin", j + 1 < end, let day = PlannerDateParser.dayNumber(t[j + 1]) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: j + 2)
        }
        // `every 3rd friday`, `every last friday`.
        if let ordinal = ordinal(t[j]), j + 1 < end, let w = Vocabulary.weekday(t[j + 1].stem) {
            return .yes(Recurrence(.monthly, interval: interval, weekdays: [w], ordinal: ordinal), next: j + 2)
        }
        // `every 15th`.
        // `every 15th`, `her 15'i`: a day number written as an ordinal.
        if let day = PlannerDateParser.dayNumber(t[j]), !t[j].caseEnding.isEmpty || !t[j].stem.allSatisfy(\.isNumber) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: j + 1)
        }
        if let (days, next) = weekdayList(t, j, end: end) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: days), next: next)
        }
        return .no
    }

    private static func unitRule(
        _ unit: String, _ t: [Word], _ j: Int, end: Int, interval: Int
    ) -> PlannerMatch<Recurrence> {
        if dayUnits.contains(unit) { return .yes(Recurrence(.daily, interval: interval), next: j) }
        if weekUnits.contains(unit) { return weekly(t, j, end: end, interval: interval) }
        if monthUnits.contains(unit) { return monthly(t, j, end: end, interval: interval) }
        return .yes(Recurrence(.yearly, interval: interval), next: j)
    }

    /// A weekly rule with optional days: `on sunday`, `on mon and thu`, or (Turkish) the days directly.
    private static func weekly(_ t: [Word], _ j: Int, end: Int, interval: Int) -> PlannerMatch<Recurrence> {
        var k = j
        if k < end && t[k].stem == "on" { k += 1 }
        if let (days, next) = weekdayList(t, k, end: end) {
            return .yes(Recurrence(.weekly, interval: interval, weekdays: days), next: next)
        }
        return .yes(Recurrence(.weekly, interval: interval), next: j)
    }

    /// A monthly rule with an optional day: `on the 1st`, `on 15`, (Turkish) `1'inde`.
    private static func monthly(_ t: [Word], _ j: Int, end: Int, interval: Int) -> PlannerMatch<Recurrence> {
        var k = j
        if k < end && t[k].stem == "on" { k += 1 }
        if k < end && t[k].stem == "the" { k += 1 }
        if k < end, let ordinal = ordinal(t[k]), k + 1 < end, let w = Vocabulary.weekday(t[k + 1].stem) {
            return .yes(Recurrence(.monthly, interval: interval, weekdays: [w], ordinal: ordinal), next: k + 2)
        }
        if k < end, let day = PlannerDateParser.dayNumber(t[k]) {
            return .yes(Recurrence(.monthly, interval: interval, monthDay: day), next: k + 1)
        }
        return .yes(Recurrence(.monthly, interval: interval), next: j)
    }

    /// `1st`…`5th`, `first`…`fifth`, `last`, `son`; nil otherwise.
    private static func ordinal(_ token: Word) -> Int? {
        let words = [
            "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "son": -1, "1st": 1, "2nd": 2,
            "3rd": 3, "4th": 4, "5th": 5,
        ]
        return words[token.stem]
    }

    /// `monday`, `mon, wed and fri`, `pazartesi, çarşamba ve cuma`: sorted ISO weekdays and the next index.
    static func weekdayList(_ t: [Word], _ i: Int, end: Int) -> ([Int], Int)? {
        var days: [Int] = []
        var j = i
        while j < end, let w = Vocabulary.weekday(t[j].stem) {
            if !days.contains(w) { days.append(w) }
            j += 1
            if j + 1 < end, joiners.contains(t[j].stem), Vocabulary.weekday(t[j + 1].stem) != nil { j += 1 }
        }
        guard !days.isEmpty else { return nil }
        return (days.sorted(), j)
    }
}
