// Unit tests of the framer's echo in telnet character mode: typed text, line ends, erasures and keys.

import Testing
import TwoDoServer

private let iac: UInt8 = 255
private let doEcho: [UInt8] = [255, 253, 1]
private let willEcho: [UInt8] = [255, 251, 1]

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Erasing `columns` columns on the user's screen: back, blank, back.
private func erase(_ columns: Int) -> [UInt8] {
    [UInt8](repeating: 8, count: columns) + [UInt8](repeating: 32, count: columns)
        + [UInt8](repeating: 8, count: columns)
}

/// Feeds `input` after the client's DO ECHO, whole and byte by byte; returns the items and the echo (after WILL ECHO).
private func echoed(_ input: [UInt8], limit: Int = 4096) -> (items: [FramedItem], echo: [UInt8], bytewise: [UInt8]) {
    var framer = LineFramer(limit: limit)
    var items: [FramedItem] = []
    framer.feed(doEcho + input, into: &items)
    let reply = framer.takeOutgoing()
    var single = LineFramer(limit: limit)
    var ignored: [FramedItem] = []
    var bytewise: [UInt8] = []
    for byte in doEcho + input {
        single.feed([byte], into: &ignored)
        bytewise += single.takeOutgoing()
    }
    #expect(Array(reply.prefix(3)) == willEcho)
    return (items, Array(reply.dropFirst(3)), Array(bytewise.dropFirst(3)))
}

@Suite("LineFramer echo")
struct LineFramerEchoTests {
    @Test(
        "echoes what the user types once the client asked for it",
        arguments: [
            ("typed text and the line end", bytes("ping\r\u{0}"), bytes("ping\r\n")),
            ("CR LF is one line end", bytes("ping\r\n"), bytes("ping\r\n")),
            ("an empty line still moves to the next line", bytes("\r\u{0}"), bytes("\r\n")),
            ("Turkish and emoji pass through as UTF-8", bytes("ekle çay 🍵\r\u{0}"), bytes("ekle çay 🍵\r\n")),
            ("a tab is echoed as the space it becomes", bytes("a\tb"), bytes("a b")),
            ("Backspace erases one column", bytes("pix\u{8}"), bytes("pix") + erase(1)),
            ("DEL erases one column", bytes("pix\u{7F}"), bytes("pix") + erase(1)),
            ("IAC EC erases one column", bytes("pix") + [iac, 247], bytes("pix") + erase(1)),
            ("a two-byte letter is one column", bytes("ç\u{7F}"), bytes("ç") + erase(1)),
            ("a wide CJK character is two columns", bytes("日\u{7F}"), bytes("日") + erase(2)),
            ("an emoji is two columns", bytes("🍞\u{7F}"), bytes("🍞") + erase(2)),
            ("e + combining acute is one column", bytes("e\u{301}\u{7F}"), bytes("e\u{301}") + erase(1)),
            ("Backspace on an empty line echoes nothing", bytes("\u{7F}\u{8}"), []),
            ("Ctrl-U erases everything shown", bytes("ab日\u{15}"), bytes("ab日") + erase(4)),
            ("IAC EL erases everything shown", bytes("abc") + [iac, 248], bytes("abc") + erase(3)),
            ("Ctrl-U on an empty line echoes nothing", bytes("\u{15}"), []),
            (
                "Left steps back a column, Right prints the character again", bytes("pi\u{1B}[D\u{1B}OCng"),
                bytes("pi") + [8] + bytes("ing")
            ),
            ("Home, End and function keys echo nothing", bytes("pi\u{1B}[H\u{1B}[F\u{1B}[15~ng"), bytes("ping")),
            ("other control characters are not echoed", bytes("a\u{1}b"), bytes("ab")),
            ("a 0xFF data byte is echoed as IAC IAC", bytes("a") + [iac, iac], bytes("a") + [iac, iac]),
            (
                "typed text and negotiation mix", bytes("pi") + [iac, 253, 3] + bytes("ng"),
                bytes("pi") + [iac, 251, 3] + bytes("ng")
            ),
        ] as [(String, [UInt8], [UInt8])])
    func echo(name: String, input: [UInt8], expected: [UInt8]) {
        let result = echoed(input)
        #expect(result.echo == expected, "\(name)")
        #expect(result.bytewise == expected, "\(name), byte by byte")
    }

    @Test("nothing is echoed unless the client asked: a plain nc or line-mode telnet sees only replies")
    func noEchoByDefault() {
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(bytes("pix\u{7F}ng\u{1B}[D\r\n\u{15}who\n"), into: &items)
        #expect(items == [.line("ping"), .line("who")])
        #expect(framer.outgoing.isEmpty)
    }

