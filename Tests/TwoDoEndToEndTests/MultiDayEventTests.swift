// End to end: multi-day events in both languages and two zones, on each of their days in
// `events`, `calendar`, `agenda week` and the single-day views `agenda <day>` and `events on <date>`.

import Foundation
import Testing

@Suite("Multi-day events over TCP", .serialized, .timeLimit(.minutes(2)))
struct MultiDayEventTests {
    /// The (title, date, span_day) rows of a listing's `data.events`.
    static func rows(_ reply: JSONObject) -> [String] {
        (reply.data["events"] as? [JSONObject] ?? []).map {
            "\($0["title"] as? String ?? "?") \($0["date"] as? String ?? "?") \($0["span_day"] as? Int ?? 0)"
        }
    }

    @Test("a trip added in English and one in Turkish show on each day, for each partner in their zone; live")
    func twoLanguagesTwoZones() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try bob.ok("tz Europe/Istanbul")
        let trip = try alice.ok("event add trip Dec 10 - Dec 12")
        #expect(trip.data["title"] as? String == "trip")
        #expect(trip.data["start"] as? String == "2026-12-10")
        #expect(trip.data["end_date"] as? String == "2026-12-12")
        #expect(trip.data["end"] as? String == "2026-12-12")
        let told = try bob.event()
        #expect(told.event == "event.added")
        #expect(told.text.contains("10 Ara – ") && told.text.contains("12 Ara (tüm gün)"), "\(told.text)")
        let tatil = try bob.ok("etkinlik ekle tatil 10 Aralık - 12 Aralık")
        #expect(tatil.data["title"] as? String == "tatil")
        #expect(tatil.data["end_date"] as? String == "2026-12-12")
        #expect(try alice.event().event == "event.added")
        // Timed: alice in UTC, 09:00–17:00 over three days; bob reads 12:00 → 20:00 in Istanbul.
        let conf = try alice.ok("event add conference Dec 14 9am - Dec 16 5pm")
        #expect(conf.data["start"] as? String == "2026-12-14T09:00:00Z")
        #expect(conf.data["end"] as? String == "2026-12-16T17:00:00Z")
        let live = try bob.event()
        #expect(live.text.contains("14 Ara 12:00 – ") && live.text.contains("16 Ara 20:00"), "\(live.text)")
        #expect(
            Self.rows(try bob.ok("etkinlikler 14 Aralık'tan 16 Aralık'a kadar"))
                == ["conference 2026-12-14 1", "conference 2026-12-15 2", "conference 2026-12-16 3"])
        #expect(
            Self.rows(try alice.ok("events from Dec 10 to Dec 12")) == [
                "trip 2026-12-10 1", "tatil 2026-12-10 1", "trip 2026-12-11 2", "tatil 2026-12-11 2",
                "trip 2026-12-12 3", "tatil 2026-12-12 3",
            ])
        let grid = try alice.ok("calendar december")
        #expect((grid.data["marked_days"] as? [Int] ?? []) == [10, 11, 12, 14, 15, 16])
        let ah = try server.login("alice", json: false)
        let lines = try ah.lines("events on Dec 11")
        // Under its day, a row says that day's part only: the date is not written twice.
        #expect(lines.contains("  Fri 11 Dec (all day)  trip (day 2 of 3)"), "\(lines)")
        let timed = try ah.lines("events from Dec 14 to Dec 16")
        #expect(
            timed.filter { $0.contains("conference") } == [
                "  Mon 14 Dec 09:00 →  conference (day 1 of 3)", "  Tue 15 Dec (all day)  conference (day 2 of 3)",
                "  Wed 16 Dec → 17:00  conference (day 3 of 3)",
            ], "\(timed)")
        let bh = try server.login("bob", json: false)
        let tr = try bh.lines("ajanda 15 Aralık")
        #expect(tr.first == "Sal 15 Ara ajandası:", "\(tr)")
        #expect(tr.contains { $0.contains("conference (3 günün 2. günü)") }, "\(tr)")
        // An event that started before a window still shows in it.
        #expect(Self.rows(try alice.ok("events on Dec 16")) == ["conference 2026-12-16 3"])
        // Moving the trip keeps its length; the partner is told.
        try alice.ok("event move trip Dec 20")
        #expect(try bob.event().event == "event.moved")
        let moved = try alice.ok("event show trip")
        #expect(moved.data["end_date"] as? String == "2026-12-22")
    }

    @Test("agenda <day> and events on <date>, in English and Turkish")
    func singleDayViews() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("event add dinner friday 7pm")
        try alice.ok("add pay rent friday")
        _ = try bob.event()
        _ = try bob.event()
        let day = try alice.ok("agenda friday")
        #expect(day.code == "agenda.day")
        #expect(day.data["date"] as? String == "2026-11-27")
        #expect((day.data["events"] as? [JSONObject])?.first?["title"] as? String == "dinner")
        #expect((day.data["tasks"] as? [JSONObject])?.first?["title"] as? String == "pay rent")
        let cuma = try bob.ok("ajanda cuma")
        #expect(cuma.code == "agenda.day")
        #expect(cuma.data["date"] as? String == "2026-11-27")
        #expect(Self.rows(try alice.ok("events on friday")) == ["dinner 2026-11-27 0"])
        #expect(Self.rows(try bob.ok("etkinlikler cuma günü")) == ["dinner 2026-11-27 0"])
        #expect(Self.rows(try alice.ok("events on saturday")).isEmpty)
        // `agenda` alone is still the task view; `agenda week` the week.
        #expect(try alice.ok("agenda").code != "agenda.day")
        #expect(try alice.ok("agenda week").code == "agenda.week")
        let bad = try alice.json("agenda Feb 30")
        #expect(bad.ok == false)
    }

    @Test("an end before the start and a ten-year span are refused, in the reader's language")
    func hostileSpans() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        let before = try alice.json("event add trip Dec 12 - Dec 10")
        #expect(before.code == "error.event_span")
        #expect(before.text.contains("cannot end"), "\(before.text)")
        let sameDay = try alice.json("event add meeting Dec 12 5pm - Dec 12 9am")
        #expect(sameDay.code == "error.event_span")
        let tr = try bob.json("etkinlik ekle tatil 12 Aralık - 10 Aralık")
        #expect(tr.code == "error.event_span")
        #expect(tr.text.contains("bitemez"), "\(tr.text)")
        let decade = try alice.json("event add sabbatical Dec 10 2026 - Dec 10 2036")
        #expect(decade.code == "error.event_span")
        #expect(decade.text.contains("366"), "\(decade.text)")
        let edit = try alice.ok("event add trip Dec 10 - Dec 12")
        #expect(edit.ok == true)
        _ = try bob.event()
        #expect(try alice.json("event edit trip Dec 10 - Dec 9").code == "error.event_span")
        // A day-long span is one day again.
        let one = try alice.ok("event add day out Dec 20 - Dec 20")
        #expect(one.data["end_date"] is NSNull)
        // Nothing was stored by the refused lines.
        #expect(Self.rows(try alice.ok("events from Dec 1 to Dec 31")).count == 4)
    }
}
