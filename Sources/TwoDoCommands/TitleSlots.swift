// Takes the slots (list, date, time, recurrence, priority, assignee, reminders, nag) off the ends of a title.

import TwoDoCore

/// The slots found at the ends of an `add` title, and the title words left between them.
///
/// Slots are taken only from the end or the start of the title region, one recognizable phrase at a
/// time, until neither end has one; whatever is left is the title, in the user's words and order. At
/// least one word always stays. From the end, in order: a priority (`!high`, `!!!`, `p1`, `urgent`,
/// `acil`, `önemli`, `high priority`), `@member`, `#list`, `to|in <list>`, `for <member|me>` /
/// `<member> için`, a reminder (`remind me 30 minutes before`, `30 dk önce hatırlat`), a nag
/// (`nag every 10 minutes`, `10 dakikada bir dürt`), a schedule phrase (the longest one ending there), and
/// with a Turkish verb a dative list (`markete`). From the start: a priority symbol, `@member`, a Turkish
/// dative list, `for <member>` / `<member> için`, and a schedule phrase. Priority words (`urgent`,
/// `important`, `asap`, `acil`, `önemli`, `çok önemli`, also `urgent:`) are taken at either end, except
/// `acil durum …` ("emergency …"), which keeps its title. A second priority or date that disagrees with the
/// first stops the peeling with `conflict`. A list name that is no known list (`#tools`, `to the Tools
/// list`, `bahçe listesine`, and with `bareToList` a capitalized `to Tools`) is `unknownList`. A quoted
/// part is never a slot.
struct TitleSlots {
    /// A reminder phrase found in a title.
    enum Reminder {
        case before(minutes: Int)
        case at(SchedulePhrase, words: Range<Int>)
    }

    /// The most words a schedule phrase may span.
    static let window = ScheduleParser.maxWords

    /// The title's tokens.
    let lex: Lexer
    /// Known lists and members.
    let context: ParseContext
    /// Whether the verb was Turkish (allows dative lists such as `markete`).
    let turkish: Bool
    /// The title words left: `lo..<hi`.
    private(set) var lo: Int
    private(set) var hi: Int
    /// The known list named, as typed.
    var list: String?
    /// Who the task is for.
    var assignee: AssigneeRef?
    /// The priority.
    var priority: Priority?
    /// Reminders, last one in the line first.
    var reminders: [Reminder] = []
    /// Whom a reminder phrase named (`remind me`, `remind bob`, `bana … hatırlat`); `remind us` names nobody.
    var reminderFor: AssigneeRef?
    /// The nag interval (not yet range-checked) and its words.
    var nag: (minutes: Int, words: Range<Int>)?
    /// The date, time and recurrence parts found, merged.
    var schedule = SchedulePhrase()
    /// The words of the priority taken.
    private(set) var priorityWords: Range<Int>?
    /// A list the words named that is no known list, as typed (without `#`, `to the … list`, `listesine`).
    private(set) var unknownList: String?
    /// Whether a capitalized `to <Name>` at the end names a list (an English `add` only: `add drill bits to Tools`).
    var bareToList = false
    /// Two values for one slot, the words of each in line order: peeling stopped there.
    private(set) var conflict: (slot: SlotKind, first: Range<Int>, second: Range<Int>)?

    /// Slots of a title covering all of `lex`.
    init(lex: Lexer, context: ParseContext, turkish: Bool) {
        self.lex = lex
        self.context = context
        self.turkish = turkish
        self.lo = 0
        self.hi = lex.count
    }

    /// The range of title words left.
    var title: Range<Int> { lo..<hi }

    /// Takes slots off both ends until there are no more.
    mutating func peelAll() {
        while conflict == nil && (peelEnd() || peelStart()) {}
    }

    /// Takes priority `p` typed as `words`: once when it agrees with one already taken; a disagreeing
    /// second one is a conflict (false).
    private mutating func takePriority(_ p: Priority, _ words: Range<Int>) -> Bool {
        guard let taken = priorityWords else {
            priority = p
            priorityWords = words
            return true
        }
        if p == priority { return true }
        conflict = Self.inLineOrder(.priority, taken, words)
        return false
    }

