// Commands on one task: done, undone, delete, notes, unnag, edit (and `edit <ref> due <date>`) and note.

/// Parses the task commands whose shape is `<verb> <ref> [text]`.
enum TaskParser {
    /// `done|undone|delete|notes|unnag <ref>`; a bare `done` (`bitti`, `tamam`) is about the task of the
    /// last reminder shown (`TaskRef.context`).
    static func simple(_ verb: Verb, _ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        if verb == .done && args.isEmpty { return .success(.done(.context)) }
        return RefParser.parse(args, verb: verb).map { ref in
            switch verb {
            case .done: .done(ref)
            case .undone: .undone(ref)
            case .delete: .delete(ref)
            case .unnag: .unnag(ref)
            default: .notes(ref)
            }
        }
    }

    /// `edit <ref> due <date>|none` (`düzenle #3 tarih yarın`): the first `due`/`tarih` after the ref
    /// whose rest reads as a due date.
    private static func editDue(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError>? {
        let s = args.startIndex
        let lowest = Swift.max(s + 1, args.endIndex - 1 - ScheduleParser.maxWords)
        for k in lowest..<(args.endIndex - 1) where args[k].text.utf8.count <= 6 {
            let key = args[k].key
            guard key == "due" || key == "tarih" else { continue }
            let lex = Lexer(Array(args[(k + 1)...]))
            guard let value = ScheduleCommandParser.dueValue(lex, 0..<lex.count, context: context) else { continue }
            return RefParser.parse(args[s..<k], verb: .edit).flatMap { ref in value.map { .due(ref, $0) } }
        }
        return nil
    }

    /// `edit <ref> (to|->|=>|→|>) <new title>`, or `edit <#N|N|id:N> <new title>`.
    ///
    /// A number ref as the first word ends the ref (an optional separator may follow). Otherwise the
    /// first arrow splits, else the first `to` (so `edit gym to go to the gym` → ref "gym").
    static func edit(_ args: ArraySlice<Word>, context: ParseContext) -> Result<Command, ParseError> {
        guard args.count >= 2 else { return .failure(Verb.edit.usage) }
        if args.count >= 3, let due = editDue(args, context: context) { return due }
        let s = args.startIndex
        let e = args.endIndex
        if RefParser.looksNumeric(args[s].text) {
            var t = s + 1
            if Separator.isSeparator(args[t].key) { t += 1 }
            guard t < e else { return .failure(Verb.edit.usage) }
            return RefParser.parse(args[s..<(s + 1)], verb: .edit).map { .edit($0, title: String(args[t...].typed)) }
        }
        guard let split = Separator.preferred(Separator.inner(args), in: args) else {
            return .failure(Verb.edit.usage)
        }
        return RefParser.parse(args[s..<split], verb: .edit).map {
            .edit($0, title: String(args[(split + 1)...].typed))
        }
    }

    /// `note <ref> <text>`: the ref is a number word (`#3`, `3`, `id:42`, optionally followed by `:`),
    /// the words before the first `:` (`note milk: the oat one`), or a quoted title (`note "fix sink" use
    /// the wrench`). Without any of these, two words or more are `.noteUnsplit`, for the handler to split
    /// at the longest leading words naming one task (`note oat milk the blue one`).
    static func note(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first else { return .failure(Verb.note.usage) }
        var head = first.text
        if head.utf8.count > 1 && head.utf8.last == UInt8(ascii: ":") { head = head.dropLast() }
        if RefParser.looksNumeric(head) {
            let text = args.dropFirst().typed
            guard !text.isEmpty else { return .failure(Verb.note.usage) }
            return RefParser.parse([Word(head)][...], verb: .note).map { .note($0, text: String(text)) }
        }
        let whole = args.typed
        if let quoted = quotedHead(whole) {
            let text = quoted.rest.drop { $0 == " " || $0 == ":" }.drop { $0 == " " }
            guard !quoted.title.isEmpty, !text.isEmpty else { return .failure(Verb.note.usage) }
            return .success(.note(.words(String(quoted.title)), text: String(text)))
        }
        guard let colon = whole.firstIndex(of: ":") else {
            guard args.count >= 2 else { return .failure(Verb.note.usage) }
            return .success(.noteUnsplit(String(whole)))
        }
        let refWords = Word.split(whole[..<colon])[...]
        let text = whole[whole.index(after: colon)...].drop { $0 == " " }
        guard !refWords.isEmpty, !text.isEmpty else { return .failure(Verb.note.usage) }
        return RefParser.parse(refWords, verb: .note).map { .note($0, text: String(text)) }
    }

    /// A quoted title at the start of `text` (`"fix sink" use the wrench`) and what follows its closing
    /// quote; nil when `text` does not open with a quote or the quote is not closed before a space.
    private static func quotedHead(_ text: Substring) -> (title: Substring, rest: Substring)? {
        let pairs: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»", "'": "'"]
        guard let open = text.first, let close = pairs[open] else { return nil }
        let body = text.dropFirst()
        // The closing quote ends a word: followed by a space, a colon, or the end.
        var i = body.startIndex
        while i < body.endIndex {
            if body[i] == close {
                let after = body.index(after: i)
                if after == body.endIndex || body[after] == " " || body[after] == ":" {
                    let title = body[..<i]
                    return (title.trimmingSpaces, body[after...])
                }
            }
            i = body.index(after: i)
        }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
