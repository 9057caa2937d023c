// What an object in the accusative may stand for when a task's name is looked up (`kitabı aldım` → "kitap").

import Testing
import TwoDoCommands

@Suite("Turkish accusative readings")
struct TurkishSuffixTests {
    @Test(
        "the ending read off the last word, a softened consonant hardened again, in the order tried",
        arguments: [
            // The plain endings, as the server read them before.
            ("sütü", ["süt"]), ("elmayı", ["elma", "elmay"]), ("annemi", ["annem"]),
            ("faturayı", ["fatura", "faturay"]),
            ("raporu", ["rapor"]), ("ekmek al", []), ("spor", []),
            // Softened consonants: b, c, ğ come back first (no word ends in ğ, few in b or c); d and ng after.
            ("kitabı", ["kitap", "kitab"]), ("ağacı", ["ağaç", "ağac"]), ("köpeği", ["köpek", "köpeg", "köpeğ"]),
            ("kataloğu", ["katalok", "katalog", "kataloğ"]), ("kanadı", ["kanad", "kanat"]),
            ("rengi", ["reng", "renk"]),
            ("yeni kitabı", ["yeni kitap", "yeni kitab"]), ("KİTABI", ["KİTAP", "KİTAB"]),
            // `-nı`/`-yı` may be the stem's letter and `-ı`.
            ("fırını", ["fırı", "fırın"]), ("köyü", ["kö", "köy"]), ("kalemini", ["kalemi", "kalemin"]),
            // Too short to carry an ending that is not its own.
            ("su", []), ("ipi", []), ("", []),
        ] as [(String, [String])])
    func readings(_ words: String, _ expected: [String]) {
        #expect(TurkishSuffix.accusativeReadings(of: words) == expected)
    }
}
