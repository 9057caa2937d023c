// Unit tests of `list clear`, `list icon` (and the icon rule) and `note <words> <text>` without a colon.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

@testable import TwoDoFeatures

@Suite("List tools handler")
struct ListToolsHandlerTests {
    @Test(
        "one emoji grapheme is an icon; text, two emoji, stray joiners and invisible marks are not",
        arguments: [
            ("🛒", true), (" 🛒 ", true), ("❤", true), ("❤️", true), ("👍🏽", true), ("👨‍👩‍👧", true),
            ("🏳️‍🌈", true), ("🇹🇷", true), ("1️⃣", true), ("#⃣", true),
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", true),
            ("a", false), ("ab", false), ("1", false), ("#", false), ("🛒🍎", false), ("🛒 🍎", false),
            ("\u{200D}", false), ("🛒\u{200D}", false), ("\u{200D}🛒", false), ("🇹", false),
            ("\u{202E}🛒", false), ("🛒\u{202E}", false), ("\u{200B}", false), ("é", false), ("e\u{301}", false),
            ("🛒\u{301}", false), ("", false), ("   ", false), ("👍🏽🏽🏽", false),
            (String(repeating: "🛒", count: 1000), false),
            ("🛒" + String(repeating: "\u{FE0F}", count: 40), false),
            ("\u{E0067}", false),
        ])
    func iconRule(text: String, accepted: Bool) {
        #expect(
            (ListIcon.validated(text) != nil) == accepted, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("an icon shows before the list's name in lists, show, task rows and the partner's event")
    func iconShown() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("list add Groceries", as: alice.1)
        let set = try h.run("list icon groceries 🛒", as: alice.1)
        #expect(set.reply.code == .listIcon)
        #expect(set.reply.lines == ["The list is now shown as 🛒 Groceries."])
        #expect(set.events.count == 1)
        #expect(set.events[0].name == .listIcon)
        #expect(set.events[0].render(lang: .en, tz: "UTC", json: false).contains("🛒 Groceries"))
        try h.run("add milk to groceries", as: bob.1)
        let lists = try h.run("lists", as: bob.1)
        #expect(lists.reply.lines.contains { $0.contains("🛒 Groceries (1 open") })
        let show = try h.run("show groceries", as: bob.1)
        #expect(show.reply.lines[0].hasPrefix("🛒 Groceries"))
        let today = try h.run("search milk", as: bob.1)
        #expect(today.reply.lines.contains { $0.contains("milk — 🛒 Groceries") })
        bob.1.json = true
        let json = try h.run("lists", as: bob.1)
        guard case .object(let fields)? = json.reply.data, case .array(let rows)? = fields.first?.1,
            case .object(let groceries) = rows[1]
        else {
            Issue.record("no lists data")
            return
        }
        #expect(groceries.first { $0.0 == "name" }?.1 == .string("Groceries"))
        #expect(groceries.first { $0.0 == "icon" }?.1 == .string("🛒"))
        if case .object(let inbox) = rows[0] { #expect(inbox.first { $0.0 == "icon" }?.1 == JSONValue.null) }
        // Removing it: twice is no error, and the second time tells nobody.
        let removed = try h.run("liste simge groceries yok", as: alice.1)
        #expect(removed.reply.lines == ["Removed the icon of \"Groceries\"."])
        #expect(removed.events.count == 1)
        let again = try h.run("list icon groceries", as: alice.1)
        #expect(again.reply.code == .listIcon)
        #expect(again.events.isEmpty)
    }

    @Test("a bad icon is refused in the reader's language and stores nothing")
    func badIcon() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple(lang: .tr)
        try h.run("liste ekle Market", as: alice.1)
        for bad in ["a", "🛒 🍎", "ab", String(repeating: "x", count: 1000)] {
            let o = try h.run("liste simge market \(bad)", as: alice.1)
            #expect(o.reply.code == .errorBadIcon)
            #expect(o.reply.lines[0].hasPrefix("Simge tek bir emoji olmalı"))
            #expect(o.events.isEmpty)
        }
        #expect(try h.store.list(named: "Market", in: alice.0.space)?.icon == nil)
    }

