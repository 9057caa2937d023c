// End to end: a one-off and a daily repeating reminder across the spring-forward and fall-back transitions of
// Europe/Berlin and America/New_York fire at the same local wall time, checked by instant, export and line text.

import Foundation
import Testing

@Suite("Reminders across daylight-saving transitions", .serialized, .timeLimit(.minutes(2)))
struct TimeDSTTests {
    /// One transition: the zone, the test clock's start on the eve (before 9:00 local), and 9:00 local on the eve and on
    /// the day of the change, as UTC instants, as the export shows them, and as a reminder line names the day.
    struct Transition: CustomTestStringConvertible, Sendable {
        var name: String
        var zone: String
        var start: String
        var eveUTC: String
        var eveLocal: String
        var dayUTC: String
        var dayLocal: String
        var dayText: String
        var nextLocal: String
        var testDescription: String { name }
    }

    static let transitions: [Transition] = [
        Transition(
            name: "Berlin spring forward", zone: "Europe/Berlin", start: "2026-03-28T06:00:00Z",
            eveUTC: "2026-03-28T08:00:00Z", eveLocal: "2026-03-28T09:00:00+01:00",
            dayUTC: "2026-03-29T07:00:00Z", dayLocal: "2026-03-29T09:00:00+02:00", dayText: "Sun 29 Mar 09:00",
            nextLocal: "2026-03-30T09:00:00+02:00"),
        Transition(
            name: "Berlin fall back", zone: "Europe/Berlin", start: "2026-10-24T05:00:00Z",
            eveUTC: "2026-10-24T07:00:00Z", eveLocal: "2026-10-24T09:00:00+02:00",
            dayUTC: "2026-10-25T08:00:00Z", dayLocal: "2026-10-25T09:00:00+01:00", dayText: "Sun 25 Oct 09:00",
            nextLocal: "2026-10-26T09:00:00+01:00"),
        Transition(
            name: "New York spring forward", zone: "America/New_York", start: "2026-03-07T12:00:00Z",
            eveUTC: "2026-03-07T14:00:00Z", eveLocal: "2026-03-07T09:00:00-05:00",
            dayUTC: "2026-03-08T13:00:00Z", dayLocal: "2026-03-08T09:00:00-04:00", dayText: "Sun 8 Mar 09:00",
            nextLocal: "2026-03-09T09:00:00-04:00"),
        Transition(
            name: "New York fall back", zone: "America/New_York", start: "2026-10-31T11:00:00Z",
            eveUTC: "2026-10-31T13:00:00Z", eveLocal: "2026-10-31T09:00:00-04:00",
            dayUTC: "2026-11-01T14:00:00Z", dayLocal: "2026-11-01T09:00:00-05:00", dayText: "Sun 1 Nov 09:00",
            nextLocal: "2026-11-02T09:00:00-05:00"),
    ]

    /// `instant` moved by `minutes`, as an ISO 8601 UTC string for `clock set`.
    private func shifted(_ instant: String, minutes: Int) throws -> String {
        let formatter = ISO8601DateFormatter()
        let date = try #require(formatter.date(from: instant))
        return formatter.string(from: date.addingTimeInterval(Double(minutes) * 60))
    }

    /// The `reminder.due` events that arrive after moving the clock to `instant`.
    private func fired(_ user: LineClient, at instant: String) throws -> [JSONObject] {
        try user.ok("clock set \(instant)")
        return try user.drainEvents().filter { $0.event == "reminder.due" }
    }

    @Test(
        "9:00 local stays 9:00 local across the change, for a one-off and for a daily repeating task",
        arguments: transitions)
    func nineStaysNine(t: Transition) throws {
        let server = try TestServer(testClock: t.start)
        let user = try server.user("alice")
        try user.ok("tz \(t.zone)")
        try user.ok(["add daily every day at 9", "add one-off tomorrow 9am", "remind one-off 30 minutes before"])
        #expect(try user.exportedTasks()["daily"]?["due"] as? String == t.eveLocal)
        // 8:30 and 9:00 on the day of the change have the same offset (the change happens in the night).
        #expect(
            try user.pendingReminders(of: "one-off") == [
                t.dayLocal.replacingOccurrences(of: "T09:00", with: "T08:30"), t.dayLocal,
            ])

        // The eve: the daily task fires at 9:00, not a minute before.
        #expect(try fired(user, at: shifted(t.eveUTC, minutes: -1)).isEmpty)
        let eve = try fired(user, at: t.eveUTC)
        #expect(eve.compactMap { $0.data["title"] as? String } == ["daily"])
        let done = try user.ok("done daily")
        #expect(done.text == #"Done: "daily". The next one is due \#(t.dayText)."#)
        #expect(try user.pendingReminders(of: "daily") == [t.dayLocal])

        // The day of the change: 8:30 and 9:00 local, which are a different number of hours after the eve's 9:00.
        #expect(try fired(user, at: shifted(t.dayUTC, minutes: -31)).isEmpty)
        let before = try fired(user, at: shifted(t.dayUTC, minutes: -30))
        #expect(before.count == 1)
        #expect(
            before.first?.text
                == #"⏰ Reminder: "one-off" is due at \#(t.dayText) (Inbox). Answer "done", "snooze" or "snooze 10m"."#)
        #expect(try fired(user, at: shifted(t.dayUTC, minutes: -1)).isEmpty)
        let day = try fired(user, at: t.dayUTC)
        #expect(day.compactMap { $0.data["title"] as? String }.sorted() == ["daily", "one-off"])
        #expect(day.allSatisfy { $0.data["due"] as? String == t.dayLocal })
        try user.ok("done daily")
        #expect(try user.pendingReminders(of: "daily") == [t.nextLocal])
    }

    @Test(
        "Berlin at 02:30: the missing one (spring) becomes 03:30 summer time; the doubled one (autumn) fires once, at the first"
    )
    func missingAndDoubledHalfPast() throws {
        let spring = try TestServer(testClock: "2026-03-28T12:00:00Z")
        let a = try spring.user("alice")
        try a.ok("tz Europe/Berlin")
        #expect(try a.ok("add spring tomorrow 2:30am").data["due"] as? String == "2026-03-29T03:30:00+02:00")
        #expect(try a.pendingReminders(of: "spring") == ["2026-03-29T03:30:00+02:00"])

        let autumn = try TestServer(testClock: "2026-10-24T12:00:00Z")
        let b = try autumn.user("alice")
        try b.ok("tz Europe/Berlin")
        #expect(try b.ok("add autumn tomorrow 2:30am").data["due"] as? String == "2026-10-25T02:30:00+02:00")
        #expect(try fired(b, at: "2026-10-25T00:29:00Z").isEmpty)
        #expect(try fired(b, at: "2026-10-25T00:30:00Z").count == 1)  // 02:30 summer time
        #expect(try fired(b, at: "2026-10-25T01:30:00Z").isEmpty)  // 02:30 winter time: not again
    }
}
