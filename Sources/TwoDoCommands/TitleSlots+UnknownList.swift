// The list phrases of an `add` title that may name a list nobody made yet (`to the Tools list`, `bahçe listesine`).

extension TitleSlots {
    /// The Turkish "to the … list" words, by folding key: `listesine`, `listesi'ne`, `listeme` ("to my list").
    private static let listDatives: Set<String> = ["listesine", "listesi'ne", "listeme", "listeme'"]

    /// A list phrase at the end that may name no known list: `to|in [the|my] <name> list`, Turkish
    /// `<name> listesine|listeme`, and with `bareToList` a capitalized `to <Name>` of one or two words that is
    /// no member and not `me`. Returns the name (the known list's when there is one), where the phrase starts,
    /// and whether the list is known.
    func unknownListAtEnd() -> (name: String, start: Int, known: Bool)? {
        if hi - lo >= 4, lex.key(hi - 1) == "list" {
            var i = hi - 3
            while i >= Swift.max(lo + 1, hi - 6) {
                let key = lex.key(i)
                if key == "to" || key == "in", unquoted(i..<hi) {
                    var start = i + 1
                    if start < hi - 2, ["the", "my"].contains(lex.key(start)) { start += 1 }
                    let name = start..<(hi - 1)
                    // `add milk to the list` names no list.
                    if name.count == 1, ["the", "my", "a", "our", "your"].contains(lex.key(start)) { return nil }
                    if let found = context.lists.match(lex.words[name], as: .bare)
                        ?? context.lists.match(lex.words[start..<hi], as: .bare)
                    {
                        return (found, i, true)
                    }
                    return (lex.typed(name), i, false)
                }
                i -= 1
            }
        }
        if turkish, hi - lo >= 3, Self.listDatives.contains(lex.key(hi - 1)), unquoted((hi - 2)..<hi) {
            let name = (hi - 2)..<(hi - 1)
            if let found = knownDative(name) { return (found, hi - 2, true) }
            return (lex.typed(name), hi - 2, false)
        }
        guard bareToList, !turkish else { return nil }
        for n in [2, 1] where hi - n - 1 > lo {
            let i = hi - n - 1
            guard lex.key(i) == "to", unquoted(i..<hi) else { continue }
            let name = (i + 1)..<hi
            guard name.allSatisfy({ lex.words[$0].text.first?.isUppercase == true }) else { continue }
            if n == 1, DetailPhrases.person(lex.words[i + 1], context: context) != nil { return nil }
            if n == 2, name.contains(where: { DetailPhrases.person(lex.words[$0], context: context) != nil }) {
                continue
            }
            return (lex.typed(name), i, false)
        }
        return nil
    }

    /// A list phrase at the start that may name no known list: `#<name>`, or with a Turkish verb
    /// `<name> listesine|listeme` (a name of one or two words). Returns the name (the known list's when there
    /// is one), where the phrase ends, and whether the list is known.
    func unknownListAtStart() -> (name: String, end: Int, known: Bool)? {
        let word = lex.words[lo]
        if word.text.utf8.first == UInt8(ascii: "#"), word.text.utf8.count > 1, unquoted(lo..<(lo + 1)) {
            let name = word.text.dropFirst()
            if let found = context.lists.match([Word(name)][...], as: .bare) { return (found, lo + 1, true) }
            if name.first?.isLetter == true { return (String(name), lo + 1, false) }
            return nil
        }
        guard turkish else { return nil }
        for k in (lo + 1)..<Swift.min(lo + 3, hi - 1) where Self.listDatives.contains(lex.key(k)) {
            // `yarın bahçe listesine …`: a date before the name is the date's, taken first.
            guard unquoted(lo..<(k + 1)), (lo..<k).allSatisfy({ lex[$0].kind == .other }) else { return nil }
            let name = lo..<k
            if let found = knownDative(name) { return (found, k + 1, true) }
            return (lex.typed(name), k + 1, false)
        }
        return nil
    }

    /// The known list `<name> listesine` names, for the words `name` (so `alışveriş listeme` finds the list
    /// "Alışveriş Listesi" as `alışveriş listesine` does).
    private func knownDative(_ name: Range<Int>) -> String? {
        guard !context.lists.isEmpty else { return nil }
        let words = Word.split(Substring(lex.typed(name) + " listesine"))
        return context.lists.match(words[...], as: .dative) ?? context.lists.match(lex.words[name], as: .bare)
    }
}
