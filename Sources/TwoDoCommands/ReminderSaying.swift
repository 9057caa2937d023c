// Turkish `… diye hatırlat`: what to be reminded of as a quoted clause (`çayı demle diye`), a new task.

/// Reads `<clause> diye [kime] [ne zaman] hatırlat` ("remind [me] saying <clause>"): `2 dakika sonra bana çayı
/// demle diye hatırlat`, `yarın 9'da faturayı öde diye hatırlat`, `annemi ara diye bob'a hatırlat`.
///
/// The clause is something to do, never an existing task's name, so the line is the `add` that `hatırlat bana
/// <when> <title>` is: the date and time words anywhere in it date the task; `bana` is the user, `bize` the two
/// of them (no assignee), a known member in the dative (`bob'a`) that member. Nobody named is the user, as in
/// `remind me to …`. The person is taken after `diye` first; before it only where no title word precedes it
/// (`bana çiçek al diye bob'a hatırlat` reminds bob of "bana çiçek al").
enum ReminderSaying {
    /// The `add` of `args` (the words before `hatırlat`), or nil when they hold no `diye` after a first word.
    static func parse(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError>? {
        guard args.count >= 2, args.count <= 40,
            let d = args.dropFirst().firstIndex(where: { $0.text.utf8.count <= 6 && $0.key == "diye" }),
            !args[(d + 1)...].contains(where: { $0.key == "diye" }),
            // `ne diye hatırlat` asks "why remind"; `#3 diye hatırlat` names no clause: neither is this form.
            !whyWords.contains(args[d - 1].bareKey),
            d - args.startIndex > 1 || !RefParser.looksNumeric(args[args.startIndex].text)
        else { return nil }
        var who: AssigneeRef?? = nil
        var personAt: Int?
        for i in (d + 1)..<args.endIndex {
            if let person = remindee(args[i], context: context) {
                (who, personAt) = (person, i)
                break
            }
        }
        if who == nil {
            for i in args.startIndex..<d {
                guard let person = remindee(args[i], context: context) else { continue }
                if onlySlots(args[args.startIndex..<i], context: context) { (who, personAt) = (person, i) }
                break
            }
        }
        let kept = args.indices.filter { $0 != d && $0 != personAt }.map { args[$0].text }
        guard !kept.isEmpty else { return .failure(Verb.remind.usage) }
        // Words are slices of one line, so the reading is made from a new line, not a spliced word array.
        let words = Word.split(Substring(kept.joined(separator: " ")))
        return AddParser.parse(words[...], turkish: true, list: nil, context: context, assignee: who ?? .me)
    }

    /// Words that make `<word> diye` mean "why" (`ne diye`, `niye`), folded.
    private static let whyWords: Set<String> = ["ne", "niye", "neden", "nicin"]

    /// The person a word names as the one to remind: `bana` the user, `bize` both (`.some(nil)`), a known member
    /// in the dative (`bob'a`, `Alice'e`); nil for any other word.
    private static func remindee(_ word: Word, context: ParseContext) -> AssigneeRef?? {
        switch word.bareKey {
        case "bana": return .some(.me)
        case "bize": return .some(nil)
        default:
            guard TurkishSuffix.hasApostrophe(word.text) else { return nil }
            return context.members.match([word][...], as: .dative).map { .some(.member($0)) }
        }
    }

    /// Whether `words` are only dates, times and other slots an `add` reads off a title (`2 dakika sonra`,
    /// `yarın 9'da`): a one-word stand-in title is all that is left of them.
    private static func onlySlots(_ words: ArraySlice<Word>, context: ParseContext) -> Bool {
        guard !words.isEmpty else { return true }
        let probe = Word.split(Substring("x " + words.typed))
        switch AddParser.parse(probe[...], turkish: true, list: nil, context: context) {
        case .success(.add(let title, _, _)): return title == "x"
        default: return false
        }
    }
}
