// End to end: `me` / `ben` (issue 14 item 1) — who you are, in your language, with your couple and sessions.

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
}
