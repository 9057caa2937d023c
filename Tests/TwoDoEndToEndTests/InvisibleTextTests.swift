// End to end: invisible and bidi characters in user text never reach the partner; emoji sequences still do.

import Foundation
import Testing

@Suite("Invisible and bidi text", .serialized, .timeLimit(.minutes(2)))
struct InvisibleTextTests {
    /// Lines that smuggle a control into every kind of user text, with the code point the refusal names.
    static let attacks: [(String, String)] = [
        ("add invoice\u{202E}fdp.exe", "U+202E"),
        ("say look \u{202E}!olleh", "U+202E"),
        ("list add Groc\u{202D}eries", "U+202D"),
        ("couple rename Us\u{2067}two", "U+2067"),
        ("routine add gy\u{200F}m every monday at 7am", "U+200F"),
        ("event add din\u{2066}ner friday 7pm", "U+2066"),
        ("note 1 see \u{061C}this", "U+061C"),
        ("edit 1 \u{FEFF}bread", "U+FEFF"),
        ("add milk\u{2028}eggs", "U+2028"),
        ("add milk\u{2029}eggs", "U+2029"),
        ("add mi\u{200B}lk", "U+200B"),
        ("add tag\u{E0041}\u{E0042}", "U+E0041"),
        ("add soft\u{00AD}hyphen", "U+00AD"),
    ]

    @Test("every way in refuses the line naming the character, and the partner receives nothing of it")
    func partnerNeverReceives() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add bread")
        _ = try bob.event()
        let bobHuman = try server.login("bob", json: false)
        for (line, point) in Self.attacks {
            let reply = try alice.json(line)
            #expect(reply.code == "error.invisible_char", "\(line.debugDescription): \(reply)")
            #expect(reply.data["char"] as? String == point)
            #expect(reply.text.contains(point))
        }
        // The first thing bob hears next is the clean add: nothing from the attacks was stored or relayed.
        try alice.ok("add clean milk")
        let next = try bob.event()
        #expect(next.event == "task.added")
        #expect(next.text.contains("clean milk"), "\(next)")
        let line = try bobHuman.readLine()
        #expect(line.contains("clean milk"))
        let show = try bob.json("show")
        for (attack, _) in Self.attacks {
            let scalar = Unicode.Scalar(
                UInt32(attack.unicodeScalars.first { $0.value > 0x7F && $0.value != 0xE0042 }!.value))!
            #expect(!"\(show)".unicodeScalars.contains(scalar))
        }
    }

    @Test("U+2028 never reaches a human-mode line raw; the refusal is localized in Turkish too")
    func lineSeparatorHuman() throws {
        let server = try TestServer()
        let c = try server.connect()
        #expect(try c.command("register alice \(TestServer.password("alice"))").contains("alice"))
        let lines = try c.lines("add milk\u{2028}eggs")
        #expect(
            lines == [
                "That line contains an invisible or direction-changing character (U+2028); remove it and try again."
            ])
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 })
        _ = try c.command("lang tr")
        #expect(
            try c.lines("ekle süt\u{202E}yumurta")
                == [
                    "Bu satırda görünmeyen ya da yazı yönünü değiştiren bir karakter var (U+202E); lütfen onu silip yeniden deneyin."
                ])
        let shown = try c.lines("show")
        #expect(!shown.joined().contains("milk"))
    }

    @Test(
        "emoji sequences, ZWNJ, Turkish letters and accents still pass and reach the partner unchanged",
        arguments: [
            "👩\u{200D}❤\u{FE0F}\u{200D}👨 anniversary", "👨\u{200D}👩\u{200D}👧 school run", "❤\u{FE0F} flowers",
            "می\u{200C}خواهم bread", "çiçek ağaç ışık İstanbul", "café crème", "cafe\u{0301} again",
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} trip", "🇹🇷 bayrak",
        ])
    func keptText(title: String) throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let added = try alice.json("add \(title)")
        #expect(added.code == "task.added", "\(added)")
        let event = try bob.event()
        #expect(event.text.contains(title), "\(event.text.debugDescription)")
        try bob.ok("say \(title)")
        #expect(try alice.event().text.contains(title))
    }
}
