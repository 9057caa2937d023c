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

    /// `<member>'s [tasks]`, `<member>'un [görevleri]`, `<member>'unkiler`, for known members only.
    static func member(_ words: [Word], context: ParseContext) -> Command? {
        guard let first = words.first, words.count == 1 || (words.count == 2 && nouns.contains(words[1].key)),
            first.text.utf8.count <= 64, TurkishSuffix.hasApostrophe(first.text)
        else { return nil }
        let text = first.text
        guard let mark = text.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }), mark > text.startIndex,
            endings.contains(Fold.key(text[text.index(after: mark)...])),
            let name = context.members.match([Word(text[..<mark])][...], as: .bare)
        else { return nil }
        return .view(.assigned(name))
    }
}
