// Tests of the edit distance and of verb suggestions for unknown first words.

import Testing

@testable import TwoDoCommands

/// Tests of `Suggester`.
@Suite("Suggester")
struct SuggesterTests {
    @Test(
        "Optimal string alignment distance",
        arguments: [
            ("", "", 0), ("add", "add", 0), ("ad", "add", 1), ("shwo", "show", 1), ("ekel", "ekle", 1),
            ("kitten", "sitting", 3), ("abc", "", 3), ("ca", "abc", 3), ("listele", "listeler", 1),
        ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggester.distance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == expected)
        #expect(Suggester.distance(Array(b.unicodeScalars), Array(a.unicodeScalars)) == expected)
    }

    @Test(
        "Nearest spelling within the length-scaled limit",
        arguments: [
            ("ad", "add"), ("shwo", "show"), ("GÖSTR", "göster"), ("ekel", "ekle"), ("xyzzy", nil),
            ("q", nil), ("lgoin", "login"), ("statz", "stats"), ("mlik", nil),
        ] as [(String, String?)])
    func nearest(_ word: String, _ expected: String?) {
        #expect(Suggester.nearest(to: Word(word[...]), testClock: false) == expected)
    }

    @Test("clock is only suggested with the test clock on")
    func clock() {
        #expect(Suggester.nearest(to: Word("clok"), testClock: true) == "clock")
        #expect(Suggester.nearest(to: Word("clok"), testClock: false) == nil)
    }
}
