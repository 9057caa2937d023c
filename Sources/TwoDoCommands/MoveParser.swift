// `move <ref> to <list>` and its Turkish forms (`taşı #3 markete`, `#3 markete taşı`, `süt taşı Market'e`).

/// Parses `move`.
enum MoveParser {
    /// Parses the arguments of `move`. `preset` is a list already found after a verb-middle `taşı`.
    ///
    /// In order: a separator (`to`, `->`, `=>`, `→`, `>`) whose right side is a known list (rightmost
    /// first); else the first arrow, else the last `to`; else a trailing known list phrase (bare, or
    /// dative for Turkish); else the last word is the list (for a Turkish verb, minus a guessed dative
    /// ending: `ofise` → `ofis`).
    static func parse(
        _ args: ArraySlice<Word>, turkish: Bool, list preset: String?, context: ParseContext
    ) -> Result<Command, ParseError> {
        if let preset {
            return RefParser.parse(args, verb: .move).map { .move($0, list: preset) }
        }
        let s = args.startIndex
        let e = args.endIndex
        // `move 3 to` names no list.
        guard args.count >= 2, !Separator.isSeparator(args[e - 1].key) else { return .failure(Verb.move.usage) }
        let lists = context.lists
        func known(_ words: ArraySlice<Word>) -> String? {
            lists.match(words, as: .bare) ?? (turkish ? lists.match(words, as: .dative) : nil)
        }
        func result(_ refEnd: Int, _ list: String) -> Result<Command, ParseError> {
            RefParser.parse(args[s..<refEnd], verb: .move).map { .move($0, list: list) }
        }
        let separators = Separator.inner(args)
        for i in separators.reversed() {
            if let found = known(args[(i + 1)..<e]) { return result(i, found) }
        }
        if let i = separators.first(where: { Separator.isArrow(args[$0].key) }) ?? separators.last {
            return result(i, args[(i + 1)..<e].spaced)
        }
        var start = Swift.max(s + 1, e - lists.maxWords)
        while start < e {
            if let found = known(args[start..<e]) { return result(start, found) }
            start += 1
        }
        let last = args[e - 1].text
        let name = turkish ? TurkishSuffix.strippingDativeGuess(last) : TurkishSuffix.strippingApostropheEnding(last)
        guard !name.isEmpty else { return .failure(Verb.move.usage) }
        return result(e - 1, String(name))
    }
}