    /// A conflict over `slot` between the words `a` and `b`, the earlier first.
    private static func inLineOrder(
        _ slot: SlotKind, _ a: Range<Int>, _ b: Range<Int>
    ) -> (slot: SlotKind, first: Range<Int>, second: Range<Int>) {
        a.lowerBound <= b.lowerBound ? (slot, a, b) : (slot, b, a)
    }

    /// A schedule phrase that would not merge: when both name a date, a conflict. Always false.
    private mutating func refuseMerge(_ phrase: SchedulePhrase) -> Bool {
        if let taken = schedule.date?.words, let other = phrase.date?.words {
            conflict = Self.inLineOrder(.date, taken, other)
        }
        return false
    }

    /// Whether `range` is free of the quoted title.
    func unquoted(_ range: Range<Int>) -> Bool {
        guard let q = lex.quoted else { return true }
        return !range.contains(q)
    }

    private mutating func peelEnd() -> Bool {
        guard hi - lo >= 2, unquoted((hi - 1)..<hi) else { return false }
        let last = lex[hi - 1]
        for n in [2, 1] where hi - lo > n && unquoted((hi - n)..<hi) {
            guard let p = DetailPhrases.priorityPhrase(lex, (hi - n)..<hi) else { continue }
            guard takePriority(p, (hi - n)..<hi) else { return false }
            hi -= n
            return true
        }
        if assignee == nil {
            for n in [1, 2] where hi - lo > n {
                if let who = DetailPhrases.assignee(lex, (hi - n)..<hi, context: context) {
                    assignee = who
                    hi -= n
                    return true
                }
            }
        }
        if list == nil && unknownList == nil, let found = listAtEnd() {
            if found.known { list = found.name } else { unknownList = found.name }
            hi = found.start
            return true
        }
        if last.kind != .other {
            if let start = reminderAtEnd() {
                hi = start
                return true
            }
            if nag == nil, let (start, minutes, words) = nagAtEnd() {
                nag = (minutes, words)
                hi = start
                return true
            }
            let lowest = Swift.max(lo + 1, hi - Self.window)
            for start in lowest..<hi where unquoted(start..<hi) && !listNamed(at: start) {
                guard let phrase = ScheduleParser.parse(lex, start..<hi, mode: .init(dativeDue: turkish)) else {
                    continue
                }
                guard schedule.merge(phrase) else { return refuseMerge(phrase) }
                hi = start
                return true
            }
        }
        // A nag the interval reader refuses may end in a plain word (`nag every 30 seconds`): still a nag.
        if last.kind == .other, nag == nil, let (start, minutes, words) = nagAtEnd() {
            nag = (minutes, words)
            hi = start
            return true
        }
        if turkish, list == nil, !context.lists.isEmpty {
            var start = Swift.max(lo + 1, hi - context.lists.maxWords)
            while start < hi {
                if let found = context.lists.match(lex.words[start..<hi], as: .dative) {
                    list = found
                    hi = start
                    return true
                }
                start += 1
            }
        }
        if list == nil && unknownList == nil, let found = unknownListAtEnd() {
            if found.known { list = found.name } else { unknownList = found.name }
            hi = found.start
            return true
        }
        return false
    }

