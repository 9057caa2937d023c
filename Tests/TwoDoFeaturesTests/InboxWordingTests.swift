// An inbox row reads in the language and zone its reader has when reading it, not when it was written.

import Testing
import TwoDoCore
@testable import TwoDoFeatures
import TwoDoText

@Suite("Inbox rows are worded when read")
struct InboxWordingTests {
    @Test("a due time is kept as the due date and worded in the reader's zone and language of the day they read it")
    func dueWordedWhenRead() {
        let due = DueDate(
            date: LocalDate(year: 2026, month: 11, day: 27), time: LocalTime(hour: 18, minute: 0), tz: "UTC")
        let stored = InboxArgs.stored(["title": "pay rent"], when: due)
        #expect(stored["when"] == nil)
        let en = InboxArgs.reading(stored, lang: .en, tz: "UTC")
        let tr = InboxArgs.reading(stored, lang: .tr, tz: "Europe/Istanbul")
        #expect(en["when"] == TimeText.human(due, readerTZ: "UTC", lang: .en))
        #expect(tr["when"] == TimeText.human(due, readerTZ: "Europe/Istanbul", lang: .tr))
        #expect(tr["when"]?.contains("21:00") == true)
        #expect(tr["title"] == "pay rent")
    }

    @Test("words only a language can say are kept in each; rows stored before read as written")
    func perLanguage() {
        let stored = InboxArgs.stored(["title": "yoga"]) { lang in
            ["details": lang == .tr ? "her pazartesi" : "every Monday"]
        }
        #expect(InboxArgs.reading(stored, lang: .en, tz: "UTC")["details"] == "every Monday")
        #expect(InboxArgs.reading(stored, lang: .tr, tz: "UTC")["details"] == "her pazartesi")
        let old = ["title": "yoga", "when": "Fri 27 Nov 18:00"]
        #expect(InboxArgs.reading(old, lang: .tr, tz: "UTC") == old)
    }

    @Test("bob, away, switches to Turkish and Istanbul: alice's moved event reads in Turkish at Istanbul's time")
    func partnerEventAfterSwitch() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("event add dinner friday 6pm", as: alice.1)
        h.presence.offline.insert(bob.0.id)
        try h.run("event move dinner saturday 7pm", as: alice.1)
        try h.run("add pay rent", as: alice.1)
        h.presence.offline.remove(bob.0.id)
        try h.run("lang tr", as: bob.1)
        try h.run("tz Europe/Istanbul", as: bob.1)
        let inbox = try h.run("bildirimler", as: bob.1).reply.lines
        let moved = try #require(inbox.first { $0.contains("dinner") })
        #expect(moved.contains("Cmt 28 Kas 22:00"), "\(inbox)")
        #expect(!moved.contains("Sat"), "\(inbox)")
        // Words without a time read in the new language too.
        let added = try #require(inbox.first { $0.contains("pay rent") })
        #expect(added.contains("ekledi"), "\(inbox)")
    }

    @Test("an inbox row links to the task, event or routine it is about; a chat line links to nothing")
    func links() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        h.presence.offline.insert(bob.0.id)
        let task = try h.run("add milk", as: alice.1)
        let event = try h.run("event add dinner friday 7pm", as: alice.1)
        try h.run("say hi", as: alice.1)
        h.presence.offline.remove(bob.0.id)
        guard case .object(let added)? = task.reply.data,
            case .int(let taskID)? = added.first(where: { $0.0 == "id" })?.1,
            case .object(let made)? = event.reply.data,
            case .int(let eventID)? = made.first(where: { $0.0 == "id" })?.1,
            case .object(let fields)? = try h.run("inbox", as: bob.1).reply.data,
            case .array(let rows)? = fields.first(where: { $0.0 == "notifications" })?.1
        else {
            Issue.record("no ids or no inbox rows")
            return
        }
        let links: [JSONValue] = rows.compactMap { row in
            guard case .object(let f) = row else { return nil }
            return f.first { $0.0 == "link" }?.1
        }
        // Newest first: the chat line, the event, the task.
        #expect(links.count == 3)
        #expect(links.first == .null)
        #expect(links.contains(.object([("kind", .string("event")), ("id", .int(eventID))])))
        #expect(links.contains(.object([("kind", .string("task")), ("id", .int(taskID))])))
    }
}
