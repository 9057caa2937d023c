// End to end: the shared calendar over TCP — month grids and week agendas in both languages and zones,
// live events, reminders before events (exactly once, across a restart), recurring changes, notes, export.

import Foundation
import Testing

@Suite("Calendar over TCP", .serialized, .timeLimit(.minutes(2)))
struct CalendarTests {
    @Test("the month grid and event list, in each partner's language, zone and week start")
    func monthPictures() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try bob.ok("tz Europe/Istanbul")
        try alice.ok("event add dinner with Sam friday 7pm-9pm at Luigi's remind 1h before")
        try alice.ok("event add mum's birthday 30 Nov every year")
        try alice.ok("event add yoga every monday 6pm")
        let ah = try server.login("alice", json: false)
        let bh = try server.login("bob", json: false)
        #expect(
            try ah.lines("calendar") == [
                "November 2026",
                " Su   Mo   Tu   We   Th   Fr   Sa",
                "  1    2    3    4    5    6    7",
                "  8    9   10   11   12   13   14",
                " 15   16   17   18   19   20   21",
                "[22]  23*  24   25   26   27*  28",
                " 29   30*",
                "[ ] today  * events",
                "Events in November 2026:",
                "  Mon 23 Nov 18:00  yoga ↻",
                "  Fri 27 Nov 19:00–21:00  dinner with Sam @ Luigi's",
                "  Mon 30 Nov (all day)  mum's birthday ↻",
                "  Mon 30 Nov 18:00  yoga ↻",
            ])
        #expect(
            try bh.lines("takvim") == [
                "Kasım 2026",
                " Pt   Sa   Ça   Pe   Cu   Ct   Pz",
                String(repeating: " ", count: 32) + "1",
                "  2    3    4    5    6    7    8",
                "  9   10   11   12   13   14   15",
                " 16   17   18   19   20   21  [22]",
                " 23*  24   25   26   27*  28   29",
                " 30*",
                "[ ] bugün  * etkinlik var",
                "Kasım 2026 etkinlikleri:",
                "  Pzt 23 Kas 21:00  yoga ↻",
                "  Cum 27 Kas 22:00–00:00  dinner with Sam @ Luigi's",
                "  Pzt 30 Kas (tüm gün)  mum's birthday ↻",
                "  Pzt 30 Kas 21:00  yoga ↻",
            ])
        _ = try ah.lines("weekstart monday")
        #expect(
            try ah.lines("calendar december").prefix(3) == [
                "December 2026", " Mo   Tu   We   Th   Fr   Sa   Su", "       1    2    3    4    5    6",
            ])
        #expect(
            try bh.lines("takvim aralık").suffix(2) == ["  Pzt 21 Ara 21:00  yoga ↻", "  Pzt 28 Ara 21:00  yoga ↻"])
    }

    @Test("a partner reads a new or moved event whole, in their own language and zone")
    func partnerReadsWholeEvent() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Istanbul")
        try bob.ok("lang tr")
        try bob.ok("tz Europe/Berlin")
        try alice.ok("event add dinner with Sam friday 7pm-9pm at Luigi's remind 1h before")
        let added = try bob.event()
        #expect(added.event == "event.added")
        #expect(
            added.text.hasPrefix("alice, \"dinner with Sam\" etkinliğini ekledi: Cum 27 Kas 17:00–19:00"),
            "\(added.text)")
        #expect(added.text.contains("Luigi's"))
        try alice.ok("event move dinner with Sam saturday 8pm-10pm")
        let moved = try bob.event()
        #expect(moved.event == "event.moved")
        #expect(moved.text.contains("Cmt 28 Kas 18:00–20:00"), "\(moved.text)")
    }

    @Test("a new event reaches the partner live, and its reminder reaches both exactly once")
    func liveAndReminder() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("event add dinner today 10am remind 30m before")
        let added = try bob.event()
        #expect(added.event == "event.added")
        #expect(added.text == "alice added the event \"dinner\": Sun 22 Nov 10:00, reminder 30 min before.")
        try alice.ok("event add call bob 11am remind 10m before for bob")
        _ = try bob.event()
        try alice.ok("clock advance 31m")
        for client in [alice, bob] {
            let reminder = try client.event()
            #expect(reminder.event == "reminder.due")
            #expect(reminder.text == "⏰ Reminder: \"dinner\" starts Sun 22 Nov 10:00.")
            #expect(reminder.data["kind"] as? String == "event")
        }
        try alice.ok("clock advance 20m")
        #expect(try bob.isQuiet(for: 0.3))
        try alice.ok("clock advance 1h")  // 10:51: the call's reminder is for bob only
        #expect(try bob.event().text == "⏰ Reminder: \"call bob\" starts Sun 22 Nov 11:00.")
        #expect(try alice.isQuiet(for: 0.3))
    }

    @Test("a reminder missed while the server was down fires once at start, never twice")
    func restart() throws {
        let first = try TestServer()
        let alice = try first.user("alice")
        try alice.ok("event add checkup today 11am remind 30m before")
        first.stop()
        let second = try first.startAgain(testClock: "2026-11-22T10:45:00Z")
        let back = try second.login("alice")
        let late = (try back.ok("inbox").data["notifications"] as? [[String: Any]] ?? []).filter {
            ($0["event"] as? String) == "reminder.event_late"
        }
        #expect(late.count == 1)
        #expect(
            (late.first?["text"] as? String)
                == "⏰ Late reminder (the server was down): \"checkup\" starts Sun 22 Nov 11:00.")
        second.stop()
        let third = try second.startAgain(testClock: "2026-11-22T10:50:00Z")
        let again = try third.login("alice")
        let notifications = try again.ok("inbox").data["notifications"] as? [[String: Any]] ?? []
        #expect(notifications.filter { ($0["event"] as? String)?.hasPrefix("reminder.event") == true }.count == 1)
    }

    @Test("recurring events: one occurrence or all, and the week agenda")
    func recurring() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("event add yoga every monday 6pm")
        try alice.ok("event add dinner friday 7pm-9pm at Luigi's")
        try alice.ok("routine add gym every mon, wed and fri at 7am")
        let scope = try alice.json("event delete yoga")
        #expect(scope.code == "error.event_scope")
        #expect(try alice.ok("event delete yoga this").code == "event.cancelled")
        try alice.ok("event move yoga this 7pm")  // the next one is now 30 November
        let events = try alice.ok("events").data["events"] as? [[String: Any]] ?? []
        #expect(
            events.compactMap { $0["start"] as? String } == [
                "2026-11-27T19:00:00Z", "2026-11-30T19:00:00Z", "2026-12-07T18:00:00Z", "2026-12-14T18:00:00Z",
                "2026-12-21T18:00:00Z",
            ])
        let human = try server.login("alice", json: false)
        #expect(
            try human.lines("agenda week") == [
                "The next 7 days (Sun 22 Nov – Sat 28 Nov):",
                "Sun 22 Nov (today)",
                "  nothing planned",
                "Mon 23 Nov",
                "  [ ] gym (routine), 07:00",
                "Tue 24 Nov",
                "  nothing planned",
                "Wed 25 Nov",
                "  [ ] gym (routine), 07:00",
                "Thu 26 Nov",
                "  nothing planned",
                "Fri 27 Nov",
                "  19:00–21:00  dinner @ Luigi's",
                "  [ ] gym (routine), 07:00",
                "Sat 28 Nov",
                "  nothing planned",
            ])
        try alice.ok("event delete yoga all")
        #expect((try alice.ok("events").data["events"] as? [[String: Any]] ?? []).count == 1)
    }

    @Test("notes on events are live events, and export carries events with their notes")
    func notesAndExport() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("event add dinner friday 7pm-9pm at Luigi's remind 1h before for both")
        _ = try bob.event()
        try bob.ok("note event dinner: bring wine")
        let noted = try alice.event()
        #expect(noted.event == "event.noted")
        #expect(noted.text == "bob added a note to the event \"dinner\": bring wine")
        try alice.ok("note dinner: book a table")  // plain words: no task matches, so the event gets it
        _ = try bob.event()
        let notes = try alice.ok("notes event dinner").data["notes"] as? [[String: Any]] ?? []
        #expect(notes.compactMap { $0["text"] as? String } == ["bring wine", "book a table"])
        try alice.ok("note delete event dinner 1")
        _ = try bob.event()
        let data = try alice.ok("export").data
        let event = try #require((data["events"] as? [[String: Any]])?.first)
        #expect(event["title"] as? String == "dinner")
        #expect(event["start"] as? String == "2026-11-27T19:00:00Z")
        #expect(event["end"] as? String == "2026-11-27T21:00:00Z")
        #expect(event["all_day"] as? Bool == false)
        #expect(event["location"] as? String == "Luigi's")
        #expect(event["remind_minutes"] as? Int == 60)
        #expect(event["recurrence"] is NSNull)
        #expect(event["assignee"] is NSNull)
        #expect(event["id"] as? Int != nil)
        #expect((event["notes"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["book a table"])
        #expect((event["notes"] as? [[String: Any]])?.first?["author"] as? String == "alice")
    }
}
