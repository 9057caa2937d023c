// Dates, times, time ranges and durations inside routine and event commands, English and Turkish.

import TwoDoCore

/// The result of trying to read one part of a line at a position.
enum PlannerMatch<Value> {
    /// The words there are not this part.
    case no
    /// The part, and the index of the first word after it.
    case yes(Value, next: Int)
    /// The words are this kind of part but cannot be (`Feb 30`, `25:00`): the problem and the words.
    case bad(DateProblem, String)
}

/// Reads dates, times, time ranges and durations at a position of a routine, event or plan line, with the
/// task grammar's readers (`ScheduleParser`, `DateResolver`, `DurationParser`), and says whether the words
/// there are one (`PlannerMatch`). Pure: "today" comes from a `LocalClock`.
///
/// What differs from a task is how a value is placed, not how it is read: a bare weekday or a yearless
/// date falls in a `DateDirection` (today included), a bare hour is as written (`at 7` is 07:00), and
/// `last friday` / `geçen cuma` name last week's day. Ranges (`7pm-9pm`, `7-9pm`, `19:00-21:00`,
/// `7pm to 9pm`) are read here from two times.
enum PlannerDateParser {
    // MARK: Dates

    /// A date starting at `i` (before `end`), read by the task grammar's date reader
    /// (`ScheduleParser.dateBody`): relative days, weekdays (`next friday`, `bu cuma`, `coming friday`) and
    /// calendar dates, optionally after `on`; also `last friday` / `geçen cuma`. A bare weekday or a date
    /// without a year falls in `direction`.
    static func date(
        _ t: [Word], _ i: Int, end: Int, clock: LocalClock, direction: DateDirection
    ) -> PlannerMatch<LocalDate> {
        guard i < end else { return .no }
        if t[i].caseEnding.isEmpty && t[i].stemToken.keyword == .on && i + 1 < end {
            if case .yes(let d, let next) = date(t, i + 1, end: end, clock: clock, direction: direction) {
                return .yes(d, next: next)
            }
        }
        let lex = Lexer(t)
        let spec: DateSpec
        let words: Range<Int>
        // `last friday`, `geçen cuma`: the one of last week.
        if i + 1 < end, lex[i].ending == .none,
            lex[i].keyword == .gecen || (lex[i].kind == .ordinalWord(-1) && lex[i].lang == .en),
            let d = Vocabulary.weekday(t[i + 1].stem)
        {
            spec = .weekday(d, .last)
            words = i..<(i + 2)
        } else if let (part, _) = ScheduleParser(lex: lex, end: end, mode: .init(standalone: true, ablative: true))
            .dateBody(i)
        {
            spec = part.spec
            words = part.words
        } else {
            return .no
        }
        switch spec {
        case .days, .weekday, .calendar: break
        default: return .no
        }
        guard let date = DateResolver.localDate(spec, direction: direction, clock: clock) else {
            return .bad(.noSuchDay, lex.typed(words))
        }
        return .yes(date, next: words.upperBound)
    }

    // MARK: Times

    /// One time of day at `i`, read by the task grammar's time reader: bare hours and `19.30` only when
    /// `prefixed` (after `at`/`saat`) or with a locative ending (`8'de`); hours are as written (`at 5` is
    /// 05:00); of the parts of the day only noon and midnight, and an hour after one (`akşam 7`).
    static func time(_ t: [Word], _ i: Int, end: Int, prefixed: Bool) -> PlannerMatch<LocalTime> {
        guard i < end else { return .no }
        let lex = Lexer(t)
        let reader = ScheduleParser(lex: lex, end: end, mode: .init(standalone: true))
        guard let (part, next) = reader.time(i, marked: prefixed) else { return .no }
        switch part.spec {
        case .clock, .hourOf, .timeOfDay(.noon), .timeOfDay(.midnight): break
        case .timeOfDay: return .no
        }
        guard let time = DateResolver.localTime(part.spec, context: nil, literalHours: true) else {
            return .bad(.noSuchTime, lex.typed(part.words))
        }
        return .yes(time, next: next)
    }

