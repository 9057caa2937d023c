// The schedule tokens of a line's words, as every date, time and recurrence reader sees them.

/// The tokens of one line's words (each word computes its token once, on first use; see `Word.token`).
struct Lexer {
    /// The words, as typed (a quoted title may be one word spanning its quotes).
    let words: [Word]
    /// The index of the quoted title word, if any.
    let quoted: Int?

    /// A lexer over `words`; `quoted` marks the word that is a quoted title.
    init(_ words: [Word], quoted: Int? = nil) {
        self.words = words
        self.quoted = quoted
    }

    /// The number of words.
    var count: Int { words.count }

    /// The token of word `i`.
    subscript(i: Int) -> Token { i == quoted ? Token(kind: .quoted) : words[i].token }

    /// The folding key of word `i`.
    func key(_ i: Int) -> String { words[i].key }

    /// The text of words `range` as typed.
    func typed(_ range: Range<Int>) -> String { String(words[range].typed) }
}
