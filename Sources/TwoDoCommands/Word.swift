// One word of a command line, and the splitting of a line into words.

/// A word of a command line: its text as typed and its folding key.
///
/// The key is computed on first use and cached for the whole line, so payload words that are never
/// compared (a long `say` message, a note) are never folded.
struct Word {
    /// The word as typed: a slice of the original line, so the text between words can be recovered.
    let text: Substring
    private let keys: KeyCache
    private let index: Int

    /// `Fold.key(text)`, computed once per word on first use.
    var key: String { keys.key(index, of: text) }

    /// `key` without trailing `,` `;` `.` (kept when the word is only digits and dots, as in `24.12.`).
    var bareKey: String { keys.parts(index, of: text).bare }

    /// `bareKey` up to its first apostrophe: `cuma'ya` → `cuma`, `14:30'da` → `14:30`.
    var stem: String { keys.parts(index, of: text).stem }

    /// The Turkish case ending after the apostrophe of `bareKey` (`ya`, `da`), empty when there is none.
    var caseEnding: String { keys.parts(index, of: text).ending }

    /// The vocabulary token of the word (of `bareKey`: `friday.` is Friday), computed once per word: what
    /// `Lexer` gives every grammar.
    var token: Token { keys.token(index, of: text) }

    /// The vocabulary token of `stem` (`cuma'ya` → Friday, `günde` → day with a locative ending), computed
    /// once per word: what the routine and event clause readers classify a word as.
    var stemToken: Token { keys.stemToken(index, of: text) }

    /// Makes a stand-alone word from its typed text.
    init(_ text: Substring) {
        self.text = text
        self.keys = KeyCache()
        self.index = keys.add()
    }

    private init(_ text: Substring, keys: KeyCache) {
        self.text = text
        self.keys = keys
        self.index = keys.add()
    }

    /// Splits `line` at runs of spaces (U+0020 only; the server has already rejected control characters).
    static func split(_ line: Substring) -> [Word] {
        var words: [Word] = []
        words.reserveCapacity(8)
        let keys = KeyCache()
        let bytes = line.utf8
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            if bytes[i] == 0x20 {
                i = bytes.index(after: i)
                continue
            }
            let start = i
            while i < end && bytes[i] != 0x20 { i = bytes.index(after: i) }
            // A space is a whole scalar, so both bounds are valid scalar boundaries.
            words.append(Word(line[start..<i], keys: keys))
        }
        return words
    }
}

/// A word's key cut into the parts the clause readers compare: without trailing punctuation, the stem
/// before an apostrophe and the ending after it.
private struct KeyParts {
    let bare: String
    let stem: String
    let ending: String

    init(key: String) {
        var bare = key
        while let last = bare.last,
            last == "," || last == ";" || (last == "." && !bare.dropLast().allSatisfy { $0.isNumber || $0 == "." })
        {
            bare.removeLast()
        }
        self.bare = bare
        if let apostrophe = bare.firstIndex(of: "'") {
            stem = String(bare[..<apostrophe])
            ending = String(bare[bare.index(after: apostrophe)...])
        } else {
            stem = bare
            ending = ""
        }
    }
}

/// The folding keys of one line's words (and their parts), filled in as they are first asked for.
///
/// Not thread-safe: a cache lives only inside one `Parser.parse` call on one thread.
private final class KeyCache {
    private var keys: [String?] = []
    private var parts: [KeyParts?] = []
    private var tokens: [Token?] = []
    private var stemTokens: [Token?] = []

    /// Reserves a slot for the next word and returns its index.
    func add() -> Int {
        keys.append(nil)
        parts.append(nil)
        tokens.append(nil)
        stemTokens.append(nil)
        return keys.count - 1
    }

    /// The vocabulary token of word `index`, whose text is `text`.
    func token(_ index: Int, of text: Substring) -> Token {
        if let token = tokens[index] { return token }
        let token = Vocabulary.token(text, key: parts(index, of: text).bare)
        tokens[index] = token
        return token
    }

    /// The vocabulary token of the stem of word `index`, whose text is `text`.
    func stemToken(_ index: Int, of text: Substring) -> Token {
        if let token = stemTokens[index] { return token }
        let token = Vocabulary.token(key: parts(index, of: text).stem)
        stemTokens[index] = token
        return token
    }

    /// The key of word `index`, whose text is `text`.
    func key(_ index: Int, of text: Substring) -> String {
        if let key = keys[index] { return key }
        let key = Fold.key(text)
        keys[index] = key
        return key
    }

    /// The key parts of word `index`, whose text is `text`.
    func parts(_ index: Int, of text: Substring) -> KeyParts {
        if let cut = parts[index] { return cut }
        let cut = KeyParts(key: key(index, of: text))
        parts[index] = cut
        return cut
    }
}
