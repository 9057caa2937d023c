// End to end: list icons and list clear and colon-less notes (item 7), two partners, en and tr.

import Foundation
import Testing

@Suite("List icons, list clear and colon-less notes over TCP", .serialized, .timeLimit(.minutes(2)))
struct ListIconClearTests {
    @Test("an icon shows in lists, show, search and the partner's events; JSON keeps plain names; export has it")
    func icons() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("list add Groceries")
        _ = try bob.event()
        let set = try alice.ok("list icon groceries 🛒")
        #expect(set.code == "list.icon")
        #expect(set.text == "The list is now shown as 🛒 Groceries.")
        #expect(set.data["icon"] as? String == "🛒")
        #expect(set.data["name"] as? String == "Groceries")
        let event = try bob.event()
        #expect(event.event == "list.icon")
        #expect(event.text == "alice gave the list \"Groceries\" an icon: 🛒 Groceries.")
        #expect(event.data["icon"] as? String == "🛒")

        try alice.ok("add milk to groceries")
        let added = try bob.event()
        #expect(added.text.contains("🛒 Groceries"))
        #expect(added.data["list"] as? String == "Groceries")

        let lists = try bob.ok("lists")
        #expect(lists.text.contains("🛒 Groceries (1 open, 0 done)"))
        let rows = try #require(lists.data["lists"] as? [JSONObject])
        #expect(rows.map { $0["icon"] as? String } == [nil, "🛒"])
        #expect(rows[0]["icon"] is NSNull)
        #expect(rows[1]["name"] as? String == "Groceries")

        let show = try bob.ok("show groceries")
        #expect(show.text.hasPrefix("🛒 Groceries (1 open, 0 done):"))
        #expect(show.data["list"] as? String == "Groceries")
        #expect(show.data["icon"] as? String == "🛒")

        let found = try bob.ok("search milk")
        #expect(found.text.contains("milk — 🛒 Groceries"))

        let export = try alice.ok("export").data
        let exported = try #require(export["lists"] as? [JSONObject])
        #expect(exported[0]["icon"] is NSNull)
        #expect(exported[1]["icon"] as? String == "🛒")
        #expect(exported[1]["name"] as? String == "Groceries")