    /// A time, or a range `start-end` / `start to end`, with an optional leading `at`/`saat`/`from`.
    static func timeRange(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<(LocalTime, LocalTime?)> {
        guard i < end else { return .no }
        var start = i
        var prefixed = false
        let marker = t[i].token
        if marker.ending == .none, marker.keyword == .at || marker.keyword == .from || t[i].bareKey == "saat" {
            guard i + 1 < end else { return .no }
            start = i + 1
            prefixed = true
        }
        // One word holding both ends: `7pm-9pm`, `7-9pm`, `19:00–21:00`.
        let word = t[start].stem
        if let dash = word.firstIndex(where: { $0 == "-" || $0 == "\u{2013}" }), word.first?.isNumber == true {
            let a = String(word[..<dash])
            let b = String(word[word.index(after: dash)...])
            // Each half is read as one word after a marker.
            let half = { (text: String) in time([Word(text[...])], 0, end: 1, prefixed: true) }
            guard case .yes(let endTime, 1) = half(b) else {
                if case .bad = half(b) { return .bad(.noSuchTime, String(t[start].text)) }
                return .no
            }
            guard case .yes(var startTime, 1) = half(a) else { return .bad(.noSuchTime, String(t[start].text)) }
            startTime = inheritMeridiem(startTime, typed: Word(a[...]), endTyped: Word(b[...]), end: endTime)
            return .yes((startTime, endTime), next: start + 1)
        }
        let first = time(t, start, end: end, prefixed: prefixed)
        guard case .yes(let startTime, let afterStart) = first else {
            if case .bad(let p, let s) = first { return .bad(p, s) }
            return .no
        }
        if afterStart + 1 < end,
            ["-", "\u{2013}", "to"].contains(t[afterStart].bareKey) || t[afterStart].token.keyword == .until
        {
            switch time(t, afterStart + 1, end: end, prefixed: true) {
            case .yes(let endTime, let next):
                let fixed = inheritMeridiem(
                    startTime, typed: t[afterStart - 1], endTyped: t[afterStart + 1], end: endTime)
                return .yes((fixed, endTime), next: next)
            case .bad(let p, let s): return .bad(p, s)
            case .no: break
            }
        }
        return .yes((startTime, nil), next: afterStart)
    }

    /// `7-9pm`: a start written without am/pm takes the end's when that keeps it before the end. `typed` is
    /// the start's last word, `endTyped` the end's first.
    private static func inheritMeridiem(_ start: LocalTime, typed: Word, endTyped: Word, end: LocalTime) -> LocalTime {
        guard meridiem(typed) == nil, meridiem(endTyped) == .pm, start.hour < 12 else { return start }
        let shifted = LocalTime(hour: start.hour + 12, minute: start.minute)
        return shifted < end ? shifted : start
    }

    /// The am/pm a word is written with (`7pm`, `7:30am`, `pm`), if any.
    private static func meridiem(_ w: Word) -> Meridiem? {
        switch w.token.kind {
        case .clock(_, _, let m): m
        case .meridiem(let m): m
        default: nil
        }
    }

    // MARK: Durations

    /// A duration in minutes, read by `DurationParser` over the longest run of words that is one (at most
    /// eight): `1h`, `30m`, `1h30m`, `90 minutes`, `1 hour`, `2 days`, `30 dk`, `1 saat`, `1 hour and 30 minutes`.
    static func duration(_ t: [Word], _ i: Int, end: Int) -> PlannerMatch<Int> {
        guard i < end, let first = t[i].stem.utf8.first, first >= 0x30 && first <= 0x39 else { return .no }
        for k in stride(from: min(end, i + 8), through: i + 1, by: -1) {
            let text = t[i..<k].map(\.stem).joined(separator: " ")
            if let seconds = DurationParser.seconds(text[...]), seconds % 60 == 0, seconds / 60 <= 100_000 * 1440 {
                return .yes(Int(seconds / 60), next: k)
            }
        }
        return .no
    }
}
