// `describe`/`açıkla` and `info`/`detay`, and the ` -- <description>` tail of an `add` line.

/// Parses the description and whole-item commands: `describe <ref>: <text>`, `describe <ref>:`
/// (clears), `describe routine|event <ref>: <text>`, `info <ref>`, `info routine|event <ref>`, and the
/// Turkish `açıkla …`, `detay …` with `rutin`/`etkinlik`.
enum DescribeParser {
    private enum Kind { case routine, event }

    /// `routine`/`rutin`/`habit`/`alışkanlık` or `event`/`etkinlik` as the first word after the verb.
    private static func kind(_ word: Word) -> Kind? {
        switch word.stem {
        case "routine", "rutin", "aliskanlik", "habit": .routine
        case "event", "etkinlik": .event
        default: nil
        }
    }

    /// The target of a routine or event: `routine <name>`, `event <ref>`.
    private static func target(_ kind: Kind, _ ref: String) -> NoteTarget {
        kind == .routine ? .routine(ref) : .event(ref)
    }

    /// `text` without leading and trailing spaces.
    private static func trimmed(_ text: Substring) -> String {
        var s = text
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    /// The text after a colon: nil (clear) when nothing is there.
    private static func body(_ text: Substring) -> String? {
        let body = trimmed(text)
        return body.isEmpty ? nil : body
    }

    /// `describe <ref>: <text>`: the ref is a number word (`#3`, `3`, `id:42`, optionally with its `:`),
    /// a quoted title followed by `:`, or the words before the first `:`. Nothing after the colon clears.
    static func describe(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        let usage = Verb.describe.usage
        guard let first = args.first else { return .failure(usage) }
        if let k = kind(first), args.count >= 2 {
            let text = args.dropFirst().typed
            // `describe event id:7: …`: the colon of `id:` is part of the reference.
            let from =
                text.utf8.prefix(3).elementsEqual("id:".utf8, by: { $0 | 0x20 == $1 })
                ? text.utf8.index(text.startIndex, offsetBy: 3) : text.startIndex
            guard let colon = text[from...].firstIndex(of: ":") else { return .failure(usage) }
            let ref = trimmed(text[..<colon])
            guard !ref.isEmpty else { return .failure(usage) }
            return .success(.describe(target(k, ref), text: body(text[text.index(after: colon)...])))
        }
        var head = first.text
        let headColon = head.utf8.count > 1 && head.utf8.last == UInt8(ascii: ":")
        if headColon { head = head.dropLast() }
        if RefParser.looksNumeric(head) {
            var rest = trimmed(args.dropFirst().typed)[...]
            var colon = headColon
            if !colon && rest.first == ":" {
                colon = true
                rest = rest.dropFirst()
            }
            let text = body(rest)
            // `describe 3 the washer` sets; `describe 3` alone is no clear (that needs its colon: `describe 3:`).
            guard colon || text != nil else { return .failure(usage) }
            return RefParser.parse([Word(head)][...], verb: .describe).map { .describe(.task($0), text: text) }
        }
        let whole = args.typed
        // A quoted title may hold a colon: `describe "meeting: 10am": bring the slides`.
        var searchFrom = whole.startIndex
        if let open = whole.first, "\"“„«'".contains(open) {
            let closers: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»", "'": "'"]
            if let close = whole.dropFirst().firstIndex(of: closers[open]!) { searchFrom = close }
        }
        guard let colon = whole[searchFrom...].firstIndex(of: ":") else { return .failure(usage) }
        let refWords = Word.split(whole[..<colon])[...]
        guard !refWords.isEmpty else { return .failure(usage) }
        let text = body(whole[whole.index(after: colon)...])
        return RefParser.parse(refWords, verb: .describe).map { .describe(.task($0), text: text) }
    }

    /// `info <ref>`, `info routine <name>`, `info event <ref>` (`detay …`, `detay rutin …`, `detay etkinlik …`).
    static func info(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first else { return .failure(Verb.info.usage) }
        if let k = kind(first), args.count >= 2 {
            return .success(.info(target(k, trimmed(args.dropFirst().typed))))
        }
        return RefParser.parse(args, verb: .info).map { .info(.task($0)) }
    }

    private static func isAdd(_ result: Result<Command, ParseError>) -> Bool {
        switch result {
        case .success(.add), .success(.addToUnknownList): true
        default: false
        }
    }

    /// Whether `word` is the separator of an inline description: `--` alone.
    private static func isSeparator(_ word: Word) -> Bool {
        word.text.utf8.count == 2 && word.text.utf8.allSatisfy { $0 == UInt8(ascii: "-") }
    }

    /// An `add` line with a description after ` -- `, or nil when the line has no such form.
    ///
    /// The part before the first `--` is read as the whole line would be (`reading`); when that is an `add`, the
    /// words after `--` are its description, as typed: `add fix sink tomorrow -- the washer is worn` (the date
    /// belongs to the title part), `lavabo tamiri ekle -- conta eskimiş`. A Turkish line that keeps its verb last
    /// (`lavabo tamiri -- conta eskimiş ekle`) reads the same. A line whose first part is no `add`
    /// (`note 3: a -- b`) is left whole; an `add` with nothing before `--` is `add`'s usage error.
    static func inlineDescription(
        _ line: Parser.Line, reading: (String) -> Result<Command, ParseError>
    ) -> Result<Command, ParseError>? {
        let words = line.words
        guard words.count >= 2, let i = words.firstIndex(where: isSeparator), i > 0 else { return nil }
        var tail = words[(i + 1)...]
        var head = String(words[..<i].typed)
        var result = reading(head)
        if !isAdd(result), let last = tail.last, tail.count >= 2, last.key == "ekle" {
            // `lavabo tamiri -- conta eskimiş ekle`: the verb moves before the separator.
            head += " " + last.text
            tail = tail.dropLast()
            result = reading(head)
        }
        switch result {
        case .success(.add(let title, let list, var details)):
            let text = trimmed(tail.typed)
            details.description = text.isEmpty ? nil : text
            return .success(.add(title: title, list: list, details: details))
        case .success(.addToUnknownList(let name, .add(let title, let list, var details))):
            // `add drill bits #tools -- the 6 mm ones`: the question keeps the description for `yes`.
            let text = trimmed(tail.typed)
            details.description = text.isEmpty ? nil : text
            return .success(.addToUnknownList(list: name, add: .add(title: title, list: list, details: details)))
        case .failure(.usage(verb: "add")):
            return result
        default:
            return nil
        }
    }
}
