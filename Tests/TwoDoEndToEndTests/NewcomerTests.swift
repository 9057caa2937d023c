// End to end: a newcomer's first minutes — the grouped help in both languages, "Did you
// mean: add …?" answered by yes/evet, `tz` by city or any case, and nag countdowns in hours and minutes.
// The test clock starts on Sun 22 Nov 2026 09:00 UTC.

import Foundation
import Testing

@Suite("A newcomer's first minutes over TCP", .serialized, .timeLimit(.minutes(2)))
struct NewcomerTests {
    @Test("help lists every group with an example, in the reader's language; help <any form> gives its usage")
    func helpGroups() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        let en = try alice.ok("help")
        let groups = en.data["groups"] as? [JSONObject] ?? []
        #expect(
            groups.compactMap { $0["group"] as? String } == [
                "tasks", "time", "views", "routines", "calendar", "notes", "inbox", "account", "couple", "settings",
                "plan",
            ])
        for group in groups { #expect((group["text"] as? String)?.contains("e.g. ") == true, "\(group)") }
        #expect(en.text.contains("Routines — routine add"))
        #expect(en.text.contains(#"type "more" for the next page"#))
        let tr = try bob.ok("yardım")
        let trGroups = tr.data["groups"] as? [JSONObject] ?? []
        #expect(trGroups.count == 11)
        for group in trGroups { #expect((group["text"] as? String)?.contains("örn. ") == true, "\(group)") }
        #expect(tr.text.hasPrefix("Komutlar, gruplar hâlinde:"))
        for topic in [
            "routine add", "event move", "agenda", "yarın", "remind", "tz", "calendar", "snooze", "rutin ekle",
        ] {
            let reply = try alice.json("help \(topic)")
            #expect(reply.code == "help", "\(topic): \(reply)")
        }
        #expect(try alice.json("help blorp").code == "error.not_found")
    }

    @Test("a line with no verb that reads as a task is offered as an add; yes does exactly that add, for both")
    func didYouMeanYes() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let asked = try alice.json("buy milk tomorrow 5pm")
        #expect(asked.code == "suggest.add")
        #expect(asked.text == #"Did you mean: add "buy milk" — due Mon 23 Nov 17:00? Answer "yes"."#)
        #expect(asked.data["due"] as? String == "2026-11-23T17:00:00Z")
        // The clock moves on (from the partner's session); yes still adds what was offered.
        try bob.ok("clock advance 1h")
        let added = try alice.ok("YES")
        #expect(added.code == "task.added")
        #expect(added.data["title"] as? String == "buy milk")
        #expect(added.data["due"] as? String == "2026-11-23T17:00:00Z")
        #expect(try bob.event().text == #"alice added "buy milk" to Inbox — due Mon 23 Nov 17:00."#)
        // Asked once, answered once: a second yes has nothing to confirm.
        let again = try alice.json("yes")
        #expect(again.code == "error.nothing_to_confirm")
        #expect(again.ok == false)
    }

    @Test("Turkish: yarın akşam 7'de faturayı öde is offered, evet adds it; the partner sees it")
    func didYouMeanEvet() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        let asked = try bob.json("yarın akşam 7'de faturayı öde")
        #expect(asked.code == "suggest.add")
        #expect(
            asked.text
                == #"Şunu mu demek istediniz: "faturayı öde" ekle — son tarih Pzt 23 Kas 19:00? Öyleyse "evet" yazın."#)
        let added = try bob.ok("EVET")
        #expect(added.data["title"] as? String == "faturayı öde")
        #expect(try alice.event().event == "task.added")
        #expect(try bob.json("e").code == "error.nothing_to_confirm")
    }

    @Test("anything else forgets the question; typos of verbs and prose keep today's answers")
    func suggestionIsForgotten() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.json("buy milk tomorrow 5pm").code == "suggest.add")
        try alice.ok("ping")
        #expect(try alice.json("yes").code == "error.nothing_to_confirm")
        // A newer question replaces the older one.
        try alice.json("buy milk tomorrow 5pm")
        try alice.json("call mum friday")
        #expect(try alice.ok("y").data["title"] as? String == "call mum")
        let typo = try alice.json("halp me")
        #expect(typo.code == "error.unknown_command")
        #expect(typo.data["suggestion"] as? String == "help")
        #expect(try alice.json("milk").code == "error.unknown_command")
        // A typo of a two-word command keeps its verb suggestion, even with a date after it.
        let planner = try alice.json("evnt add dentist tomorrow")
        #expect(planner.code == "error.unknown_command")
        #expect(planner.data["suggestion"] as? String == "event")
        #expect(try alice.json("hello there friend").code == "error.unknown_command")
        #expect(try alice.json("yes").code == "error.nothing_to_confirm")
        // Not logged in: nothing is offered.
        let stranger = try server.connect()
        _ = try stranger.command("json on")
        #expect(try stranger.json("buy milk tomorrow 5pm").code == "error.unknown_command")
        #expect(try stranger.json("yes").code == "error.nothing_to_confirm")
        let long = "buy " + String(repeating: "milk ", count: 300) + "tomorrow"
        #expect(try alice.json(long).code == "error.unknown_command")  // too long to offer
        #expect(try alice.exportedTasks().keys.sorted() == ["call mum"])
    }

    @Test(
        "tz takes any case, a city or a zone tail; several cities are listed; a miss suggests the closest",
        arguments: [
            ("tz istanbul", "Europe/Istanbul"), ("tz europe/berlin", "Europe/Berlin"),
            ("tz New York", "America/New_York"), ("tz EUROPE/ISTANBUL", "Europe/Istanbul"),
            ("saat dilimi İstanbul", "Europe/Istanbul"), ("tz Europe/Berlin", "Europe/Berlin"), ("tz utc", "UTC"),
        ])
    func tzLookup(line: String, zone: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let set = try alice.ok(line)
        #expect(set.data["tz"] as? String == zone)
    }

    @Test("tz refusals: the closest zone, or none, in the reader's language")
    func tzMiss() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let miss = try alice.json("tz istanbl")
        #expect(miss.code == "error.bad_timezone")
        #expect(miss.text == #""istanbl" is not a time zone I know. Did you mean Europe/Istanbul?"#)
        #expect(miss.data["suggestion"] as? String == "Europe/Istanbul")
        try alice.ok("lang tr")
        let tr = try alice.json("saat dilimi berln")
        #expect(tr.text == #""berln" bildiğim bir saat dilimi değil. Şunu mu demek istediniz: Europe/Berlin?"#)
        #expect(try alice.json("tz zzzzzzzzzzzz").data["suggestion"] == nil)
        #expect(try alice.json("tz " + String(repeating: "a", count: 200)).code == "error.bad_timezone")
    }

    @Test("nag countdowns read hours and minutes: 12h 49m, 12 sa 49 dk")
    func nagCountdown() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let aliceText = try server.login("alice", json: false)
        let bobText = try server.login("bob", json: false)
        try bob.ok("lang tr")
        try alice.ok(["add dishes", "nag dishes every 13 hours", "clock advance 11m"])
        #expect(try aliceText.lines("show").last == "  1. [ ] dishes — next nag in 12h 49m")
        _ = try bobText.drainLines()
        #expect(try bobText.lines("göster").last == "  1. [ ] dishes — sonraki dürtme 12 sa 49 dk sonra")
        try alice.ok("clock advance 12h")
        #expect(try aliceText.lines("show").last == "  1. [ ] dishes — next nag in 49m")
    }
}
