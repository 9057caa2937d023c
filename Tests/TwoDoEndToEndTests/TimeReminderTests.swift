// End to end: reminders reach the right partner at the due time, in their language and zone, live, as JSON, or in the inbox.

import Foundation
import Testing

@Suite("Reminders over TCP", .serialized, .timeLimit(.minutes(2)))
struct TimeReminderTests {
    /// The `reminder.due` events among `events`.
    private func reminders(_ events: [JSONObject]) -> [JSONObject] { events.filter { $0.event == "reminder.due" } }

    @Test("the default reminder at the due time goes to the assignee only, in their language and zone")
    func assigneeOnly() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add call mom today 11am for bob")  // 10:00Z
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-22T09:59:00Z")
        #expect(try reminders(couple.bob.drainEvents()).isEmpty)
        let aliceEvents = try couple.advance("1m")
        #expect(reminders(aliceEvents).isEmpty)
        let event = try couple.bob.event()
        #expect(event.event == "reminder.due")
        #expect(event["actor"] as? String == "twodo")
        #expect(
            event.text
                == #"⏰ Hatırlatma: "call mom" şimdi yapılmalı (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#
        )
        #expect(event.data["kind"] as? String == "due")
        #expect(event.data["late"] as? Bool == false)
        #expect(event.data["title"] as? String == "call mom")
        #expect(event.data["due"] as? String == "2026-11-22T05:00:00-05:00")
        #expect(
            try couple.bobText.readLine()
                == #"⏰ Hatırlatma: "call mom" şimdi yapılmalı (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#
        )
        #expect(try couple.aliceText.isQuiet(for: 0.2))
        // Fired once: it is no longer pending, and a later turn sends nothing.
        #expect(try couple.alice.pendingReminders(of: "call mom").isEmpty)
        try couple.advance("1h")
        #expect(try reminders(couple.bob.drainEvents()).isEmpty)
    }

    @Test("an unassigned task reminds both partners; '30 minutes before' names the due time in each reader's zone")
    func bothPartners() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add pay rent today 6pm")  // 17:00Z
        let set = try couple.alice.ok("remind pay rent 30 minutes before")
        #expect(set.text == #"I'll remind about "pay rent" at Sun 22 Nov 17:30."#)
        #expect(set.data["at"] as? String == "2026-11-22T17:30:00+01:00")
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-22T16:30:00Z")
        #expect(
            try couple.aliceText.readLine()
                == #"⏰ Reminder: "pay rent" is due at Sun 22 Nov 18:00 (Inbox). Answer "done", "snooze" or "snooze 10m"."#
        )
        #expect(
            try couple.bobText.readLine()
                == #"⏰ Hatırlatma: "pay rent" Paz 22 Kas 12:00 için (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#
        )
        #expect(try couple.bob.event().data["kind"] as? String == "before")
        try couple.alice.ok("clock set 2026-11-22T17:00:00Z")
        #expect(
            try couple.aliceText.readLine()
                == #"⏰ Reminder: "pay rent" is due now (Inbox). Answer "done", "snooze" or "snooze 10m"."#)
        #expect(
            try couple.bobText.readLine()
                == #"⏰ Hatırlatma: "pay rent" şimdi yapılmalı (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#
        )
        #expect(try couple.aliceText.isQuiet(for: 0.2))
        #expect(try couple.bobText.isQuiet(for: 0.1))
    }

    @Test("several reminders per task fire in order as the clock passes each, once; the same instant twice makes one")
    func severalInOrder() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add pay rent today 6pm", "remind pay rent 30 minutes before", "remind pay rent at 5pm"])
        #expect(try couple.alice.ok("remind pay rent at 5pm").ok == true)  // asked twice, kept once
        #expect(
            try couple.alice.pendingReminders(of: "pay rent")
                == ["2026-11-22T17:00:00+01:00", "2026-11-22T17:30:00+01:00", "2026-11-22T18:00:00+01:00"])
        #expect(
            try couple.bob.pendingReminders(of: "pay rent")
                == ["2026-11-22T11:00:00-05:00", "2026-11-22T11:30:00-05:00", "2026-11-22T12:00:00-05:00"])
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-22T15:59:00Z")
        var kinds: [String] = []
        for step in ["1m", "29m", "30m", "30m"] {
            let fired = try reminders(couple.advance(step))
            #expect(fired.count <= 1)
            kinds += fired.compactMap { $0.data["kind"] as? String }
        }
        #expect(kinds == ["at", "before", "due"])
        #expect(
            reminders(try couple.bob.drainEvents()).compactMap { $0.data["kind"] as? String } == [
                "at", "before", "due",
            ])
        #expect(try couple.alice.pendingReminders(of: "pay rent").isEmpty)
    }

    @Test("one clock jump past reminders of different tasks fires them in time order, each once")
    func jumpFiresInOrder() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add second today 10:20am", "add first today 10:10am", "add third today 10:30am"])
        try couple.settle()
        let fired = try reminders(couple.advance("45m"))
        #expect(fired.compactMap { $0.data["title"] as? String } == ["first", "second", "third"])
        #expect(fired.allSatisfy { $0.data["late"] as? Bool == false })
        #expect(reminders(try couple.advance("1d")).isEmpty)
    }

    @Test("an offline partner finds the reminder in the inbox, counted unread in the login greeting")
    func offlineInbox() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add call mom today 11am for bob")
        try couple.bobLeaves()
        try couple.alice.ok("clock set 2026-11-22T10:05:00Z")
        let bob = try couple.server.connect()
        #expect(
            try bob.command("giriş bob plover-obo-27")
                == #"Yeniden hoş geldiniz, bob. Siz yokken 1 şey oldu: "bildirimler" yazın. 1 gecikmiş, bugün 0 görev var."#
        )
        let inbox = try bob.lines("bildirimler")
        // The assignment is kept too: read, since bob saw it live.
        #expect(
            inbox == [
                "Bildirimleriniz (en yeni önce):",
                "Bugün",
                #"  * 1. 05:05 ⏰ Hatırlatma: "call mom" şimdi yapılmalı (Inbox)."#,
                #"    2. 04:00 alice, "call mom" görevini bob kişisine verdi."#,
                #"1 okunmamış. "bildirimler okundu" okundu yapar."#,
            ])
        let json = try couple.server.login("bob")
        let texts = try json.inboxTexts()
        #expect(
            texts == [
                #"*⏰ Hatırlatma: "call mom" şimdi yapılmalı (Inbox)."#,
                #"alice, "call mom" görevini bob kişisine verdi."#,
            ])
    }

    @Test(
        "after a reminder, done / snooze / snooze 10m without a ref act on that task; without one they say which task is missing"
    )
    func oneWordAnswers() throws {
        let couple = try TimeCouple(server: TestServer())
        #expect(
            try couple.aliceText.lines("done") == [
                "Which task? No reminder was shown here recently: give a number or words."
            ])
        #expect(
            try couple.bobText.lines("ertele") == [
                "Hangi görev? Burada yakın zamanda hatırlatma gösterilmedi: bir numara ya da sözcük verin."
            ])
        try couple.alice.ok(["add pay rent today 11am", "add water plants today 11am"])
        try couple.alice.ok("clock set 2026-11-22T09:59:00Z")
        try couple.settle()
        try couple.alice.ok("clock advance 1m")  // both fire: 11:00 in Berlin
        _ = try couple.aliceText.drainLines()
        let lines = try couple.bobText.drainLines()
        #expect(lines.count == 2)
        // The last reminder shown on a session is the one its one-word answers mean.
        let last = try #require(lines.last?.contains("water plants") == true ? "water plants" : "pay rent")
        let other = last == "water plants" ? "pay rent" : "water plants"
        #expect(try couple.aliceText.lines("snooze") == [#"Snoozed "\#(last)" until Sun 22 Nov 12:00."#])
        _ = try couple.bobText.drainLines()  // alice's snooze, as an event
        // A snooze counts from the due time while it is ahead: 12:00 + 10 minutes.
        #expect(try couple.bobText.lines("ertele 10dk") == [#""\#(last)" Paz 22 Kas 06:10 zamanına ertelendi."#])
        #expect(try couple.alice.exportedTasks()[last]?["due"] as? String == "2026-11-22T12:10:00+01:00")
        #expect(try couple.alice.pendingReminders(of: last) == ["2026-11-22T12:10:00+01:00"])
        _ = try couple.aliceText.drainLines()
        #expect(try couple.aliceText.lines("done") == [#"Done: "\#(last)"."#])
        #expect(try couple.alice.exportedTasks()[last]?["status"] as? String == "done")
        #expect(try couple.alice.exportedTasks()[other]?["status"] as? String == "open")
        // Done means done: another answer on that session is refused, not applied to a finished task.
        _ = try couple.aliceText.drainLines()
        #expect(try couple.aliceText.lines("snooze 10m") == [#""\#(last)" is already done."#])
    }

    @Test(
        "a reminder on a task without a due date names the task only; a past time and 'before' without a due time are refused"
    )
    func withoutDueDate() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add call bank")
        // 09:00 today in Berlin has passed: the parser moves it on
        let past = try couple.alice.json("remind call bank at 9am")
        #expect(past.ok == true)
        let before = try couple.alice.json("remind call bank 30 minutes before")
        #expect(before.code == "error.no_due_time")
        #expect(
            before.text == #""call bank" has no due time to remind before. Set one first, e.g. due id:1 tomorrow 9am"#)
        try couple.alice.ok("remind call bank in 10 minutes")
        try couple.settle()
        try couple.advance("10m")
        #expect(
            try couple.aliceText.readLine()
                == #"⏰ Reminder: "call bank" (Inbox). Answer "done", "snooze" or "snooze 10m"."#)
        #expect(
            try couple.bobText.readLine()
                == #"⏰ Hatırlatma: "call bank" (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#)
    }
}
