// End to end: `search` / `ara` over TCP — folding the way people type, filters, numbering, paging,
// another couple's items, and the hostile lines a search box attracts.

import Foundation
import Testing

@Suite("Search over TCP", .serialized, .timeLimit(.minutes(1)))
struct SearchTests {
    /// The titles of a search reply's task rows, in order.
    static func titles(_ reply: JSONObject) -> [String] {
        (reply.data["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
    }

    @Test("prefixes, case, accents and Turkish ı/İ fold for matching; both partners search the shared space")
    func folding() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add buy Balloons for the party")
        try alice.ok("add call Işıl about the İSTANBUL trip")
        try alice.ok("add şeker al")
        _ = try bob.event()
        _ = try bob.event()
        _ = try bob.event()
        for (query, title) in [
            ("bal", "buy Balloons for the party"), ("BALLOONS party", "buy Balloons for the party"),
            ("istanbul", "call Işıl about the İSTANBUL trip"), ("ISIL", "call Işıl about the İSTANBUL trip"),
            ("ışıl", "call Işıl about the İSTANBUL trip"), ("seker", "şeker al"), ("ŞEKER", "şeker al"),
        ] {
            let found = try bob.json("search \(query)")
            #expect(found.code == "search.results", "\(query)")
            #expect(Self.titles(found) == [title], "\(query)")
        }
        // Every word must match: one that matches nothing empties the result.
        let none = try alice.json("search balloons istanbul")
        #expect(Self.titles(none).isEmpty)
        #expect(none.text.contains("Nothing matches"))
    }

    @Test("open before done, newest first; numbers act on the rows shown (done 2); a note finds its task")
    func orderAndNumbers() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add milk old")
        try alice.ok("add milk new")
        try alice.ok("add oat milk finished")
        try alice.ok("done oat milk finished")
        try alice.ok("add bread")
        try alice.ok("note bread: the one with milk in it")
        let found = try alice.json("search milk")
        #expect(Self.titles(found) == ["bread", "milk new", "milk old", "oat milk finished"])
        let done = try alice.json("done 2")
        #expect(done.code == "task.completed")
        #expect(done.data["title"] as? String == "milk new")
        let onlyDone = try alice.json("search done milk")
        #expect(Self.titles(onlyDone) == ["oat milk finished", "milk new"])  // done ones, newest first
    }

    @Test("#list limits to a list; a list that does not exist is named in the error")
    func listFilter() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("list add Groceries")
        try alice.ok("add milk to Groceries")
        try alice.ok("add milk the cat")
        #expect(Self.titles(try alice.json("search #groceries milk")) == ["milk"])
        let missing = try alice.json("search #hardware milk")
        #expect(missing.ok == false)
        #expect(missing.code == "error.not_found")
    }

    @Test("routines and events are found too, under the tasks")
    func routinesAndEvents() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("routine add water the plants every day")
        try alice.ok("event add plant market saturday 10am")
        try alice.ok("add buy plant food")
        let found = try alice.json("search plant")
        #expect(Self.titles(found) == ["buy plant food"])
        #expect(found.data["routines"] as? [String] == ["water the plants"])
        #expect((found.data["events"] as? [JSONObject])?.first?["title"] as? String == "plant market")
        #expect(found.text.contains("water the plants"))
    }

    @Test("in Turkish: ara and bul, the Turkish header, and the done filter word yapılan")
    func turkish() throws {
        let server = try TestServer()
        let ayse = try server.user("ayse")
        try ayse.ok("lang tr")
        try ayse.ok("süt al ekle")
        try ayse.ok("ekmek al ekle")
        let found = try ayse.json("ara SÜT")
        #expect(found.code == "search.results")
        #expect(Self.titles(found) == ["süt al"])
        #expect(found.text.contains("için 1 sonuç"))
        #expect(Self.titles(try ayse.json("bul al")) == ["ekmek al", "süt al"])
        try ayse.ok("done süt al")
        #expect(Self.titles(try ayse.json("ara yapılan al")) == ["süt al"])
        let none = try ayse.json("ara peynir")
        #expect(none.text.contains("eşleşen bir şey yok"))
    }

    @Test("another couple's items never show, even a title spelling this space's index token")
    func isolation() throws {
        let server = try TestServer()
        let (alice, _) = try server.couple("alice", "bob")
        let (carol, _) = try server.couple("carol", "dave")
        try carol.ok("add secret balloons")
        // Spaces are numbered from 1; carol's title names every plausible space token.
        try carol.ok("add zs1 zs2 zs3 zs4 zs5 zs6 balloons")
        try carol.ok("note secret balloons: for alice's party")
        let found = try alice.json("search balloons")
        #expect(Self.titles(found).isEmpty)
        #expect(Self.titles(try alice.json("search party")).isEmpty)
        #expect(Self.titles(try alice.json("search zs1")).isEmpty)
        #expect(Self.titles(try carol.json("search balloons")).count == 2)
    }

    @Test("hostile queries are text, never FTS syntax; an empty one gets the usage")
    func hostile() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add NEAR or not")
        for query in ["\"", "\"\"*", "OR", "NEAR(a b)", "*", "milk\"*", "a:b", "(x", "-milk", "^start", "{col}"] {
            let reply = try alice.json("search \(query)")
            #expect(reply.code == "search.results" || reply.code == "error.usage", "\(query): \(reply)")
        }
        #expect(Self.titles(try alice.json("search near or")) == ["NEAR or not"])
        #expect(try alice.json("search").code == "error.usage")
        #expect(try alice.json("search !!! ???").code == "error.usage")
        let long = (0..<600).map { "w\($0)" }.joined(separator: " ")
        let reply = try alice.json("search \(long)")
        #expect(reply.code == "search.results" || reply.code == "line.too_long")
        #expect(try alice.json("search mi\u{200B}lk").code == "error.invisible_char")
        #expect(try alice.json("ping").code == "pong")
    }

    @Test("a long result pages like other listings; done on page 2 by its number")
    func paging() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        for i in 1...60 { try alice.ok("add chore \(i)") }
        let first = try alice.json("search chore")
        #expect(Self.titles(first).count == 50)
        #expect(first.data["pages"] as? Int == 2)
        #expect(first.data["total"] as? Int == 60)
        let second = try alice.json("more")
        #expect(Self.titles(second).count == 10)
        let done = try alice.json("done 55")
        #expect(done.code == "task.completed")
        #expect(done.data["title"] as? String == "chore 6")
        #expect(try alice.json("search chore page 3").code == "error.page_range")
    }

    @Test("the index follows edits, deletes and restarts (kill -9 included)")
    func indexFollowsWrites() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add fix the sink")
        try alice.ok("edit fix the sink to fix the tap")
        #expect(Self.titles(try alice.json("search sink")).isEmpty)
        #expect(Self.titles(try alice.json("search tap")) == ["fix the tap"])
        try alice.ok("add throw away")
        try alice.ok("delete throw away")
        #expect(Self.titles(try alice.json("search throw")).isEmpty)
        server.kill()
        let again = try server.startAgain()
        let back = try again.login("alice")
        #expect(Self.titles(try back.json("search tap")) == ["fix the tap"])
    }
}
