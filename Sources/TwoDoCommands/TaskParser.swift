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
    /// or the words before the first `:` (`note milk: the oat one`).
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
        guard let colon = whole.firstIndex(of: ":") else { return .failure(Verb.note.usage) }
        let refWords = Word.split(whole[..<colon])[...]
        let text = whole[whole.index(after: colon)...].drop { $0 == " " }
        guard !refWords.isEmpty, !text.isEmpty else { return .failure(Verb.note.usage) }
        return RefParser.parse(refWords, verb: .note).map { .note($0, text: String(text)) }
    }
}