    @Test("list clear removes only done tasks, counts them in both languages, and refuses when none")
    func clear() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("list add Groceries", as: alice.1)
        for item in ["milk", "eggs", "bread"] { try h.run("add \(item) to groceries", as: alice.1) }
        try h.run("add soap", as: alice.1)
        try h.run("done soap", as: alice.1)  // in Inbox: must stay
        let none = try h.run("list clear groceries", as: alice.1)
        #expect(none.reply.code == .errorNothingToClear)
        #expect(none.reply.lines == ["Groceries has no done tasks to remove."])
        try h.run("done milk", as: alice.1)
        let one = try h.run("list clear groceries", as: alice.1)
        #expect(one.reply.lines == ["Removed 1 done task from Groceries."])
        #expect(one.events.count == 1)
        #expect(one.events[0].render(lang: .en, tz: "UTC", json: false) == "alice removed 1 done task from Groceries.")
        try h.run("done eggs", as: alice.1)
        try h.run("done bread", as: alice.1)
        try h.run("lang tr", as: bob.1)
        try h.run("liste simge groceries 🛒", as: bob.1)
        let two = try h.run("liste temizle groceries", as: bob.1)
        #expect(two.reply.lines == ["🛒 Groceries listesinden 2 tamamlanmış görev kaldırıldı."])
        #expect(two.events[0].render(lang: .en, tz: "UTC", json: false) == "bob removed 2 done tasks from 🛒 Groceries.")
        let list = try #require(try h.store.list(named: "Groceries", in: alice.0.space))
        #expect(try h.store.taskCounts(in: list.id).done == 0)
        let inbox = try h.store.defaultList(in: alice.0.space)
        #expect(try h.store.taskCounts(in: inbox.id).done == 1)
    }

    @Test("another couple's list is not found, for clear and icon alike")
    func isolation() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let (carol, _) = try h.couple("carol", "dave")
        try h.run("list add Secret", as: carol.1)
        try h.run("add plan to secret", as: carol.1)
        try h.run("done plan", as: carol.1)
        #expect(try h.run("list clear secret", as: alice.1).reply.code == .errorNotFound)
        #expect(try h.run("list icon secret 🛒", as: alice.1).reply.code == .errorNotFound)
        let secret = try #require(try h.store.list(named: "Secret", in: carol.0.space))
        #expect(try h.store.taskCounts(in: secret.id).done == 1)
    }

    @Test("clearing 5,000 done tasks goes in bounded batches and stays fast")
    func clearMany() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("list add Big", as: alice.1)
        let big = try #require(try h.store.list(named: "Big", in: alice.0.space))
        try h.store.savepoint {
            for i in 0..<5_000 {
                let id = try h.store.addTask(
                    title: "item \(i)", list: big.id, space: alice.0.space, by: alice.0.id, assignee: nil,
                    now: HandlerHarness.start)
                try h.store.setDone(id, true, by: alice.0.id, now: HandlerHarness.start)
            }
            _ = try h.store.addTask(
                title: "still open", list: big.id, space: alice.0.space, by: alice.0.id, assignee: nil,
                now: HandlerHarness.start)
        }
        let clock = ContinuousClock()
        var o: Outcome?
        let took = try clock.measure { o = try h.run("list clear big", as: alice.1) }
        #expect(o?.reply.lines == ["Removed 5000 done tasks from Big."])
        #expect(try h.store.taskCounts(in: big.id).open == 1)
        print("list clear of 5,000 done tasks: \(took)")
        #expect(took < .seconds(5))
    }

    @Test("note without a colon: the longest leading words naming one task win, the rest is the note")
    func noteLongest() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add milk", as: alice.1)
        try h.run("add oat milk", as: alice.1)
        try h.run("add fix sink", as: alice.1)
        let o = try h.run("note oat milk the blue carton", as: alice.1)
        #expect(o.reply.code == .taskNoted)
        #expect(o.events.count == 1)
        let oat = try #require(try h.store.tasks(matching: "oat milk", in: alice.0.space, limit: 5).first)
        #expect(try h.store.notes(of: oat.id).map(\.text) == ["the blue carton"])
        // "milk" alone is an exact title: it wins over "oat milk".
        try h.run("note milk from the corner shop", as: bob.1)
        let milk = try #require(try h.store.tasks(matching: "milk", in: alice.0.space, limit: 5).first)
        #expect(milk.title == "milk")
        #expect(try h.store.notes(of: milk.id).map(\.text) == ["from the corner shop"])
        try h.run("lang tr", as: bob.1)
        let tr = try h.run("not fix sink conta da al", as: bob.1)
        #expect(tr.reply.code == .taskNoted)
    }

    @Test("note without a colon: an ambiguous longest match lists the candidates and keeps nothing")
    func noteAmbiguous() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add call mom", as: alice.1)
        try h.run("add call plumber", as: alice.1)
        let o = try h.run("note call about sunday", as: alice.1)
        #expect(o.reply.code == .errorAmbiguous)
        #expect(o.reply.lines[0].contains("\"call mom\""))
        #expect(o.reply.lines[0].contains("\"call plumber\""))
        #expect(o.events.isEmpty)
        for task in try h.store.tasks(matching: "call", in: alice.0.space, limit: 5) {
            #expect(try h.store.notes(of: task.id).isEmpty)
        }
        let none = try h.run("note nothing like this", as: alice.1)
        #expect(none.reply.code == .errorNotFound)
        #expect(none.reply.lines == ["I can't find \"nothing\"."])
    }

    @Test("a colon-less note of 2,000 words costs a few lookups, not one per word")
    func noteHuge() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add milk", as: alice.1)
        let line = "note milk " + Array(repeating: "x", count: 2_000).joined(separator: " ")
        let o = try h.run(line, as: alice.1)
        #expect(o.reply.code == .errorTitleTooLong || o.reply.code == .taskNoted)
    }
}
