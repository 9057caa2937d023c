// The date part of a schedule phrase: relative days, weekdays, calendar dates, week and month ends.

extension ScheduleParser {
    /// `[on|by|due|due on|due by|starting|en geç] <date>` (`en geç cuma`, "by Friday at the latest").
    func date(_ start: Int) -> (DatePart, Int)? {
        var i = start
        var marked = false
        if let k = kw(i), k == .on || k == .by || k == .due || k == .starting {
            i += 1
            marked = true
            if k == .due, let k2 = kw(i), k2 == .on || k2 == .by { i += 1 }
        } else if isWord(i, "en"), isWord(i + 1, "gec") {
            i += 2
            marked = true
        }
        // Turkish `on gün sonra` ("in ten days") starts with `on` too; `due 1st`, `by the 15th` after a marker.
        guard
            let (body, end) = dateBody(i) ?? (marked && i == start + 1 ? dateBody(start) : nil)
                ?? (marked ? markedMonthDay(i) : nil)
        else {
            return nil
        }
        var part = body
        var next = end
        part.marked = part.marked || marked
        // A part of the day right after the date belongs to it: `tomorrow morning`, `yarın akşam`,
        // `cuma akşamı`, `friday night`, `yarın öğleden sonra` (so `tomorrow morning at 7` is 07:00).
        // A dative one (`yarın sabaha ertele`, "to tomorrow morning") makes the whole date a target.
        if part.timeOfDay == nil, !part.dative, let t = token(next),
            t.ending == .none || t.ending == .possessive || t.ending == .dative
        {
            if case .timeOfDay(let tod) = t.kind, !(t.lang == .tr && kw(next + 1) == .yarisi) {
                part.timeOfDay = tod
                part.dative = t.ending == .dative
                next += 1
            } else if t.keyword == .ogleden, t.ending == .none, token(next + 1)?.keyword == .sonra {
                part.timeOfDay = .afternoon
                next += 2
            }
            part.words = part.words.lowerBound..<next
        }
        if case .seconds = part.spec, part.timeOfDay != nil { return nil }
        return (part, next)
    }

    /// An ordinal day of the month alone after `on`/`by`/`due` (`due 1st`, `on 15th`): that day, this month or next.
    private func markedMonthDay(_ i: Int) -> (DatePart, Int)? {
        guard let t = token(i), t.ending == .none, case .ordinal(let day) = t.kind else { return nil }
        return finish(.monthDay(day), i, i + 1)
    }

    /// A date part spanning `start..<next`; the last word may carry no ending, a locative or a dative
    /// (`possessive` also allows a possessive, as in `cuma günü` and `ayın 15'i`).
    private func finish(
        _ spec: DateSpec, _ start: Int, _ next: Int, timeOfDay: TimeOfDay? = nil, marked: Bool = false,
        abbreviated: Bool = false, needsMarker: Bool = false, possessive: Bool = false
    ) -> (DatePart, Int)? {
        let ending = lex[next - 1].ending
        guard
            ending == .none || ending == .dative || ending == .locative || (possessive && ending == .possessive)
                || (mode.ablative && ending == .ablative)
        else { return nil }
        let part = DatePart(
            spec: spec, words: start..<next, timeOfDay: timeOfDay, marked: marked, dative: ending == .dative,
            abbreviated: abbreviated, needsMarker: needsMarker)
        return (part, next)
    }

