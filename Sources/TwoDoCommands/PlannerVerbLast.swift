// Turkish verb-last routine and event lines: `her sabah 8'de ilaç iç rutini ekle`, `cuma 19:00 sinema takvime ekle`.

/// Reads Turkish lines that end in `rutin ekle`, `rutini ekle`, `alışkanlık ekle`, `etkinlik ekle`,
/// `etkinliği ekle` or `takvime ekle` ("add to the calendar").
///
/// The words before may put the name first (`spor her gün saat 7 rutin ekle`, as after `rutin ekle`) or the
/// schedule first (`her gün saat 7'de spor rutini ekle`, `3 Aralık 14:30 doktor etkinliği ekle`); the verb may
/// also stand between the name and the schedule (`spor rutini ekle her gün saat 7`). A line that
/// reads neither way is left to the task parser (`sabah rutini ekle` adds a task "sabah rutini"), except when
/// a date in it is impossible, which is reported.
enum PlannerVerbLast {
    private enum Kind { case routine, event }

    /// The folded second-to-last words that name what is added.
    private static let kinds: [String: Kind] = [
        "rutin": .routine, "rutini": .routine, "aliskanlik": .routine, "aliskanligi": .routine,
        "etkinlik": .event, "etkinligi": .event, "takvime": .event,
    ]

    /// Whether the words after the first can end a verb-last line (`… rutini ekle`), checked cheaply.
    static func mightHandle(_ rest: ArraySlice<Word>) -> Bool {
        guard rest.count >= 2 else { return false }
        if rest.count >= 3, rest[rest.endIndex - 1].bareKey == "ekle", kinds[rest[rest.endIndex - 2].bareKey] != nil {
            return true
        }
        // `<kind> ekle` with words after it, read on the slice (no copy: this runs for every line).
        var i = rest.startIndex
        while i + 2 < rest.endIndex {
            if rest[i + 1].bareKey == "ekle", kinds[rest[i].bareKey] != nil { return true }
            i += 1
        }
        return false
    }

    /// Where `<kind> ekle` stands inside the words, with words after it (`spor rutini ekle her gün`).
    private static func middleVerb(_ t: [Word]) -> Int? {
        guard t.count >= 3 else { return nil }
        return (0..<(t.count - 2)).first { t[$0 + 1].bareKey == "ekle" && kinds[t[$0].bareKey] != nil }
    }

    /// The command of a verb-last routine or event line, or nil when `t` is none.
    static func parse(_ t: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        // `spor rutini ekle her gün saat 7`: the name before the verb, the schedule after it.
        if t.count >= 4, t[t.count - 1].bareKey != "ekle", let k = middleVerb(t), k >= 1,
            let kind = kinds[t[k].bareKey]
        {
            let clock = LocalClock(now: context.now, tz: context.timeZone)
            let words = Array(t[0..<k] + t[(k + 2)...])
            let read =
                kind == .routine
                ? RoutineParser.add(words, clock: clock, context: context)
                : EventParser.add(words, clock: clock, context: context)
            if case .success = read { return read }
            return nil
        }
        guard t.count >= 4, t[t.count - 1].bareKey == "ekle", let kind = kinds[t[t.count - 2].bareKey] else {
            return nil
        }
        let middle = Array(t[0..<(t.count - 2)])
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        let add = { (words: [Word]) -> Result<Command, ParseError> in
            kind == .routine
                ? RoutineParser.add(words, clock: clock, context: context)
                : EventParser.add(words, clock: clock, context: context)
        }
        let nameFirst = add(middle)
        if case .success = nameFirst { return nameFirst }
        // Schedule first: the longest run of clauses at the start, the rest is the name.
        let allowed: PlannerClauses.Allowed = kind == .routine ? .routineAdd : .eventAdd
        for j in stride(from: middle.count - 1, through: 1, by: -1) {
            guard
                case .yes = PlannerClauses.read(
                    middle, 0, end: j, allowed: allowed, clock: clock, members: context.memberNames)
            else { continue }
            let rotated = Array(middle[j...] + middle[0..<j])
            if case .success(let command) = add(rotated) { return .success(command) }
        }
        if case .failure(.badDate) = nameFirst { return nameFirst }
        return nil
    }
}
