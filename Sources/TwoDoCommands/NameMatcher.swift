// Matching typed phrases against known names (lists, members), allowing Turkish case endings.

/// Finds which known name a phrase refers to, comparing folding keys.
///
/// A phrase may carry a Turkish case ending (`markete`, `Market'e`, `marketi`) or the
/// "<name> listesi" construction (`alışveriş listesine` for a list named "Alışveriş").
struct NameMatcher: Sendable {
    /// The grammatical case a phrase is expected in.
    enum GrammaticalCase: Sendable {
        /// The name itself (`groceries`, and `market listesi`).
        case bare
        /// "to the ...": `markete`, `Market'e`, `alışveriş listesine`.
        case dative
        /// "the ..." as an object: `marketi`, `Market'i`, `alışveriş listesini`.
        case accusative
    }

    private struct Entry: Sendable {
        let key: String
        let name: String
    }

    /// Known names, longest key first so the most specific name wins.
    private let entries: [Entry]
    /// The most words in a known name plus one (for a trailing `listesine`).
    let maxWords: Int
    /// The longest key in bytes plus room for the longest ending.
    private let maxKeyBytes: Int
    /// Whether a match returns the known name itself (`markete` → `Market`) rather than the user's spelling.
    private let knownSpelling: Bool

    private static let bareEndings: Set<String> = ["", " listesi"]
    private static let dativeEndings: Set<String> = endings(TurkishSuffix.dative, listForm: "ne")
    private static let accusativeEndings: Set<String> = endings(TurkishSuffix.accusative, listForm: "ni")

    private static func endings(_ suffixes: [String], listForm: String) -> Set<String> {
        var out = Set(suffixes)
        for s in suffixes { out.insert("'" + s) }
        out.insert(" listesi" + listForm)
        out.insert(" listesi'" + listForm)
        return out
    }

    /// Builds a matcher for `names`; names with an empty key are ignored. With `knownSpelling` a match is
    /// the known name as stored (lists); without it, the user's spelling (members).
    init(_ names: [String], knownSpelling: Bool = false) {
        self.knownSpelling = knownSpelling
        var entries: [Entry] = []
        var maxWords = 0
        for name in names {
            let words = Word.split(Substring(name))
            guard !words.isEmpty else { continue }
            let key = words[...].key
            guard !key.isEmpty else { continue }
            entries.append(Entry(key: key, name: name))
            maxWords = Swift.max(maxWords, words.count)
        }
        entries.sort { $0.key.utf8.count > $1.key.utf8.count }
        self.entries = entries
        self.maxWords = maxWords + 1
        self.maxKeyBytes = (entries.first?.key.utf8.count ?? 0) + 12
    }

    /// Whether there are no known names.
    var isEmpty: Bool { entries.isEmpty }

    /// The name `phrase` refers to in `grammaticalCase`, or nil.
    ///
    /// Returns the known name as stored when the matcher was built with `knownSpelling` (`MARKETE` →
    /// `Market`, `alisveris listesine` → `Alışveriş Listesi`). Otherwise the user's spelling without the
    /// ending (`bob'a` → `bob`), words joined by single spaces; its folding key always equals the known
    /// name's. Falls back to the known name if the ending cannot be cut from the typed text cleanly.
    func match(_ phrase: ArraySlice<Word>, as grammaticalCase: GrammaticalCase) -> String? {
        guard !entries.isEmpty, !phrase.isEmpty, phrase.count <= maxWords,
            phrase.typed.utf8.count <= 4 * maxKeyBytes  // ruled out without folding
        else { return nil }
        let key = phrase.key
        guard key.utf8.count <= maxKeyBytes else { return nil }
        let endings: Set<String>
        switch grammaticalCase {
        case .bare: endings = Self.bareEndings
        case .dative: endings = Self.dativeEndings
        case .accusative: endings = Self.accusativeEndings
        }
        for entry in entries where key.utf8.starts(with: entry.key.utf8) {
            let rest = String(Substring(key.utf8.dropFirst(entry.key.utf8.count)))
            guard endings.contains(rest) else { continue }
            if knownSpelling { return entry.name }
            return typedName(phrase, ending: rest, entry: entry)
        }
        return nil
    }

    private func typedName(_ phrase: ArraySlice<Word>, ending: String, entry: Entry) -> String {
        let candidate: String
        if ending.isEmpty {
            candidate = phrase.spaced
        } else if ending.hasPrefix(" ") {
            // "<name> listesi(ne)": the last word is the "listesi" construction.
            candidate = phrase.dropLast().spaced
        } else {
            let last = phrase[phrase.endIndex - 1].text.dropLast(ending.count)
            let head = phrase.dropLast()
            candidate = head.isEmpty ? String(last) : head.spaced + " " + last
        }
        return Fold.key(candidate) == entry.key ? candidate : entry.name
    }
}
