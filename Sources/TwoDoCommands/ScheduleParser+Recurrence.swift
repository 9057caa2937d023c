// The recurrence part of a schedule phrase: `every …`, `daily`, `her …`, `2 haftada bir`, `bitince 3 gün sonra`.

extension ScheduleParser {
    /// A recurrence rule starting at `i`.
    func recurrence(_ i: Int) -> (RecurrencePart, Int)? {
        guard let t = token(i) else { return nil }
        switch t.kind {
        case .keyword(.every) where t.ending == .none: return every(i + 1, start: i, fromCompletion: false)
        case .keyword(.everyBang) where t.ending == .none: return every(i + 1, start: i, fromCompletion: true)
        case .keyword(.daily), .keyword(.weekly), .keyword(.monthly), .keyword(.yearly), .keyword(.biweekly):
            return adjective(t.keyword!, i)
        case .keyword(.weekdays), .keyword(.weekends):
            return (weekRule(t.keyword == .weekdays, start: i, end: i + 1), i + 1)
        case .keyword(.on):
            // `on weekdays`, `on weekends`, `on the 1st of every month`.
            if let k = kw(i + 1), k == .weekdays || k == .weekends {
                return (weekRule(k == .weekdays, start: i, end: i + 2), i + 2)
            }
            return ordinalOfEveryMonth(i + 1, start: i)
        case .keyword(.the):
            return ordinalOfEveryMonth(i, start: i)
        case .keyword(.her) where t.ending == .none: return her(i + 1, start: i)
        case .keyword(.hergun): return (RecurrencePart(frequency: .daily, words: i..<(i + 1)), i + 1)
        case .keyword(.bitince):
            // `bitince 3 gün sonra`: three days after it is done.
            guard let (n, j) = amount(i + 1), n >= 1, let f = Self.frequency(unit(j)), kw(j + 1) == .sonra else {
                return nil
            }
            return (RecurrencePart(frequency: f, interval: n, fromCompletion: true, words: i..<(j + 2)), j + 2)
        case .weekday:
            return weekdaysPlural(i)
        case .unit(.week) where t.lang == .tr && t.ending == .none:
            // `hafta içi her gün`.
            guard kw(i + 1) == .ici, kw(i + 2) == .her, unit(i + 3) == .day else { return nil }
            return (weekRule(true, start: i, end: i + 4), i + 4)
        case .unit:
            return perUnit(i, start: i, interval: 1)
        default:
            // `3 days after done`, `2 haftada bir`.
            guard let (n, j) = amount(i), n >= 1 else { return nil }
            if let f = Self.frequency(unit(j)), kw(j + 1) == .after, kw(j + 2) == .done {
                return (RecurrencePart(frequency: f, interval: n, fromCompletion: true, words: i..<(j + 3)), j + 3)
            }
            return perUnit(j, start: i, interval: n)
        }
    }

    /// Day, week, month and year map to frequencies; shorter units have none.
    static func frequency(_ unit: TimeUnit?) -> RecurrenceFrequency? {
        switch unit {
        case .day: .daily
        case .week: .weekly
        case .month: .monthly
        case .year: .yearly
        default: nil
        }
    }

    private func weekRule(_ weekdays: Bool, start: Int, end: Int) -> RecurrencePart {
        RecurrencePart(frequency: .weekly, weekdays: weekdays ? [1, 2, 3, 4, 5] : [6, 7], words: start..<end)
    }

    /// `haftada bir`, `2 haftada bir` (once per unit): the unit at `j` carries a locative and `bir` follows.
    private func perUnit(_ j: Int, start: Int, interval: Int) -> (RecurrencePart, Int)? {
        guard let u = unit(j, ending: .locative), let f = Self.frequency(u), isWord(j + 1, "bir") else { return nil }
        guard mode.looseRules else {
            return (RecurrencePart(frequency: f, interval: interval, words: start..<(j + 2)), j + 2)
        }
        var (p, n) = unitDetails(f, interval: interval, after: j + 2)
        p.words = start..<n
        return (p, n)
    }

    /// `after done` / `after completion` at `i`, if there.
    private func afterDone(_ i: Int) -> Int? { kw(i) == .after && kw(i + 1) == .done ? i + 2 : nil }

