// Classifies the words of a line into schedule tokens, lazily and once per word.

/// The tokens of one line's words, computed on first use.
///
/// Not thread-safe: a lexer lives only inside one `Parser.parse` call.
final class Lexer {
    /// The words, as typed (a quoted title may be one word spanning its quotes).
    let words: [Word]
    /// The index of the quoted title word, if any.
    let quoted: Int?
    private var cache: [Token?]

    /// A lexer over `words`; `quoted` marks the word that is a quoted title.
    init(_ words: [Word], quoted: Int? = nil) {
        self.words = words
        self.quoted = quoted
        self.cache = Array(repeating: nil, count: words.count)
    }

    /// The number of words.
    var count: Int { words.count }

    /// The token of word `i`.
    subscript(i: Int) -> Token {
        if let t = cache[i] { return t }
        let t = i == quoted ? Token(kind: .quoted) : Vocabulary.token(words[i])
        cache[i] = t
        return t
    }

    /// The folding key of word `i`.
    func key(_ i: Int) -> String { words[i].key }

    /// The text of words `range` as typed.
    func typed(_ range: Range<Int>) -> String { String(words[range].typed) }
}
