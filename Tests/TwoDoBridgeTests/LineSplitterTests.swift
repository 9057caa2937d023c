// Splitting replies into IRC-sized lines: under the byte limit, at spaces, never inside a character.

import Testing
import TwoDoBridge

@Suite("LineSplitter", .timeLimit(.minutes(1)))
struct LineSplitterTests {
    @Test(
        "every piece stays under the limit and the words survive, in English and Turkish",
        arguments: [
            (String(repeating: "milk ", count: 200), 400),
            (String(repeating: "süt ekmek çay şeker ığdır ", count: 60), 400),
            (String(repeating: "ğ", count: 1000), 400),  // one long word of 2-byte letters
            (String(repeating: "🥛", count: 300), 401),  // 4-byte scalars; 401 is not a multiple of 4
            (String(repeating: "e\u{301}", count: 300), 100),  // é as e + combining accent (3 bytes per character)
            ("a " + String(repeating: "x", count: 1000) + " b", 64),
        ])
    func underLimitAndLossless(text: String, limit: Int) {
        let pieces = LineSplitter.split(text, maxBytes: limit)
        #expect(pieces.count > 1)
        for piece in pieces {
            #expect(piece.utf8.count <= limit, "\(piece.utf8.count) bytes")
            #expect(!piece.isEmpty)
            // Valid UTF-8 on its own: decoding its bytes gives the same text back (no U+FFFD).
            #expect(String(decoding: Array(piece.utf8), as: UTF8.self) == piece)
        }
        let squash = { (s: String) in s.filter { $0 != " " } }
        #expect(squash(pieces.joined()) == squash(text))
    }

    @Test("breaks at the last space that fits rather than inside a word")
    func breaksAtSpaces() {
        let pieces = LineSplitter.split("alpha beta gamma delta", maxBytes: 11)
        #expect(pieces == ["alpha beta", "gamma delta"])
    }

    @Test("never cuts a character: a combining accent stays with its letter")
    func keepsGraphemes() {
        let pieces = LineSplitter.split(String(repeating: "e\u{301}", count: 10), maxBytes: 7)
        #expect(pieces.allSatisfy { $0.unicodeScalars.first != "\u{301}" })
        #expect(pieces.first == "e\u{301}e\u{301}")
    }

    @Test("newlines start new lines; blank lines are dropped; short text is kept as is")
    func newlines() {
        #expect(
            LineSplitter.split("Inbox (2 open):\n  1. [ ] milk\n\n  2. [ ] süt\n") == [
                "Inbox (2 open):", "  1. [ ] milk", "  2. [ ] süt",
            ])
        #expect(LineSplitter.split("ok") == ["ok"])
        #expect(LineSplitter.split("") == [])
        #expect(LineSplitter.split("a\tb\rc") == ["a b c"])
    }

    @Test("the default limit leaves room for the prefix within IRC's 512 bytes")
    func defaultLimit() {
        let prefix = ":twodo!~twodo@irc.example.org PRIVMSG some-long-nickname :"
        for piece in LineSplitter.split(String(repeating: "çok uzun bir görev ", count: 100)) {
            #expect((prefix + piece + "\r\n").utf8.count <= 512)
        }
    }
}
