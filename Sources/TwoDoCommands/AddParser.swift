// `add <title> [slots]` and its Turkish forms (`markete süt ekle`, `yarın 18:00 annemi ara ekle`).

import TwoDoCore

/// Parses `add`: a title with optional slots at its ends (see `TitleSlots`), resolved against the
/// user's clock and zone.
///
/// The list is split off only when it names a known list (compared by folding key). Recognized list
/// forms: `... to|in <list>` and `... #<list>` at the end (any verb spelling); a dative phrase at the start
/// or end (`markete`, `Market'e`, `alışveriş listesine`) only when the verb was Turkish, so English titles
/// such as "christmas eve" never lose a word to a list "Ev". Text in double quotes (`"`, `“ ”`, `„`) is
/// title, never a slot: when the quotes hold the whole title it is the text inside them, otherwise
/// the title keeps its quotes as typed (`add "milk" and eggs`). A lone dash or a comma between the title
/// and a slot is dropped (`buy milk - urgent`, `call mom, tomorrow`).
///
/// A list phrase naming no known list (`#tools`, `to the Tools list`, `bahçe listesine`, and for an English
/// `add` a capitalized `to Tools`) makes `.addToUnknownList`, so the server can ask instead of guessing; two
/// priorities or two dates that disagree are `.twoValues`.
enum AddParser {
    /// Parses the arguments of `add`. `preset` is a list already found after a verb-middle `ekle`;
    /// `assignee` one already named (`remind bob to …`); `bareToList` lets a capitalized `to <Name>` at the
    /// end name a list (an English `add` only).
    static func parse(
        _ args: ArraySlice<Word>, turkish: Bool, list preset: String?, context: ParseContext,
        assignee: AssigneeRef? = nil, bareToList: Bool = false
    ) -> Result<Command, ParseError> {
        let whole = parsePlain(
            args, turkish: turkish, list: preset, context: context, assignee: assignee, bareToList: bareToList)
        let read =
            placeAfterSlots(
                args, whole, turkish: turkish, list: preset, context: context, assignee: assignee,
                bareToList: bareToList) ?? whole
        return read.map { parsed in
            guard let unknown = parsed.unknownList else { return parsed.command }
            return .addToUnknownList(list: unknown, add: parsed.command)
        }
    }

    /// `kahvaltı yarın Kadıköy'de`, `dinner friday 8pm at Luigi's`, `kahve yarın Moda'da bob için`: a place after
    /// slots hid them from the end of the title. Read without it, the line's slots are found, and the place goes
    /// back into the title right after its words ("kahvaltı Kadıköy'de", "dinner at Luigi's"). Nil when the line
    /// has no place after a first word, when the title read without it does not come wholly before it (`Kadıköy'de
    /// kahvaltı yap yarın` keeps its word order), or when that reading finds nothing more than `whole` did.
    private static func placeAfterSlots(
        _ args: ArraySlice<Word>, _ whole: Result<(command: Command, unknownList: String?), ParseError>,
        turkish: Bool, list preset: String?, context: ParseContext, assignee: AssigneeRef?, bareToList: Bool
    ) -> Result<(command: Command, unknownList: String?), ParseError>? {
        guard args.count >= 3, args.count <= 40, !args.typed.contains(where: isQuote),
            let place = PlacePhrase.last(in: args)
        else { return nil }
        // Words are slices of one line, so the reading is made from a new line, not a spliced word array.
        let kept = (args[..<place.lowerBound] + args[place.upperBound...]).map { $0.text }.joined(separator: " ")
        let rest = Word.split(Substring(kept))
        guard
            case .success(let parsed) = parsePlain(
                rest[...], turkish: turkish, list: preset, context: context, assignee: assignee,
                bareToList: bareToList),
            case .add(let title, let list, let details) = parsed.command
        else { return nil }
        let titleKeys = Word.split(Substring(title)).map(\.key)
        let before = args[..<place.lowerBound].map(\.key)
        guard !titleKeys.isEmpty, titleKeys.count <= before.count,
            (0...(before.count - titleKeys.count)).contains(where: {
                Array(before[$0..<($0 + titleKeys.count)]) == titleKeys
            })
        else { return nil }
        let moved = title + " " + args[place].spaced
        if case .success(let read) = whole, case .add(moved, _, _) = read.command { return nil }
        return .success((.add(title: moved, list: list, details: details), parsed.unknownList))
    }

