// The time part of a schedule phrase: clock times, bare hours after `at`/`saat`, and parts of the day.

extension ScheduleParser {
    /// `[at|saat] <time>`: `5pm`, `5:30 pm`, `17:00`, `17.30`, `at 9`, `9 o'clock`, `7 in the evening`,
    /// `noon`, `midnight`, `in the morning`; Turkish `saat 17`, `17:30'da`, `9'da`, `öğlen`, `gece yarısı`,
    /// `sabah`, `sabah 7`, `akşam 7'de`, `öğleden sonra`.
    ///
    /// Bare numbers are times only after `at`/`saat`, with a Turkish locative (`9'da`), before `am`/`pm`
    /// or `o'clock`, or after a part-of-day word. A dotted pair is a time when its second half is 13 or
    /// more (`17.30`) or after `at`/`saat` or with a locative; otherwise it is a date (`24.12`).
    func time(_ start: Int) -> (TimePart, Int)? {
        if kw(start) == .at || isSaat(start) { return time(start + 1, marked: true) }
        return time(start, marked: false)
    }

    /// The time words at `i`, after a marker (`at`, `saat`) when `marked`.
    func time(_ i: Int, marked: Bool) -> (TimePart, Int)? {
        if let spoken = spokenQuarter(i) { return spoken }
        guard let t = token(i) else { return nil }
        let plainOrLocative = t.ending == .none || t.ending == .locative
        // A time part spanning `i..<next`.
        func part(_ spec: TimeSpec, _ next: Int, lone: Bool = false) -> (TimePart, Int) {
            (TimePart(spec: spec, words: i..<next, isLoneTimeOfDay: lone), next)
        }
        func clock(_ h: Int, _ m: Int, _ meridiem: Meridiem?, bare: Bool = false) -> TimeSpec {
            .clock(hour: h, minute: m, meridiem: meridiem, bareHour: bare)
        }
        switch t.kind {
        case .clock(let h, let m, let meridiem):
            // `14:30'a` (for 14:30) is a time as `14:30'da` is: an appointment's hour takes either ending.
            guard plainOrLocative || t.ending == .dative else { return nil }
            if meridiem == nil, t.ending == .none, let x = meridiemWord(i + 1) { return part(clock(h, m, x), i + 2) }
            return part(clock(h, m, meridiem), i + 1)
        case .number(let h, let digits) where (1...2).contains(digits) && (1...12).contains(h) && kw(i + 1) == .bucuk:
            // `7 buçuk`, `saat 7 buçuk`: half past, an hour as written (with a part of the day before it when
            // it is the evening's).
            return part(clock(h, 30, nil, bare: true), i + 2)
        case .number(let h, let digits) where (1...2).contains(digits):
            if t.ending == .none, let x = meridiemWord(i + 1) { return part(clock(h, 0, x), i + 2) }
            if t.ending == .none, kw(i + 1) == .oclock { return part(clock(h, 0, nil, bare: true), i + 2) }
            if t.ending == .none, kw(i + 1) == .in, kw(i + 2) == .the, let tod = partOfDay(i + 3) {
                return part(.hourOf(tod, hour: h, minute: 0), i + 4)
            }
            guard t.ending == .locative || (marked && t.ending == .none) else { return nil }
            return part(clock(h, 0, nil, bare: true), i + 1)
        case .dotted(let a, let b, nil, 2):
            guard plainOrLocative, marked || t.ending == .locative || b >= 13 else { return nil }
            return part(clock(a, b, nil), i + 1)
        case .timeOfDay(let tod):
            guard plainOrLocative || t.ending == .possessive else { return nil }
            if tod == .night, t.ending == .none, kw(i + 1) == .yarisi { return part(.timeOfDay(.midnight), i + 2) }
            if t.lang != .en, t.ending != .locative, let (h, m, n) = hourAfter(i + 1) {
                return part(.hourOf(tod, hour: h, minute: m), n)
            }
            return part(.timeOfDay(tod), i + 1, lone: !marked)
        case .keyword(.ogleden) where t.ending == .none && kw(i + 1) == .sonra:
            if let (h, m, n) = hourAfter(i + 2) { return part(.hourOf(.afternoon, hour: h, minute: m), n) }
            return part(.timeOfDay(.afternoon), i + 2, lone: !marked)
        case .keyword(.in) where !marked && t.ending == .none && kw(i + 1) == .the:
            guard let tod = partOfDay(i + 2) else { return nil }
            return part(.timeOfDay(tod), i + 3)
        default:
            return nil
        }
    }

    /// `am`/`pm` written as a separate word at `i`.
    private func meridiemWord(_ i: Int) -> Meridiem? {
        guard let t = token(i), t.ending == .none, case .meridiem(let x) = t.kind else { return nil }
        return x
    }

    /// morning, afternoon, evening or night at `i` (for `in the …`).
    private func partOfDay(_ i: Int) -> TimeOfDay? {
        guard let t = token(i), t.ending == .none, case .timeOfDay(let tod) = t.kind,
            tod != .noon && tod != .midnight
        else { return nil }
        return tod
    }

    /// The hour after a Turkish part-of-day word: `7`, `7'de`, `7:30`, `saat 7`.
    private func hourAfter(_ start: Int) -> (Int, Int, Int)? {
        let i = isSaat(start) ? start + 1 : start
        guard let t = token(i), t.ending == .none || t.ending == .locative else { return nil }
        switch t.kind {
        case .number(let h, let digits) where (1...2).contains(digits): return (h, 0, i + 1)
        case .clock(let h, let m, nil): return (h, m, i + 1)
        case .dotted(let h, let m, nil, 2): return (h, m, i + 1)
        default: return nil
        }
    }

    /// `half past 7`, `quarter past 7`, `quarter to 8` (7:45), each with an optional `am`/`pm`: the hour is a
    /// bare one (`at half past 7` is 19:30 for a task, as `at 7:30` would be).
    func spokenQuarter(_ i: Int) -> (TimePart, Int)? {
        let minutes: Int
        let next: Int
        if kw(i) == .half, kw(i + 1) == .past {
            (minutes, next) = (30, i + 2)
        } else if kw(i) == .quarter, kw(i + 1) == .past {
            (minutes, next) = (15, i + 2)
        } else if kw(i) == .quarter, i + 1 < end, lex.key(i + 1) == "to" {
            (minutes, next) = (-15, i + 2)
        } else {
            return nil
        }
        guard let t = token(next), t.ending == .none else { return nil }
        let h: Int
        var meridiem: Meridiem?
        var after = next + 1
        switch t.kind {
        case .number(let n, let digits) where (1...2).contains(digits): h = n
        case .clock(let n, 0, let x?): (h, meridiem) = (n, x)  // `half past 7pm`
        default: return nil
        }
        guard (1...12).contains(h) else { return nil }
        if meridiem == nil, let x = meridiemWord(after) {
            meridiem = x
            after += 1
        }
        // A quarter to 12pm is 11:45 in the morning: the hour before noon or midnight is on the other side.
        if minutes < 0, h == 12, let x = meridiem { meridiem = x == .am ? .pm : .am }
        let hour = minutes < 0 ? (h == 1 ? 12 : h - 1) : h
        let minute = minutes < 0 ? 45 : minutes
        let spec = TimeSpec.clock(hour: hour, minute: minute, meridiem: meridiem, bareHour: meridiem == nil)
        return (TimePart(spec: spec, words: i..<after, isLoneTimeOfDay: false), after)
    }
}
