// End to end: the inbox you can manage — by day with human times, delete by number, mute/unmute, JSON offsets.

import Foundation
import Testing

@Suite("Managing the inbox over TCP", .serialized, .timeLimit(.minutes(2)))
struct InboxManageTests {
    /// bob (tr, America/New_York) away while alice adds a task on three days; bob back on human and JSON sessions.
    private static func bobAwayThreeDays(_ couple: TimeCouple) throws -> (LineClient, LineClient) {
        try couple.bobLeaves()
        try couple.alice.ok("add milk")  // Sun 22 Nov 09:00Z: 04:00 in New York
        try couple.advance("1d")
        try couple.alice.ok("add bread")  // Mon 23 Nov 04:00 in New York
        try couple.advance("1d")
        try couple.advance("9h")
        try couple.alice.ok("add eggs")  // Tue 24 Nov 18:00Z: 13:00 in New York
        return (try couple.server.login("bob", json: false), try couple.server.login("bob"))
    }

    @Test("tr: the inbox is grouped by day in the reader's zone, 'Bugün', 'Dün', 'Paz 22 Kas', numbered, times human")
    func groupedTurkish() throws {
        let couple = try TimeCouple(server: TestServer())
        let (bobText, bob) = try Self.bobAwayThreeDays(couple)
        #expect(
            try bobText.lines("bildirimler") == [
                "Bildirimleriniz (en yeni önce):",
                "Bugün",
                #"  * 1. 13:00 alice, "eggs" görevini Inbox listesine ekledi."#,
                "Dün",
                #"  * 2. 04:00 alice, "bread" görevini Inbox listesine ekledi."#,
                "Paz 22 Kas",
                #"  * 3. 04:00 alice, "milk" görevini Inbox listesine ekledi."#,
                #"3 okunmamış. "bildirimler okundu" hepsini okundu yapar."#,
            ])
        let inbox = try bob.ok("inbox")
        let items = try #require(inbox.data["notifications"] as? [JSONObject])
        #expect(items.map { $0["n"] as? Int } == [1, 2, 3])
        #expect(
            items.map { $0["at"] as? String } == [
                "2026-11-24T13:00:00-05:00", "2026-11-23T04:00:00-05:00", "2026-11-22T04:00:00-05:00",
            ])
        #expect(inbox.data["muted"] as? [String] == [])
        #expect(inbox.data["unread"] as? Int == 3)
    }

    @Test("en: alice in Berlin sees 'Today', 'Yesterday' and 'Sun 22 Nov' headings with her own wall-clock times")
    func groupedEnglish() throws {
        let couple = try TimeCouple(server: TestServer())
        _ = try couple.aliceText.lines("mute partner")
        _ = try couple.aliceText.lines("mute chat")
        try couple.bob.ok("say good morning")  // Sun 22 Nov 10:00 in Berlin
        try couple.advance("1d")
        try couple.bob.ok("add bread")  // Mon 23 Nov 10:00
        try couple.advance("1d")
        try couple.advance("13h")
        try couple.bob.ok("add eggs")  // Tue 24 Nov 23:00 in Berlin (22:00Z)
        try couple.advance("30m")  // 22:30Z: Tue 23:30 in Berlin, already Tue 17:30 in New York
        #expect(
            try couple.aliceText.lines("inbox") == [
                "Your notifications (newest first):",
                "Today",
                #"  * 1. 23:00 bob added "eggs" to Inbox."#,
                "Yesterday",
                #"  * 2. 10:00 bob added "bread" to Inbox."#,
                "Sun 22 Nov",
                "  * 3. 10:00 bob: good morning",
                #"3 unread. "inbox read all" marks them read."#,
                "Muted: partner changes, chat (they wait here, unread; \"unmute <kind>\" to hear them again).",
            ])
        // One more minute and Berlin's "today" moves on: the same rows now read "Yesterday" and "Mon 23 Nov".
        try couple.advance("31m")
        let lines = try couple.aliceText.lines("inbox")
        #expect(lines[1] == "Yesterday")
        #expect(lines[3] == "Mon 23 Nov")
    }

    @Test("mute partner and mute chat: nothing is pushed live, every event waits in the inbox unread; unmute restores")
    func mutePartnerAndChat() throws {
        let couple = try TimeCouple(server: TestServer())
        let none = try couple.alice.ok("mute")
        #expect(none.code == "mute.list")
        #expect(none.text.hasPrefix("Nothing is muted"))
        #expect(none.data["muted"] as? [String] == [])
        let set = try couple.alice.ok("mute partner")
        #expect(set.code == "mute.set")
        #expect(set.text == "Muted partner changes: they will not be pushed, but wait in your inbox, unread.")
        #expect(set.data["kind"] as? String == "partner")
        try couple.settle()

        try couple.bob.ok(["add milk", "say hello"])
        // Chat is not muted yet: only the chat message is pushed, to both of alice's sessions.
        let events = try couple.alice.drainEvents()
        #expect(events.map(\.event) == ["chat.message"])
        #expect(try couple.aliceText.drainLines() == ["bob: hello"])
        #expect(try couple.alice.inboxTexts() == [#"*bob added "milk" to Inbox."#])

        try couple.alice.ok("mute chat")
        try couple.settle()
        try couple.bob.ok(["say still there?", "done milk"])
        #expect(try couple.alice.drainEvents().isEmpty)
        #expect(try couple.aliceText.drainLines().isEmpty)
        // bob's own other sessions still see his changes.
        #expect(try couple.bobText.drainLines().count == 2)
        #expect(
            try couple.alice.inboxTexts() == [
                #"*bob finished "milk"."#, "*bob: still there?", #"*bob added "milk" to Inbox."#,
            ])
        let listed = try couple.alice.ok("mute")
        #expect(listed.code == "mute.list")
        #expect(listed.data["muted"] as? [String] == ["partner", "chat"])
        #expect(
            try couple.aliceText.lines("mute") == [
                #"Muted: partner changes, chat. They are not pushed; they wait in your inbox, unread. "unmute <kind>" to hear them again."#
            ])

        let cleared = try couple.alice.ok("unmute partner")
        #expect(cleared.code == "mute.cleared")
        #expect(cleared.data["muted"] as? [String] == ["chat"])
        try couple.settle()
        try couple.bob.ok(["add bread", "say again"])
        #expect(try couple.alice.drainEvents().map(\.event) == ["task.added"])
        try couple.alice.ok("unmute chat")
        try couple.bob.ok("say back")
        #expect(try couple.alice.event().event == "chat.message")
        #expect(try couple.alice.ok("mute").data["muted"] as? [String] == [])
    }

    @Test(
        "tr: 'sustur hatırlatmalar' keeps reminders out of bob's sessions but in his inbox; 'sesi aç' brings them back")
    func muteReminders() throws {
        let couple = try TimeCouple(server: TestServer())
        let set = try couple.bob.ok("sustur hatırlatmalar")
        #expect(set.code == "mute.set")
        #expect(
            set.text == "hatırlatmalar susturuldu: anında iletilmeyecek, bildirimlerinde okunmamış olarak bekleyecek.")
        #expect(
            try couple.bobText.lines("sustur") == [
                #"Susturulan: hatırlatmalar. Bunlar anında iletilmez, bildirimlerinde okunmamış olarak bekler. Yeniden duymak için "sesi aç <tür>"."#
            ])
        try couple.alice.ok("add pay rent today 6pm")  // 17:00Z, both partners are reminded
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-22T17:00:00Z")
        #expect(try couple.aliceText.readLine().hasPrefix(#"⏰ Reminder: "pay rent""#))
        #expect(try couple.bob.drainEvents().isEmpty)
        #expect(try couple.bobText.drainLines().isEmpty)
        let texts = try couple.bob.inboxTexts()
        #expect(texts.first?.hasPrefix(#"*⏰ Hatırlatma: "pay rent""#) == true)

        let cleared = try couple.bob.ok("sesi aç hatırlatmalar")
        #expect(cleared.code == "mute.cleared")
        #expect(cleared.text == "hatırlatmalar için ses açıldı: yine anında iletilecek.")
        try couple.alice.ok("add call mom today 7pm for bob")  // 18:00Z
        try couple.settle()
        try couple.alice.ok("clock set 2026-11-22T18:00:00Z")
        let event = try couple.bob.event()
        #expect(event.event == "reminder.due")
        #expect(event.data["due"] as? String == "2026-11-22T13:00:00-05:00")
        #expect(try couple.bobText.readLine().hasPrefix(#"⏰ Hatırlatma: "call mom""#))
    }

    @Test("the mute setting is stored: it survives logging out and a server restart")
    func muteIsDurable() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("mute chat")
        _ = try bob.json("logout")
        let back = try server.login("bob")
        #expect(try back.ok("mute").data["muted"] as? [String] == ["chat"])
        _ = alice
        server.stop()
        let again = try server.startAgain()
        let bobAgain = try again.login("bob")
        #expect(try bobAgain.ok("mute").data["muted"] as? [String] == ["chat"])
        let aliceAgain = try again.login("alice")
        try aliceAgain.ok("say hi")
        #expect(try bobAgain.isQuiet(for: 0.3))
        #expect(try bobAgain.inboxTexts() == ["*alice: hi"])
    }

    @Test("en and tr: 'inbox delete <n>' deletes what the last inbox numbered, even after newer ones arrived")
    func deleteByNumber() throws {
        let couple = try TimeCouple(server: TestServer())
        let (bobText, bob) = try Self.bobAwayThreeDays(couple)
        _ = try bobText.lines("bildirimler")
        #expect(
            try bobText.lines("bildirimler sil 2") == [
                #"2. bildirim silindi: alice, "bread" görevini Inbox listesine ekledi."#
            ]
        )
        try bob.ok("mute partner")
        try couple.alice.ok("add jam")  // a newer one: the numbers bob saw stay put
        let deleted = try bob.ok("inbox delete 3")
        #expect(deleted.code == "inbox.deleted")
        #expect(deleted.data["n"] as? Int == 3)
        #expect(deleted.data["at"] as? String == "2026-11-22T04:00:00-05:00")
        #expect(deleted.text == #"3. bildirim silindi: alice, "milk" görevini Inbox listesine ekledi."#)
        #expect(
            try bob.inboxTexts() == [
                #"*alice, "jam" görevini Inbox listesine ekledi."#, #"*alice, "eggs" görevini Inbox listesine ekledi."#,
            ])
        // Already deleted, and out of range: a localized not-found error naming how many there are.
        let again = try bob.json("inbox delete 1")
        #expect(again.code == "inbox.deleted")  // the listing just shown numbered "jam" 1
        let gone = try bob.json("inbox delete 1")
        #expect(gone.code == "error.not_found")
        #expect(gone.text.contains("1 tane"))
        let far = try bobText.lines("bildirimler sil 9")
        #expect(far == [#"9. bildirim yok: bildirimlerinde 1 tane var. Numaralarıyla görmek için "bildirimler" yaz."#])

        // alice, in English: deleting from an empty inbox, and bad numbers.
        let aliceText = couple.aliceText
        _ = try aliceText.drainLines()
        #expect(
            try aliceText.lines("inbox delete 1") == [
                #"There is no notification 1: your inbox has 0. Type "inbox" to see them numbered."#
            ])
        for bad in [
            "inbox delete 0", "inbox delete -1", "inbox delete two", "inbox delete 9999999999", "inbox delete 1 2",
        ] {
            #expect(try couple.alice.json(bad).code == "error.bad_value", "\(bad)")
        }
        #expect(try couple.alice.json("inbox delete").code == "error.usage")
        #expect(try couple.alice.json("mute everything").code == "error.bad_value")
        #expect(try couple.alice.json("unmute").code == "error.usage")
        #expect(try couple.alice.json("mute \u{200B}chat").code == "error.invisible_char")
    }

    @Test("JSON: events carry their instants in each receiver's offset, replies in the reader's")
    func jsonOffsets() throws {
        let couple = try TimeCouple(server: TestServer())
        _ = try couple.aliceText.lines("add call bank tomorrow 3pm")  // 14:00Z
        let bobEvent = try couple.bob.event()
        #expect(bobEvent.event == "task.added")
        #expect(bobEvent.data["created_at"] as? String == "2026-11-22T04:00:00-05:00")
        #expect(bobEvent.data["due"] as? String == "2026-11-23T09:00:00-05:00")
        let aliceEvent = try couple.alice.event()  // alice's own JSON session hears of her human session's change
        #expect(aliceEvent.data["created_at"] as? String == "2026-11-22T10:00:00+01:00")
        #expect(aliceEvent.data["due"] as? String == "2026-11-23T15:00:00+01:00")

        _ = try couple.aliceText.lines("event add dentist Nov 25 2pm-3pm")
        let added = try couple.bob.event()
        #expect(added.event == "event.added")
        #expect(added.data["start"] as? String == "2026-11-25T08:00:00-05:00")
        #expect(added.data["end"] as? String == "2026-11-25T09:00:00-05:00")
        #expect(try couple.alice.event().data["start"] as? String == "2026-11-25T14:00:00+01:00")

        _ = try couple.aliceText.lines("note call bank: ask about fees")
        let noted = try couple.bob.event()
        #expect(noted.event == "task.noted")
        let notes = try couple.bob.ok("notes call bank").data["notes"] as? [JSONObject]
        #expect(notes?.first?["at"] as? String == "2026-11-22T04:00:00-05:00")
        #expect((try couple.bob.ok("inbox").data["notifications"] as? [JSONObject])?.isEmpty == true)
    }

    @Test("en and tr: notes show human times in the reader's zone and language")
    func notesHumanTimes() throws {
        let couple = try TimeCouple(server: TestServer())
        try couple.alice.ok(["add milk", "note milk: oat please"])
        try couple.settle()
        #expect(
            try couple.aliceText.lines("notes milk") == [#"Notes on "milk":"#, "  1. alice, Today 10:00: oat please"])
        try couple.advance("1d")
        #expect(
            try couple.bobText.lines("notlar milk") == [#""milk" notları:"#, "  1. alice, Dün 04:00: oat please"])
        try couple.alice.ok(["routine add stretch every day", "note routine stretch: slowly"])
        try couple.advance("2d")
        try couple.settle()
        let lines = try couple.aliceText.lines("notes routine stretch")
        #expect(lines.last == "  1. alice, Mon 23 Nov 10:00: slowly")
    }
}
