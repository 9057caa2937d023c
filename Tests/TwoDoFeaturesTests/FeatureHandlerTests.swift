// Unit tests of the feature handlers beyond tasks: lists, couple, time and reminders, routines, calendar,
// notes, inbox, paging and limits — each a command's Outcome, checked without any socket.

import Testing
import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoStore
import TwoDoText

@Suite("Feature handlers")
struct FeatureHandlerTests {
    @Test("list add raises list.added for the couple; a second list of the same name is refused, raising nothing")
    func listAdd() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let o = try h.run("list add Groceries", as: alice.1)
        #expect(o.reply.code == .listAdded)
        #expect(o.events.map(\.name) == [.listAdded])
        #expect(Set(o.events[0].recipients) == [alice.0.id, bob.0.id])
        #expect(try h.store.list(named: "Groceries", in: alice.0.space) != nil)
        let again = try h.run("list add groceries", as: bob.1)
        #expect(again.reply.code == .errorListExists)
        #expect(again.events.isEmpty)
    }

    @Test("a list with tasks is deleted only with confirm, and then its tasks are gone")
    func listDelete() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("list add Garden", as: alice.1)
        try h.run("add rake to Garden", as: alice.1)
        let refused = try h.run("list delete Garden", as: alice.1)
        #expect(refused.reply.code == .errorListNotEmpty)
        #expect(try h.store.list(named: "Garden", in: alice.0.space) != nil)
        let done = try h.run("list delete Garden confirm", as: alice.1)
        #expect(done.reply.code == .listDeleted)
        #expect(try h.store.list(named: "Garden", in: alice.0.space) == nil)
    }

    @Test("another couple's list and task numbers never reach this couple")
    func otherCoupleIsolated() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple("alice", "bob")
        let (carol, _) = try h.couple("carol", "dave")
        try h.run("list add Secret", as: carol.1)
        try h.run("add carol's secret to Secret", as: carol.1)
        // No list "Secret" in alice's space: she is asked, and only her own lists are named.
        let asked = try h.run("add spy to Secret", as: alice.1)
        #expect(asked.reply.code == .errorNoSuchList)
        #expect(asked.reply.lines.allSatisfy { !$0.contains("carol") && $0.contains("Your lists: Inbox.") })
        // Lower case: the words stay in the title, in her own default list.
        let add = try h.run("add spy to secret", as: alice.1)
        #expect(add.reply.code == .taskAdded)
        #expect(try h.store.list(named: "Secret", in: alice.0.space) == nil)
        let done = try h.run("done carol's secret", as: alice.1)
        #expect(!done.reply.ok)
        #expect(done.events.isEmpty)
        let secret = try #require(try h.store.list(named: "Secret", in: carol.0.space))
        #expect(try h.store.taskCounts(in: secret.id).open == 1)
    }

    @Test("who reports the partner's presence from the read-only Presence")
    func whoPresence() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let online = try h.run("who", as: alice.1)
        #expect(online.reply.code == .who)
        #expect(online.reply.lines.joined().contains(bob.0.name))
        h.presence.offline = [bob.0.id]
        let offline = try h.run("who", as: alice.1)
        #expect(offline.reply.lines != online.reply.lines)
    }

    @Test("say raises chat.message for the partner only, and answers chat.sent")
    func say() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let o = try h.run("say dinner at 8?", as: alice.1)
        #expect(o.reply.code == .chatSent)
        let event = try #require(o.events.first)
        #expect(event.name == .chatMessage)
        #expect(event.render(lang: .en, tz: "UTC", json: false).contains("dinner at 8?"))
        #expect(event.recipients.contains(bob.0.id))
    }

    @Test("a due time schedules a reminder: remindersChanged, and the store has it pending")
    func dueSchedulesReminder() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let o = try h.run("add call the bank today 11am", as: alice.1)
        #expect(o.reply.code == .taskAdded)
        #expect(o.remindersChanged)
        let next = try #require(try h.handlers.nextReminderTime())
        #expect(next == HandlerHarness.start + 2 * 3600)
    }

    @Test("a due reminder fires once to every live session, marks the task as reminded, and is kept read")
    func reminderFires() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add call the bank today 11am", as: alice.1)
        h.handlers.clock.advance(by: 2 * 3600)
        let pushed = try h.store.savepoint { try h.handlers.fireDueReminders() }
        #expect(Set(pushed.map(\.connection)) == [alice.1.id, bob.1.id])
        #expect(pushed.allSatisfy { $0.reply.code == .reminderDue && $0.reminded != nil })
        #expect(pushed.allSatisfy { $0.rawLines?.first?.contains("call the bank") == true })
        #expect(try h.store.unreadCount(for: bob.0.id) == 0)
        let again = try h.store.savepoint { try h.handlers.fireDueReminders() }
        #expect(again.isEmpty)
        #expect(h.handlers.remindersFired == 1)
    }

    @Test("an offline partner's reminder waits unread in the inbox, and JSON sessions get the data")
    func reminderOfflineAndJSON() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        alice.1.json = true
        h.presence.offline = [bob.0.id]
        try h.run("add call the bank today 11am", as: alice.1)
        let unreadBefore = try h.store.unreadCount(for: bob.0.id)  // the task.added he missed
        h.handlers.clock.advance(by: 2 * 3600)
        let pushed = try h.store.savepoint { try h.handlers.fireDueReminders() }
        #expect(pushed.map(\.connection) == [alice.1.id])
        let line = try #require(pushed.first?.rawLines?.first)
        #expect(line.hasPrefix(#"{"type":"event","event":"reminder.due""#))
        #expect(line.contains(#""late":false"#))
        #expect(try h.store.unreadCount(for: bob.0.id) == unreadBefore + 1)
    }

    @Test("a partner connected only to another node gets the reminder through the link; the inbox row waits unread")
    func reminderElsewhere() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        h.presence.offline = [bob.0.id]
        h.presence.elsewhere = [bob.0.id]
        try h.run("add call the bank today 11am", as: alice.1)
        let unreadBefore = try h.store.unreadCount(for: bob.0.id)
        h.handlers.clock.advance(by: 2 * 3600)
        let pushed = try h.store.savepoint { try h.handlers.fireDueReminders() }
        // Alice's own session here; for Bob, an outcome for no connection carrying his line for the other node.
        #expect(pushed.map(\.connection).sorted() == [Outcome.noConnection, alice.1.id])
        let remote = try #require(pushed.first { $0.connection == Outcome.noConnection }?.remoteLines.first)
        #expect(remote.user == bob.0.id)
        #expect(remote.text.hasPrefix("⏰ Reminder: \"call the bank\""))
        #expect(remote.json.hasPrefix(#"{"type":"event","event":"reminder.due""#))
        // Unread until the node that shows it marks it read (`remote.notification`), so a dead node loses nothing.
        #expect(try h.store.unreadCount(for: bob.0.id) == unreadBefore + 1)
        #expect(remote.notification != nil)
    }

    @Test("a reminder due before the handlers started is late, with the late wording")
    func reminderLate() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add call the bank today 11am", as: alice.1)
        // The server "restarts" two hours after the reminder was due.
        let later = Handlers(store: h.store, clock: WallClock(testStart: HandlerHarness.start + 4 * 3600))
        later.presence = h.presence
        let pushed = try h.store.savepoint { try later.fireDueReminders() }
        #expect(pushed.count == 2)
        let line = try #require(pushed.first?.rawLines?.first)
        let onTime = Catalog.text(.reminderDue, .en, ["title": "call the bank", "list": "Inbox"])
        #expect(!line.hasPrefix(onTime))
        #expect(line.contains("call the bank"))
    }

    @Test("routine add and done raise their events; done twice the same day is refused")
    func routines() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let add = try h.run("routine add water plants every day", as: alice.1)
        #expect(add.reply.code == .routineAdded)
        #expect(add.events.map(\.name) == [.routineAdded])
        let done = try h.run("routine done water plants", as: alice.1)
        #expect(done.reply.code == .routineDone)
        #expect(done.events.map(\.name) == [.routineDone])
        let twice = try h.run("routine done water plants", as: alice.1)
        #expect(twice.reply.code == .errorRoutineAlreadyMarked)
        #expect(twice.events.isEmpty)
    }

    @Test("event add raises event.added worded for each reader; events lists it")
    func calendarEvents() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let o = try h.run("event add dinner friday 7pm-9pm at Luigi's", as: alice.1)
        #expect(o.reply.code == .eventAdded)
        let event = try #require(o.events.first)
        #expect(event.name == .eventAdded)
        #expect(event.render(lang: .tr, tz: "Europe/Istanbul", json: false).contains("dinner"))
        let list = try h.run("events", as: alice.1)
        #expect(list.reply.code == .eventList)
        #expect(list.reply.lines.joined(separator: "\n").contains("dinner"))
    }

    @Test("lang tr answers in Turkish; the same command in tr and en gives the same code")
    func turkish() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple(lang: .tr)
        let tr = try h.run("süt ekle", as: alice.1)
        let en = try h.run("add bread", as: bob.1)
        #expect(tr.reply.code == .taskAdded)
        #expect(en.reply.code == .taskAdded)
        #expect(tr.reply.lines.joined().contains("süt"))
        #expect(tr.reply.lines.joined() != en.reply.lines.joined())
    }

    @Test("more continues a paged listing; past the last page it says so")
    func paging() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        for i in 1...60 { try h.run("add task \(i)", as: alice.1) }
        let first = try h.run("show", as: alice.1)
        #expect(first.reply.code == .taskList)
        let second = try h.run("more", as: alice.1)
        #expect(second.reply.code == .taskList)
        #expect(second.reply.lines.joined(separator: "\n").contains("60."))
        let third = try h.run("more", as: alice.1)
        #expect(third.reply.code == .errorNoMorePages)
    }

    @Test("a full list refuses the next task with error.limit_list_tasks and stores nothing")
    func limits() throws {
        var limits = SpaceLimits()
        limits.openTasksPerList = 3
        let h = try HandlerHarness(limits: limits)
        let (alice, _) = try h.couple()
        for i in 1...3 { try h.run("add chore \(i)", as: alice.1) }
        let refused = try h.run("add chore 4", as: alice.1)
        #expect(refused.reply.code == .errorLimitListTasks)
        #expect(refused.events.isEmpty)
        let inbox = try h.store.defaultList(in: alice.0.space)
        #expect(try h.store.openTaskCount(in: inbox.id) == 3)
    }

    @Test("couple leave forgets the partner's numbered listings (an effect for the loop)")
    func coupleLeaveEffect() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let o = try h.run("couple leave confirm", as: bob.1)
        #expect(o.reply.code == .coupleLeft)
        #expect(o.effects.contains(.forgetListings(alice.0.id)) || o.effects.contains(.forgetListings(bob.0.id)))
    }

    @Test("invisible characters are refused before parsing, naming the character")
    func invisible() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let o = try h.run("add mi\u{200B}lk", as: alice.1)
        #expect(o.reply.code == .errorInvisibleChar)
        #expect(o.reply.lines.joined().contains("U+200B"))
        #expect(try h.store.openTaskCount(in: try h.store.defaultList(in: alice.0.space).id) == 0)
    }
}