    @Test("DONT ECHO stops the echo")
    func dontEchoStops() {
        let result = echoed(bytes("ab") + [iac, 254, 1] + bytes("cd\r\n"))
        #expect(result.echo == bytes("ab") + [iac, 252, 1])
        #expect(result.items == [.line("abcd")])
    }

    @Test("a pasted 4 KB line is echoed whole; past the limit the echo stops and the line is refused")
    func longLines() {
        let line = String(repeating: "x", count: 4096)
        let pasted = echoed(bytes(line + "\r\n"))
        #expect(pasted.items == [.line(line)])
        #expect(pasted.echo == bytes(line + "\r\n"))
        let tooLong = echoed(bytes("abcdefghij\r\n"), limit: 8)
        #expect(tooLong.items == [.tooLong])
        // Up to the limit + 1 (room for a CR) is echoed, then nothing until the line end.
        #expect(tooLong.echo == bytes("abcdefghi\r\n"))
    }

    @Test("the line the server runs is the line the user saw")
    func sameAsScreen() {
        let result = echoed(bytes("add süt\u{7F}\u{7F}\u{7F}çay\u{1B}[D\u{8}y\r\u{0}"))
        // Left, then Backspace erases the `a` before the cursor and `y` goes in where it was.
        #expect(result.items == [.line("add çyy")])
        #expect(
            result.echo
                == bytes("add süt") + erase(1) + erase(1) + erase(1) + bytes("çay") + [8, 8] + bytes("\u{1B}[1P")
                + bytes("\u{1B}[1@y\r\n"))
    }

    @Test(
        "a password, code or token is echoed as one * per character, in English and Turkish",
        arguments: [
            ("login alice Tulip-9\r\n", "login alice *******\r\n"),
            ("giriş alice şifre\r\n", "giriş alice *****\r\n"),
            ("register bob 日本語\r\n", "register bob ***\r\n"),
            ("passwd old-one new-one\r\n", "passwd ***************\r\n"),
            ("reset bob AB12-CD34 Fresh-Pass-1\r\n", "reset bob **********************\r\n"),
            ("resume TOKEN\r\n", "resume *****\r\n"),
            ("account delete confirm pw\r\n", "account delete confirm **\r\n"),
            ("hesap sil onayla pw\r\n", "hesap sil onayla **\r\n"),
            ("add login form\r\n", "add login form\r\n"),
        ])
    func secretsMasked(typed: String, shown: String) {
        let result = echoed(bytes(typed))
        #expect(result.echo == bytes(shown), "\(typed)")
        #expect(result.bytewise == bytes(shown), "\(typed), byte by byte")
        #expect(result.items == [.line(String(typed.dropLast()))])  // "\r\n" is one Character
    }

    @Test("Backspace in a password takes one * and one character")
    func eraseSecret() {
        let result = echoed(bytes("login al pwx\u{7F}d\r\n"))
        #expect(result.items == [.line("login al pwd")])
        #expect(result.echo == bytes("login al ***") + erase(1) + bytes("*\r\n"))
    }

    @Test("Up and Down recall the lines typed before; a line with a password is never kept")
    func history() {
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(doEcho + bytes("add milk\r\nlogin al secret\r\nshow\r\n"), into: &items)
        _ = framer.takeOutgoing()
        framer.feed(bytes("\u{1B}[A"), into: &items)
        #expect(framer.takeOutgoing() == bytes("show"))
        framer.feed(bytes("\u{1B}OA"), into: &items)  // SS3 Up, as some terminals send it
        #expect(framer.takeOutgoing() == erase(4) + bytes("add milk"))
        framer.feed(bytes("\u{1B}[A"), into: &items)  // nothing older
        #expect(framer.takeOutgoing().isEmpty)
        framer.feed(bytes("\u{1B}[B\u{1B}[B"), into: &items)  // back down to an empty line
        #expect(framer.takeOutgoing() == erase(8) + bytes("show") + erase(4))
        framer.feed(bytes("\u{1B}[A\r\n"), into: &items)
        #expect(items.last == .line("show"))
    }

    @Test("Left and Right: typing inside a line inserts there, Backspace deletes there, each echoed with ICH or DCH")
    func editInside() {
        func run(_ input: String) -> (FramedItem?, [UInt8], Int) {
            var framer = LineFramer()
            var items: [FramedItem] = []
            framer.feed(doEcho + bytes(input), into: &items)
            let echo = Array(framer.takeOutgoing().dropFirst(3))
            return (items.last, echo, framer.cursorColumnsFromEnd)
        }
        let left = "\u{1B}[D"
        let right = "\u{1B}[C"
        // "pg", Left, "in": ping; each insert makes room (ESC [ 1 @) then prints.
        var (item, echo, back) = run("pg" + left + "in")
        #expect(echo == bytes("pg") + [8] + bytes("\u{1B}[1@i\u{1B}[1@n"))
        #expect(back == 1)
        (item, _, _) = run("pg" + left + "in\r\n")
        #expect(item == .line("ping"))
        // Backspace inside: the character before the cursor goes (back, ESC [ 1 P).
        (item, echo, _) = run("pxing" + left + left + left + "\u{7F}\r\n")
        #expect(item == .line("ping"))
        #expect(echo.suffix(7) == [8] + bytes("\u{1B}[1P") + [13, 10])
        // A two-byte letter inserted is echoed once whole; a wide one makes room for two columns.
        (item, echo, _) = run("gl" + left + "ü\r\n")
        #expect(item == .line("gül"))
        #expect(echo == bytes("gl") + [8] + bytes("\u{1B}[1@ü") + [13, 10])
        (item, echo, _) = run("ab" + left + "日\r\n")
        #expect(item == .line("a日b"))
        #expect(echo == bytes("ab") + [8] + bytes("\u{1B}[2@日") + [13, 10])
        // Left over a wide character and a combining mark steps their columns; Right prints them again.
        (item, echo, _) = run("日e\u{301}" + left + left + right + "x\r\n")
        #expect(item == .line("日xe\u{301}"))
        #expect(echo == bytes("日e\u{301}") + [8, 8, 8] + bytes("日") + bytes("\u{1B}[1@x") + [13, 10])
        // Left at the start, Right at the end: nothing.
        (item, echo, _) = run("a" + left + left + right + right + "b\r\n")
        #expect(item == .line("ab"))
        // Ctrl-U inside: to the end, then the whole line erased.
        (item, echo, _) = run("abc" + left + left + "\u{15}x\r\n")
        #expect(item == .line("x"))
        #expect(echo == bytes("abc") + [8, 8] + bytes("bc") + erase(3) + bytes("x") + [13, 10])
        // Up while inside a line: the line is left at its end first, then replaced.
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(doEcho + bytes("show\r\nab" + left + "\u{1B}[A\r\n"), into: &items)
        #expect(items == [.line("show"), .line("show")])
    }

    @Test("a line with a secret, a line past editableBytes and a client that does not echo: Left is ignored")
    func leftIgnored() {
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(doEcho + bytes("login bob sec\u{1B}[Dx\r\n"), into: &items)
        #expect(items == [.line("login bob secx")])
        #expect(!framer.takeOutgoing().contains(8))
        let long = String(repeating: "a", count: LineFramer.editableBytes + 1)
        framer.feed(bytes(long + "\u{1B}[Db\r\n"), into: &items)
        #expect(items.last == .line(long + "b"))
        var plain = LineFramer()
        plain.feed(bytes("ab\u{1B}[Dc\n"), into: &items)
        #expect(items.last == .line("abc"))
        #expect(plain.takeOutgoing().isEmpty)
    }

    @Test("edits inside a line cost a few echo bytes each, however long the line (no repaint of the rest)")
    func insideEditsAreCheap() {
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(doEcho + bytes(String(repeating: "a", count: 500)), into: &items)
        _ = framer.takeOutgoing()
        framer.feed(bytes(String(repeating: "\u{1B}[D", count: 499)), into: &items)
        #expect(framer.takeOutgoing().count == 499)
        for _ in 0..<3000 { framer.feed(bytes("b"), into: &items) }
        #expect(framer.takeOutgoing().count == 3000 * 5)
        framer.feed(bytes("\r\n"), into: &items)
        #expect(items.last == .line("a" + String(repeating: "b", count: 3000) + String(repeating: "a", count: 499)))
    }

    @Test("what the screen shows of a half-typed line, for drawing it again under a pushed line")
    func echoedLine() {
        var framer = LineFramer()
        var items: [FramedItem] = []
        framer.feed(doEcho + bytes("login al sec"), into: &items)
        #expect(framer.echoedLine == bytes("login al ***"))
        var plain = LineFramer()
        plain.feed(bytes("add mi"), into: &items)
        #expect(plain.echoedLine.isEmpty)  // no echo, nothing to draw again
    }
}
