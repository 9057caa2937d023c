// End to end: a partner who is offline loses nothing — unread notifications, the login count, inbox and inbox read.

import Foundation
import Testing

@Suite("Offline partner and inbox over TCP", .serialized, .timeLimit(.minutes(1)))
struct OfflineInboxTests {
    /// Pairs alice and bob, then disconnects bob and waits until the server has noticed.
    static func aliceWithBobAway(_ server: TestServer) throws -> LineClient {
        let (alice, bob) = try server.couple()
        _ = try bob.json("quit")
        #expect(bob.isClosedByServer(within: 2))
        return alice
    }

    @Test("changes while bob is away become unread notifications: counted at login, listed newest first, marked read")
    func offlineNotifications() throws {
        let server = try TestServer()
        let alice = try Self.aliceWithBobAway(server)
        try alice.ok(["add milk", "add bread", "done milk", "say see you tonight"])

        let bob = try server.connect()
        _ = try bob.command("json on")
        let login = try bob.json("login bob plover-obo-27")
        #expect(login.code == "auth.logged_in")
        #expect(login.data["unread"] as? Int == 4)
        #expect(login.text.contains("4"))
        #expect(login.text.contains("inbox"))

        let inbox = try bob.json("inbox")
        #expect(inbox.code == "inbox.list")
        let items = try #require(inbox.data["notifications"] as? [JSONObject])
        #expect(
            items.compactMap { $0["event"] as? String } == [
                "chat.message", "task.completed", "task.added", "task.added",
            ])
        #expect(items.map { $0["unread"] as? Bool } == [true, true, true, true])
        #expect(items.first?["text"] as? String == "alice: see you tonight")
        #expect(items.last?["text"] as? String == #"alice added "milk" to Inbox."#)
        #expect(items.first?["at"] as? String == "2026-11-22T09:00:00Z")

        let read = try bob.json("inbox read")
        #expect(read.code == "inbox.read")
        #expect(read.data["count"] as? Int == 4)
        let after = try #require(try bob.json("inbox").data["notifications"] as? [JSONObject])
        #expect(after.count == 4)
        #expect(after.allSatisfy { $0["unread"] as? Bool == false })
        #expect(try bob.json("inbox read").data["count"] as? Int == 0)

        _ = try bob.json("logout")
        let again = try bob.json("login bob plover-obo-27")
        #expect(again.data["unread"] as? Int == 0)
        #expect(again.text == "Welcome back, bob.")
    }

    @Test("the human login line says how many things happened, and inbox lists them with a marker")
    func humanInbox() throws {
        let server = try TestServer()
        let alice = try Self.aliceWithBobAway(server)
        try alice.ok(["add milk", "add bread"])
        let bob = try server.connect()
        #expect(
            try bob.command("login bob plover-obo-27")
                == #"Welcome back, bob. 2 things happened while you were away: type "inbox"."#)
        let lines = try bob.lines("inbox")
        #expect(lines.count == 5)
        #expect(lines.first == "Your notifications (newest first):")
        #expect(lines[1] == "Today")
        #expect(lines.dropFirst(2).dropLast().allSatisfy { $0.hasPrefix("  * ") })
        #expect(lines.last == #"2 unread. "inbox read all" marks them read."#)
        #expect(lines[2] == #"  * 1. 09:00 alice added "bread" to Inbox."#)
        #expect(lines[3] == #"  * 2. 09:00 alice added "milk" to Inbox."#)
        _ = try bob.lines("inbox read")
        #expect(try bob.lines("inbox").dropFirst(2).allSatisfy { !$0.hasPrefix("  * ") })
    }

    @Test("nothing is stored for a partner who is online, and the actor gets no notification of its own change")
    func onlineGetsEventsNotNotifications() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add milk")
        #expect(try bob.event().event == "task.added")
        let bobInbox = try bob.json("inbox")
        #expect((bobInbox.data["notifications"] as? [JSONObject])?.isEmpty == true)
        #expect(bobInbox.text == "Nothing new.")
        #expect((try alice.json("inbox").data["notifications"] as? [JSONObject])?.isEmpty == true)
    }

    @Test("notifications are shown in the reader's language at reading time")
    func notificationsInReadersLanguage() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        _ = try bob.json("quit")
        #expect(bob.isClosedByServer(within: 2))
        try alice.ok("add süt")
        let back = try server.connect()
        _ = try back.command("json on")
        let login = try back.json("login bob plover-obo-27")
        #expect(login.data["unread"] as? Int == 1)
        #expect(login.text.contains("bildirimler"), "\(login.text)")
        let items = try #require(try back.json("inbox").data["notifications"] as? [JSONObject])
        let text = try #require(items.first?["text"] as? String)
        #expect(text.contains("ekledi"), "\(text)")
    }

    @Test("a partner with several connections is online until the last one closes")
    func onlineUntilLastConnection() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let bob2 = try server.login("bob")
        _ = try bob.json("quit")
        #expect(bob.isClosedByServer(within: 2))
        try alice.ok("add milk")
        #expect(try bob2.event().event == "task.added")
        #expect((try bob2.json("inbox").data["notifications"] as? [JSONObject])?.isEmpty == true)
        bob2.shutdownWrite()
        #expect(bob2.isClosedByServer(within: 2))
        try alice.ok("add bread")
        let back = try server.login("bob")
        #expect((try back.json("inbox").data["notifications"] as? [JSONObject])?.count == 1)
    }
}
