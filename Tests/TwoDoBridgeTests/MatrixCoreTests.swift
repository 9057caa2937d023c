// The Matrix bridge's rules without a network: direct rooms, sessions per user, replies and events, outages.

import Foundation
import Testing

@testable import TwoDoBridge

/// Drives a `MatrixCore` with recorded sync batches, the TwoDo side played by hand.
struct MatrixHarness {
    var core = MatrixCore(bot: "@twodo:localhost")
    let room = MatrixFixtures.aliceRoom

    mutating func sync(_ json: String, catchingUp: Bool = false, now: Double = 1) throws -> [MatrixAction] {
        core.handle(try #require(MatrixSyncBatch(json: Data(json.utf8))), now: now, catchingUp: catchingUp)
    }

    /// alice's message `body` in her direct room.
    mutating func say(
        _ body: String, from user: String = "@alice:localhost", msgtype: String = "m.text", now: Double = 1
    )
        -> [MatrixAction]
    {
        var batch = MatrixSyncBatch(nextBatch: "n")
        batch.rooms[room] = [.message(sender: user, msgtype: msgtype, body: body)]
        return core.handle(batch, now: now)
    }

    /// alice invited the bot, it joined, and she opened a session that is now connected.
    mutating func connected() throws -> SessionID {
        _ = try sync(MatrixFixtures.directInvite)
        let actions = say("login alice secret-alice")
        guard case .open(let id) = actions.last else { throw MatrixError.badResponse("no session: \(actions)") }
        _ = core.sessionConnected(id, now: 1)
        return id
    }

    static func reply(_ code: String, _ text: String, ok: Bool = true, lang: String = "en") -> String {
        #"{"type":"reply","ok":\#(ok),"code":"\#(code)","text":"\#(text)","data":{"name":"alice","lang":"\#(lang)"}}"#
    }
}

@Suite("MatrixCore")
struct MatrixCoreTests {
    @Test("a direct invite is joined and greeted in both languages; other invites are declined")
    func invites() throws {
        var h = MatrixHarness()
        let actions = try h.sync(MatrixFixtures.directInvite)
        #expect(actions.first == .join(room: MatrixFixtures.aliceRoom))
        #expect(actions.contains(.message(room: h.room, text: MatrixText.text(.welcome, lang: nil), notice: true)))
        #expect(h.core.directRooms == [h.room: "@alice:localhost"])
        let group = try h.sync(MatrixFixtures.thirdMemberAndLeave)
        #expect(group.contains(.leave(room: MatrixFixtures.groupRoom)))
    }

    @Test("the owner's text opens one session, whose lines wait until TwoDo is connected, then JSON mode first")
    func sessionOpening() throws {
        var h = MatrixHarness()
        _ = try h.sync(MatrixFixtures.directInvite)
        let first = h.say("register alice secret-alice")
        guard case .open(let id) = first.last else {
            Issue.record("no open: \(first)")
            return
        }
        #expect(h.say("süt ekle\n\n  show  ").isEmpty)
        #expect(
            h.core.sessionConnected(id, now: 1) == [
                .send(id, "@id=bridge.json json on"), .send(id, "register alice secret-alice"), .send(id, "süt ekle"),
                .send(id, "show"),
            ])
        #expect(h.say("add tea") == [.send(id, "add tea")])
    }

