// Muting a part of the partner's changes: that part waits in the inbox, unread; the rest is pushed.

import Testing
import TwoDoCore
@testable import TwoDoFeatures

@Suite("Muting a part of the partner's changes")
struct MuteKindTests {
    @Test("bob mutes the calendar: alice's event waits in his inbox, her task is pushed; partner mutes both")
    func calendarOnly() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        #expect(try h.run("mute calendar", as: bob.1).reply.code == .muteSet)
        let event = try h.run("event add dinner friday 7pm", as: alice.1)
        #expect(event.events.allSatisfy { !$0.recipients.contains(bob.0.id) })
        let task = try h.run("add milk", as: alice.1)
        #expect(task.events.contains { $0.recipients.contains(bob.0.id) })
        #expect(try h.store.unreadCount(for: bob.0.id) == 1)
        // `partner` still mutes every part; unmuting the part alone does not unmute the whole.
        try h.run("mute partner", as: bob.1)
        try h.run("unmute calendar", as: bob.1)
        let again = try h.run("event add lunch saturday noon", as: alice.1)
        #expect(again.events.allSatisfy { !$0.recipients.contains(bob.0.id) })
        #expect(try h.run("add eggs", as: alice.1).events.allSatisfy { !$0.recipients.contains(bob.0.id) })
        // Chat is its own kind: muting the partner's changes never mutes it.
        #expect(try h.run("say hi", as: alice.1).events.contains { $0.recipients.contains(bob.0.id) })
        let listed = try h.run("mute", as: bob.1).reply.lines.joined()
        #expect(listed.contains("partner changes"), "\(listed)")
    }

    @Test("the Turkish names list each muted part")
    func turkishNames() throws {
        let h = try HandlerHarness()
        let (_, bob) = try h.couple(lang: .tr)
        try h.run("sustur rutinler", as: bob.1)
        try h.run("sustur plan", as: bob.1)
        let listed = try h.run("sustur", as: bob.1).reply.lines.joined()
        #expect(listed.contains("rutin değişiklikleri") && listed.contains("plan değişiklikleri"), "\(listed)")
    }
}

@Suite("My tasks")
struct MyTasksTests {
    @Test("alone in a space, my tasks are all of them; in a couple, those assigned to me")
    func mineAloneAndInCouple() throws {
        let h = try HandlerHarness()
        let (_, session) = try h.user("carol")
        try h.run("add water plants", as: session)
        let alone = try h.run("show my tasks", as: session).reply.lines
        #expect(alone.contains { $0.contains("water plants") }, "\(alone)")
        let (alice, bob) = try h.couple()
        try h.run("add milk", as: alice.1)
        try h.run("add bread for bob", as: alice.1)
        let mine = try h.run("görevlerim", as: bob.1).reply.lines
        #expect(mine.contains { $0.contains("bread") } && !mine.contains { $0.contains("milk") }, "\(mine)")
    }
}

@Suite("Done as people say it")
struct DoneAsSaidTests {
    @Test("sütü aldım completes süt; spor yaptım and done gym mark a routine of that name; nothing else matches")
    func pastTenseAndRoutines() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple(lang: .tr)
        try h.run("süt ekle", as: alice.1)
        #expect(try h.run("sütü aldım", as: alice.1).reply.code == .taskCompleted)
        try h.run("elma ekle", as: alice.1)
        #expect(try h.run("elmayı bitirdim", as: alice.1).reply.code == .taskCompleted)
        try h.run("spor rutini ekle her gün", as: alice.1)
        #expect(try h.run("spor yaptım", as: alice.1).reply.code == .routineDone)
        try h.run("routine add gym every day", as: alice.1)
        #expect(try h.run("done gym", as: alice.1).reply.code == .routineDone)
        // Neither a task nor a routine: still not found, and no routine is touched by a near name.
        #expect(try h.run("bir şey yaptım", as: alice.1).reply.code == .errorNotFound)
        #expect(try h.run("done gy", as: alice.1).reply.code == .errorNotFound)
    }
}