    private mutating func peelStart() -> Bool {
        guard hi - lo >= 2, unquoted(lo..<(lo + 1)) else { return false }
        for n in [2, 1] where hi - lo > n && unquoted(lo..<(lo + n)) && !isEmergency(lo, n) {
            guard let p = DetailPhrases.priorityPhrase(lex, lo..<(lo + n)) else { continue }
            guard takePriority(p, lo..<(lo + n)) else { return false }
            lo += n
            return true
        }
        if assignee == nil {
            for n in [1, 2] where hi - lo > n {
                if let who = DetailPhrases.assignee(lex, lo..<(lo + n), context: context) {
                    assignee = who
                    lo += n
                    return true
                }
            }
        }
        if turkish, list == nil, !context.lists.isEmpty {
            var end = Swift.min(hi - 1, lo + context.lists.maxWords)
            while end > lo {
                if let found = context.lists.match(lex.words[lo..<end], as: .dative) {
                    list = found
                    lo = end
                    return true
                }
                end -= 1
            }
        }
        if list == nil && unknownList == nil, let found = unknownListAtStart() {
            if found.known { list = found.name } else { unknownList = found.name }
            lo = found.end
            return true
        }
        // `en geç cuma …` ("by Friday at the latest") opens with two plain words.
        guard lex[lo].kind != .other || (lo + 1 < hi && lex.key(lo) == "en" && lex.key(lo + 1) == "gec") else {
            return false
        }
        var end = Swift.min(hi - 1, lo + Self.window)
        while end > lo {
            let turkishStart = turkish && !TurkishSuffix.keepsWeekday(before: lex.words[end])
            if unquoted(lo..<end), !splitsCompound(end),
                let phrase = ScheduleParser.parse(
                    lex, lo..<end, mode: .init(atStart: true, turkishStart: turkishStart)),
                !datesCompound(phrase, end)
            {
                guard schedule.merge(phrase) else { return refuseMerge(phrase) }
                lo = end
                return true
            }
            end -= 1
        }
        return false
    }

    /// Turkish compound nouns whose first word is a part of the day (`akşam yemeği` "dinner", `öğle yemeği`
    /// "lunch", `sabah kahvaltısı`, `sabah namazı`), by the folded start of their second word.
    private static let compoundHeads = ["yemeg", "kahvalti", "namaz"]

    /// Whether a phrase ending before `end` would cut such a compound in two (`yarın akşam | yemeği`). A part
    /// of the day with its own possessive ending belongs to the date (`pazar sabahı | kahvaltı hazırla`).
    private func splitsCompound(_ end: Int) -> Bool {
        guard end < hi, case .timeOfDay = lex[end - 1].kind, lex[end - 1].lang == .tr, lex[end - 1].ending == .none
        else { return false }
        let next = lex.key(end)
        return Self.compoundHeads.contains { next.hasPrefix($0) }
    }

    /// Whether `phrase`, ending before `end`, ends in a lone weekday that forms a compound noun with the word
    /// after it (`her hafta sonu | pazar alışverişi`, `bu hafta | cuma namazı`): that weekday stays title, as it
    /// does at the very start (`TurkishSuffix.keepsWeekday`).
    private func datesCompound(_ phrase: SchedulePhrase, _ end: Int) -> Bool {
        guard turkish, end < hi, let date = phrase.date, date.words == (end - 1)..<end, lex[end - 1].ending == .none,
            case .weekday(_, abbreviated: false) = lex[end - 1].kind
        else { return false }
        return TurkishSuffix.keepsWeekday(before: lex.words[end])
    }

    /// `#list`, or `to|in <list>` (the rightmost that names a known list), at the end.
    ///
    /// `#<name>` starting with a letter is a list even when no list has that name, so the server answers that
    /// there is no such list and names those that exist, instead of adding "… #name" to the default list.
    /// `to|in <words>` must name a known list (`add talk to bob` keeps its title).
    /// Whether a known list's name starts at `start` after `to`/`in` and ends before the title's end: then
    /// `add answer email to evening today` reads "evening" as the list "Evening", not as a time of day.
    private func listNamed(at start: Int) -> Bool {
        guard list == nil, !context.lists.isEmpty, start - 1 > lo, lex.words[start - 1].text.utf8.count <= 2 else {
            return false
        }
        let key = lex.key(start - 1)
        guard key == "to" || key == "in" else { return false }
        for end in (start + 1)..<Swift.min(hi, start + context.lists.maxWords + 1) {
            if context.lists.match(lex.words[start..<end], as: .bare) != nil { return true }
        }
        return false
    }

    private func listAtEnd() -> (name: String, start: Int, known: Bool)? {
        if let (name, known) = hashList(hi - 1) { return (name, hi - 1, known) }
        guard !context.lists.isEmpty else { return nil }
        var i = hi - 2
        let lowest = Swift.max(lo + 1, hi - 1 - context.lists.maxWords)
        while i >= lowest {
            let key = lex.words[i].text.utf8.count <= 2 ? lex.key(i) : ""
            if key == "to" || key == "in", let found = context.lists.match(lex.words[(i + 1)..<hi], as: .bare) {
                return (found, i, true)
            }
            i -= 1
        }
        return nil
    }