        // In Turkish, removed with `yok`; the partner hears it in their language.
        try bob.ok("lang tr")
        let removed = try bob.ok("liste simge groceries yok")
        #expect(removed.text == "\"Groceries\" listesinin simgesi kaldırıldı.")
        #expect(removed.data["icon"] is NSNull)
        #expect(try alice.event().text == "bob removed the icon of \"Groceries\".")
        #expect(try bob.ok("lists").text.contains("Groceries (1 açık, 0 tamam)"))
    }

    @Test("hostile icons: text, two emoji, an override, 1,000 characters are refused; a ZWJ family is one")
    func hostileIcons() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("list add Home")
        _ = try bob.event()
        for bad in [
            "a", "ab", "1", "🛒🍎", "🛒 🍎", String(repeating: "x", count: 1_000), String(repeating: "🛒", count: 500),
        ] {
            let reply = try alice.json("list icon home \(bad)")
            #expect(reply.code == "error.bad_icon", "\(bad.prefix(20))")
            #expect(reply.text.hasPrefix("An icon must be one emoji"))
        }
        // An override is refused before it is read (nothing of the line is stored or relayed).
        let rtl = try alice.json("list icon home \u{202E}🛒")
        #expect(rtl.ok == false)
        #expect(rtl.code == "error.invisible_char" || rtl.code == "error.bad_icon")
        let family = try alice.ok("list icon home 👨‍👩‍👧")
        #expect(family.data["icon"] as? String == "👨‍👩‍👧")
        #expect(try bob.event().data["icon"] as? String == "👨‍👩‍👧")
        let flag = try alice.ok("liste simge home 🇹🇷")
        #expect(flag.data["icon"] as? String == "🇹🇷")
        _ = try bob.event()
        let keycap = try alice.ok("list icon home 1️⃣")
        #expect(keycap.data["icon"] as? String == "1️⃣")
        _ = try bob.event()
        // Nothing above reached the partner but the three accepted icons.
        #expect(try bob.isQuiet(for: 0.2))

        // Another couple's list is out of reach for both commands.
        let (carol, dave) = try server.couple("carol", "dave")
        try carol.ok("list add Secret")
        _ = try dave.event()
        try carol.ok("add plan to secret")
        _ = try dave.event()
        try carol.ok("done plan")
        _ = try dave.event()
        #expect(try alice.json("list icon secret 🛒").code == "error.not_found")
        #expect(try alice.json("list clear secret").code == "error.not_found")
        #expect(try carol.ok("lists").text.contains("Secret (0 open, 1 done)"))
        #expect(try dave.isQuiet(for: 0.2))
    }

    @Test("list clear removes only done tasks, counts them in both languages, and the partner hears it once")
    func clear() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("list add Groceries")
        try alice.ok(["add milk to groceries", "add eggs to groceries", "add bread to groceries", "add soap"])
        for _ in 0..<5 { _ = try bob.event() }
        let none = try alice.json("list clear groceries")
        #expect(none.code == "error.nothing_to_clear")
        #expect(none.text == "Groceries has no done tasks to remove.")
        try alice.ok(["done milk", "done eggs", "done soap"])
        for _ in 0..<3 { _ = try bob.event() }
        try bob.ok("lang tr")
        try bob.ok("liste simge groceries 🛒")
        _ = try alice.event()
        let cleared = try alice.ok("list clear groceries")
        #expect(cleared.code == "list.cleared")
        #expect(cleared.text == "Removed 2 done tasks from 🛒 Groceries.")
        #expect(cleared.data["count"] as? Int == 2)
        #expect(cleared.data["list"] as? String == "Groceries")
        let event = try bob.event()
        #expect(event.event == "list.cleared")
        #expect(event.text == "alice, 🛒 Groceries listesinden 2 tamamlanmış görevi kaldırdı.")
        #expect(try bob.isQuiet(for: 0.2))
        #expect(try alice.ok("show groceries").text.hasPrefix("🛒 Groceries (1 open, 0 done):"))
        #expect(try alice.ok("lists").text.contains("Inbox (0 open, 1 done)"))
        try bob.ok("bread bitti")
        _ = try alice.event()
        let one = try bob.ok("liste temizle groceries")
        #expect(one.text == "🛒 Groceries listesinden 1 tamamlanmış görev kaldırıldı.")
        #expect(try alice.event().text == "bob removed 1 done task from 🛒 Groceries.")
        let again = try bob.json("liste temizle groceries")
        #expect(again.code == "error.nothing_to_clear")
        #expect(again.text == "🛒 Groceries listesinde kaldırılacak tamamlanmış görev yok.")
    }

    @Test("note without a colon: the longest match wins, an ambiguous one asks, in both languages")
    func noteWithoutColon() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["add milk", "add oat milk", "add call mom", "add call plumber"])
        for _ in 0..<4 { _ = try bob.event() }
        let noted = try alice.ok("note oat milk the blue carton")
        #expect(noted.code == "task.noted")
        #expect(noted.data["title"] as? String == "oat milk")
        let event = try bob.event()
        #expect(event.event == "task.noted")
        #expect(event.data["title"] as? String == "oat milk")
        #expect(try alice.ok("notes oat milk").text.contains("the blue carton"))
        let exact = try bob.ok("note milk from the corner shop")
        #expect(exact.data["title"] as? String == "milk")
        _ = try alice.event()

        let ambiguous = try alice.json("note call about sunday")
        #expect(ambiguous.code == "error.ambiguous")
        #expect(ambiguous.text.contains("\"call mom\""))
        #expect(ambiguous.text.contains("\"call plumber\""))
        #expect((ambiguous.data["candidates"] as? [JSONObject])?.count == 2)
        #expect(try bob.isQuiet(for: 0.2))
        let longer = try alice.ok("note call mom about sunday")
        #expect(longer.data["title"] as? String == "call mom")
        _ = try bob.event()

        try bob.ok("lang tr")
        try bob.ok("lavabo tamiri ekle")
        _ = try alice.event()
        let tr = try bob.ok("not lavabo tamiri conta da al")
        #expect(tr.code == "task.noted")
        #expect(tr.data["title"] as? String == "lavabo tamiri")
        _ = try alice.event()
        let trAmbiguous = try bob.json("not call pazar günü")
        #expect(trAmbiguous.code == "error.ambiguous")
        #expect(trAmbiguous.text.contains("birden çok göreve uyuyor"))
        #expect(try bob.json("not hiçbiri yok burada").code == "error.not_found")
        #expect(try bob.json("not süt").code == "error.usage")
    }
}
