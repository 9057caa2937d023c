// End to end: priority words, slots in free order and lists that do not exist,
// with the partner's live event checked, and the attacks on the unknown-list question.

import Foundation
import Testing

/// alice (Turkish replies, Europe/Istanbul) and bob (English replies, America/New_York), paired, with the list
/// Market; the test clock is Sunday 2026-11-22 09:00 UTC (12:00 in Istanbul, 04:00 in New York).
private struct SlotCouple {
    let server: TestServer
    let alice: LineClient
    let bob: LineClient

    init() throws {
        server = try TestServer()
        (alice, bob) = try server.couple()
        try alice.ok(["lang tr", "tz Europe/Istanbul", "list add Market"])
        try bob.ok(["tz America/New_York"])
        try drain()
    }

    /// Drops the events both have received so far (`json` skips events until its reply).
    func drain() throws {
        _ = try alice.json("ping")
        _ = try bob.json("ping")
    }

    /// The partner of `client`.
    func partner(of client: LineClient) -> LineClient { client === alice ? bob : alice }

    /// Sends `line` as `client`; the reply must be `task.added`, and the partner's next line the
    /// `task.added` event carrying the same task. Returns both task objects.
    func added(_ line: String, by client: LineClient) throws -> (mine: JSONObject, seen: JSONObject) {
        let reply = try client.json(line)
        #expect(reply.code == "task.added", "\(line): \(reply)")
        let event = try partner(of: client).event()
        #expect(event.event == "task.added", "\(line): \(event)")
        return (reply.data, event.data)
    }

    /// Every task of the space as `client` exports it.
    func tasks(as client: LineClient) throws -> [JSONObject] {
        let export = try client.ok("export").data
        let lists = export["lists"] as? [JSONObject] ?? []
        return lists.flatMap { $0["tasks"] as? [JSONObject] ?? [] }
    }
}

@Suite("Slots over TCP: priority words, free order, unknown lists", .serialized, .timeLimit(.minutes(3)))
struct SlotPhrasingTests {
    @Test("priority words at either end, in both languages, reach the partner as high priority")
    func priorityWords() throws {
        let couple = try SlotCouple()
        let lines: [(LineClient, String, String)] = [
            (couple.alice, "acil faturayı öde ekle", "faturayı öde"),
            (couple.alice, "kombiyi tamir ettir ekle onemli", "kombiyi tamir ettir"),
            (couple.alice, "ACİL annemi ara", "annemi ara"),
            (couple.alice, "cok onemli vergi beyannamesi ekle", "vergi beyannamesi"),
            (couple.bob, "urgent: call the plumber", "call the plumber"),
            (couple.bob, "URGENT call mom", "call mom"),
            (couple.bob, "add renew passport asap", "renew passport"),
        ]
        for (client, line, title) in lines {
            let (mine, seen) = try couple.added(line, by: client)
            #expect(mine["title"] as? String == title, "\(line)")
            #expect(mine["priority"] as? String == "high", "\(line)")
            #expect(seen["title"] as? String == title, "\(line)")
            #expect(seen["priority"] as? String == "high", "\(line)")
        }
        // `acil durum` ("emergency") keeps its title.
        let (kit, _) = try couple.added("acil durum çantası ekle", by: couple.alice)
        #expect(kit["title"] as? String == "acil durum çantası")
        #expect(kit["priority"] as? String == "none")
    }

    @Test("two priorities or two dates that disagree: error.two_values, nothing added, the partner hears nothing")
    func twoValues() throws {
        let couple = try SlotCouple()
        let tr = try couple.alice.json("acil x ekle !low")
        #expect(tr.code == "error.two_values")
        #expect(tr.ok == false)
        #expect(tr.text == "İki öncelik var: \"acil\" ve \"!low\". Birini bırakın.")
        #expect(tr.data["slot"] as? String == "priority")
        #expect(tr.data["first"] as? String == "acil")
        #expect(tr.data["second"] as? String == "!low")
        let en = try couple.bob.json("add x friday tomorrow")
        #expect(en.code == "error.two_values")
        #expect(en.text == "Two dates: \"friday\" and \"tomorrow\". Keep one.")
        #expect(en.data["slot"] as? String == "date")
        #expect(en.data["verb"] as? String == "add")
        #expect(try couple.bob.json("add x urgent p3").data["second"] as? String == "p3")
        // Two that agree are taken once.
        let (agree, _) = try couple.added("acil faturayı öde ekle önemli", by: couple.alice)
        #expect(agree["priority"] as? String == "high")
        #expect(try couple.alice.isQuiet(for: 0.3))
        #expect(try couple.tasks(as: couple.bob).map { $0["title"] as? String } == ["faturayı öde"])
    }

    @Test("slots in free order around the Turkish verb: date, time, list, title, verb, priority")
    func freeOrder() throws {
        let couple = try SlotCouple()
        let (bread, seen) = try couple.added("yarın 09:30 markete ekmek ekle acil", by: couple.alice)
        #expect(bread["title"] as? String == "ekmek")
        #expect(bread["list"] as? String == "Market")
        #expect(bread["due"] as? String == "2026-11-23T09:30:00+03:00")
        #expect(bread["priority"] as? String == "high")
        // bob reads the same instant (06:30 UTC).
        #expect(LanguageTime.instant(seen["due"] as? String) == LanguageTime.instant("2026-11-23T06:30:00Z"))
        #expect(seen["list"] as? String == "Market")
        // No list "Fırın": the dative stays in the title.
        let (bakery, _) = try couple.added("yarın 09:30 fırına ekmek ekle acil", by: couple.alice)
        #expect(bakery["title"] as? String == "fırına ekmek")
        #expect(bakery["list"] as? String == "Inbox")
        #expect(bakery["due"] as? String == "2026-11-23T09:30:00+03:00")
        let (milk, _) = try couple.added("markete süt ekle yarın 18:00 onemli", by: couple.alice)
        #expect(milk["list"] as? String == "Market")
        #expect(milk["due"] as? String == "2026-11-23T18:00:00+03:00")
        #expect(milk["priority"] as? String == "high")
    }

