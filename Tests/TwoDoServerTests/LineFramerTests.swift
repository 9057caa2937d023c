// Unit tests of the line framer: line endings, blank lines, the length limit, telnet IAC, control bytes and UTF-8.

import Testing
import TwoDoServer

/// Feeds each chunk in turn to one framer and returns every item produced.
private func frame(_ chunks: [[UInt8]], limit: Int = 4096) -> [FramedItem] {
    var framer = LineFramer(limit: limit)
    var out: [FramedItem] = []
    for chunk in chunks { framer.feed(chunk, into: &out) }
    return out
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private let iac: UInt8 = 255

@Suite("LineFramer")
struct LineFramerTests {
    @Test(
        "frames whole inputs into the expected items",
        arguments: [
            ("LF ends a line", bytes("ping\n"), [FramedItem.line("ping")]),
            ("CR LF ends a line and the CR is dropped", bytes("ping\r\n"), [.line("ping")]),
            ("two lines in one chunk", bytes("ping\r\nwho\n"), [.line("ping"), .line("who")]),
            ("a line without LF is not finished", bytes("ping"), []),
            ("an empty line is skipped", bytes("\n"), []),
            ("a CR-only line is skipped", bytes("\r\n"), []),
            ("a line of spaces is skipped", bytes("    \r\n"), []),
            ("a line of tabs and spaces is skipped", bytes(" \t \t\n"), []),
            (
                "blank lines between commands are skipped", bytes("\n\nping\n\r\n\nwho\n"),
                [.line("ping"), .line("who")]
            ),
            ("a tab becomes a space", bytes("add\tmilk\n"), [.line("add milk")]),
            ("several tabs become spaces", bytes("\tadd\t\tmilk\t\n"), [.line(" add  milk ")]),
            ("a bare CR inside a line is a control character", bytes("pi\rng\n"), [.controlChars]),
            ("two CRs before LF leave a bare CR", bytes("ping\r\r\n"), [.controlChars]),
            ("NUL is a control character", bytes("pi\u{0}ng\n"), [.controlChars]),
            ("telnet's CR NUL ends a line like CR LF", bytes("ping\r\u{0}who\r\u{0}"), [.line("ping"), .line("who")]),
            ("CR NUL then LF is one line, not two", bytes("ping\r\u{0}\n"), [.line("ping")]),
            ("NUL without a CR before it is still refused", bytes("ping\u{0}\r\n"), [.controlChars]),
            ("a bare ESC is a control character", bytes("\u{1B}red\n"), [.controlChars]),
            ("ESC at the end of a line is a control character", bytes("red\u{1B}\n"), [.controlChars]),
            ("a CSI sequence (colour) is dropped", bytes("\u{1B}[31mred\n"), [.line("red")]),
            ("other control characters are still refused", bytes("pi\u{1}ng\n"), [.controlChars]),
            ("a C1 control (NEL) is refused", bytes("a\u{85}b\n"), [.controlChars]),
            ("valid UTF-8 passes", bytes("ekle süt ve çay İstanbul 🍞\n"), [.line("ekle süt ve çay İstanbul 🍞")]),
            ("a lone continuation byte is bad UTF-8", [0x61, 0x80, 0x62, 0x0A], [.badEncoding]),
            ("a truncated sequence is bad UTF-8", [0x61, 0xC3, 0x0A], [.badEncoding]),
            ("an overlong encoding is bad UTF-8", [0xC0, 0xAF, 0x0A], [.badEncoding]),
            ("a UTF-16 surrogate encoded in UTF-8 is bad", [0xED, 0xA0, 0x80, 0x0A], [.badEncoding]),
            ("a bad line does not spoil the next", [0xC3, 0x0A] + bytes("ping\n"), [.badEncoding, .line("ping")]),
            ("control characters win over bad UTF-8", [0x00, 0xC3, 0x0A], [.controlChars]),
        ] as [(String, [UInt8], [FramedItem])])
    func frames(name: String, input: [UInt8], expected: [FramedItem]) {
        #expect(frame([input]) == expected, "\(name)")
        // Byte by byte gives the same items.
        #expect(frame(input.map { [$0] }) == expected, "\(name), byte by byte")
    }

    @Test(
        "edits the line: Backspace, DEL and IAC EC erase a character, Ctrl-U and IAC EL the line, keys are dropped",
        arguments: [
            ("Backspace erases the last character", bytes("pix\u{8}ng\n"), [FramedItem.line("ping")]),
            ("DEL erases the last character", bytes("pix\u{7F}ng\n"), [.line("ping")]),
            ("several erasures", bytes("pxyz\u{7F}\u{8}\u{7F}ing\n"), [.line("ping")]),
            (
                "erasing more than the line holds stops at empty", bytes("ab\u{7F}\u{7F}\u{7F}\u{7F}ping\n"),
                [.line("ping")]
            ),
            ("erasing everything leaves a blank line, which is skipped", bytes("ab\u{8}\u{8}\n"), []),
            ("Ctrl-U erases the whole line", bytes("rm -rf\u{15}ping\n"), [.line("ping")]),
            ("IAC EC is Backspace", bytes("pix") + [iac, 247] + bytes("ng\n"), [.line("ping")]),
            ("IAC EL is Ctrl-U", bytes("oops") + [iac, 248] + bytes("ping\n"), [.line("ping")]),
            ("a two-byte character is erased whole", bytes("add süt\u{7F}\u{7F}çay\n"), [.line("add sçay")]),
            ("a four-byte emoji is erased whole", bytes("add 🍞\u{7F}çay\n"), [.line("add çay")]),
            ("a base and its combining mark are erased together", bytes("add e\u{301}\u{7F}x\n"), [.line("add x")]),
            ("an emoji with a skin tone is erased whole", bytes("add 👍🏽\u{7F}x\n"), [.line("add x")]),
            ("a zero-width-joined family is erased whole", bytes("add a👨‍👩‍👧\u{7F}x\n"), [.line("add ax")]),
            ("a stray byte is erased alone", [0x61, 0xC3] + bytes("\u{7F}b\n"), [.line("ab")]),
            (
                "a byte after an incomplete sequence is one character", [0x61, 0xE2, 0x82, 0x7F, 0x7F, 0x0A],
                [.line("a")]
            ),
            (
                "a Backspace does not undo the line end", bytes("ping\n\u{7F}\u{7F}who\n"),
                [.line("ping"), .line("who")]
            ),
            ("the left arrow key is dropped", bytes("pin\u{1B}[Dg\n"), [.line("ping")]),
            ("all four arrow keys are dropped", bytes("\u{1B}[Api\u{1B}[B\u{1B}[Cng\u{1B}[D\n"), [.line("ping")]),
            ("SS3 arrow keys are dropped", bytes("\u{1B}OApi\u{1B}OHng\n"), [.line("ping")]),
            (
                "Delete, Home, F5 and Ctrl-Right are dropped", bytes("p\u{1B}[3~i\u{1B}[1~n\u{1B}[15~g\u{1B}[1;5C\n"),
                [.line("ping")]
            ),
            ("an escape sequence broken by the line end is refused", bytes("ping\u{1B}[1\n"), [.controlChars]),
            ("an SS3 broken by a control byte is refused", bytes("ping\u{1B}O\u{1}\n"), [.controlChars]),
            ("Alt-x (ESC x) is refused", bytes("ping\u{1B}x\n"), [.controlChars]),
            (
                "a CSI longer than 16 parameter bytes is broken",
                bytes("\u{1B}[" + String(repeating: "1", count: 17) + "Aping\n"), [.controlChars]
            ),
            (
                "a CSI of 16 parameter bytes is dropped",
                bytes("\u{1B}[" + String(repeating: "1", count: 16) + "Aping\n"), [.line("ping")]
            ),
            ("the next line after a broken escape is fine", bytes("\u{1B}\nping\n"), [.controlChars, .line("ping")]),
            (
                "editing works with telnet's CR NUL ends", bytes("pix\u{7F}ng\r\u{0}who\r\u{0}"),
                [.line("ping"), .line("who")]
            ),
            (
                "an IAC command inside an escape sequence is stripped",
                bytes("pin\u{1B}") + [iac, 241] + bytes("[Dg\n"), [.line("ping")]
            ),
        ] as [(String, [UInt8], [FramedItem])])
    func editing(name: String, input: [UInt8], expected: [FramedItem]) {
        #expect(frame([input]) == expected, "\(name)")
        #expect(frame(input.map { [$0] }) == expected, "\(name), byte by byte")
    }

    @Test("a flood of unfinished escape sequences or erasures holds no memory")
    func escapeFlood() {
        var framer = LineFramer(limit: 64)
        var out: [FramedItem] = []
        for _ in 0..<10_000 { framer.feed([0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 10), into: &out) }
        #expect(framer.pendingByteCount <= 65)
        // Each ESC broke the sequence before it and left its ESC in the line, which became too long.
        #expect(out == [.tooLong])
        framer.feed([10, 0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 100_000) + [10], into: &out)
        #expect(out == [.tooLong, .tooLong], "a never-ending CSI is broken after 16 bytes; the rest fills the line")
        framer.feed(bytes("abc") + [UInt8](repeating: 0x7F, count: 100_000), into: &out)
        #expect(framer.pendingByteCount == 0)
        framer.feed(bytes("ping\n"), into: &out)
        #expect(out == [.tooLong, .tooLong, .line("ping")])
        #expect(framer.outgoing.isEmpty, "nothing is sent back unless asked to echo")
    }

    @Test(
        "strips telnet IAC commands and negotiations, keeping IAC IAC as a data byte",
        arguments: [
            ("IAC WILL ECHO before a command", [iac, 251, 1] + bytes("ping\n"), [FramedItem.line("ping")]),
            ("IAC DO SUPPRESS-GO-AHEAD", [iac, 253, 3] + bytes("ping\n"), [.line("ping")]),
            ("IAC WONT and IAC DONT", [iac, 252, 1, iac, 254, 31] + bytes("ping\n"), [.line("ping")]),
            ("IAC NOP inside a word", bytes("pi") + [iac, 241] + bytes("ng\n"), [.line("ping")]),
            ("IAC AYT and IAC GA", [iac, 246] + bytes("ping") + [iac, 249] + bytes("\n"), [.line("ping")]),
            (
                "a subnegotiation up to IAC SE, even with LF and NUL in it",
                [iac, 250, 24, 0] + bytes("xterm\n") + [0, iac, 240] + bytes("ping\n"), [.line("ping")]
            ),
            (
                "IAC IAC inside a subnegotiation does not end it",
                [iac, 250, 31, iac, iac, 7, iac, 240] + bytes("ping\n"), [.line("ping")]
            ),
            (
                "IAC IAC is one 0xFF data byte, which is not UTF-8", bytes("pi") + [iac, iac] + bytes("ng\n"),
                [.badEncoding]
            ),
            ("IAC IAC alone on a line is still a bad line", [iac, iac, 0x0A], [.badEncoding]),
            ("the option byte after WILL may be LF", [iac, 251, 0x0A] + bytes("ping\n"), [.line("ping")]),
        ] as [(String, [UInt8], [FramedItem])])
    func telnet(name: String, input: [UInt8], expected: [FramedItem]) {
        #expect(frame([input]) == expected, "\(name)")
        #expect(frame(input.map { [$0] }) == expected, "\(name), byte by byte")
    }

    @Test("a line of exactly the limit is accepted, with or without CR")
    func exactlyAtLimit() {
        let line = String(repeating: "a", count: 4096)
        #expect(frame([bytes(line + "\n")]) == [.line(line)])
        #expect(frame([bytes(line + "\r\n")]) == [.line(line)])
        // Multi-byte characters count in bytes: 2048 × "ç" is 4096 bytes.
        let wide = String(repeating: "ç", count: 2048)
        #expect(frame([bytes(wide + "\n")]) == [.line(wide)])
    }

    @Test("a line one byte over the limit is too long", arguments: [4097, 4098, 5000, 70_000])
    func overLimit(length: Int) {
        let line = String(repeating: "b", count: length)
        #expect(frame([bytes(line + "\n")]) == [.tooLong])
        #expect(frame([bytes(line + "\r\n")]) == [.tooLong])
    }

    @Test("4097 bytes whose last is a CR is not too long: the CR belongs to the line end")
    func crAtTheLimit() {
        let line = String(repeating: "c", count: 4096)
        #expect(frame([bytes(line + "\r"), bytes("\n")]) == [.line(line)])
        #expect(frame([bytes(line + "\rx\n")]) == [.tooLong])
    }

    @Test("an overlong line is reported once, then skipped up to its LF, and the next line works")
    func overlongThenNormal() {
        var framer = LineFramer(limit: 4096)
        var out: [FramedItem] = []
        framer.feed([UInt8](repeating: 0x61, count: 5000), into: &out)
        #expect(out == [.tooLong], "reported as soon as the limit is passed, before the LF")
        framer.feed([UInt8](repeating: 0x61, count: 100_000), into: &out)
        #expect(out == [.tooLong], "only once")
        #expect(framer.pendingByteCount == 0)
        framer.feed(bytes("xyz\nping\n"), into: &out)
        #expect(out == [.tooLong, .line("ping")], "the tail of the long line is dropped, up to and including its LF")
    }

    @Test("memory held for an unfinished line never exceeds limit + 1 bytes")
    func boundedPending() {
        var framer = LineFramer(limit: 4096)
        var out: [FramedItem] = []
        for _ in 0..<100 {
            framer.feed([UInt8](repeating: 0x7A, count: 997), into: &out)
            #expect(framer.pendingByteCount <= 4097)
        }
        #expect(out == [.tooLong])
    }

    @Test(
        "a multi-byte character split across chunks is put back together",
        arguments: [
            "açb", "süt", "İstanbul", "ğ", "日本", "🍞 ekmek", "e\u{301}",
        ])
    func splitUTF8(text: String) {
        let data = bytes("add " + text + "\n")
        for cut in 1..<data.count {
            #expect(frame([Array(data[..<cut]), Array(data[cut...])]) == [.line("add " + text)], "cut at \(cut)")
        }
    }

    @Test("an IAC sequence split across chunks is still stripped")
    func splitIAC() {
        #expect(frame([[iac], [251], [1], bytes("ping\n")]) == [.line("ping")])
        #expect(frame([bytes("pi"), [iac], [iac], bytes("ng\n")]) == [.badEncoding])
        #expect(frame([[iac, 250], [24], [1, iac], [240], bytes("ping\n")]) == [.line("ping")])
    }

    @Test("a small limit works the same way")
    func smallLimit() {
        #expect(frame([bytes("12345678\n")], limit: 8) == [.line("12345678")])
        #expect(frame([bytes("123456789\n")], limit: 8) == [.tooLong])
        #expect(frame([bytes("12345678\r\n")], limit: 8) == [.line("12345678")])
    }

    @Test("shrink releases nothing that is still needed")
    func shrinkKeepsPending() {
        var framer = LineFramer()
        var out: [FramedItem] = []
        framer.feed(bytes("pi"), into: &out)
        framer.shrink()
        #expect(framer.pendingByteCount == 2)
        framer.feed(bytes("ng\n"), into: &out)
        framer.shrink()
        #expect(framer.pendingByteCount == 0)
        #expect(out == [.line("ping")])
    }
}