    /// The date words themselves, without a preposition.
    func dateBody(_ i: Int) -> (DatePart, Int)? {
        guard let t = token(i) else { return nil }
        switch t.kind {
        case .keyword(let k):
            return keywordDate(k, t, i)
        case .unit(let u):
            return unitDate(u, t, i)
        case .weekday(let d, let short):
            // `cuma günü` ("on Friday"), `cuma gününe` ("to Friday").
            if t.ending == .none, let g = token(i + 1), g.unit == .day, g.ending == .possessive || g.ending == .dative {
                return finish(.weekday(d, .bare), i, i + 2, marked: true, possessive: true)
            }
            return finish(.weekday(d, .bare), i, i + 1, abbreviated: short)
        case .month(let m):
            // `Ocak sonu`, `Ocak sonuna kadar`: the month's last day.
            if t.ending == .none, t.lang == .tr, token(i + 1)?.keyword == .sonu {
                return finish(.endOfNamedMonth(m), i, i + 2)
            }
            // Month first: `Dec 24`, `December 24th 2026`.
            guard t.ending == .none, let (day, n) = dayNumber(i + 1) else { return nil }
            return withYear(month: m, day: day, start: i, after: n)
        case .number, .ordinal:
            if let r = relative(i) { return r }
            // Day first: `24 December`, `24th of December`, `24 Aralık 2026`.
            guard t.ending == .none, let (day, n) = dayNumber(i) else { return nil }
            let m = kw(n) == .of ? n + 1 : n
            guard let mt = token(m), case .month(let month) = mt.kind else { return nil }
            if mt.ending != .none { return finish(.calendar(year: nil, month: month, day: day), i, m + 1) }
            return withYear(month: month, day: day, start: i, after: m + 1)
        case .duration:
            return relative(i)
        case .iso(let y, let m, let d):
            return finish(.calendar(year: y, month: m, day: d), i, i + 1)
        case .dotted(let a, let b, let year, let digits), .slashed(let a, let b, let year, let digits):
            // Day first in both languages; the month needs two digits (`1.05`) unless a year follows. A
            // first half over 23 cannot be an hour, so `24.13` is a (bad) date rather than a time.
            guard year != nil || (digits == 2 && (b <= 12 || a > 23)) else { return nil }
            return finish(.calendar(year: year, month: b, day: a), i, i + 1)
        default:
            return nil
        }
    }

    /// A day of the month at `i`: one or two digits or an ordinal (`24`, `24th`), no ending unless last.
    private func dayNumber(_ i: Int) -> (Int, Int)? {
        guard let t = token(i) else { return nil }
        switch t.kind {
        case .number(let n, let digits) where (1...2).contains(digits): return (n, i + 1)
        case .ordinal(let n): return (n, i + 1)
        default: return nil
        }
    }

    /// A calendar date whose day and month end at `after - 1`, with an optional four-digit year after.
    private func withYear(month: Int, day: Int, start: Int, after: Int) -> (DatePart, Int)? {
        // The day word may carry an ending only when it is last (`Aralık 24'te`).
        if let y = token(after), case .number(let year, 4) = y.kind, lex[after - 1].ending == .none {
            return finish(.calendar(year: year, month: month, day: day), start, after + 1)
        }
        return finish(.calendar(year: nil, month: month, day: day), start, after)
    }

    /// `N <unit> sonra|içinde`, `10dk sonra`, `yarım saat sonra` (Turkish relative dates).
    private func relative(_ i: Int) -> (DatePart, Int)? {
        if let (n, j) = amount(i), let u = unit(j), let k = kw(j + 1), k == .sonra || k == .icinde,
            let spec = Self.offset(n, u)
        {
            return finish(spec, i, j + 2)
        }
        if let t = token(i), t.ending == .none, case .duration(let seconds, let days) = t.kind,
            let k = kw(i + 1), k == .sonra || k == .icinde
        {
            return finish(days.map { .days($0) } ?? .seconds(seconds), i, i + 2)
        }
        return nil
    }

    /// The date spec for "in `n` `unit`".
    static func offset(_ n: Int, _ unit: TimeUnit) -> DateSpec? {
        switch unit {
        case .second: nil
        case .minute: .seconds(Int64(n) * 60)
        case .hour: .seconds(Int64(n) * 3600)
        case .day: .days(n)
        case .week: .days(7 * n)
        case .month: .months(n)
        case .year: .months(12 * n)
        }
    }

