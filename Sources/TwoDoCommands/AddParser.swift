// `add <title> [to|in <list>]` and its Turkish forms (`markete süt ekle`, `ekle süt markete`).

import TwoDoCore

/// Parses `add`, separating the title from an optional known list.
///
/// The list is split off only when it names a known list (compared by folding key); otherwise
/// every word stays in the title. Recognized list forms:
/// - `... to <list>` / `... in <list>` at the end (any verb spelling),
/// - `... #<list>` as the last word (any verb spelling),
/// - a dative phrase at the start or end (`markete`, `Market'e`, `alışveriş listesine`), only when
///   the verb was Turkish, so English titles such as "christmas eve" never lose a word to a list "Ev".
/// Text in double quotes (`"`, `“ ”`, `„`) is the title verbatim; a list form may stand before or
/// after the quotes.
enum AddParser {
    /// Parses the arguments of `add`. `preset` is a list already found after a verb-middle `ekle`.
    static func parse(
        _ args: ArraySlice<Word>, turkish: Bool, list preset: String?, context: ParseContext
    ) -> Result<Command, ParseError> {
        guard !args.isEmpty else { return .failure(Verb.add.usage) }
        if let quoted = quoted(args, turkish: turkish, list: preset, context: context) { return quoted }
        if preset != nil { return .success(.add(title: String(args.typed), list: preset, details: TaskDetails())) }
        let (title, list) = splitList(args, turkish: turkish, context: context)
        return .success(.add(title: String(title.typed), list: list, details: TaskDetails()))
    }

    private static func isQuote(_ c: Character) -> Bool {
        c == "\"" || c == "\u{201C}" || c == "\u{201D}" || c == "\u{201E}"
    }

    /// The quoted form, or nil when `args` holds no complete pair of quotes.
    private static func quoted(
        _ args: ArraySlice<Word>, turkish: Bool, list preset: String?, context: ParseContext
    ) -> Result<Command, ParseError>? {
        let text = args.typed
        // `"` is 0x22; the curly quotes start with 0xE2.
        guard text.utf8.contains(0x22) || text.utf8.contains(0xE2),
            let open = text.firstIndex(where: isQuote)
        else { return nil }
        let afterOpen = text.index(after: open)
        guard let close = text[afterOpen...].firstIndex(where: isQuote) else { return nil }
        let title = String(text[afterOpen..<close]).trimmingWhitespace()
        guard !title.isEmpty else { return .failure(Verb.add.usage) }
        let before = Word.split(text[..<open])[...]
        let after = Word.split(text[text.index(after: close)...])[...]
        let verbatim = Result<Command, ParseError>.success(.add(title: String(text), list: preset, details: TaskDetails()))
        var list = preset
        if !before.isEmpty {
            guard list == nil, turkish, let found = context.lists.match(before, as: .dative) else { return verbatim }
            list = found
        }
        if !after.isEmpty {
            guard list == nil, let found = trailingList(after, turkish: turkish, context: context)
            else { return verbatim }
            list = found
        }
        return .success(.add(title: title, list: list, details: TaskDetails()))
    }

    /// A list form making up all of `words`: `to|in <list>`, `#<list>`, or (Turkish) a dative phrase.
    private static func trailingList(
        _ words: ArraySlice<Word>, turkish: Bool, context: ParseContext
    ) -> String? {
        let first = words[words.startIndex]
        if words.count == 1, let hashed = hashList(first, context: context) { return hashed }
        if words.count >= 2, first.key == "to" || first.key == "in",
            let found = context.lists.match(words.dropFirst(), as: .bare)
        {
            return found
        }
        return turkish ? context.lists.match(words, as: .dative) : nil
    }

    /// The known list named by `#<list>`, if `word` is one.
    private static func hashList(_ word: Word, context: ParseContext) -> String? {
        guard word.text.utf8.first == UInt8(ascii: "#"), word.text.utf8.count > 1 else { return nil }
        let name = Word(word.text.dropFirst())
        return context.lists.match([name][...], as: .bare)
    }

    /// Splits unquoted `args` into a title and a known list; the title is never left empty.
    private static func splitList(
        _ args: ArraySlice<Word>, turkish: Bool, context: ParseContext
    ) -> (ArraySlice<Word>, String?) {
        let s = args.startIndex
        let e = args.endIndex
        guard e - s >= 2, !context.lists.isEmpty else { return (args, nil) }
        let lists = context.lists
        if let hashed = hashList(args[e - 1], context: context) { return (args[s..<(e - 1)], hashed) }
        // "to|in <list>": the rightmost occurrence that names a known list.
        var i = e - 2
        let lowest = Swift.max(s + 1, e - 1 - lists.maxWords)
        while i >= lowest {
            let key = args[i].key
            if key == "to" || key == "in", let found = lists.match(args[(i + 1)..<e], as: .bare) {
                return (args[s..<i], found)
            }
            i -= 1
        }
        guard turkish else { return (args, nil) }
        // A leading dative phrase, longest first: "alışveriş listesine süt".
        var end = Swift.min(e - 1, s + lists.maxWords)
        while end > s {
            if let found = lists.match(args[s..<end], as: .dative) { return (args[end..<e], found) }
            end -= 1
        }
        // A trailing dative phrase, longest first: "süt markete".
        var start = Swift.max(s + 1, e - lists.maxWords)
        while start < e {
            if let found = lists.match(args[start..<e], as: .dative) { return (args[s..<start], found) }
            start += 1
        }
        return (args, nil)
    }
}