    /// What follows `every` / `every!`.
    private func every(_ i: Int, start: Int, fromCompletion: Bool) -> (RecurrencePart, Int)? {
        func done(_ part: RecurrencePart, _ next: Int) -> (RecurrencePart, Int) {
            var p = part
            var n = next
            if let after = afterDone(n) {
                p.fromCompletion = true
                n = after
            }
            p.fromCompletion = p.fromCompletion || fromCompletion
            p.words = start..<n
            return (p, n)
        }
        let empty = start..<start
        if kw(i) == .other {
            if let f = Self.frequency(unit(i + 1)) {
                if mode.looseRules {
                    let (rule, next) = unitDetails(f, interval: 2, after: i + 2)
                    return done(rule, next)
                }
                return done(RecurrencePart(frequency: f, interval: 2, words: empty), i + 2)
            }
            guard let (days, n, _) = weekdayList(i + 1) else { return nil }
            return done(RecurrencePart(frequency: .weekly, interval: 2, weekdays: days, words: empty), n)
        }
        if let (n, j) = amount(i), let f = Self.frequency(unit(j)) {
            guard n >= 1 else { return nil }
            let (rule, next) = unitDetails(f, interval: n, after: j + 1)
            return done(rule, next)
        }
        if mode.looseRules, let (n, j) = amount(i), n >= 1, let (rule, next) = perUnit(j, start: start, interval: n) {
            return done(rule, next)
        }
        if let f = Self.frequency(unit(i)) {
            let (rule, next) = unitDetails(f, interval: 1, after: i + 1)
            return done(rule, next)
        }
        if let (days, n, _) = weekdayList(i) {
            return done(RecurrencePart(frequency: .weekly, weekdays: days, words: empty), n)
        }
        if let k = kw(i), k == .weekday || k == .weekend {
            return done(weekRule(k == .weekday, start: start, end: i + 1), i + 1)
        }
        if mode.looseRules, let k = kw(i), [.weekdays, .haftaici, .weekends, .haftasonu].contains(k) {
            return done(weekRule(k == .weekdays || k == .haftaici, start: start, end: i + 1), i + 1)
        }
        if mode.looseRules, token(i)?.ending != Ending.none, let (rule, n) = plainMonthDay(i) { return done(rule, n) }
        if let t = token(i), t.ending == .none, case .timeOfDay(let tod) = t.kind, tod != .midnight {
            return done(RecurrencePart(frequency: .daily, timeOfDay: tod, words: empty), i + 1)
        }
        if let (rule, n) = monthlyOrdinal(i) { return done(rule, ofTheMonth(n)) }
        if let (month, day, n) = monthAndDay(i) {
            return done(RecurrencePart(frequency: .yearly, monthDay: day, month: month, words: empty), n)
        }
        return nil
    }

    /// After `every [N] week|month|year`: `on monday and friday`, `on the 1st`, `on the last friday`,
    /// `on March 12`.
    private func unitDetails(_ f: RecurrenceFrequency, interval: Int, after n: Int) -> (RecurrencePart, Int) {
        let base = RecurrencePart(frequency: f, interval: interval, words: n..<n)
        switch f {
        case .weekly:
            if kw(n) == .on, let (days, next, _) = weekdayList(n + 1) {
                var p = base
                p.weekdays = days
                return (p, next)
            }
            if mode.looseRules, let (days, next, _) = weekdayList(n) {
                var p = base
                p.weekdays = days
                return (p, next)
            }
        case .monthly:
            if kw(n) == .on, kw(n + 1) == .the, let (rule, next) = monthlyOrdinal(n + 2) {
                var p = rule
                p.interval = interval
                return (p, next)
            }
            if mode.looseRules {
                let k = kw(n) == .on ? n + 1 : n
                let d = kw(k) == .the ? k + 1 : k
                if let (rule, next) = monthlyOrdinal(d) ?? plainMonthDay(d) {
                    var p = rule
                    p.interval = interval
                    return (p, next)
                }
            }
        case .yearly:
            if kw(n) == .on, let (month, day, next) = monthAndDay(n + 1) {
                var p = base
                p.month = month
                p.monthDay = day
                return (p, next)
            }
        case .daily:
            break
        }
        return (base, n)
    }

    /// `15th` (monthly on the 15th), `3rd friday`, `last friday`, `first monday`, `last day`.
    private func monthlyOrdinal(_ i: Int) -> (RecurrencePart, Int)? {
        guard let t = token(i), t.ending == .none else { return nil }
        switch t.kind {
        case .ordinal(let n):
            if let (d, _) = weekday(i + 1) {
                guard (1...5).contains(n) else { return nil }
                return (RecurrencePart(frequency: .monthly, weekdays: [d], ordinal: n, words: i..<(i + 2)), i + 2)
            }
            return (RecurrencePart(frequency: .monthly, monthDay: n, words: i..<(i + 1)), i + 1)
        case .ordinalWord(let n):
            if let (d, _) = weekday(i + 1) {
                return (RecurrencePart(frequency: .monthly, weekdays: [d], ordinal: n, words: i..<(i + 2)), i + 2)
            }
            if n == -1, unit(i + 1) == .day {
                return (RecurrencePart(frequency: .monthly, monthDay: 31, words: i..<(i + 2)), i + 2)
            }
            return nil
        default:
            return nil
        }
    }

