// End to end: overdue/today/tomorrow/upcoming/agenda/mine/<name>'s views for two partners in different zones, the login
// summary, the notification inbox with its 30-day retention, and the time fields of export.

import Foundation
import Testing

@Suite("Time views, inbox and export over TCP", .serialized, .timeLimit(.minutes(2)))
struct TimeViewTests {
    /// alice (Berlin, 12:00 on Sunday 22 Nov) and bob (New York, 06:00) with six tasks around now.
    private func seeded() throws -> TimeCouple {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok([
            "add pay rent today 11am for bob", "add buy milk today 8pm", "add fix bike tomorrow 9am for alice",
            "add call grandma tomorrow 12:30am", "add plan trip friday", "add read book",
        ])
        try couple.advance("2h")  // pay rent is now overdue
        try couple.settle()
        return couple
    }

    @Test("each view lists list, assignee and due time in the reader's zone; a task's day depends on the reader's zone")
    func viewsInTwoZones() throws {
        let couple = try seeded()
        let a = couple.aliceText
        let b = couple.bobText
        #expect(try a.lines("overdue") == ["Overdue:", "  1. [ ] pay rent — Inbox, due Sun 22 Nov 11:00, for bob"])
        #expect(
            try b.lines("gecikenler") == [
                "Gecikmiş:", "  1. [ ] pay rent — Inbox, son tarih Paz 22 Kas 05:00, bob için",
            ])
        #expect(try a.lines("today") == ["Today:", "  1. [ ] buy milk — Inbox, due Sun 22 Nov 20:00"])
        // 00:30 on Monday in Berlin is 18:30 on Sunday in New York: tomorrow for alice, today for bob.
        #expect(
            try b.lines("bugün") == [
                "Bugün:", "  1. [ ] buy milk — Inbox, son tarih Paz 22 Kas 14:00",
                "  2. [ ] call grandma — Inbox, son tarih Paz 22 Kas 18:30",
            ])
        #expect(
            try a.lines("tomorrow") == [
                "Tomorrow:", "  1. [ ] call grandma — Inbox, due Mon 23 Nov 00:30",
                "  2. [ ] fix bike — Inbox, due Mon 23 Nov 09:00, for alice",
            ])
        #expect(
            try b.lines("yarın") == ["Yarın:", "  1. [ ] fix bike — Inbox, son tarih Pzt 23 Kas 03:00, alice için"])
        #expect(
            try a.lines("upcoming") == [
                "Next 7 days:", "  1. [ ] buy milk — Inbox, due Sun 22 Nov 20:00",
                "  2. [ ] call grandma — Inbox, due Mon 23 Nov 00:30",
                "  3. [ ] fix bike — Inbox, due Mon 23 Nov 09:00, for alice",
                "  4. [ ] plan trip — Inbox, due Fri 27 Nov",
            ])
        #expect(
            try a.lines("agenda") == [
                "Overdue:", "  1. [ ] pay rent — Inbox, due Sun 22 Nov 11:00, for bob",
                "Today:", "  2. [ ] buy milk — Inbox, due Sun 22 Nov 20:00",
                "Tomorrow:", "  3. [ ] call grandma — Inbox, due Mon 23 Nov 00:30",
                "  4. [ ] fix bike — Inbox, due Mon 23 Nov 09:00, for alice",
                "Upcoming:", "  5. [ ] plan trip — Inbox, due Fri 27 Nov",
                "No date:", "  6. [ ] read book — Inbox",
            ])
        #expect(
            try b.lines("ajanda") == [
                "Gecikmiş:", "  1. [ ] pay rent — Inbox, son tarih Paz 22 Kas 05:00, bob için",
                "Bugün:", "  2. [ ] buy milk — Inbox, son tarih Paz 22 Kas 14:00",
                "  3. [ ] call grandma — Inbox, son tarih Paz 22 Kas 18:30",
                "Yarın:", "  4. [ ] fix bike — Inbox, son tarih Pzt 23 Kas 03:00, alice için",
                "Yaklaşanlar:", "  5. [ ] plan trip — Inbox, son tarih Cum 27 Kas",
                "Tarihsiz:", "  6. [ ] read book — Inbox",
            ])
        #expect(try a.lines("mine") == ["For alice:", "  1. [ ] fix bike — Inbox, due Mon 23 Nov 09:00, for alice"])
        #expect(try a.lines("bob's") == ["For bob:", "  1. [ ] pay rent — Inbox, due Sun 22 Nov 11:00, for bob"])
        #expect(
            try b.lines("benimkiler") == [
                "bob için:", "  1. [ ] pay rent — Inbox, son tarih Paz 22 Kas 05:00, bob için",
            ])
        #expect(
            try b.lines("alice'inkiler") == [
                "alice için:", "  1. [ ] fix bike — Inbox, son tarih Pzt 23 Kas 03:00, alice için",
            ])
        // Numbers refer to the view just shown.
        _ = try a.lines("agenda")
        #expect(try a.lines("done 5") == [#"Done: "plan trip"."#])
    }

    @Test("agenda in JSON groups tasks under stable keys with due times in the reader's offset")
    func agendaJSON() throws {
        let couple = try seeded()
        let data = try couple.bob.ok("agenda").data
        let titles = { (key: String) in (data[key] as? [JSONObject] ?? []).compactMap { $0["title"] as? String } }
        #expect(titles("overdue") == ["pay rent"])
        #expect(titles("today") == ["buy milk", "call grandma"])
        #expect(titles("tomorrow") == ["fix bike"])
        #expect(titles("upcoming") == ["plan trip"])
        #expect(titles("nodate") == ["read book"])
        #expect((data["today"] as? [JSONObject])?.last?["due"] as? String == "2026-11-22T18:30:00-05:00")
    }

    @Test("the login greeting sums up what is overdue and due today in the reader's zone, and the unread count")
    func loginSummary() throws {
        let couple = try seeded()
        #expect(
            try couple.server.connect().command("login alice plover-nyvpr-27")
                == "Welcome back, alice. 1 overdue, 1 due today.")
        #expect(
            try couple.server.connect().command("giriş bob plover-obo-27")
                == "Yeniden hoş geldiniz, bob. 1 gecikmiş, bugün 2 görev var.")
        try couple.bobLeaves()
        try couple.alice.ok(["add water plants today 1pm", "say dinner at 8?"])
        try couple.advance("1h")  // 13:00 in Berlin: water plants reminds both, bob is away; due now counts as today
        let bob = try couple.server.connect()
        let greeting = try bob.command("login bob plover-obo-27")
        #expect(
            greeting
                == #"Yeniden hoş geldiniz, bob. Siz yokken 3 şey oldu: "bildirimler" yazın. 1 gecikmiş, bugün 3 görev var."#
        )
    }

    @Test("inbox lists newest first with unread marked; read n, read all and clear; kept for 30 days")
    func inbox() throws {
        let couple = try TimeCouple(server: TestServer(), bobLang: "en")
        try couple.bobLeaves()
        try couple.alice.ok(["add water plants today 10:30am", "say hi"])
        try couple.advance("30m")
        let bob = try couple.server.login("bob", json: false)
        #expect(
            try bob.lines("inbox") == [
                "Your notifications (newest first):",
                "Today",
                #"  * 1. 04:30 ⏰ Reminder: "water plants" is due now (Inbox)."#,
                "  * 2. 04:00 alice: hi",
                #"  * 3. 04:00 alice added "water plants" to Inbox — due Sun 22 Nov 04:30."#,
                #"3 unread. "inbox read all" marks them read."#,
            ])
        #expect(try bob.lines("inbox read 1") == ["Marked 1 notification as read."])
        #expect(try bob.lines("inbox").dropFirst(2).dropLast().map { $0.dropFirst(2).first } == [" ", "*", "*"])
        #expect(try bob.lines("inbox read all") == ["Marked 2 notifications as read."])
        let again = try couple.server.connect()
        #expect(try again.command("login bob plover-obo-27") == "Welcome back, bob. 0 overdue, 1 due today.")
        for c in [bob, again] {
            c.shutdownWrite()
            #expect(c.isClosedByServer(within: 5))
        }
        // 30 days later the oldest are gone; a newer one stays.
        try couple.advance("20d")
        try couple.alice.ok("say still there?")
        try couple.advance("10d")
        try couple.advance("1h")
        let later = try couple.server.login("bob")
        let kept = try later.inboxTexts()
        #expect(kept == ["*alice: still there?"])
        #expect(try later.ok("inbox clear").text == "Deleted 1 notification.")
        #expect(try later.ok("inbox").text == "Nothing new.")
    }

    @Test("export carries members' zones, each task's pending reminder instants and its nag interval")
    func exportFields() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok([
            "add pay rent tomorrow 6pm", "remind pay rent 1 hour before", "remind pay rent at 9am",
            "add dishes", "nag dishes every 15 minutes",
        ])
        let data = try couple.bob.ok("export").data
        let members = (data["couple"] as? JSONObject)?["members"] as? [JSONObject] ?? []
        #expect(members.compactMap { $0["tz"] as? String }.sorted() == ["America/New_York", "Europe/Berlin"])
        let tasks = try couple.bob.exportedTasks()
        #expect(
            tasks["pay rent"]?["reminders"] as? [String]
                == ["2026-11-23T03:00:00-05:00", "2026-11-23T11:00:00-05:00", "2026-11-23T12:00:00-05:00"])
        #expect(tasks["pay rent"]?["nag_minutes"] is NSNull)
        #expect(tasks["dishes"]?["nag_minutes"] as? Int == 15)
        #expect(tasks["dishes"]?["reminders"] as? [String] == [])  // nags are not listed as reminders
        // Fired reminders leave the list.
        try couple.alice.ok("clock set 2026-11-23T08:00:00Z")
        let left = try couple.bob.pendingReminders(of: "pay rent")
        #expect(left == ["2026-11-23T11:00:00-05:00", "2026-11-23T12:00:00-05:00"])
    }

    @Test("every assignment is kept in the assignee's inbox, read when they saw it live")
    func assignmentsKept() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add fix bike for bob", "add pay rent", "assign pay rent to bob", "assign fix bike to me"])
        let kept = try couple.bob.inboxTexts()
        #expect(
            kept == [
                #"alice, "pay rent" görevini bob kişisine verdi."#, #"alice, "fix bike" görevini bob kişisine verdi."#,
            ])
        #expect(try couple.alice.inboxTexts().isEmpty)  // her own assignments are not news to her
    }
}
