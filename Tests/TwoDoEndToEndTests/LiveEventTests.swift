// End to end: every change reaches the partner's and the actor's other sessions as one localized line.

import Foundation
import Testing

/// One kind of change: what to set up, the command, and the event the other sessions must see.
struct ChangeCase: Sendable, CustomStringConvertible {
    var setup: [String]
    var command: String
    var event: String
    /// Text the English event line must contain.
    var english: String

    var description: String { command }
}

/// The four sessions of one couple: the actor, its second connection, and the partner in JSON and human mode.
struct Sessions {
    var alice: LineClient
    var aliceOther: LineClient
    var bob: LineClient
    var bobHuman: LineClient

    /// Pairs alice and bob on a fresh server and opens the second connections.
    init(_ server: TestServer) throws {
        (alice, bob) = try server.couple()
        aliceOther = try server.login("alice", json: false)
        bobHuman = try server.login("bob", json: false)
    }

    /// Drops every line the three watching sessions have received so far.
    func drain() throws {
        _ = try bob.json("ping")
        for c in [aliceOther, bobHuman] {
            try c.send("ping")
            _ = try c.readLine(until: { $0 == "pong" })
        }
    }
}

@Suite("Live partner events over TCP", .serialized, .timeLimit(.minutes(1)))
struct LiveEventTests {
    static let taskChanges: [ChangeCase] = [
        ChangeCase(setup: [], command: "add milk", event: "task.added", english: #"alice added "milk" to Inbox."#),
        ChangeCase(
            setup: ["add milk"], command: "done milk", event: "task.completed", english: #"alice finished "milk"."#),
        ChangeCase(
            setup: ["add milk"], command: "delete milk", event: "task.deleted", english: #"alice deleted "milk"."#),
        ChangeCase(setup: [], command: "say hello there", event: "chat.message", english: "alice: hello there"),
    ]

    static let otherChanges: [ChangeCase] = [
        ChangeCase(
            setup: ["add milk", "done milk"], command: "undone milk", event: "task.reopened", english: #""milk""#),
        ChangeCase(
            setup: ["add milk"], command: "edit milk to oat milk", event: "task.edited", english: #""oat milk""#),
        ChangeCase(
            setup: ["add milk", "list add Market"], command: "move milk to Market", event: "task.moved",
            english: "Market"),
        ChangeCase(setup: ["add milk"], command: "assign milk to bob", event: "task.assigned", english: "bob"),
        ChangeCase(
            setup: ["add milk", "assign milk to bob"], command: "assign milk to nobody", event: "task.assigned",
            english: "nobody"),
        ChangeCase(setup: ["add milk"], command: "note milk: oat please", event: "task.noted", english: "oat please"),
        ChangeCase(setup: [], command: "list add Market", event: "list.added", english: "Market"),
        ChangeCase(
            setup: ["list add Market"], command: "list rename Market to Bazaar", event: "list.renamed",
            english: "Bazaar"),
        ChangeCase(setup: ["list add Market"], command: "list delete Market", event: "list.deleted", english: "Market"),
        ChangeCase(setup: [], command: "couple rename Nest", event: "couple.renamed", english: "Nest"),
    ]

    /// Runs one change and checks every session got exactly what it should.
    static func check(_ change: ChangeCase) throws {
        let server = try TestServer()
        let s = try Sessions(server)
        try s.alice.ok(change.setup)
        try s.drain()

        let reply = try s.alice.json(change.command)
        #expect(reply.ok == true, "\(reply)")

        let event = try s.bob.event()
        #expect(event.event == change.event)
        #expect(event["actor"] as? String == "alice")
        #expect(event.text.contains(change.english), "\(event.text)")
        #expect(event["data"] is JSONObject)
        #expect(try s.bob.isQuiet(for: 0.1), "one line per change")

        let human = try s.bobHuman.readLine()
        #expect(human == event.text)
        #expect(try s.bobHuman.isQuiet(for: 0.05))
        let own = try s.aliceOther.readLine()
        #expect(own == event.text, "the actor's other connection sees the same event")
        #expect(try s.aliceOther.isQuiet(for: 0.05))
        #expect(try s.alice.isQuiet(for: 0.05), "the acting connection gets only its reply")
    }

    @Test(
        "every change kind reaches the partner and the actor's other session as one line",
        arguments: taskChanges + otherChanges)
    func change(_ change: ChangeCase) throws {
        try Self.check(change)
    }

    @Test("the exact English event line for an add, as a person sees it in nc")
    func humanEventLine() throws {
        let server = try TestServer()
        let s = try Sessions(server)
        try s.alice.ok("add milk")
        #expect(try s.bobHuman.readLine() == #"alice added "milk" to Inbox."#)
    }

    @Test("a solo user's second connection also sees the first one's changes")
    func soloSecondConnection() throws {
        let server = try TestServer()
        let first = try server.user("alice")
        let second = try server.login("alice")
        let added = try first.json("add milk")
        #expect(added.code == "task.added")
        let event = try second.event()
        #expect(event.event == "task.added")
        #expect(event.data["title"] as? String == "milk")
        #expect(try first.isQuiet(for: 0.1))
        try second.ok("done milk")
        #expect(try first.event().event == "task.completed")
        #expect(try second.isQuiet(for: 0.1))
    }

    @Test("events are localized in the receiver's language: bob reads Turkish while alice reads English")
    func receiverLanguage() throws {
        let server = try TestServer()
        let s = try Sessions(server)
        let lang = try s.bob.json("lang tr")
        #expect(lang.code == "lang.set")
        #expect(lang.text == "Sizinle Türkçe konuşacağım.")
        try s.drain()

        let added = try s.alice.json("add süt")
        #expect(added.text == #"Added "süt" to Inbox."#)
        let turkish = try s.bob.event()
        #expect(turkish.event == "task.added")
        #expect(turkish.text.contains("süt"))
        #expect(turkish.text.contains("ekledi"), "\(turkish.text)")
        #expect(!turkish.text.contains("added"))
        // bob's language is per user: his other connection switched too.
        #expect(try s.bobHuman.readLine() == turkish.text)
        #expect(try s.aliceOther.readLine() == #"alice added "süt" to Inbox."#)

        try s.alice.ok("done süt")
        #expect(try s.bob.event().text.contains("tamamladı"))
        #expect(try s.aliceOther.readLine() == #"alice finished "süt"."#)

        try s.alice.ok("say merhaba")
        #expect(try s.bob.event().text == "alice: merhaba")

        // And the other way round: bob acts in English words, alice still reads English, bob's reply is Turkish.
        let reply = try s.bob.json("add ekmek")
        #expect(reply.text.contains("ekmek"))
        #expect(!reply.text.contains("Added"))
        #expect(try s.alice.event().text == #"bob added "ekmek" to Inbox."#)
    }

    @Test("say reaches the partner as a chat.message event; alone it says nobody can read it")
    func say() throws {
        let server = try TestServer()
        let solo = try server.user("carol")
        let alone = try solo.json("say anyone?")
        #expect(alone.code == "chat.sent")
        #expect(alone.text.contains("no partner"))

        let (alice, bob) = try server.couple()
        let sent = try alice.json("say hello")
        #expect(sent.ok == true)
        #expect(sent.code == "chat.sent")
        let event = try bob.event()
        #expect(event.event == "chat.message")
        #expect(event["actor"] as? String == "alice")
        #expect(event.data["text"] as? String == "hello")
        #expect(event.text == "alice: hello")
        #expect(try alice.isQuiet(for: 0.1))
        #expect(try solo.isQuiet(for: 0.05), "chat stays inside the couple")
    }

    @Test("changes of one couple never reach another couple")
    func isolation() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple("alice", "bob")
        let (carol, dave) = try server.couple("carol", "dave")
        try alice.ok(["add secret plan", "say psst"])
        _ = try bob.event()
        _ = try bob.event()
        #expect(try carol.isQuiet(for: 0.1))
        #expect(try dave.isQuiet(for: 0.05))
        #expect(try carol.json("done secret plan").code == "error.not_found")
        #expect(ListTaskTests.titles(try dave.json("show")).isEmpty)
    }
}
