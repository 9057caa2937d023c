// End to end: `describe`/`açıkla` and `info`/`detay` over TCP with two partners — live events, one task whole in
// two languages and two zones, events and routines, `show <task words>`, search, export and hostile lines.

import Foundation
import Testing

@Suite("Describe and info over TCP", .serialized, .timeLimit(.minutes(1)))
struct DescribeInfoTests {
    /// Reads and drops whatever the client has been sent, until it is quiet.
    static func drain(_ client: LineClient) throws {
        while !(try client.isQuiet(for: 0.3)) { _ = try client.readJSON() }
    }

    @Test("describe and clearing it reach the partner live, in the partner's language; routines and events too")
    func describeLive() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("add fix sink")
        _ = try bob.event()
        let set = try alice.ok("describe fix sink: the washer is worn")
        #expect(set.code == "task.described")
        #expect(set.data["description"] as? String == "the washer is worn")
        let event = try bob.event()
        #expect(event.event == "task.described")
        #expect(event.text == "alice, \"fix sink\" için açıklama yazdı: the washer is worn")
        #expect(event.data["description"] as? String == "the washer is worn")
        // Nothing after the colon clears it.
        let cleared = try bob.ok("açıkla fix sink:")
        #expect(cleared.code == "task.described")
        #expect(cleared.text == "\"fix sink\" açıklaması silindi.")
        let back = try alice.event()
        #expect(back.event == "task.described")
        #expect(back.text == "bob removed the description of \"fix sink\".")
        #expect(back.data["description"] is NSNull)