    /// The `add` without its unknown list, and that list's name as typed.
    private static func parsePlain(
        _ args: ArraySlice<Word>, turkish: Bool, list preset: String?, context: ParseContext,
        assignee: AssigneeRef?, bareToList: Bool
    ) -> Result<(command: Command, unknownList: String?), ParseError> {
        guard !args.isEmpty else { return .failure(Verb.add.usage) }
        let (words, quoted, inner) = split(args)
        if quoted != nil && inner.isEmpty { return .failure(Verb.add.usage) }
        let lex = Lexer(words, quoted: quoted)
        var slots = TitleSlots(lex: lex, context: context, turkish: turkish)
        slots.list = preset
        slots.assignee = assignee
        slots.bareToList = bareToList
        slots.peelAll()
        if let conflict = slots.conflict {
            return .failure(
                .twoValues(
                    verb: "add", slot: conflict.slot, first: lex.typed(conflict.first),
                    second: lex.typed(conflict.second)))
        }
        let unknown = slots.list == nil ? slots.unknownList : nil
        let range = trimmed(slots.title, lex: lex)
        var title = range.count == 1 && quoted == range.lowerBound ? inner : lex.typed(range)
        // `call mom, tomorrow`: the comma before a slot taken off the end is not the title's.
        if range.upperBound < lex.count, quoted != range.upperBound - 1, title.count > 1, title.hasSuffix(",") {
            title.removeLast()
        }
        var details = TaskDetails(priority: slots.priority, assignee: slots.assignee, reminderFor: slots.reminderFor)
        if let nag = slots.nag {
            guard (1...1440).contains(nag.minutes) else {
                return .failure(.badValue(verb: "nag", value: lex.typed(nag.words)))
            }
            details.nagMinutes = nag.minutes
        }
        if slots.schedule.isEmpty && slots.reminders.isEmpty {
            return .success((.add(title: title, list: slots.list, details: details), unknown))
        }
        let clock = LocalClock(now: context.now, tz: context.timeZone)
        if !slots.schedule.isEmpty {
            switch DateResolver.resolve(slots.schedule, lex: lex, clock: clock) {
            case .success(let schedule):
                details.due = schedule.due
                details.recurrence = schedule.recurrence
            case .failure(let f):
                return .failure(f.error("add"))
            }
        }
        for reminder in slots.reminders.reversed() {
            switch reminder {
            case .before(let minutes):
                details.reminders.append(.before(minutes: minutes))
            case .at(let phrase, let words):
                switch DateResolver.moment(
                    phrase, words: words, lex: lex, clock: clock, defaultTime: LocalTime(hour: 9, minute: 0),
                    future: true)
                {
                case .success(let due): details.reminders.append(.at(due))
                case .failure(let f): return .failure(f.error("remind"))
                }
            }
        }
        return .success((.add(title: title, list: slots.list, details: details), unknown))
    }

    /// `title` without a lone dash between it and a slot taken off either end (`buy milk - urgent`,
    /// `urgent - buy milk`); at least one word stays.
    private static func trimmed(_ title: Range<Int>, lex: Lexer) -> Range<Int> {
        var range = title
        if range.upperBound < lex.count, range.count > 1, isDash(lex.words[range.upperBound - 1]) {
            range = range.lowerBound..<(range.upperBound - 1)
        }
        if range.lowerBound > 0, range.count > 1, isDash(lex.words[range.lowerBound]) {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        return range
    }

    /// Whether `word` is a lone dash (`-`, `–`, `—`).
    private static func isDash(_ word: Word) -> Bool {
        word.text == "-" || word.text == "\u{2013}" || word.text == "\u{2014}"
    }

    private static func isQuote(_ c: Character) -> Bool {
        c == "\"" || c == "\u{201C}" || c == "\u{201D}" || c == "\u{201E}"
    }

    /// The words of `args` with the first complete pair of quotes as one word; its index and inner text.
    private static func split(_ args: ArraySlice<Word>) -> ([Word], Int?, String) {
        let text = args.typed
        // `"` is 0x22; the curly quotes start with 0xE2.
        guard text.utf8.contains(0x22) || text.utf8.contains(0xE2),
            let open = text.firstIndex(where: isQuote)
        else { return (Array(args), nil, "") }
        let afterOpen = text.index(after: open)
        guard let close = text[afterOpen...].firstIndex(where: isQuote) else { return (Array(args), nil, "") }
        let inner = String(text[afterOpen..<close]).trimmingWhitespace()
        var words = Word.split(text[..<open])
        let index = words.count
        words.append(Word(text[open...close]))
        words += Word.split(text[text.index(after: close)...])
        return (words, index, inner)
    }
}
