// End to end: attacks on accounts: sessions outliving passwd, lock-outs, look-alike names, weak passwords.

import Foundation
import Testing

@Suite("Attacks on accounts", .serialized, .timeLimit(.minutes(2)))
struct AccountAttackTests {
    /// A JSON-mode connection from `source`.
    private func json(_ server: TestServer, from source: String? = nil) throws -> LineClient {
        let c = try server.connect(from: source)
        #expect(try c.json("json on").ok == true)
        return c
    }

    // MARK: passwd ends the other sessions

    @Test("passwd ends every other session with a line in its own language, then EOF; the passwd session stays")
    func passwdEndsOtherSessions() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let aliceHuman = try server.login("alice", json: false)
        let aliceJSON = try server.login("alice")
        let old = TestServer.password("alice")

        let changed = try alice.json("passwd \(old) plover-new-quartz-71")
        #expect(changed.code == "auth.password_changed")
        #expect(changed.data["ended_sessions"] as? Int == 2)
        #expect(try aliceHuman.readLine() == "Your password was changed from another session; please log in again.")
        #expect(aliceHuman.isClosedByServer(within: 3))
        let kicked = try aliceJSON.readJSON()
        #expect(kicked.code == "auth.password_changed_elsewhere")
        #expect(kicked.ok == false)
        #expect(aliceJSON.isClosedByServer(within: 3))