    /// A day of the month written plain or with an ending (`15`, `15'i`, `15'inde`), for `looseRules`.
    private func plainMonthDay(_ i: Int) -> (RecurrencePart, Int)? {
        guard let t = token(i), case .number(let day, let digits) = t.kind, (1...2).contains(digits),
            (1...31).contains(day)
        else { return nil }
        return (RecurrencePart(frequency: .monthly, monthDay: day, words: i..<(i + 1)), i + 1)
    }

    /// Skips an optional `of the month` / `of every month` / `of each month` / `of the month`.
    private func ofTheMonth(_ n: Int) -> Int {
        guard kw(n) == .of else { return n }
        let m = kw(n + 1) == .the || kw(n + 1) == .every ? n + 2 : n + 1
        return unit(m) == .month ? m + 1 : n
    }

    /// `on the 1st of every month` (starting at `the`).
    private func ordinalOfEveryMonth(_ i: Int, start: Int) -> (RecurrencePart, Int)? {
        guard kw(i) == .the, let (rule, n) = monthlyOrdinal(i + 1), kw(n) == .of, kw(n + 1) == .every,
            unit(n + 2) == .month
        else { return nil }
        var p = rule
        p.words = start..<(n + 3)
        return (p, n + 3)
    }

    /// `12 March`, `March 12`, `March 12th`, `12 Mart` (no year): month and day.
    private func monthAndDay(_ i: Int) -> (Int, Int, Int)? {
        guard let a = token(i), let b = token(i + 1), a.ending == .none else { return nil }
        switch (a.kind, b.kind) {
        case (.number(let d, let digits), .month(let m)) where (1...2).contains(digits): return (m, d, i + 2)
        case (.ordinal(let d), .month(let m)): return (m, d, i + 2)
        case (.month(let m), .number(let d, let digits)) where (1...2).contains(digits): return (m, d, i + 2)
        case (.month(let m), .ordinal(let d)): return (m, d, i + 2)
        default: return nil
        }
    }

    /// `daily`, `weekly [on friday]`, `monthly [on the 1st]`, `yearly [on March 12]`, `biweekly`.
    private func adjective(_ k: Keyword, _ i: Int) -> (RecurrencePart, Int)? {
        guard lex[i].ending == .none else { return nil }
        let (f, interval): (RecurrenceFrequency, Int) =
            switch k {
            case .daily: (.daily, 1)
            case .weekly: (.weekly, 1)
            case .biweekly: (.weekly, 2)
            case .monthly: (.monthly, 1)
            default: (.yearly, 1)
            }
        var (p, n) = unitDetails(f, interval: interval, after: i + 1)
        if let after = afterDone(n) {
            p.fromCompletion = true
            n = after
        }
        p.words = i..<n
        return (p, n)
    }

    /// Weekday names joined by `and`, `ve`, `&` or commas; each may carry a plural ending (`cumaları`).
    /// Returns the days, the next index, and whether any was plural.
    func weekdayList(_ i: Int) -> ([Int], Int, Bool)? {
        var days: [Int] = []
        var plural = false
        var n = i
        func day(_ j: Int) -> [Int]? {
            guard let t = token(j), t.ending == .none || t.ending == .plural else { return nil }
            switch t.kind {
            case .weekday(let d, _): return [d]
            case .weekdays(let ds) where t.ending == .none: return ds
            default: return nil
            }
        }
        guard let first = day(n) else { return nil }
        plural = lex[n].ending == .plural
        days += first
        n += 1
        while n - i < 14 {
            if let k = kw(n), k == .and || k == .ve || (mode.looseRules && (k == .or || k == .veya)),
                let more = day(n + 1)
            {
                plural = plural || lex[n + 1].ending == .plural
                days += more
                n += 2
            } else if let more = day(n) {
                plural = plural || lex[n].ending == .plural
                days += more
                n += 1
            } else {
                break
            }
        }
        return (Array(Set(days)).sorted(), n, plural)
    }