    private func keywordDate(_ k: Keyword, _ t: Token, _ i: Int) -> (DatePart, Int)? {
        switch k {
        case .today, .bugun: return finish(.days(0), i, i + 1)
        case .tonight: return finish(.days(0), i, i + 1, timeOfDay: .tonight)
        case .tomorrow: return finish(.days(1), i, i + 1)
        case .yarin:
            if t.ending == .ablative {
                return kw(i + 1) == .sonra ? finish(.days(2), i, i + 2) : nil
            }
            return finish(.days(1), i, i + 1)
        case .yesterday, .dun: return finish(.days(-1), i, i + 1)
        case .oburgun: return finish(.days(2), i, i + 1)
        case .obur: return t.ending == .none && unit(i + 1) == .day ? finish(.days(2), i, i + 2) : nil
        case .the: return theDate(i)
        case .this, .bu: return thisDate(i, turkish: k == .bu)
        case .next, .coming, .haftaya, .gelecek, .onumuzdeki: return nextDate(k, i)
        case .in: return inDate(i)
        case .end:
            // `end of [the] week|month|year`, `end of March`.
            guard kw(i + 1) == .of else { return nil }
            let u = kw(i + 2) == .the ? i + 3 : i + 2
            switch unit(u) {
            case .week: return finish(.endOfWeek, i, u + 1)
            case .month: return finish(.endOfMonth, i, u + 1)
            case .year: return finish(.endOfYear, i, u + 1)
            default:
                // `end of March`: that month's last day.
                if let m = token(u), m.ending == .none, case .month(let month) = m.kind {
                    return finish(.endOfNamedMonth(month), i, u + 1)
                }
                return nil
            }
        case .weekend: return finish(.weekend(next: false), i, i + 1, needsMarker: true)
        case .haftasonu: return finish(.weekend(next: false), i, i + 1)
        case .yarim:
            guard t.ending == .none, isSaat(i + 1), let s = kw(i + 2), s == .sonra || s == .icinde else { return nil }
            return finish(.seconds(1800), i, i + 3)
        case .on:
            // Turkish `on gün sonra` ("in ten days").
            return relative(i)
        default: return nil
        }
    }

    /// `the day after tomorrow`, `the 24th`, `the 24th of December`, `the weekend`, `the end of the month`.
    private func theDate(_ i: Int) -> (DatePart, Int)? {
        if unit(i + 1) == .day, kw(i + 2) == .after, kw(i + 3) == .tomorrow { return finish(.days(2), i, i + 4) }
        // `the end of the month`, `till the end of the year`.
        if kw(i + 1) == .end, let (part, next) = keywordDate(.end, lex[i + 1], i + 1) {
            var whole = part
            whole.words = i..<next
            return (whole, next)
        }
        if kw(i + 1) == .weekend { return finish(.weekend(next: false), i, i + 2, needsMarker: true) }
        guard let t = token(i + 1), t.ending == .none, case .ordinal(let day) = t.kind else { return nil }
        if kw(i + 2) == .of, let m = token(i + 3), m.ending == .none, case .month(let month) = m.kind {
            return withYear(month: month, day: day, start: i, after: i + 4)
        }
        return finish(.monthDay(day), i, i + 2, needsMarker: true)
    }

    /// `this friday`, `this evening`, `this weekend`, `this week friday`; `bu cuma`, `bu akşam`, `bu öğleden
    /// sonra`, `bu hafta sonu`, `bu hafta cuma`.
    private func thisDate(_ i: Int, turkish: Bool) -> (DatePart, Int)? {
        guard lex[i].ending == .none, let t = token(i + 1) else { return nil }
        switch t.kind {
        case .weekday(let d, _):
            if turkish, t.ending == .none, let g = token(i + 2), g.unit == .day, g.ending == .possessive {
                return finish(.weekday(d, .this), i, i + 3, marked: true, possessive: true)
            }
            return finish(.weekday(d, .this), i, i + 2, marked: true)
        case .timeOfDay(let tod) where tod != .midnight:
            let implied: TimeOfDay = tod == .evening || tod == .night ? .tonight : tod
            return finish(.days(0), i, i + 2, timeOfDay: implied, marked: true)
        case .keyword(.weekend), .keyword(.haftasonu):
            return finish(.weekend(next: false), i, i + 2, marked: true)
        case .keyword(.ogleden) where turkish && kw(i + 2) == .sonra:
            return finish(.days(0), i, i + 3, timeOfDay: .afternoon, marked: true)
        case .unit(.week) where t.ending == .none:
            // `bu hafta cuma`, `this week friday`: the coming one, as `bu cuma`.
            if let w = token(i + 2), w.ending == .none, case .weekday(let d, _) = w.kind {
                return finish(.weekday(d, .this), i, i + 3, marked: true)
            }
            guard turkish, token(i + 2)?.keyword == .sonu else { return nil }
            return finish(.weekend(next: false), i, i + 3, marked: true)
        default:
            return nil
        }
    }

