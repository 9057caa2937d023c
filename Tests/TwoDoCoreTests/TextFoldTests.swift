// Turkish-aware folding: the key every name and title comparison uses.

import Testing
import TwoDoCore

@Suite("TextFold")
struct TextFoldTests {
    @Test(
        "folds case the Turkish-aware way and drops accents",
        arguments: [
            ("İSTANBUL", "istanbul"), ("ıspanak", "ispanak"), ("IRMAK", "irmak"), ("Irmak", "irmak"),
            ("İşçi", "isci"), ("ŞEKER", "seker"), ("Çağrı", "cagri"), ("GÖZLÜK", "gozluk"), ("süt", "sut"),
            ("Café", "cafe"), ("naïve", "naive"), ("Groceries", "groceries"), ("milk 2%", "milk 2%"), ("", ""),
        ])
    func folds(input: String, expected: String) {
        #expect(TextFold.key(input) == expected)
    }

    @Test("typing I, İ, ı or i gives the same key")
    func dottedAndDotless() {
        let keys = Set(["Inbox", "İnbox", "ınbox", "inbox", "INBOX"].map(TextFold.key))
        #expect(keys == ["inbox"])
    }

    @Test("combining accents typed as separate scalars fold like precomposed ones")
    func combining() {
        #expect(TextFold.key("e\u{301}") == TextFold.key("é"))
        #expect(TextFold.key("s\u{327}") == "s")
    }
}