    @Test("the bot's own posts, notices, other senders and rooms that are not direct are never commands")
    func ignored() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        #expect(h.say("add x", from: "@twodo:localhost").isEmpty)
        #expect(h.say("add x", msgtype: "m.notice").isEmpty)
        #expect(h.say("add x", msgtype: "m.emote").isEmpty)
        var batch = MatrixSyncBatch(nextBatch: "n")
        batch.rooms["!elsewhere"] = [.message(sender: "@alice:localhost", msgtype: "m.text", body: "add x")]
        #expect(h.core.handle(batch, now: 1).isEmpty)
        #expect(h.say("add y") == [.send(id, "add y")])
    }

    @Test("the recorded messages batch forwards alice's lines and skips the bot's own notice")
    func recordedMessages() throws {
        var h = MatrixHarness()
        _ = try h.sync(MatrixFixtures.directInvite)
        let actions = try h.sync(MatrixFixtures.messages)
        guard case .open(let id) = actions.last else {
            Issue.record("no open: \(actions)")
            return
        }
        #expect(
            h.core.session(forUser: "@alice:localhost")?.pending == ["register alice secret-alice", "süt ekle", "show"])
        #expect(h.core.sessionConnected(id, now: 1).count == 4)
    }

    @Test("catching up after a fresh start skips old messages but still accepts invites")
    func catchingUp() throws {
        var h = MatrixHarness()
        #expect(
            try h.sync(MatrixFixtures.directInvite, catchingUp: true).first == .join(room: MatrixFixtures.aliceRoom))
        #expect(try h.sync(MatrixFixtures.messages, catchingUp: true).isEmpty)
    }

    @Test("replies come back as m.text, events as m.notice, the bridge's own replies not at all")
    func repliesAndEvents() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let room = h.room
        #expect(
            h.core.received(
                #"{"type":"reply","id":"bridge.json","ok":true,"code":"json.on","text":"JSON on."}"#, on: id, now: 1
            ).isEmpty)
        #expect(h.core.received("Welcome to TwoDo", on: id, now: 1).isEmpty)
        #expect(
            h.core.received(MatrixHarness.reply("auth.logged_in", "Welcome back, alice.", lang: "tr"), on: id, now: 1)
                == [.message(room: room, text: "Welcome back, alice.", notice: false)])
        #expect(h.core.session(forUser: "@alice:localhost")?.account == "alice")
        #expect(h.core.session(forUser: "@alice:localhost")?.lang == "tr")
        let event = #"{"type":"event","event":"task.added","actor":"bob","text":"bob \"süt\" ekledi.","data":{}}"#
        #expect(
            h.core.received(event, on: id, now: 1) == [.message(room: room, text: "bob \"süt\" ekledi.", notice: true)])
    }

    @Test("json off is refused; quit ends the session and the next message opens a fresh one")
    func jsonAndQuit() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let refusal = h.say("json off")
        #expect(refusal == [.message(room: h.room, text: BridgeText.text(.jsonFixed, lang: nil), notice: true)])
        let bye = h.core.received(MatrixHarness.reply("bye", "Bye."), on: id, now: 1)
        #expect(bye.contains(.close(id)))
        #expect(h.core.sessions.isEmpty)
        guard case .open(let next) = h.say("show").last else {
            Issue.record("no new session")
            return
        }
        #expect(next != id)
    }

    @Test("a third member makes the bot leave and end the session; so does the owner leaving")
    func notPrivate() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let actions = try h.sync(MatrixFixtures.thirdMemberAndLeave)
        let warning = MatrixAction.message(room: h.room, text: MatrixText.text(.notPrivate, lang: nil), notice: true)
        let warned = try #require(actions.firstIndex(of: warning))
        #expect(actions[warned...].contains(.leave(room: h.room)))
        #expect(actions.contains(.close(id)))
        // bob's `login` in that room was never forwarded.
        #expect(!actions.contains { if case .send = $0 { return true } else { return false } })
        #expect(h.core.directRooms.isEmpty && h.core.sessions.isEmpty)

        var h2 = MatrixHarness()
        let id2 = try h2.connected()
        var batch = MatrixSyncBatch(nextBatch: "n")
        batch.rooms[h2.room] = [.membership(user: "@alice:localhost", membership: "leave")]
        let left = h2.core.handle(batch, now: 1)
        #expect(left.contains(.leave(room: h2.room)) && left.contains(.close(id2)))
    }

    @Test("more than two joined members in the room summary also counts as not private")
    func summaryCount() throws {
        var h = MatrixHarness()
        _ = try h.sync(MatrixFixtures.directInvite)
        var batch = MatrixSyncBatch(nextBatch: "n")
        batch.joinedMemberCounts[h.room] = 3
        #expect(h.core.handle(batch, now: 1).contains(.leave(room: h.room)))
    }

    @Test("a lost TwoDo connection is reported, retried with back-off, and reported back")
    func outage() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let lost = h.core.sessionClosed(id, now: 10)
        #expect(lost.first == .message(room: h.room, text: BridgeText.text(.serverGone, lang: nil), notice: true))
        #expect(
            h.say("show", now: 10.5) == [
                .message(room: h.room, text: BridgeText.text(.stillReconnecting, lang: nil), notice: true)
            ])
        #expect(h.core.tick(now: 10.5).isEmpty)
        #expect(h.core.tick(now: 11) == [.open(id)])
        #expect(h.core.sessionConnectFailed(id, now: 11).isEmpty)
        #expect(h.core.tick(now: 12).isEmpty)  // the next wait is 2 s
        #expect(h.core.tick(now: 13) == [.open(id)])
        let back = h.core.sessionConnected(id, now: 13)
        #expect(back.contains(.message(room: h.room, text: BridgeText.text(.serverBack, lang: nil), notice: true)))
    }

    @Test("a logged-in session silent for the keep-alive interval sends a ping")
    func keepalive() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        _ = h.core.received(MatrixHarness.reply("auth.logged_in", "Hi."), on: id, now: 1)
        #expect(h.core.tick(now: 500).isEmpty)
        #expect(h.core.tick(now: 601) == [.send(id, "@id=bridge.keepalive ping")])
    }

    @Test("a message with too many lines passes on the first ones and says so")
    func tooManyLines() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let actions = h.say((1...25).map { "add t\($0)" }.joined(separator: "\n"))
        #expect(
            actions.first
                == .message(room: h.room, text: MatrixText.text(.tooManyLines, lang: nil, count: 20), notice: true))
        #expect(actions.dropFirst() == (1...20).map { .send(id, "add t\($0)") }[...])
    }

    @Test("a long reply becomes several messages, each under the limit")
    func longReply() throws {
        var h = MatrixHarness()
        let id = try h.connected()
        let text = (1...2000).map { "  \($0). task" }.joined(separator: "\\n")
        let actions = h.core.received(
            #"{"type":"reply","ok":true,"code":"list.show","text":"\#(text)"}"#, on: id, now: 1)
        #expect(actions.count > 1)
        for case .message(_, let body, false) in actions { #expect(body.utf8.count <= 16_000) }
    }

    @Test("direct rooms from an earlier run are remembered")
    func remembered() throws {
        var h = MatrixHarness()
        h.core = MatrixCore(bot: "@twodo:localhost", directRooms: [h.room: "@alice:localhost"])
        guard case .open = h.say("show").last else {
            Issue.record("no session")
            return
        }
    }

    @Test("an encrypted message from the owner gets one explanation per room, not a command")
    func encrypted() throws {
        var h = MatrixHarness()
        _ = try h.sync(MatrixFixtures.directInvite)
        var batch = MatrixSyncBatch(nextBatch: "n")
        batch.rooms[h.room] = [.encrypted(sender: "@alice:localhost"), .encrypted(sender: "@alice:localhost")]
        let actions = h.core.handle(batch, now: 1)
        #expect(actions.first == .message(room: h.room, text: MatrixText.text(.encrypted, lang: nil), notice: true))
        #expect(actions.count == 2)  // the notice and its log line
        #expect(h.core.handle(batch, now: 2).isEmpty)
        #expect(h.core.sessions.isEmpty)
    }
}
