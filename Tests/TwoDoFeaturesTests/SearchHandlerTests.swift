// Unit tests of search: how a query line is read (filters, folding, punctuation) and the bounds of one search.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore

@testable import TwoDoFeatures

@Suite("Search handler")
struct SearchHandlerTests {
    @Test(
        "a query line: filters first, words folded the Turkish-aware way, punctuation only separates",
        arguments: [
            ("milk", [String](["milk"]), String?.none, false),
            ("#Groceries oat milk", ["oat", "milk"], "Groceries", false),
            ("done milk", ["milk"], nil, true),
            ("yapılan süt", ["sut"], nil, true),
            ("done", ["done"], nil, false),  // alone, `done` is the word searched for
            ("İSTANBUL ışıl Şeker", ["istanbul", "isil", "seker"], nil, false),
            ("\"milk\" OR NEAR(oat)", ["milk", "or", "near", "oat"], nil, false),
            ("milk milk MILK", ["milk"], nil, false),
            ("!!! ???", [], nil, false),
        ])
    func reading(line: String, words: [String], list: String?, doneOnly: Bool) {
        let q = SearchQuery(line)
        #expect(q.words == words)
        #expect(q.list == list)
        #expect(q.doneOnly == doneOnly)
    }

    @Test("a query of many words keeps the first sixteen")
    func manyWords() {
        let q = SearchQuery((0..<100).map { "w\($0)" }.joined(separator: " "))
        #expect(q.words.count == SearchQuery.maxWords)
    }

    @Test("past the hit limit the answer says so and shows the newest, in both languages")
    func capped() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let inbox = try h.store.defaultList(in: alice.0.space)
        try h.store.savepoint {
            for i in 0..<(Store.searchHitLimit + 10) {
                _ = try h.store.addTask(
                    title: "chore \(i)", list: inbox.id, space: alice.0.space, by: alice.0.id, assignee: nil,
                    now: HandlerHarness.start + Int64(i))
            }
        }
        alice.1.json = true
        let o = try h.run("search chore", as: alice.1)
        #expect(o.reply.code == .searchResults)
        #expect(o.reply.lines[0].contains("More than 2000"))
        #expect(o.reply.lines[1].contains("chore \(Store.searchHitLimit + 9)"))
        guard case .object(let fields)? = o.reply.data else { Issue.record("no data"); return }
        #expect(fields.first { $0.0 == "capped" }?.1 == .bool(true))
        try h.run("lang tr", as: bob.1)
        let tr = try h.run("ara chore", as: bob.1)
        #expect(tr.reply.lines[0].contains("taneden fazla"))
        // A narrower search is exact again.
        let narrow = try h.run("search chore 2005", as: alice.1)
        #expect(narrow.reply.lines[0].contains("1 found"))
    }

    @Test("search is a read: it raises nothing and changes nothing")
    func readOnly() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add milk", as: alice.1)
        let o = try h.run("search milk", as: alice.1)
        #expect(o.events.isEmpty)
        #expect(!o.wrote)
        #expect(o.effects.isEmpty)
    }
}