    /// Word `i` as `#<list>`: the known list it names, or the name as typed when it starts with a letter.
    private func hashList(_ i: Int) -> (name: String, known: Bool)? {
        let word = lex.words[i]
        guard word.text.utf8.first == UInt8(ascii: "#"), word.text.utf8.count > 1, unquoted(i..<(i + 1)) else {
            return nil
        }
        let name = word.text.dropFirst()
        if let found = context.lists.match([Word(name)][...], as: .bare) { return (found, true) }
        return name.first?.isLetter == true ? (String(name), false) : nil
    }

    /// `acil durum …` ("emergency …"): `acil` starting a compound noun stays title.
    private func isEmergency(_ start: Int, _ count: Int) -> Bool {
        count == 1 && start + 1 < hi && lex.key(start) == "acil" && lex.key(start + 1).hasPrefix("durum")
    }

    /// A reminder phrase at the end; records it and returns where it starts.
    ///
    /// English: `remind [me|us|<member>] <N unit> before` or `remind [me] <when>`; Turkish:
    /// `[bana] <N birim> önce hatırlat` or `[bana] <ne zaman> hatırlat`.
    private mutating func reminderAtEnd() -> Int? {
        let lowest = Swift.max(lo + 1, hi - Self.window)
        if lex[hi - 1].keyword == .hatirlat, lex[hi - 1].ending == .none {
            for start in lowest..<(hi - 1) where unquoted(start..<hi) {
                let body = lex[start].keyword == .bana && start + 1 < hi - 1 ? start + 1 : start
                if let r = reminder(body..<(hi - 1)) {
                    reminders.append(r)
                    if body > start { reminderFor = .me }
                    return start
                }
            }
            return nil
        }
        var start = hi - 2
        while start >= lowest {
            if lex.key(start) == "remind" || lex.key(start) == "reminder", unquoted(start..<hi) {
                var body = start + 1
                var who: AssigneeRef?
                if body < hi - 1, lex.key(body) == "me" || lex.key(body) == "us" {
                    who = lex.key(body) == "me" ? .me : nil
                    body += 1
                } else if body < hi - 1, let name = context.members.match(lex.words[body..<(body + 1)], as: .bare) {
                    who = .member(name)
                    body += 1
                }
                guard let r = reminder(body..<hi) else { return nil }
                reminders.append(r)
                if let who { reminderFor = who }
                return start
            }
            start -= 1
        }
        return nil
    }

    private func reminder(_ range: Range<Int>) -> Reminder? {
        guard !range.isEmpty else { return nil }
        if let m = DetailPhrases.minutesBefore(lex, range) { return .before(minutes: m) }
        guard let p = ScheduleParser.parse(lex, range, mode: .init(standalone: true, recurrence: false)) else {
            return nil
        }
        return .at(p, words: range)
    }

    /// A nag phrase at the end: `nag [me|us] <interval>` or Turkish `[beni] <aralık> dürt`; where it
    /// starts, the minutes, and the interval's words.
    private func nagAtEnd() -> (Int, Int, Range<Int>)? {
        let lowest = Swift.max(lo + 1, hi - 8)
        if lex[hi - 1].keyword == .durt, lex[hi - 1].ending == .none {
            for start in lowest..<(hi - 1) where unquoted(start..<hi) {
                let body = lex[start].keyword == .beni && start + 1 < hi - 1 ? start + 1 : start
                if let m = DetailPhrases.interval(lex, body..<(hi - 1))
                    ?? DetailPhrases.otherInterval(lex, body..<(hi - 1))
                {
                    return (start, m, body..<(hi - 1))
                }
            }
            return nil
        }
        var start = hi - 2
        while start >= lowest {
            if lex.key(start) == "nag", unquoted(start..<hi) {
                var body = start + 1
                if body < hi - 1, lex.key(body) == "me" || lex.key(body) == "us" { body += 1 }
                guard let m = DetailPhrases.interval(lex, body..<hi) ?? DetailPhrases.otherInterval(lex, body..<hi)
                else { return nil }
                return (start, m, body..<hi)
            }
            start -= 1
        }
        return nil
    }
}