        // The session that changed it is still logged in; the old password is dead, the new one works.
        #expect(try alice.json("add milk").code == "task.added")
        let other = try json(server)
        #expect(try other.json("login alice \(old)").code == "error.bad_credentials")
        #expect(try other.json("login alice plover-new-quartz-71").code == "auth.logged_in")
    }

    @Test("a Turkish session is told in Turkish; the partner's sessions are untouched")
    func passwdTurkish() throws {
        let server = try TestServer()
        let ayse = try server.connect()
        #expect(try ayse.command("kaydol ayşe gizli-şifre-1").hasPrefix("Hoş geldiniz"))
        let ayseOther = try server.connect()
        #expect(try ayseOther.command("giriş ayşe gizli-şifre-1").contains("ayşe"))
        let bob = try server.user("bob")
        #expect(try ayse.command("şifre gizli-şifre-1 yeni-şifre-22") == "Şifreniz değiştirildi.")
        #expect(try ayseOther.readLine() == "Şifreniz başka bir oturumdan değiştirildi; lütfen yeniden giriş yapın.")
        #expect(ayseOther.isClosedByServer(within: 3))
        #expect(try bob.json("add tea").code == "task.added")
        #expect(try ayse.command("ping") == "pong")
    }

    @Test("commands the other session had already sent do not run after it was ended")
    func passwdDropsQueuedCommands() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let other = try server.login("alice")
        try alice.send("passwd \(TestServer.password("alice")) plover-new-quartz-71")
        #expect(try alice.readJSON().code == "auth.password_changed")
        try other.send("add sneaky")
        #expect(try other.readJSON().code == "auth.password_changed_elsewhere")
        #expect(other.isClosedByServer(within: 3))
        let listing = try alice.json("show")
        #expect(!"\(listing)".contains("sneaky"))
    }

    // MARK: throttling

    @Test("five wrong passwords from one address do not stop the owner logging in from another")
    func noLockOut() throws {
        let server = try TestServer()
        _ = try server.user("victim")
        let attacker = try json(server, from: "127.0.0.2")
        for i in 0..<5 {
            #expect(try attacker.json("login victim wrong-guess-\(i)").code == "error.bad_credentials")
        }
        #expect(try attacker.json("login victim \(TestServer.password("victim"))").code == "error.throttled")
        let owner = try json(server, from: "127.0.0.3")
        #expect(try owner.json("login victim \(TestServer.password("victim"))").code == "auth.logged_in")
    }

    @Test("a spread-out attack slows each guessing address but never the owner's clean one")
    func spreadAttack() throws {
        let server = try TestServer()
        _ = try server.user("victim")
        var attackers: [LineClient] = []
        for i in 0..<21 {
            let a = try json(server, from: "127.0.1.\(i + 1)")
            #expect(try a.json("login victim wrong-guess-\(i)").code == "error.bad_credentials")
            attackers.append(a)
        }
        #expect(try attackers[0].json("login victim another-guess").code == "error.throttled")
        let owner = try json(server, from: "127.0.2.1")
        #expect(try owner.json("login victim \(TestServer.password("victim"))").code == "auth.logged_in")
    }

    @Test("passwd in a logged-in session works while the name is under attack")
    func passwdUnderAttack() throws {
        let server = try TestServer()
        let owner = try server.connect(from: "127.0.0.4")
        _ = try owner.command("json on")
        #expect(try owner.json("register victim \(TestServer.password("victim"))").code == "auth.registered")
        let attacker = try json(server, from: "127.0.0.5")
        for i in 0..<8 { _ = try attacker.json("login victim wrong-guess-\(i)") }
        let changed = try owner.json("passwd \(TestServer.password("victim")) plover-new-quartz-71")
        #expect(changed.code == "auth.password_changed", "\(changed)")
    }

    // MARK: names

    @Test(
        "look-alike, invisible and oversized names are refused with a reason",
        arguments: [
            ("\u{0430}lice", "error.name_lookalike"),  // Cyrillic а
            ("ａｌｉｃｅ", "error.name_taken"),  // fullwidth: NFKC makes it alice
            ("ALİCE", "error.name_taken"),
            ("al\u{200D}ice", "error.invisible_char"),  // a stray joiner: refused for any text
            ("ağ\u{200D}ış", "error.name_invisible"),  // a joiner between letters: fine in a title, not in a name
            ("alice\u{FE0F}", "error.name_invisible"),
            ("\u{3164}", "error.name_invisible"),  // Hangul filler: a blank-looking name
            ("\u{3164}\u{3164}", "error.name_invisible"),
            ("rnary", "error.name_lookalike"),  // against mary
            ("a" + String(repeating: "\u{0301}", count: 1700), "error.bad_name"),  // 3.4 KB in one grapheme
            (String(repeating: "b", count: 33), "error.bad_name"),
            (String(repeating: "日", count: 22), "error.bad_name"),  // 22 graphemes, 66 bytes
        ])
    func badNames(name: String, code: String) throws {
        let server = try TestServer()
        _ = try server.user("alice")
        _ = try server.user("mary")
        let c = try json(server)
        let reply = try c.json("register \(name) plover-quartz-88")
        #expect(reply.code == code, "\(reply)")
        #expect(reply.ok == false)
        #expect(try c.json("show").code == "error.not_logged_in")
        if code == "error.name_invisible" || code == "error.invisible_char" {
            #expect(reply.text.contains("U+"), "the reason names the code point: \(reply.text)")
        }
    }

    @Test("refusals are localized: a Cyrillic look-alike in Turkish, a joiner in a name naming U+200D")
    func localizedNameRefusals() throws {
        let server = try TestServer()
        _ = try server.user("alice")
        let c = try server.connect()
        #expect(
            try c.command("kaydol \u{0430}lice gizli-şifre-1")
                == "Bu ad alice adına fazla benziyor; lütfen başka bir ad seçin.")
        let en = try server.connect()
        #expect(
            try en.command("register ağ\u{200D}ış plover-quartz-88")
                == "Names cannot contain invisible or direction-changing characters (U+200D).")
    }

    @Test("the owner logs in with any NFKC spelling of the name; a look-alike spelling is nobody")
    func loginSpellings() throws {
        let server = try TestServer()
        _ = try server.user("alice")
        let c = try json(server)
        #expect(try c.json("login ａｌｉｃｅ \(TestServer.password("alice"))").code == "auth.logged_in")
        let d = try json(server)
        #expect(try d.json("login \u{0430}lice \(TestServer.password("alice"))").code == "error.bad_credentials")
    }

    @Test(
        "the grammar's words for people are reserved",
        arguments: ["me", "nobody", "both", "us", "everyone", "ben", "bana", "kimse", "ikimiz", "herkes", "Nobody"])
    func reservedNames(name: String) throws {
        let server = try TestServer()
        let c = try json(server)
        let reply = try c.json("register \(name) plover-quartz-88")
        #expect(reply.code == "error.name_reserved", "\(reply)")
    }

    // MARK: passwords

    @Test(
        "weak passwords are refused with our own reason, in English and Turkish",
        arguments: [
            ("register alice password1", "error.password_dictionary", "That password is based on a dictionary word"),
            ("register alice sunshine", "error.password_dictionary", "dictionary word"),
            ("register alice alice-2024!", "error.password_name", "A password cannot be or contain your name."),
            ("register alice alicealice", "error.password_name", "your name"),
            ("register alice ecila-plover", "error.password_name", "your name"),
            ("register alice abcdefghij", "error.password_dictionary", "dictionary"),
            ("kaydol ayşe password1", "error.password_dictionary", "sözlükteki bir kelimeye dayanıyor"),
            ("kaydol ayşe ayse-1990x", "error.password_name", "Şifre adınız olamaz"),
            ("kaydol ayşe AYŞE12345", "error.password_name", "adınızı da içeremez"),
        ])
    func weakPasswords(line: String, code: String, text: String) throws {
        let server = try TestServer()
        let c = try json(server)
        let reply = try c.json(line)
        #expect(reply.code == code, "\(reply)")
        #expect(reply.text.contains(text), "\(reply.text)")
        #expect(!reply.text.contains("check"), "libpwquality's English never reaches a user")
        #expect(try c.json("show").code == "error.not_logged_in", "nothing was registered")
    }

    @Test("passwd refuses a weak new password and the old one again; the README's passwords pass")
    func passwdQuality() throws {
        let server = try TestServer()
        let c = try json(server)
        #expect(try c.json("register alice correct-horse").code == "auth.registered")
        #expect(try c.json("passwd correct-horse password123").code == "error.password_dictionary")
        #expect(try c.json("passwd correct-horse correct-horse").code == "error.password_same")
        #expect(try c.json("passwd correct-horse my-alice-pass").code == "error.password_name")
        let tr = try server.connect()
        #expect(try tr.command("kaydol bob dogru-at-pili").hasPrefix("Hoş geldiniz, bob!"))
        #expect(
            try tr.command("şifre dogru-at-pili sunshine")
                == "Bu şifre sözlükteki bir kelimeye dayanıyor; lütfen tahmin edilmesi daha zor bir şifre seçin.")
        // The weak attempts changed nothing.
        let again = try json(server)
        #expect(try again.json("login alice correct-horse").code == "auth.logged_in")
    }
}