        try alice.ok("routine add gym every monday")
        _ = try bob.event()
        try alice.ok("describe routine gym: leg day")
        let routine = try bob.event()
        #expect(routine.event == "routine.described")
        #expect(routine.text == "alice, \"gym\" rutini için açıklama yazdı: leg day")
        try alice.ok("event add dinner friday 7pm at Luigi's")
        _ = try bob.event()
        try bob.ok("açıkla etkinlik dinner: şarap götür")
        let calendar = try alice.event()
        #expect(calendar.event == "event.described")
        #expect(calendar.text == "bob described the event \"dinner\": şarap götür")
    }

    /// A couple whose task "fix sink" has everything set: due, repeat, reminder, nag, priority, assignee,
    /// description and a note; alice lives in Istanbul (English), bob in New York (Turkish).
    static func everything(_ server: TestServer) throws -> (LineClient, LineClient) {
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Istanbul")
        try bob.ok(["tz America/New_York", "lang tr"])
        try alice.ok([
            "add fix sink tomorrow 18:00 -- the washer is worn", "repeat fix sink every week", "priority fix sink high",
            "assign fix sink to bob", "remind fix sink 30 minutes before", "nag fix sink every 30m",
        ])
        try bob.ok("note fix sink: bought a washer")
        try drain(alice)
        try drain(bob)
        return (alice, bob)
    }

    @Test("info of a task with everything set, in English in Istanbul and in Turkish in New York")
    func infoEverything() throws {
        let server = try TestServer()
        let (alice, bob) = try Self.everything(server)
        let human = try server.login("alice", json: false)
        let lines = try human.lines("info fix sink")
        #expect(lines.first == "\"fix sink\" — Inbox, open")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Added by alice, Sun 22 Nov 12:00"))
        #expect(text.contains("Due: Mon 23 Nov 18:00"))
        #expect(text.contains("Repeats: every week"))
        #expect(text.contains("Reminders: Mon 23 Nov 17:30"))
        #expect(text.contains("Nags every 30 min"))
        #expect(text.contains("Priority: "))
        #expect(text.contains("For: bob"))
        #expect(text.contains("Description: the washer is worn"))
        #expect(text.contains("Notes (1):"))
        #expect(text.contains("- bob, Sun 22 Nov 12:00: bought a washer"))
        #expect(!text.contains("Done by"))

        let tr = try server.login("bob", json: false)
        let trText = try tr.lines("detay fix sink").joined(separator: "\n")
        #expect(trText.hasPrefix("\"fix sink\" — Inbox, açık"))
        #expect(trText.contains("Ekleyen: alice, Paz 22 Kas 04:00"))
        #expect(trText.contains("Tarih: Pzt 23 Kas 10:00"))
        #expect(trText.contains("Hatırlatmalar: Pzt 23 Kas 09:30"))
        #expect(trText.contains("30 dakikada bir dürtüyor"))
        #expect(trText.contains("Kimin için: bob"))
        #expect(trText.contains("Açıklama: the washer is worn"))
        #expect(trText.contains("Notlar (1):"))
        #expect(trText.contains("- bob, Paz 22 Kas 04:00: bought a washer"))

        let json = try alice.ok("info fix sink")
        #expect(json.code == "task.info")
        let task = try #require(json.data["task"] as? JSONObject)
        #expect(task["description"] as? String == "the washer is worn")
        #expect(task["due"] as? String == "2026-11-23T18:00:00+03:00")
        #expect(task["assignee"] as? String == "bob")
        #expect(task["priority"] as? String == "high")
        #expect(task["nag_minutes"] as? Int == 30)
        #expect(task["notes_total"] as? Int == 1)
        // The reminder asked for and the one at the due time.
        #expect(task["reminders"] as? [String] == ["2026-11-23T17:30:00+03:00", "2026-11-23T18:00:00+03:00"])
        #expect((task["notes"] as? [JSONObject])?.first?["author"] as? String == "bob")
        let bobJSON = try bob.ok("detay fix sink").data["task"] as? JSONObject
        #expect(bobJSON?["due"] as? String == "2026-11-23T10:00:00-05:00")
        #expect(try bob.isQuiet(for: 0.2))  // info is a read: alice heard nothing either
        #expect(try alice.isQuiet(for: 0.2))
    }

    @Test("a done task's info says who completed it and when")
    func infoCompleted() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add call plumber")
        _ = try bob.event()
        try bob.ok("done call plumber")
        _ = try alice.event()
        let human = try server.login("alice", json: false)
        let lines = try human.lines("info call plumber")
        #expect(lines.first == "\"call plumber\" — Inbox, done")
        #expect(lines.contains("  Done by bob, Sun 22 Nov 09:00"))
        let json = try alice.ok("info call plumber").data["task"] as? JSONObject
        #expect(json?["completed_by"] as? String == "bob")
        #expect(json?["status"] as? String == "done")
    }

    @Test("info of an event and of a routine: everything about them, notes and description")
    func infoEventAndRoutine() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok([
            "event add dinner friday 7pm-9pm at Luigi's remind 1h before", "note event dinner: book a table",
            "describe event dinner: anniversary", "routine add gym every monday", "note routine gym: new shoes",
            "describe routine gym: leg day",
        ])
        let human = try server.login("alice", json: false)
        let event = try human.lines("info event dinner")
        #expect(event.first == "\"dinner\" — event")
        let eventText = event.joined(separator: "\n")
        #expect(eventText.contains("When: Fri 27 Nov 19:00–21:00"))
        #expect(eventText.contains("Where: Luigi's"))
        #expect(eventText.contains("Reminder: 60 min before"))
        #expect(eventText.contains("Description: anniversary"))
        #expect(eventText.contains("- alice, Sun 22 Nov 09:00: book a table"))
        let trEvent = try human.lines("detay etkinlik dinner").joined(separator: "\n")
        #expect(trEvent.contains("Where: Luigi's"))  // a Turkish command, answered in alice's language
        let routine = try human.lines("info routine gym")
        #expect(routine.first == "\"gym\" — routine")
        let routineText = routine.joined(separator: "\n")
        #expect(routineText.contains("Schedule: "))
        #expect(routineText.contains("Streak: 0"))
        #expect(routineText.contains("Description: leg day"))
        #expect(routineText.contains("new shoes"))
        let json = try alice.ok("info event dinner").data["event"] as? JSONObject
        #expect(json?["description"] as? String == "anniversary")
        #expect(json?["created_by"] as? String == "alice")
        let r = try alice.ok("info gym").data["routine"] as? JSONObject  // plain words matching no task
        #expect(r?["description"] as? String == "leg day")
        #expect((r?["notes"] as? [JSONObject])?.first?["text"] as? String == "new shoes")
    }

    @Test("show <words> falls back to info for exactly one task; two matches or none keep the list error")
    func showFallback() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add fix sink -- the washer", "add paint door", "add paint wall"])
        let one = try alice.json("show fix sink")
        #expect(one.code == "task.info")
        #expect((one.data["task"] as? JSONObject)?["description"] as? String == "the washer")
        let tr = try alice.json("fix sink göster")
        #expect(tr.code == "task.info")
        let two = try alice.json("show paint")
        #expect(two.code == "error.not_found")
        #expect(two.text.contains("paint"))
        #expect(try alice.json("show Inbox").code == "task.list")
        // The row marks the description; the text stays in info.
        let human = try server.login("alice", json: false)
        let rows = try human.lines("show")
        #expect(rows.contains { $0.hasSuffix("[ ] fix sink ¶") })
        #expect(!rows.joined().contains("the washer"))
    }

    @Test("search finds a task by its description, an event and a routine by their notes and descriptions")
    func search() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok([
            "add fix sink -- the washer is worn", "event add dinner friday 7pm",
            "note event dinner: bring the corkscrew",
            "routine add gym every monday", "describe routine gym: kettlebell swings",
        ])
        try Self.drain(bob)
        let byDescription = try bob.ok("search washer")
        #expect(
            (byDescription.data["tasks"] as? [JSONObject])?.compactMap { $0["title"] as? String } == ["fix sink"])
        let byNote = try bob.ok("ara corkscrew")
        #expect((byNote.data["events"] as? [JSONObject])?.compactMap { $0["title"] as? String } == ["dinner"])
        #expect(try bob.ok("search kettlebell").data["routines"] as? [String] == ["gym"])
        // A cleared description is no longer found; an edited one is found by its new words.
        try alice.ok("describe fix sink: new gasket")
        #expect((try bob.ok("search washer").data["tasks"] as? [JSONObject])?.isEmpty == true)
        #expect((try bob.ok("search gasket").data["tasks"] as? [JSONObject])?.count == 1)
        let human = try server.login("bob", json: false)
        #expect(try human.lines("search gasket").contains { $0.contains("fix sink ¶") })
    }

    @Test("export carries the descriptions of tasks, routines and events")
    func export() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok([
            "add fix sink -- the washer is worn", "add milk", "routine add gym every monday",
            "describe routine gym: leg day", "event add dinner friday 7pm", "describe event dinner: anniversary",
        ])
        let data = try alice.ok("export").data
        let tasks = (data["lists"] as? [JSONObject])?.first?["tasks"] as? [JSONObject] ?? []
        #expect(tasks.first { $0["title"] as? String == "fix sink" }?["description"] as? String == "the washer is worn")
        #expect(tasks.first { $0["title"] as? String == "milk" }?["description"] is NSNull)
        #expect((data["routines"] as? [JSONObject])?.first?["description"] as? String == "leg day")
        #expect((data["events"] as? [JSONObject])?.first?["description"] as? String == "anniversary")
    }

    @Test("hostile: an overlong description, bidi controls, another couple's id:N; nothing leaks or changes")
    func hostile() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let (carol, _) = try server.couple("carol", "dave")
        try carol.ok("add secret plan -- do not tell")
        let secret = try #require(carol.ok("info secret plan").data["task"] as? JSONObject)
        let id = try #require(secret["id"] as? Int)
        try alice.ok("add fix sink")
        _ = try bob.event()
        let long = try alice.json("describe fix sink: " + String(repeating: "x", count: 2001))
        #expect(long.code == "error.title_too_long")
        #expect(long.text.contains("2000"))
        let bidi = try alice.json("describe fix sink: \u{202E}gnp.exe")
        #expect(bidi.code == "error.invisible_char")
        let other = try alice.json("describe id:\(id): mine now")
        #expect(other.code == "error.not_found")
        let peek = try alice.json("info id:\(id)")
        #expect(peek.code == "error.not_found")
        #expect(!"\(peek)".contains("do not tell"))
        #expect(try bob.isQuiet(for: 0.3))  // nothing of it reached the partner
        let kept = try carol.ok("info secret plan").data["task"] as? JSONObject
        #expect(kept?["description"] as? String == "do not tell")
        // The longest allowed description fits on a line and comes back whole.
        let longest = String(repeating: "ab", count: 1000)
        try alice.ok("describe fix sink: " + longest)
        #expect((try bob.event()).data["description"] as? String == longest)
        #expect((try alice.ok("info fix sink").data["task"] as? JSONObject)?["description"] as? String == longest)
    }
}
