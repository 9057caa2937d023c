// End to end: invite codes, joining, presence, renaming, leaving and the merge of the joiner's space.

import Foundation
import Testing

@Suite("Pairing a couple over TCP", .serialized, .timeLimit(.minutes(1)))
struct CoupleTests {
    /// Four groups of four symbols from 2-9 and A-Z without I and O.
    static var codePattern: Regex<Substring> {
        #/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/#
    }

    /// The invite code of a `couple create` reply.
    static func code(of reply: JSONObject) throws -> String {
        try #require(reply.data["code"] as? String)
    }

    @Test("couple create answers a fresh XXXX-XXXX-XXXX-XXXX code from the 32-symbol alphabet, valid for 24 hours")
    func inviteCodeShape() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        var codes: Set<String> = []
        for _ in 0..<8 {
            let reply = try alice.json("couple create")
            #expect(reply.code == "couple.created")
            let code = try Self.code(of: reply)
            #expect(code.wholeMatch(of: Self.codePattern) != nil, "\(code)")
            #expect(reply.text.contains(code))
            #expect(reply.data["expires_at"] as? String == "2026-11-23T09:00:00Z")
            codes.insert(code)
        }
        #expect(codes.count == 8)
    }

    @Test("a code typed in lower case without dashes joins; both partners are told")
    func joinWithLooseSpelling() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let code = try Self.code(of: alice.json("couple create"))
        let loose = code.lowercased().replacingOccurrences(of: "-", with: "")
        let joined = try bob.json("couple join \(loose)")
        #expect(joined.ok == true)
        #expect(joined.code == "couple.joined")
        #expect(joined.data["partner"] as? String == "alice")
        let event = try alice.event()
        #expect(event.event == "couple.joined")
        #expect(event["actor"] as? String == "bob")
        #expect(event.text.contains("bob"))
        // Shared from now on.
        try bob.ok("add milk")
        #expect(try alice.event().event == "task.added")
    }

    @Test("a code works once: a third user cannot use it again")
    func codeWorksOnce() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let carol = try server.user("carol")
        let code = try Self.code(of: alice.json("couple create"))
        try bob.ok("couple join \(code)")
        let second = try carol.json("couple join \(code)")
        #expect(second.ok == false)
        #expect(["error.invite_used", "error.couple_full"].contains(second.code ?? ""), "\(second)")
        let carolsCouple = try carol.json("couple")
        #expect((carolsCouple.data["members"] as? [JSONObject])?.count == 1)
        // And a member cannot create another invite while paired.
        #expect(try alice.json("couple create").code == "error.already_in_couple")
        #expect(try bob.json("couple join \(code)").code == "error.already_in_couple")
    }

    @Test("a well-formed unknown code, a superseded code and one's own code are refused")
    func invalidCodes() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let unknown = try bob.json("couple join 2345-6789-ABCD-EFGH")
        #expect(unknown.ok == false)
        #expect(unknown.code == "error.invite_invalid")
        let first = try Self.code(of: alice.json("couple create"))
        let second = try Self.code(of: alice.json("couple create"))
        #expect(try bob.json("couple join \(first)").code == "error.invite_invalid")
        #expect(try alice.json("couple join \(second)").code == "error.invite_own")
        #expect(try bob.json("couple join \(second)").code == "couple.joined")
    }

    @Test(
        "text that is no invite code at all is refused with a clear error",
        arguments: ["HELLO", "2345-6789-ABCD", "2345-6789-ABCD-EFGI", "2345-6789-ABCD-EFG0", "2345-6789-ABCD-EFGH-2"])
    func malformedCodes(text: String) throws {
        let server = try TestServer()
        let bob = try server.user("bob")
        let reply = try bob.json("couple join \(text)")
        #expect(reply.ok == false)
        // Whatever follows `couple join` reaches the server, which answers the same for text that cannot be
        // a code as for a well-formed unknown one (and counts it towards the invite throttle).
        #expect(reply.code == "error.invite_invalid", "\(reply)")
        #expect(!reply.text.isEmpty)
    }

    @Test(
        "an invite code expires after 24 hours of test-clock time",
        arguments: [
            ("90m", "couple.joined"), ("23h", "couple.joined"), ("1d", "error.invite_expired"),
            ("25h", "error.invite_expired"),
        ])
    func expiry(advance: String, expected: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let code = try Self.code(of: alice.json("couple create"))
        let clock = try alice.json("clock advance \(advance)")
        #expect(clock.code == "clock.set")
        let reply = try bob.json("couple join \(code)")
        #expect(reply.code == expected)
    }

    @Test(
        "the test clock advances by durations such as 25h, 90m and 1d",
        arguments: [("25h", "2026-11-23T10:00:00Z"), ("90m", "2026-11-22T10:30:00Z"), ("1d", "2026-11-23T09:00:00Z")])
    func clockAdvance(duration: String, now: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let reply = try alice.json("clock advance \(duration)")
        #expect(reply.code == "clock.set")
        #expect(reply.data["now"] as? String == now)
        let added = try alice.json("add after the jump")
        #expect(added.data["created_at"] as? String == now)
    }

    @Test("clock is an unknown command without --test-clock")
    func noClockWithoutTestClock() throws {
        let server = try TestServer(testClock: nil)
        let alice = try server.user("alice")
        let reply = try alice.json("clock advance 25h")
        #expect(reply.ok == false)
        #expect(reply.code == "error.unknown_command")
    }

    @Test("couple and who show the members and whether the partner is online")
    func presence() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let both = try alice.json("couple")
        #expect(both.code == "couple.info")
        let members = try #require(both.data["members"] as? [JSONObject])
        #expect(members.map { $0["name"] as? String } == ["alice", "bob"])
        #expect(members.map { $0["online"] as? Bool } == [true, true])
        #expect(both.text.contains("bob"))

        _ = try bob.json("quit")
        #expect(bob.isClosedByServer(within: 2))
        let alone = try alice.json("couple")
        let after = try #require(alone.data["members"] as? [JSONObject])
        #expect(after.first { $0["name"] as? String == "bob" }?["online"] as? Bool == false)
        let who = try alice.json("who")
        #expect(who.code == "who")
        #expect(who.text == "bob is offline.")

        let human = try server.login("alice", json: false)
        #expect(try human.lines("who") == ["bob is offline."])
        let bobAgain = try server.login("bob")
        #expect(try human.lines("who") == ["bob is online."])
        #expect(try human.lines("couple").first?.contains("bob (online)") == true)
        withExtendedLifetime(bobAgain) {}
    }

    @Test("a solo user's couple and who say so")
    func solo() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let reply = try alice.json("couple")
        #expect(reply.code == "couple.info")
        #expect((reply.data["members"] as? [JSONObject])?.count == 1)
        #expect(try alice.json("couple leave").code == "error.not_in_couple")
    }

    @Test("couple create with a name and couple rename reach the partner as an event")
    func rename() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        let code = try Self.code(of: alice.json("couple create Nest"))
        try bob.ok("couple join \(code)")
        _ = try alice.event()
        #expect(try bob.json("couple").data["name"] as? String == "Nest")
        let renamed = try alice.json("couple rename Our Home")
        #expect(renamed.code == "couple.renamed")
        #expect(renamed.data["name"] as? String == "Our Home")
        let event = try bob.event()
        #expect(event.event == "couple.renamed")
        #expect(event["actor"] as? String == "alice")
        #expect(event.data["name"] as? String == "Our Home")
        #expect(event.text.contains("Our Home"))
        #expect(try alice.isQuiet(for: 0.1))
        let export = try bob.json("export")
        #expect((export.data["couple"] as? JSONObject)?["name"] as? String == "Our Home")
    }

    @Test("couple leave: the partner is told and the leaver loses access at once on every connection")
    func leave() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let bob2 = try server.login("bob")
        try alice.ok("add milk")
        _ = try bob.event()
        _ = try bob2.event()
        let listed = try bob2.json("show")
        #expect((listed.data["tasks"] as? [JSONObject])?.count == 1)

        let left = try bob.json("couple leave confirm")
        #expect(left.ok == true)
        #expect(left.code == "couple.left")
        let told = try alice.event()
        #expect(told.event == "couple.left")
        #expect(told["actor"] as? String == "bob")
        #expect(try bob2.event().event == "couple.left")

        // bob's other connection sees only his new, empty personal space.
        let show = try bob2.json("show")
        #expect(show.code == "task.list")
        #expect((show.data["tasks"] as? [JSONObject])?.isEmpty == true)
        #expect(try bob2.json("done 1").code == "error.no_such_row")
        #expect(try bob2.json("done milk").code == "error.not_found")
        let members = try bob2.json("couple").data["members"] as? [JSONObject]
        #expect(members?.map { $0["name"] as? String } == ["bob"])

        // Changes no longer reach bob; the shared data stays with alice.
        try alice.ok("add bread")
        #expect(try bob.isQuiet(for: 0.1))
        #expect(try bob2.isQuiet(for: 0.1))
        let kept = try alice.json("show").data["tasks"] as? [JSONObject]
        #expect(kept?.compactMap { $0["title"] as? String } == ["milk", "bread"])
        #expect((try alice.json("couple").data["members"] as? [JSONObject])?.count == 1)
    }

    @Test("after leaving, the old space's lists and stable ids are gone for every connection of the leaver")
    func leaveHidesIDs() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let bob2 = try server.login("bob")
        try alice.ok(["list add Groceries", "add eggs to Groceries"])
        let id = try #require(try alice.ok("add milk").data["id"] as? Int)
        #expect(try bob2.json("notes id:\(id)").code == "task.notes")
        #expect(ListTaskTests.titles(try bob2.json("show Groceries")) == ["eggs"])
        try bob.ok("couple leave confirm")
        let done = try bob2.json("done id:\(id)")
        #expect(done.ok == false)
        #expect(done.code == "error.not_found")
        #expect(try bob2.json("show Groceries").code == "error.not_found")
        // The old space's list is gone: bob is asked and his lists no longer name it.
        let asked = try bob2.json("add bread to Groceries")
        #expect(asked.code == "error.no_such_list")
        #expect(asked.data["lists"] as? [String] == ["Inbox"])
        #expect(try bob2.json("yes").data["list"] as? String == "Inbox")
        #expect(try alice.json("done id:\(id)").code == "task.completed")
    }

    @Test("joining merges the joiner's lists and tasks into the couple's space, de-duplicating list names")
    func mergeOnJoin() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        try alice.ok(["list add Groceries", "add apples to Groceries", "add call the bank"])
        try bob.ok([
            "list add Groceries", "add bread to Groceries", "list add Work", "add report to Work", "add call mom",
            "done call mom",
        ])
        let before = try Self.titles(bob.json("export")) + Self.titles(alice.json("export"))

        let code = try Self.code(of: alice.json("couple create"))
        let joined = try bob.json("couple join \(code)")
        #expect(joined.code == "couple.joined")
        #expect(joined.data["moved"] as? Int == 3)
        let event = try alice.event()
        #expect(event.data["moved"] as? Int == 3)

        let export = try alice.json("export")
        let lists = try #require(export.data["lists"] as? [JSONObject])
        #expect(lists.compactMap { $0["name"] as? String } == ["Inbox", "Groceries", "Groceries (2)", "Work"])
        #expect(Self.titles(export).sorted() == before.sorted())
        let inbox = try #require(lists.first?["tasks"] as? [JSONObject])
        #expect(inbox.compactMap { $0["title"] as? String } == ["call the bank", "call mom"])
        #expect(inbox.last?["status"] as? String == "done")
        #expect(inbox.last?["completed_by"] as? String == "bob")
        // Both partners see the same space.
        #expect(Self.titles(try bob.json("export")).sorted() == before.sorted())
    }

    /// Every task title of an `export` reply.
    static func titles(_ export: JSONObject) -> [String] {
        let lists = export.data["lists"] as? [JSONObject] ?? []
        return lists.flatMap { ($0["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String } }
    }
}
