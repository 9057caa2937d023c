// End to end: `me` / `ben` — who you are, in your language, with your couple and sessions.

import Foundation
import Testing

@Suite("me over TCP", .serialized, .timeLimit(.minutes(1)))
struct MeTests {
    @Test("me shows name, language, zone, couple and partner, and the sessions open; ben in Turkish")
    func me() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let solo = try alice.json("me")
        #expect(solo.code == "me")
        #expect(solo.data["name"] as? String == "alice")
        #expect(solo.data["couple"] is NSNull)
        #expect(solo.data["sessions"] as? Int == 1)
        #expect(solo.text.contains("Not in a couple yet"))
        let bob = try server.user("bob")
        try server.pair(alice, bob)
        let second = try server.login("alice")
        try second.ok(["tz Europe/Istanbul", "lang tr", "couple rename Yuva"])
        _ = try bob.event()
        let ben = try second.json("ben")
        #expect(ben.data["tz"] as? String == "Europe/Istanbul")
        #expect(ben.data["lang"] as? String == "tr")
        #expect(ben.data["sessions"] as? Int == 2)
        #expect((ben.data["couple"] as? JSONObject)?["partner"] as? String == "bob")
        #expect(ben.text.contains("Siz alice kullanıcısısınız."), "\(ben.text)")
        #expect(ben.text.contains("bob ile \"Yuva\" çiftindesiniz."))
        #expect(ben.text.contains("Dil: Türkçe · saat dilimi: Europe/Istanbul"))
        #expect(ben.text.contains("2 oturum açık"))
        #expect(try bob.json("me something").code == "error.usage")
        let stranger = try server.connect()
        #expect(try stranger.command("me").contains("log in"))
    }

    @Test("name sets the display name partners see in events and listings; name none clears; bad names refused")
    func displayName() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        #expect(try alice.json("name").code == "name.shown")
        let set = try alice.json("name Ayşe K.")
        #expect(set.code == "name.changed")
        #expect(set.data["display_name"] as? String == "Ayşe K.")
        let told = try bob.event()
        #expect(told.event == "name.changed")
        #expect(told.text == #"alice is now shown as "Ayşe K."."#)
        try alice.ok("add fix sink")
        let added = try bob.event()
        // The login beside the display name: a display name never stands alone for someone.
        #expect(added.text.hasPrefix("Ayşe K. (alice) added"), "\(added.text)")
        #expect(added["actor"] as? String == "alice")  // bots keep matching the login name
        #expect(try bob.json("me").text.contains("In a couple with Ayşe K."))
        let me = try alice.json("me")
        #expect(me.data["display_name"] as? String == "Ayşe K.")
        // Offline partner: the inbox keeps the display name too.
        try bob.ok("quit")
        try alice.ok("add bread")
        let bob2 = try server.login("bob")
        let inbox = try bob2.json("inbox")
        let texts = (inbox.data["notifications"] as? [JSONObject])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.contains { $0.hasPrefix("Ayşe K. (alice) added") }, "\(texts)")
        // Too long, invisible characters: refused, nothing changes.
        #expect(try alice.json("name " + String(repeating: "x", count: 41)).code == "error.title_too_long")
        #expect(try alice.json("name a\u{202E}b").ok == false)
        #expect(try alice.json("name").data["display_name"] as? String == "Ayşe K.")
        // Turkish, and clearing.
        try alice.ok("lang tr")
        let cleared = try alice.json("görünen ad yok")
        #expect(cleared.text == "Eşiniz yeniden giriş adınızı, alice, görüyor.")
        #expect(try bob2.event().text == "Ayşe K. is shown by their login name, alice, again.")
        #expect(try alice.json("GÖRÜNEN AD").data["display_name"] is NSNull)
        #expect(try alice.json("ad milk").code != "name.changed")
    }
}
