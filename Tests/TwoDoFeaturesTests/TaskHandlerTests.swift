// Unit tests of the task handlers: the outcome of a command (reply, events, effects), without any socket.

import Testing
import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol

@Suite("Task handlers")
struct TaskHandlerTests {
    @Test("add answers task.added and raises one event for the partner, who is online")
    func addRaisesEvent() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let o = try h.run("add buy oat milk", as: alice.1)
        #expect(o.reply.ok)
        #expect(o.reply.code == .taskAdded)
        #expect(o.wrote)
        #expect(o.events.count == 1)
        let event = try #require(o.events.first)
        #expect(event.name == .taskAdded)
        #expect(Set(event.recipients) == [alice.0.id, bob.0.id])
        #expect(event.render(lang: .en, tz: "UTC", json: false).contains("buy oat milk"))
        #expect(try h.store.unreadCount(for: bob.0.id) == 0)  // online: live, not into the inbox
    }

    @Test("an offline partner gets the change in the inbox instead")
    func offlinePartnerInbox() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        h.presence.offline = [bob.0.id]
        try h.run("add call the plumber", as: alice.1)
        #expect(try h.store.unreadCount(for: bob.0.id) == 1)
    }

    @Test("done by list number completes that row; a number past the list is a clear error")
    func doneByNumber() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add first", as: alice.1)
        try h.run("add second", as: alice.1)
        let shown = try h.run("show", as: alice.1)
        #expect(shown.reply.code == .taskList)
        let done = try h.run("done 2", as: alice.1)
        #expect(done.reply.code == .taskCompleted)
        #expect(done.reply.lines.joined().contains("second"))
        let bad = try h.run("done 9", as: alice.1)
        #expect(!bad.reply.ok)
        #expect(bad.reply.code == .errorNoSuchRow)
        #expect(bad.reply.lines == ["No row 9 in your last list — type \"show\"."])
        #expect(bad.events.isEmpty)
    }

    @Test("lang tr is an effect on every session of the user, and the answer is already Turkish")
    func languageEffect() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let o = try h.run("lang tr", as: alice.1)
        #expect(o.effects == [.language(alice.0.id, .tr)])
        #expect(alice.1.lang == .tr)
        #expect(o.reply.lines != ["I'll speak English with you."])
        #expect(!(o.reply.lines.first ?? "").isEmpty)
    }

    @Test("passwd waits for the loop's hash pool and stats for the loop's figures; logout is answered at once")
    func loopRequests() throws {
        let h = try HandlerHarness()
        let (_, s) = try h.user("carol")
        for line in ["passwd old-one new-one-long", "stats"] {
            #expect(throws: HarnessError.self) { try h.run(line, as: s) }
        }
        #expect(try h.run("logout", as: s).reply.code == .authLoggedOut)
    }
}
