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

    @Test("The corpus is large, about half Turkish, and has no repeated row")
    func size() {
        let all = Corpus.english + Corpus.turkish
        #expect(all.count >= 450)
        #expect(Corpus.turkish.count * 10 >= all.count * 4)
        #expect(Set(all.map { "\($0.line)|\($0.zone)|\($0.now)" }).count == all.count)
    }

    @Test("The corpus covers every zone of the DST rows and error rows of every date problem")
    func coverage() {
        let all = Corpus.english + Corpus.turkish
        for zone in ["UTC", "Europe/Istanbul", "Europe/Berlin", "America/New_York"] {
            #expect(all.contains { $0.zone == zone })
        }
        for problem in DateProblem.allCases {
            #expect(all.contains { if case .failure(.badDate(_, _, problem)) = $0.expected { true } else { false } })
        }
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
