// Task references: `#3`, `3`, `id:42`, or words matching a title (`süt'ü` → `süt`).

/// Parses the `<ref>` argument of task commands.
enum RefParser {
    /// The task reference spelled by `args`.
    ///
    /// A single word `#N` or `N` is a list number (N ≥ 1), `id:N` a stable id (N ≥ 1); anything else is
    /// words, as typed, trimmed, with a trailing Turkish apostrophe case ending removed.
    /// - Returns: `.usage(verb:)` for no words or a malformed number (`#0`, `#-1`, `#x`, `id:abc`).
    static func parse(_ args: ArraySlice<Word>, verb: Verb) -> Result<TaskRef, ParseError> {
        guard let first = args.first else { return .failure(verb.usage) }
        // A quoted title is words, whatever it looks like: `done "salt and pepper"`, `"42" sil`.
        if let quoted = unquoted(args.typed) {
            return quoted.isEmpty ? .failure(verb.usage) : .success(.words(String(quoted)))
        }
        if args.count == 1 {
            let text = TurkishSuffix.strippingApostropheEnding(first.text)
            if let numeric = number(text) {
                guard let ref = numeric else { return .failure(verb.usage) }
                return .success(ref)
            }
            return .success(.words(String(text)))
        }
        return .success(.words(String(TurkishSuffix.strippingApostropheEnding(args.typed))))
    }

    /// The text inside a pair of quotes around the whole reference (`"…"`, `“…”`, `«…»`, `'…'`), trimmed;
    /// nil when it is not quoted.
    static func unquoted(_ text: Substring) -> Substring? {
        guard let open = text.first, let close = text.last, text.count >= 2 else { return nil }
        let pairs: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»", "'": "'"]
        guard pairs[open] == close else { return nil }
        var inner = text.dropFirst().dropLast()
        while inner.first == " " { inner = inner.dropFirst() }
        while inner.last == " " { inner = inner.dropLast() }
        return inner
    }

    /// Whether `word` is written as a number reference (`#…`, digits, `-digits`, `id:…`), valid or not.
    static func looksNumeric(_ word: Substring) -> Bool {
        number(TurkishSuffix.strippingApostropheEnding(word)) != nil
    }

    /// nil when `text` is not written as a number reference; `.some(nil)` when it is but is invalid.
    private static func number(_ text: Substring) -> TaskRef?? {
        let bytes = text.utf8
        guard let head = bytes.first else { return nil }
        if head == UInt8(ascii: "#") {
            guard let n = positive(bytes.dropFirst()), let i = Int(exactly: n) else { return .some(nil) }
            return .some(.number(i))
        }
        // `id:` in any ASCII case (':' already has the 0x20 bit set).
        if bytes.count >= 3 && bytes.prefix(3).elementsEqual("id:".utf8, by: { $0 | 0x20 == $1 }) {
            guard let n = positive(bytes.dropFirst(3)) else { return .some(nil) }
            return .some(.id(n))
        }
        let negative = head == UInt8(ascii: "-")
        let body = negative ? bytes.dropFirst() : bytes[...]
        // Digits only, else words ("3rd", "2x", "-", "-x"); a minus sign or zero makes it invalid.
        guard let first = body.first, isDigit(first), body.allSatisfy(isDigit) else { return nil }
        guard !negative, let n = positive(body), let i = Int(exactly: n) else { return .some(nil) }
        return .some(.number(i))
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The value of a run of ASCII digits if it is ≥ 1 and fits in Int64.
    private static func positive(_ digits: Substring.UTF8View.SubSequence) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for b in digits {
            guard isDigit(b) else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(b - 0x30))
            guard !o1, !o2 else { return nil }
            value = s
        }
        return value >= 1 ? value : nil
    }
}
