// End to end: lists and tasks — list management, listing order, references, title rules and every task command.

import Foundation
import Testing

@Suite("Lists and tasks over TCP", .serialized, .timeLimit(.minutes(1)))
struct ListTaskTests {
    /// The titles of a `show` reply, in listing order.
    static func titles(_ show: JSONObject) -> [String] {
        (show.data["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
    }

    /// Every title of a list, over all of its pages (`show <list> page N` until `data.pages`).
    static func allTitles(_ client: LineClient, list: String = "inbox") throws -> [String] {
        let first = try client.json("show \(list)")
        var titles = self.titles(first)
        let pages = first.data["pages"] as? Int ?? 1
        if pages > 1 {
            for page in 2...pages { titles += self.titles(try client.json("show \(list) page \(page)")) }
        }
        return titles
    }

    /// The list names of a `lists` reply.
    static func listNames(_ lists: JSONObject) -> [String] {
        (lists.data["lists"] as? [JSONObject] ?? []).compactMap { $0["name"] as? String }
    }

    @Test("a new space has one default list, Inbox")
    func defaultList() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let lists = try alice.json("lists")
        #expect(lists.code == "list.index")
        #expect(Self.listNames(lists) == ["Inbox"])
        #expect((lists.data["lists"] as? [JSONObject])?.first?["default"] as? Bool == true)
        let show = try alice.json("show")
        #expect(show.data["list"] as? String == "Inbox")
        #expect(Self.titles(show).isEmpty)
    }

    @Test("list add, rename and delete; a non-empty list needs confirm; the default list stays")
    func listManagement() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let added = try alice.json("list add Groceries")
        #expect(added.code == "list.added")
        #expect(added.data["name"] as? String == "Groceries")
        #expect(try alice.json("list add GROCERIES").code == "error.list_exists")
        let renamed = try alice.json("list rename Groceries to Market")
        #expect(renamed.code == "list.renamed")
        #expect(renamed.data["old"] as? String == "Groceries")
        #expect(renamed.data["name"] as? String == "Market")
        #expect(Self.listNames(try alice.json("lists")) == ["Inbox", "Market"])
        try alice.ok("add milk to Market")
        #expect(Self.titles(try alice.json("show market")) == ["milk"])

        let refused = try alice.json("list delete Market")
        #expect(refused.ok == false)
        #expect(refused.code == "error.list_not_empty")
        #expect(refused.text.contains("confirm"))
        #expect(Self.listNames(try alice.json("lists")) == ["Inbox", "Market"])
        let deleted = try alice.json("list delete Market confirm")
        #expect(deleted.code == "list.deleted")
        #expect(deleted.data["count"] as? Int == 1)
        #expect(Self.listNames(try alice.json("lists")) == ["Inbox"])
        #expect(try alice.json("done milk").code == "error.not_found")

        let inbox = try alice.json("list delete Inbox")
        #expect(inbox.ok == false)
        #expect(inbox.code == "error.default_list")
        let inboxConfirmed = try alice.json("list delete Inbox confirm")
        #expect(inboxConfirmed.code == "error.default_list")
        try alice.ok("list add Empty")
        #expect(try alice.json("list delete Empty").code == "list.deleted")
        #expect(try alice.json("list rename Nowhere to Somewhere").code == "error.not_found")
    }