    /// `next friday|week|month|year|weekend`, `next week friday`, `coming friday`; `haftaya cuma`, `haftaya`,
    /// `gelecek hafta`, `gelecek hafta cuma`, `önümüzdeki cuma` (the coming one), `haftaya hafta sonu`.
    private func nextDate(_ k: Keyword, _ i: Int) -> (DatePart, Int)? {
        guard lex[i].ending == .none else { return nil }
        let mode: WeekdayMode = k == .coming || k == .onumuzdeki ? .bare : .next
        if let t = token(i + 1), case .weekday(let d, _) = t.kind {
            if t.ending == .none, let g = token(i + 2), g.unit == .day, g.ending == .possessive {
                return finish(.weekday(d, mode), i, i + 3, marked: true, possessive: true)
            }
            return finish(.weekday(d, mode), i, i + 2, marked: true)
        }
        guard k != .coming else { return nil }
        // `gelecek hafta cuma`, `önümüzdeki hafta salı günü`, `next week friday`: that weekday of next week.
        if let w = token(i + 1), w.unit == .week, w.ending == .none, let t = token(i + 2), t.ending == .none,
            case .weekday(let d, _) = t.kind
        {
            if let g = token(i + 3), g.unit == .day, g.ending == .possessive {
                return finish(.weekday(d, .next), i, i + 4, marked: true, possessive: true)
            }
            return finish(.weekday(d, .next), i, i + 3, marked: true)
        }
        if kw(i + 1) == .weekend || kw(i + 1) == .haftasonu { return finish(.weekend(next: true), i, i + 2) }
        if unit(i + 1) == .week, token(i + 2)?.keyword == .sonu { return finish(.weekend(next: true), i, i + 3) }
        switch token(i + 1)?.unit {
        case .week: return finish(.nextWeek, i, i + 2)
        case .month: return finish(.nextMonth, i, i + 2)
        case .year: return finish(.nextYear, i, i + 2)
        default: break
        }
        return k == .haftaya ? finish(.nextWeek, i, i + 1) : nil
    }

    /// `in 3 days`, `in 2 weeks`, `in an hour`, `in 90 minutes`, `in 10m`, `in half an hour`.
    private func inDate(_ i: Int) -> (DatePart, Int)? {
        if kw(i + 1) == .half, kw(i + 2) == .a, unit(i + 3) == .hour { return finish(.seconds(1800), i, i + 4) }
        if let (n, j) = amount(i + 1), let u = unit(j), let spec = Self.offset(n, u) { return finish(spec, i, j + 1) }
        if let t = token(i + 1), t.ending == .none, case .duration(let seconds, let days) = t.kind {
            return finish(days.map { .days($0) } ?? .seconds(seconds), i, i + 2)
        }
        return nil
    }

    /// Turkish `hafta sonu`, `ay sonu`, `yıl sonu`, `ayın sonu`, `ayın 15'i`; English `day after tomorrow`.
    private func unitDate(_ u: TimeUnit, _ t: Token, _ i: Int) -> (DatePart, Int)? {
        if t.lang == .en {
            guard u == .day, kw(i + 1) == .after, kw(i + 2) == .tomorrow else { return nil }
            return finish(.days(2), i, i + 3)
        }
        if t.ending == .genitive && u == .month {
            // `ayın sonu`, `ayın sonuna kadar`: this month's last day.
            if token(i + 1)?.keyword == .sonu { return finish(.endOfMonth, i, i + 2) }
            // `ayın 15'i`, `ayın 15'inde`, `ayın 5'ine`: the 15th.
            guard let d = token(i + 1), d.ending == .possessive || d.ending == .locative || d.ending == .dative,
                case .number(let day, let digits) = d.kind, (1...2).contains(digits)
            else { return nil }
            return finish(.monthDay(day), i, i + 2, possessive: true)
        }
        guard t.ending == .none, token(i + 1)?.keyword == .sonu else { return nil }
        switch u {
        case .week: return finish(.weekend(next: false), i, i + 2)
        case .month: return finish(.endOfMonth, i, i + 2)
        case .year: return finish(.endOfYear, i, i + 2)
        default: return nil
        }
    }
}
