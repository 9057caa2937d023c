// The table-driven grammar tests: every corpus row, English and Turkish.

import Testing
import TwoDoCommands

/// The corpus rows run through `Parser.parse`.
@Suite("Parser corpus")
struct ParserCorpusTests {
    @Test("English lines parse as expected", arguments: Corpus.english)
    func english(_ row: Row) {
        #expect(Parser.parse(row.line, context: Corpus.context(for: row)) == row.expected)
    }

    @Test("Turkish lines parse as expected", arguments: Corpus.turkish)
    func turkish(_ row: Row) {
        #expect(Parser.parse(row.line, context: Corpus.context(for: row)) == row.expected)
    }

    @Test("The corpus is large and about half Turkish")
    func size() {
        #expect(Corpus.english.count + Corpus.turkish.count >= 200)
        #expect(Corpus.turkish.count * 10 >= (Corpus.english.count + Corpus.turkish.count) * 4)
        #expect(
            Set(Corpus.english.map(\.line) + Corpus.turkish.map(\.line)).count
                == Corpus.english.count + Corpus.turkish.count)
    }

    @Test(
        "canonicalVerb maps any spelling to the English verb",
        arguments: [
            ("ekle", "add"), ("GÖSTER", "show"), ("geri al", "undone"), ("çiftten ayrıl", "couple"),
            ("okundu", "inbox"), ("?", "help"), ("milk", nil), ("add milk", nil),
        ] as [(String, String?)])
    func canonicalVerb(_ word: String, _ expected: String?) {
        #expect(Parser.canonicalVerb(word) == expected)
    }
}
