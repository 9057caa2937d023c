// End to end: per-user time zones and due dates (add with a date, due, due none, all-day), seen by two partners in two zones.

import Foundation
import Testing

@Suite("Time zones and due dates over TCP", .serialized, .timeLimit(.minutes(2)))
struct TimeZoneDueTests {
    @Test(
        "tz shows, sets and refuses an unknown zone, in the user's language",
        arguments: [
            (
                "en", "Your time zone is UTC.", "Your time zone is now Europe/Berlin.",
                #""Mars/Olympus" is not a time zone I know. Use an IANA name like Europe/Istanbul or America/New_York."#
            ),
            (
                "tr", "Saat diliminiz UTC.", "Saat diliminiz artık Europe/Berlin.",
                #""Mars/Olympus" bildiğim bir saat dilimi değil. Europe/Istanbul ya da America/New_York gibi bir IANA adı kullanın."#
            ),
        ])
    func timeZone(lang: String, shown: String, set: String, refused: String) throws {
        let server = try TestServer()
        let user = try server.user("alice")
        try user.ok("lang \(lang)")
        #expect(try user.ok("tz").text == shown)
        let changed = try user.ok("tz Europe/Berlin")
        #expect(changed.text == set)
        #expect(changed.data["tz"] as? String == "Europe/Berlin")
        let bad = try user.json("tz Mars/Olympus")
        #expect(bad.ok == false)
        #expect(bad.code == "error.bad_timezone")
        #expect(bad.text == refused)
        #expect(try user.ok("tz").data["tz"] as? String == "Europe/Berlin")
        // The zone is stored: a new session after a restart still has it.
        server.stop()
        let again = try server.startAgain()
        #expect(try again.login("alice").ok("tz").data["tz"] as? String == "Europe/Berlin")
    }

    @Test(
        "a due date typed with add is the author's wall time; the partner reads the same instant in their zone and language"
    )
    func addWithDate() throws {
        let couple = try TimeCouple(server: TestServer())
        let added = try couple.alice.ok("add pay rent tomorrow 6pm")
        #expect(added.text == #"Added "pay rent" to Inbox — due Mon 23 Nov 18:00."#)
        #expect(added.data["due"] as? String == "2026-11-23T18:00:00+01:00")
        #expect(added.data["all_day"] as? Bool == false)
        let event = try couple.bob.event()
        #expect(event.event == "task.added")
        #expect(event.text == #"alice, "pay rent" görevini Inbox listesine ekledi — son tarih Pzt 23 Kas 12:00."#)
        #expect(
            try couple.bobText.readLine()
                == #"alice, "pay rent" görevini Inbox listesine ekledi — son tarih Pzt 23 Kas 12:00."#)
        #expect(try couple.aliceText.readLine() == #"alice added "pay rent" to Inbox — due Mon 23 Nov 18:00."#)
        #expect(try couple.bob.exportedTasks()["pay rent"]?["due"] as? String == "2026-11-23T12:00:00-05:00")
        #expect(try couple.alice.pendingReminders(of: "pay rent") == ["2026-11-23T18:00:00+01:00"])
    }

    @Test(
        "due <ref> <date> moves the due date and its reminder; due <ref> none clears both; the partner is told in Turkish"
    )
    func dueAndNone() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add pay rent tomorrow 6pm")
        try couple.settle()
        let moved = try couple.alice.ok("due pay rent friday 9am")
        #expect(moved.text == #""pay rent" is now due Fri 27 Nov 09:00."#)
        let event = try couple.bob.event()
        #expect(event.event == "task.due")
        #expect(event.text == #"alice, "pay rent" için son tarihi Cum 27 Kas 03:00 yaptı."#)
        #expect(try couple.alice.pendingReminders(of: "pay rent") == ["2026-11-27T09:00:00+01:00"])
        let cleared = try couple.alice.ok("due pay rent none")
        #expect(cleared.text == #""pay rent" has no due date now."#)
        #expect(cleared.data["due"] is NSNull)
        #expect(try couple.bob.event().text == #"alice, "pay rent" görevinin son tarihini kaldırdı."#)
        #expect(try couple.alice.pendingReminders(of: "pay rent").isEmpty)
        // Nothing is left to fire.
        try couple.advance("7d")
        #expect(try couple.bob.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
    }

    @Test(
        "an all-day task is due at the end of its day in the author's zone, has no timed reminder, and is overdue only after that"
    )
    func allDay() throws {
        let couple = try TimeCouple(server: TestServer())
        let added = try couple.alice.ok("add milk tomorrow")
        #expect(added.text == #"Added "milk" to Inbox — due Mon 23 Nov."#)
        #expect(added.data["due"] as? String == "2026-11-23T23:59:59+01:00")
        #expect(added.data["all_day"] as? Bool == true)
        #expect(try couple.bob.exportedTasks()["milk"]?["due"] as? String == "2026-11-23T17:59:59-05:00")
        #expect(try couple.alice.pendingReminders(of: "milk").isEmpty)
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-23T22:59:00Z")  // 23:59 in Berlin
        #expect(try couple.aliceText.lines("overdue") == ["Nothing here."])
        try couple.alice.ok("clock advance 1m")
        #expect(try couple.aliceText.lines("overdue") == ["Overdue:", "  1. [ ] milk — Inbox, due Mon 23 Nov"])
        #expect(try couple.alice.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
    }

    @Test("priority and repeat changes reach the partner worded in the partner's language")
    func partnerWording() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add pay rent tomorrow 6pm")
        try couple.settle()
        let steps: [(String, String, String)] = [
            (
                "priority pay rent high", #""pay rent" is now high priority."#,
                #"alice, "pay rent" görevini yüksek öncelik yaptı."#
            ),
            (
                "priority pay rent none", #""pay rent" has no priority now."#,
                #"alice, "pay rent" görevinin önceliğini kaldırdı."#
            ),
            (
                "repeat pay rent every month",
                #""pay rent" repeats every month on the 23rd; next due Mon 23 Nov 18:00."#,
                #"alice, "pay rent" görevini tekrarlı yaptı: her ayın 23'ü."#
            ),
            (
                "repeat pay rent none", #""pay rent" no longer repeats."#,
                #"alice, "pay rent" görevinin tekrarını kaldırdı."#
            ),
        ]
        for (command, reply, event) in steps {
            #expect(try couple.alice.ok(command).text == reply)
            #expect(try couple.bob.event().text == event)
            #expect(try couple.bobText.readLine() == event)
        }
    }
}