    @Test("an unknown list asks; only the asker's yes adds to the default list; list add then retyping works")
    func unknownList() throws {
        let couple = try SlotCouple()
        let asked = try couple.bob.json("add drill bits #tools")
        #expect(asked.code == "error.no_such_list")
        #expect(asked.ok == false)
        #expect(
            asked.text
                == "There is no list \"tools\". Your lists: Inbox, Market. Add \"drill bits\" to Inbox? Answer \"yes\", "
                + "or make the list: list add tools")
        #expect(asked.data["list"] as? String == "tools")
        #expect(asked.data["title"] as? String == "drill bits")
        #expect(asked.data["default_list"] as? String == "Inbox")
        #expect(asked.data["lists"] as? [String] == ["Inbox", "Market"])
        #expect(asked.data["more_lists"] as? Bool == false)
        #expect(try couple.alice.isQuiet(for: 0.3))
        // The partner's `evet` does not run bob's suggestion.
        #expect(try couple.alice.json("evet").code == "error.nothing_to_confirm")
        #expect(try couple.tasks(as: couple.alice).isEmpty)
        let (added, seen) = try couple.added("yes", by: couple.bob)
        #expect(added["list"] as? String == "Inbox")
        #expect(seen["title"] as? String == "drill bits")
        // Make the list, then the same words add there.
        try couple.bob.ok("list add Tools")
        _ = try couple.alice.event()
        let (tools, _) = try couple.added("add saw to the Tools list", by: couple.bob)
        #expect(tools["list"] as? String == "Tools")
        let (hammer, _) = try couple.added("add hammer to Tools", by: couple.bob)
        #expect(hammer["list"] as? String == "Tools")
        // Lower case `to work` is still a title.
        let (work, _) = try couple.added("add go to work", by: couple.bob)
        #expect(work["title"] as? String == "go to work")
    }

    @Test("Turkish: `bahçe listesine tohum ekle` asks in Turkish, and `evet` adds it to the default list")
    func unknownListTurkish() throws {
        let couple = try SlotCouple()
        let asked = try couple.alice.json("bahçe listesine tohum ekle")
        #expect(asked.code == "error.no_such_list")
        #expect(asked.text.hasPrefix("\"bahçe\" diye bir liste yok. Listeleriniz: Inbox, Market. \"tohum\" Inbox'a"))
        #expect(asked.text.hasSuffix("\"evet\" yazın ya da listeyi oluşturun: liste ekle bahçe"))
        let (seed, seen) = try couple.added("EVET", by: couple.alice)
        #expect(seed["title"] as? String == "tohum")
        #expect(seen["list"] as? String == "Inbox")
    }

    @Test("attacks: a 2,000-character name, an invisible character, yes after the default list survived a delete")
    func attacks() throws {
        let couple = try SlotCouple()
        let long = String(repeating: "x", count: 2000)
        let asked = try couple.bob.json("add drill bits #\(long)")
        #expect(asked.code == "error.no_such_list")
        #expect((asked.data["list"] as? String)?.count == 61)
        #expect(asked.text.count < 400)
        #expect(try couple.bob.json("list add \(long)").code != "list.added")
        let invisible = try couple.bob.json("add drill bits #To\u{200B}ols")
        #expect(invisible.code == "error.invisible_char")
        #expect(try couple.bob.json("yes").code == "error.nothing_to_confirm")
        // bob asks; alice tries to delete the default list (refused); bob's yes still lands in it.
        #expect(try couple.bob.json("add drill bits #tools").code == "error.no_such_list")
        #expect(try couple.alice.json("list delete Inbox").code == "error.default_list")
        let (added, _) = try couple.added("yes", by: couple.bob)
        #expect(added["list"] as? String == "Inbox")
        #expect(try couple.tasks(as: couple.bob).count == 1)
    }

    @Test("a pipelined flood of `add … #x` lines asks each time, adds nothing, and one yes adds one task")
    func flood() throws {
        let couple = try SlotCouple()
        let count = 300
        var burst = ""
        for i in 0..<count { burst += "add flood \(i) #x\n" }
        burst += "yes\n"
        try couple.bob.send(bytes: Array(burst.utf8))
        var codes: [String: Int] = [:]
        for _ in 0...count {
            let reply = try couple.bob.readJSON(timeout: 20)
            guard reply["type"] as? String == "reply" else { continue }
            codes[reply.code ?? "", default: 0] += 1
        }
        #expect(Set(codes.keys).isSubset(of: ["error.no_such_list", "error.rate_limited", "task.added"]), "\(codes)")
        #expect(codes["error.no_such_list", default: 0] >= 1)
        let titles = try couple.tasks(as: couple.bob).compactMap { $0["title"] as? String }
        #expect(titles.count <= 1)
        #expect(titles.allSatisfy { $0.hasPrefix("flood ") && !$0.contains("#") })
        if codes["task.added"] == 1 { #expect(titles == ["flood \(count - 1)"]) }
        // The server still answers both partners.
        #expect(try couple.alice.json("ping").code == "pong")
    }
}
