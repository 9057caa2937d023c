// Splitting long replies into Matrix messages, and the bot's own texts in both languages.

import Testing

@testable import TwoDoBridge

@Suite("MatrixText")
struct MatrixTextTests {
    @Test("short text is one message, blank lines inside kept", arguments: ["Inbox:\n  1. milk\n\n  2. süt", "ok"])
    func short(text: String) {
        #expect(MatrixText.chunks(text, maxBytes: 100) == [text])
    }

    @Test("long text is cut at line ends into messages under the limit, nothing lost")
    func long() {
        let lines = (1...300).map { "  \($0). görev numarası \($0) çok uzun bir başlık" }
        let chunks = MatrixText.chunks(lines.joined(separator: "\n"), maxBytes: 1000)
        #expect(chunks.count > 5)
        #expect(chunks.allSatisfy { $0.utf8.count <= 1000 })
        #expect(chunks.joined(separator: "\n") == lines.joined(separator: "\n"))
    }

    @Test("one huge line is cut without breaking a UTF-8 character")
    func hugeLine() {
        let word = String(repeating: "ğüşiöç", count: 200)
        let chunks = MatrixText.chunks(word, maxBytes: 101)
        #expect(chunks.allSatisfy { $0.utf8.count <= 101 })
        #expect(chunks.joined() == word)
    }

    @Test("empty and blank text sends nothing", arguments: ["", "\n\n", "  \n "])
    func blank(text: String) {
        #expect(MatrixText.chunks(text, maxBytes: 100).isEmpty)
    }

    @Test(
        "each message exists in English and Turkish, both when the language is unknown",
        arguments: [MatrixText.Key.welcome, .notPrivate, .tooManyLines, .encrypted])
    func languages(key: MatrixText.Key) {
        let en = MatrixText.text(key, lang: "en", count: 20)
        let tr = MatrixText.text(key, lang: "tr", count: 20)
        #expect(en != tr && !en.isEmpty && !tr.isEmpty)
        #expect(MatrixText.text(key, lang: nil, count: 20) == en + "\n" + tr)
        #expect(!en.contains("{") && !tr.contains("{"))
    }

    @Test(
        "text in columns gets a monospaced, escaped HTML copy; ordinary text and listings do not",
        arguments: [
            (
                "    November 2026\nMo  Tu  We\n 2   3   4\n<x> & \"y\"",
                "<pre><code>    November 2026\nMo  Tu  We\n 2   3   4\n&lt;x&gt; &amp; &quot;y&quot;</code></pre>"
            ),
            ("Inbox:\n  1. milk\n  2. süt", nil as String?),
            ("Added \"milk\" to Inbox.", nil),
            ("a  b", nil),
        ])
    func preformatted(text: String, html: String?) {
        #expect(MatrixText.preformattedHTML(text) == html)
    }
}