    @Test("show numbers open tasks first, then done ones, each by creation")
    func showOrder() throws {
        let server = try TestServer()
        let alice = try server.user("alice", json: false)
        for title in ["apples", "bread", "cheese", "dates"] { _ = try alice.command("add \(title)") }
        _ = try alice.command("done bread")
        _ = try alice.command("done apples")
        let lines = try alice.lines("show")
        #expect(
            lines == [
                "Inbox (2 open, 2 done):",
                "  1. [ ] cheese",
                "  2. [ ] dates",
                "  3. [x] apples — done by alice",
                "  4. [x] bread — done by alice",
            ])
        _ = try alice.command("json on")
        let show = try alice.json("show")
        let tasks = try #require(show.data["tasks"] as? [JSONObject])
        #expect(tasks.compactMap { $0["n"] as? Int } == [1, 2, 3, 4])
        #expect(tasks.compactMap { $0["status"] as? String } == ["open", "open", "done", "done"])
    }

    @Test("#N and N refer to the connection's last listing; out of range is error.no_such_row")
    func numberReferences() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add apples", "add bread", "add cheese"])
        _ = try alice.json("show")
        let first = try alice.json("done #2")
        #expect(first.code == "task.completed")
        #expect(first.data["title"] as? String == "bread")
        // Until the next listing, numbers keep pointing at the listing shown.
        #expect(try alice.json("done 3").data["title"] as? String == "cheese")
        #expect(Self.titles(try alice.json("show")) == ["apples", "bread", "cheese"])
        #expect(try alice.json("delete 3").data["title"] as? String == "cheese")
        let missing = try alice.json("done #9")
        #expect(missing.ok == false)
        #expect(missing.code == "error.no_such_row")
        #expect(missing.data["row"] as? Int == 9)
        #expect(missing.data["first"] as? Int == 1 && missing.data["last"] as? Int == 3)
        // Another connection of the same user has its own listing: none yet, so a number means nothing there
        // (it used to mean the default list's order, rows that connection was never shown).
        let other = try server.login("alice")
        let unseen = try other.json("delete 1")
        #expect(unseen.code == "error.no_such_row")
        #expect(unseen.data["first"] as? Int == 0 && unseen.data["last"] as? Int == 0)
        _ = try other.ok("show")
        #expect(try other.json("delete 1").data["title"] as? String == "apples")
    }

    @Test("id:N refers to a task by its stable id")
    func idReferences() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let id = try #require(try alice.ok("add apples").data["id"] as? Int)
        try alice.ok("add bread")
        let done = try alice.json("done id:\(id)")
        #expect(done.code == "task.completed")
        #expect(done.data["title"] as? String == "apples")
        #expect(try alice.json("done id:999999").code == "error.not_found")
    }

    @Test(
        "words match a title case- and accent-insensitively, the Turkish way",
        arguments: [
            ("süt", "SÜT"), ("süt al", "SÜT"), ("Çiçekleri sula", "cicekleri"), ("ırmak'ı ara", "IRMAK"),
            ("İstanbul bileti", "istanbul"), ("ISPARTA gülü", "ısparta"), ("Café au lait", "CAFE"), ("şeker", "SEKER"),
        ])
    func wordReferences(title: String, ref: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add ekmek", "add \(title)", "add yumurta"])
        let done = try alice.json("done \(ref)")
        #expect(done.code == "task.completed", "\(ref) → \(title): \(done)")
        #expect(done.data["title"] as? String == title)
    }

    @Test("words that match several tasks answer error.ambiguous with the candidates")
    func ambiguousWords() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add buy milk", "add buy bread", "add sell car", "add milk", "add milk chocolate"])
        let reply = try alice.json("done buy")
        #expect(reply.ok == false)
        #expect(reply.code == "error.ambiguous")
        let candidates = try #require(reply.data["candidates"] as? [JSONObject])
        #expect(Set(candidates.compactMap { $0["title"] as? String }) == ["buy milk", "buy bread"])
        #expect(reply.text.contains("buy milk") && reply.text.contains("buy bread"))
        // Nothing was changed; more words pick one; an exact title wins over longer ones.
        #expect(
            (try alice.json("show").data["tasks"] as? [JSONObject])?.allSatisfy { $0["status"] as? String == "open" }
                == true)
        #expect(try alice.json("done buy bread").data["title"] as? String == "buy bread")
        #expect(try alice.json("done milk").data["title"] as? String == "milk")
        #expect(try alice.json("done nothing like it").code == "error.not_found")
    }

    @Test("an empty title and a 201-character title are refused; 200 characters are fine")
    func titleLimits() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let empty = try alice.json("add")
        #expect(empty.ok == false)
        #expect(["error.title_empty", "error.usage"].contains(empty.code ?? ""), "\(empty)")
        #expect(!empty.text.isEmpty)
        let blank = try alice.json("add    ")
        #expect(blank.ok == false)
        let long = try alice.json("add " + String(repeating: "x", count: 201))
        #expect(long.ok == false)
        #expect(long.code == "error.title_too_long")
        #expect(long.text.contains("200"))
        let longTurkish = try alice.json("add " + String(repeating: "ğ", count: 201))
        #expect(longTurkish.code == "error.title_too_long")
        let exact = String(repeating: "ş", count: 200)
        #expect(try alice.json("add \(exact)").code == "task.added")
        #expect(Self.titles(try alice.json("show")) == [exact])
    }

    @Test("done on a done task and delete remove or refuse as they should")
    func doneTwiceAndDelete() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add milk", "add bread", "done milk"])
        let again = try alice.json("done milk")
        #expect(again.ok == false)
        #expect(again.code == "error.already_done")
        let deleted = try alice.json("delete milk")
        #expect(deleted.code == "task.deleted")
        #expect(deleted.data["title"] as? String == "milk")
        #expect(Self.titles(try alice.json("show")) == ["bread"])
        #expect(try alice.json("delete milk").code == "error.not_found")
        #expect(try alice.json("show Nowhere").code == "error.not_found")
    }

    @Test("edit, move, assign (partner, me, nobody), note, notes and undone")
    func everyTaskCommand() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["list add Groceries", "add milk"])
        _ = try alice.json("show")

        let edited = try alice.json("edit #1 to oat milk")
        #expect(edited.code == "task.edited")
        #expect(edited.data["title"] as? String == "oat milk")
        #expect(try alice.json("edit oat milk to " + String(repeating: "y", count: 201)).code == "error.title_too_long")

        let moved = try alice.json("move oat milk to Groceries")
        #expect(moved.code == "task.moved")
        #expect(moved.data["list"] as? String == "Groceries")
        #expect(Self.titles(try alice.json("show")).isEmpty)
        #expect(Self.titles(try alice.json("show Groceries")) == ["oat milk"])
        #expect(try alice.json("move oat milk to Groceries").code == "error.same_list")
        #expect(try alice.json("move oat milk to Nowhere").code == "error.not_found")

        let toBob = try alice.json("assign oat milk to bob")
        #expect(toBob.code == "task.assigned")
        #expect(toBob.data["assignee"] as? String == "bob")
        #expect(try alice.json("assign oat milk to me").data["assignee"] as? String == "alice")
        let nobody = try alice.json("assign oat milk to nobody")
        #expect(nobody.code == "task.assigned")
        #expect(nobody.data["assignee"] is NSNull)
        #expect(try alice.json("assign oat milk to carol").code == "error.not_found")

        let noted = try alice.json("note oat milk: the Swedish one")
        #expect(noted.code == "task.noted")
        let notes = try bob.json("notes oat milk")
        #expect(notes.code == "task.notes")
        let list = try #require(notes.data["notes"] as? [JSONObject])
        #expect(list.count == 1)
        #expect(list.first?["text"] as? String == "the Swedish one")
        #expect(list.first?["author"] as? String == "alice")

        let done = try bob.json("done oat milk")
        #expect(done.data["completed_by"] as? String == "bob")
        #expect(done.data["completed_at"] as? String == "2026-11-22T09:00:00Z")
        let reopened = try alice.json("undone oat milk")
        #expect(reopened.code == "task.reopened")
        #expect(reopened.data["status"] as? String == "open")
        #expect(reopened.data["completed_by"] is NSNull)
        #expect(reopened.data["completed_at"] is NSNull)
        #expect(try alice.json("undone oat milk").code == "error.not_done")
    }
}