    /// Turkish `pazartesi ve perşembe günleri`, `cumaları` ("on Fridays"): a weekly rule.
    private func weekdaysPlural(_ i: Int) -> (RecurrencePart, Int)? {
        guard lex[i].lang != .en, let (days, n, plural) = weekdayList(i) else { return nil }
        if plural { return (RecurrencePart(frequency: .weekly, weekdays: days, words: i..<n), n) }
        guard let g = token(n), g.unit == .day, g.ending == .plural else { return nil }
        return (RecurrencePart(frequency: .weekly, weekdays: days, words: i..<(n + 1)), n + 1)
    }

    /// What follows Turkish `her` ("every"); English words are not taken (`call her monday`).
    private func her(_ i: Int, start: Int) -> (RecurrencePart, Int)? {
        guard let t = token(i), t.lang != .en || mode.looseRules else { return nil }
        func rule(_ p: RecurrencePart, _ n: Int) -> (RecurrencePart, Int) {
            var r = p
            r.words = start..<n
            return (r, n)
        }
        let empty = start..<start
        if t.ending == .none, let u = t.unit {
            if u == .week, kw(i + 1) == .ici { return rule(weekRule(true, start: start, end: i + 2), i + 2) }
            if u == .week, kw(i + 1) == .sonu { return rule(weekRule(false, start: start, end: i + 2), i + 2) }
            if u == .year, let (month, day, n) = monthAndDay(i + 1) {
                return rule(RecurrencePart(frequency: .yearly, monthDay: day, month: month, words: empty), n)
            }
            if let f = Self.frequency(u) {
                guard mode.looseRules else { return rule(RecurrencePart(frequency: f, words: empty), i + 1) }
                let (p, n) = unitDetails(f, interval: 1, after: i + 1)
                return rule(p, n)
            }
            return nil
        }
        if mode.looseRules, let k = t.keyword, t.ending == .none, [.weekdays, .haftaici, .weekends].contains(k) {
            return rule(weekRule(k != .weekends, start: start, end: i + 1), i + 1)
        }
        if t.keyword == .haftasonu { return rule(weekRule(false, start: start, end: i + 1), i + 1) }
        if t.ending == .genitive, t.unit == .month { return monthOf(i + 1, start: start) }
        if let (n, j) = amount(i), n >= 1 {
            // `her 2 haftada bir`, `her 2 hafta`.
            if let f = Self.frequency(unit(j, ending: .locative)) {
                let next = isWord(j + 1, "bir") ? j + 2 : j + 1
                guard mode.looseRules, next == j + 2 else {
                    return rule(RecurrencePart(frequency: f, interval: n, words: empty), next)
                }
                let (p, after) = unitDetails(f, interval: n, after: next)
                return rule(p, after)
            }
            if let f = Self.frequency(unit(j)) {
                guard mode.looseRules else {
                    return rule(RecurrencePart(frequency: f, interval: n, words: empty), j + 1)
                }
                let (p, after) = unitDetails(f, interval: n, after: j + 1)
                return rule(p, after)
            }
        }
        if let (days, n, _) = weekdayList(i) {
            return rule(RecurrencePart(frequency: .weekly, weekdays: days, words: empty), n)
        }
        if t.ending == .none, case .timeOfDay(let tod) = t.kind, tod != .midnight {
            return rule(RecurrencePart(frequency: .daily, timeOfDay: tod, words: empty), i + 1)
        }
        if let (month, day, n) = monthAndDay(i) {
            return rule(RecurrencePart(frequency: .yearly, monthDay: day, month: month, words: empty), n)
        }
        // `her 15'i`.
        if mode.looseRules, t.ending != .none, let (p, n) = plainMonthDay(i) { return rule(p, n) }
        return nil
    }

    /// After `her ayın`: `1'i`, `15'inde`, `son cuması`, `ilk pazartesisi`, `üçüncü cuması`, `son günü`.
    private func monthOf(_ i: Int, start: Int) -> (RecurrencePart, Int)? {
        guard let t = token(i) else { return nil }
        if case .number(let d, let digits) = t.kind, (1...2).contains(digits),
            t.ending == .possessive || t.ending == .locative || mode.looseRules
        {
            return (RecurrencePart(frequency: .monthly, monthDay: d, words: start..<(i + 1)), i + 1)
        }
        guard t.ending == .none, case .ordinalWord(let n) = t.kind, let w = token(i + 1),
            w.ending == .possessive || w.ending == .locative
        else { return nil }
        switch w.kind {
        case .weekday(let d, _):
            return (RecurrencePart(frequency: .monthly, weekdays: [d], ordinal: n, words: start..<(i + 2)), i + 2)
        case .unit(.day) where n == -1:
            return (RecurrencePart(frequency: .monthly, monthDay: 31, words: start..<(i + 2)), i + 2)
        default:
            return nil
        }
    }
}
