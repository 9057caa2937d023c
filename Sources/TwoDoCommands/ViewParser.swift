// The time views (`overdue`, `today`, `agenda`, `mine`, …) and the per-member view (`bob's`, `bob'unkiler`).

/// Parses the view commands.
enum ViewParser {
    /// A view verb takes no arguments.
    static func view(_ verb: Verb, _ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        let view: TaskView =
            switch verb {
            case .overdue: .overdue
            case .today: .today
            case .tomorrow: .tomorrow
            case .upcoming: .upcoming
            case .agenda: .agenda
            default: .mine
            }
        return args.isEmpty ? .success(.view(view)) : .failure(verb.usage)
    }

    /// Possessive endings after an apostrophe: English `'s`, Turkish genitive (`'un`, `'in`, `'nin`, …)
    /// and "the ones of" (`'unkiler`, `'inkiler`, `'ninkiler`, …), folded.
    private static let endings: Set<String> = {
        var set: Set<String> = ["s"]
        for g in ["in", "un", "nin", "nun"] {
            set.insert(g)
            set.insert(g + "kiler")
        }
        return set
    }()

    /// Words that may follow the possessive: `tasks`, `görevleri`, `işleri`, folded.
    private static let nouns: Set<String> = Set(["tasks", "todos", "görevleri", "işleri"].map(Fold.key))

    /// Words for the day plan after a possessive: `plan`, `planı`, folded.
    private static let planNouns: Set<String> = ["plan", "plani"]

    /// Possessives that name the user's partner rather than a member by name, folded: `partnerimin`, `eşimin`
    /// (also after `my`: `partner's`).
    private static let partnerPossessives: Set<String> = Set(["partnerimin", "eşimin"].map(Fold.key))

    /// `<member>'s [tasks]`, `<member>'un [görevleri]`, `<member>'unkiler`, for known members only; `<member>'s
    /// plan [day]`, `<member>'in planı [day]`, `<member>'un yarınki planı` (that member's day plan); the same with
    /// the partner named as such (`my partner's plan`, `partnerimin planı`, `eşimin görevleri`).
    static func member(_ words: [Word], context: ParseContext) -> Command? {
        guard words.count <= 6, let (name, i) = owner(words, context: context) else { return nil }
        if i == words.count || (words.count == i + 1 && nouns.contains(words[i].key)) { return .view(.assigned(name)) }
        return plan(of: name, words[i...], context: context)
    }

    /// The member a line's first words name in the possessive, and how many words that took: a known member
    /// with an apostrophe ending (`bob's`, `alice'in`, `bob'unkiler`), or the partner (`partnerimin`, `eşimin`,
    /// `my partner's`, `partner's`) when the context knows who that is.
    private static func owner(_ words: [Word], context: ParseContext) -> (String, Int)? {
        guard let first = words.first, first.text.utf8.count <= 64 else { return nil }
        if TurkishSuffix.hasApostrophe(first.text), let name = memberPossessive(first.text, context: context) {
            return (name, 1)
        }
        let key = first.bareKey
        if partnerPossessives.contains(key) || key == "partner's" {
            return context.partnerName.map { ($0, 1) }
        }
        if key == "my", words.count >= 2, words[1].bareKey == "partner's" {
            return context.partnerName.map { ($0, 2) }
        }
        return nil
    }

    /// The known member `text` names with a possessive ending after an apostrophe, or nil.
    private static func memberPossessive(_ text: Substring, context: ParseContext) -> String? {
        guard let mark = text.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }), mark > text.startIndex,
            endings.contains(Fold.key(text[text.index(after: mark)...]))
        else { return nil }
        return context.members.match([Word(text[..<mark])][...], as: .bare)
    }

    /// `planı [day | region [day]]` or `[day] planı` after a possessive: that member's board, as `plan <member>
    /// …` reads it; nil when the words are anything else (`bob'un planı ekle` stays an add).
    private static func plan(of name: String, _ rest: ArraySlice<Word>, context: ParseContext) -> Command? {
        guard let first = rest.first, let last = rest.last else { return nil }
        if planNouns.contains(first.bareKey) {
            return PlanParser.board(Array(rest.dropFirst()), member: name, context: context)
        }
        guard planNouns.contains(last.bareKey), rest.count >= 2 else { return nil }
        // `bob'un yarınki planı`, `bob'un cumaki planı`: `-ki` makes an adjective of the day.
        var day = Array(rest.dropLast())
        if let read = PlanParser.board(day, member: name, context: context) { return read }
        let final = day[day.count - 1]
        guard final.bareKey.hasSuffix("ki"), final.text.count > 2 else { return nil }
        day[day.count - 1] = Word(final.text.dropLast(2))
        return PlanParser.board(day, member: name, context: context)
    }
}
