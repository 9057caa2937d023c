// End to end: nags repeat with a countdown until done, delete or unnag; their range; snooze by default, by a
// duration and to a date; snoozing one occurrence of a repeating task keeps the rule.

import Foundation
import Testing

@Suite("Nags and snooze over TCP", .serialized, .timeLimit(.minutes(2)))
struct TimeNagSnoozeTests {
    /// The `reminder.due` events among `events`.
    private func reminders(_ events: [JSONObject]) -> [JSONObject] { events.filter { $0.event == "reminder.due" } }

    @Test("a nag repeats every interval for both partners, and show counts down to the next one")
    func nagRepeats() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok("add dishes")
        let set = try couple.alice.ok("nag dishes every 10m")
        #expect(set.text == #"I'll nag about "dishes" every 10 minutes until it is done, starting Sun 22 Nov 10:10."#)
        #expect(set.data["nag_minutes"] as? Int == 10)
        try couple.settle()
        #expect(try couple.aliceText.lines("show") == ["Inbox (1 open, 0 done):", "  1. [ ] dishes — next nag in 10m"])
        try couple.advance("6m")
        #expect(try couple.aliceText.lines("show") == ["Inbox (1 open, 0 done):", "  1. [ ] dishes — next nag in 4m"])
        #expect(
            try couple.bobText.lines("göster") == [
                "Inbox (1 açık, 0 tamam):", "  1. [ ] dishes — sonraki dürtme 4 dk sonra",
            ])
        for _ in 0..<3 {
            let fired = try reminders(couple.advance("4m"))
            #expect(fired.count == 1)
            #expect(fired.first?.data["kind"] as? String == "nag")
            #expect(fired.first?.text == #"⏰ Still open: "dishes" (Inbox). Answer "done", "snooze" or "snooze 10m"."#)
            #expect(
                try couple.bobText.readLine()
                    == #"⏰ Hâlâ açık: "dishes" (Inbox). "bitti", "ertele" ya da "ertele 10dk" yazabilirsiniz."#)
            #expect(reminders(try couple.advance("5m")).isEmpty)
            try couple.advance("1m")
            _ = try couple.bobText.drainLines()
        }
        #expect(try couple.alice.exportedTasks()["dishes"]?["nag_minutes"] as? Int == 10)
    }

    @Test(
        "done, delete and unnag each stop a nag at once", arguments: ["done dishes", "delete dishes", "unnag dishes"])
    func nagStops(command: String) throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add dishes", "nag dishes every 10m"])
        try couple.settle()
        #expect(reminders(try couple.advance("10m")).count == 1)
        try couple.bob.ok(command)
        #expect(reminders(try couple.advance("1h")).isEmpty)
        #expect(reminders(try couple.bob.drainEvents()).isEmpty)
        let dishes = try couple.alice.exportedTasks()["dishes"]
        if command.hasPrefix("unnag") {
            #expect(dishes?["nag_minutes"] is NSNull)
            #expect(try couple.aliceText.lines("show").last == "  1. [ ] dishes")
        } else if command.hasPrefix("delete") {
            #expect(dishes == nil)
        } else {
            #expect(dishes?["status"] as? String == "done")
        }
    }

    @Test(
        "a nag interval outside 1 minute … 24 hours is refused in the user's language",
        arguments: [
            (
                "en", "nag dishes every 0 minutes",
                #""every 0 minutes" is not a nag interval: nags repeat every 1 minute to 24 hours, e.g. nag 2 every 10 minutes."#
            ),
            (
                "en", "nag dishes every 25 hours",
                #""every 25 hours" is not a nag interval: nags repeat every 1 minute to 24 hours, e.g. nag 2 every 10 minutes."#
            ),
            (
                "tr", "dürt dishes 25 saatte bir",
                #""25 saatte bir" geçerli bir dürtme aralığı değil: dürtme aralığı 1 dakika ile 24 saat arasında olmalı, örn. dürt 2 10 dakikada bir."#
            ),
        ])
    func nagRange(lang: String, command: String, text prefix: String) throws {
        let server = try TestServer()
        let user = try server.user("alice")
        try user.ok(["lang \(lang)", "add dishes"])
        let reply = try user.json(command)
        #expect(reply.ok == false)
        #expect(reply.code == "error.nag_range")
        #expect(reply.text == prefix)
        #expect(try user.exportedTasks()["dishes"]?["nag_minutes"] is NSNull)
        // The ends of the range are accepted.
        #expect(try user.ok("nag dishes every 1 minute").data["nag_minutes"] as? Int == 1)
        #expect(try user.ok("nag dishes every 24 hours").data["nag_minutes"] as? Int == 1440)
    }

    @Test(
        "snooze moves the due date and its reminders: one hour by default, a duration (both from the due time while it is ahead), or a date at the same time of day",
        arguments: [
            ("snooze pay rent", #"Snoozed "pay rent" until Sun 22 Nov 11:30."#, "2026-11-22T11:30:00+01:00"),
            ("snooze pay rent 10m", #"Snoozed "pay rent" until Sun 22 Nov 10:40."#, "2026-11-22T10:40:00+01:00"),
            ("snooze pay rent tomorrow", #"Snoozed "pay rent" until Mon 23 Nov 10:30."#, "2026-11-23T10:30:00+01:00"),
            (
                "snooze pay rent tomorrow 9am", #"Snoozed "pay rent" until Mon 23 Nov 09:00."#,
                "2026-11-23T09:00:00+01:00"
            ),
        ])
    func snooze(command: String, reply: String, due: String) throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add pay rent today 10:30am", "remind pay rent 15 minutes before"])
        try couple.settle()
        let snoozed = try couple.alice.ok(command)
        #expect(snoozed.text == reply)
        #expect(snoozed.data["due"] as? String == due)
        let event = try couple.bob.event()
        #expect(event.event == "task.snoozed")
        #expect(event.text.hasPrefix(#"alice, "pay rent" görevini "#) && event.text.hasSuffix(" zamanına erteledi."))
        // The reminders moved with it: 15 minutes before (when still ahead) and at the new due time.
        let pending = try couple.alice.pendingReminders(of: "pay rent")
        #expect(pending.last == due)
        #expect(pending.count == 2)
    }

    @Test("snoozing one occurrence of a repeating task keeps the rule: the next one after done comes from the rule")
    func snoozeKeepsRule() throws {
        let couple = try TimeCouple(server: TestServer())
        let added = try couple.alice.ok("add bins every monday 7pm")
        #expect(added.data["due"] as? String == "2026-11-23T19:00:00+01:00")
        try couple.settle()
        let snoozed = try couple.alice.ok("snooze bins wednesday")
        #expect(snoozed.text == #"Snoozed "bins" until Wed 25 Nov 19:00."#)
        #expect(try couple.alice.pendingReminders(of: "bins") == ["2026-11-25T19:00:00+01:00"])
        // Nothing fires on Monday, the snoozed occurrence fires on Wednesday.
        try couple.alice.ok("clock set 2026-11-23T18:00:00Z")
        #expect(reminders(try couple.alice.drainEvents()).isEmpty)
        try couple.alice.ok("clock set 2026-11-25T18:00:00Z")
        #expect(reminders(try couple.alice.drainEvents()).count == 1)
        let done = try couple.alice.ok("done bins")
        #expect(done.text == #"Done: "bins". The next one is due Mon 30 Nov 19:00."#)
        let tasks = try couple.alice.ok("export").data["lists"] as? [JSONObject]
        let bins = (tasks?.first?["tasks"] as? [JSONObject] ?? []).filter { $0["title"] as? String == "bins" }
        #expect(bins.compactMap { $0["status"] as? String }.sorted() == ["done", "open"])
        let next = try #require(bins.first { $0["status"] as? String == "open" })
        #expect(next["due"] as? String == "2026-11-30T19:00:00+01:00")
        #expect(next["reminders"] as? [String] == ["2026-11-30T19:00:00+01:00"])
        #expect((next["recurrence"] as? JSONObject)?["freq"] as? String == "weekly")
    }

    @Test("reopening a task brings back its due-time reminder and its nag")
    func reopenRestores() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add dishes today 11am", "nag dishes every 10m", "done dishes"])
        #expect(try couple.alice.pendingReminders(of: "dishes").isEmpty)
        try couple.alice.ok("undone dishes")
        #expect(try couple.alice.pendingReminders(of: "dishes") == ["2026-11-22T11:00:00+01:00"])
        try couple.settle()
        #expect(
            try couple.aliceText.lines("show") == [
                "Inbox (1 open, 0 done):", "  1. [ ] dishes — due Sun 22 Nov 11:00, next nag in 1h",
            ])
        let fired = try reminders(couple.advance("1h"))
        // the first nag, due at the same time, is one line
        #expect(fired.compactMap { $0.data["kind"] as? String } == ["due"])
        #expect(reminders(try couple.advance("10m")).compactMap { $0.data["kind"] as? String } == ["nag"])
    }
}
