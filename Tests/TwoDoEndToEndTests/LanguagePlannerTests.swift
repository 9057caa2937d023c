// End to end: routine, event, calendar and note commands in English and Turkish (verb first and verb last)
// leave the right routines and events in `export`.

import Foundation
import Testing

/// One routine phrase and the routine it must leave in export.
struct RoutinePhrase: Sendable, CustomStringConvertible {
    var by: String
    var line: String
    var name: String
    var freq: String
    var weekdays: [Int] = []
    var monthDay: Int?
    var time: String?
    var assignee: String?

    var description: String { "\(by): \(line)" }
}

/// One event phrase and the event it must leave in export (start as the typer's export writes it).
struct EventPhrase: Sendable, CustomStringConvertible {
    var by: String
    var line: String
    var title: String
    var start: String
    var end: String?
    var location: String?
    var remind: Int?
    var freq: String?

    var description: String { "\(by): \(line)" }
}

@Suite("Routine and event phrases over TCP", .serialized, .timeLimit(.minutes(2)))
struct LanguagePlannerTests {
    static let routines: [RoutinePhrase] = [
        RoutinePhrase(
            by: "alice", line: "routine add gym every mon, wed and fri at 7am", name: "gym", freq: "weekly",
            weekdays: [1, 3, 5], time: "07:00", assignee: "alice"),
        RoutinePhrase(
            by: "alice", line: "habit add plants every week on sunday for both", name: "plants", freq: "weekly",
            weekdays: [7]),
        RoutinePhrase(
            by: "alice", line: "routine add rent every month on the 1st for bob", name: "rent", freq: "monthly",
            monthDay: 1, assignee: "bob"),
        RoutinePhrase(
            by: "alice", line: "routine add stretch every morning at 7", name: "stretch", freq: "daily",
            time: "07:00", assignee: "alice"),
        RoutinePhrase(
            by: "bob", line: "rutin ekle spor her gün saat 7", name: "spor", freq: "daily", time: "07:00",
            assignee: "bob"),
        RoutinePhrase(
            by: "bob", line: "rutin ekle yüzme her pazartesi, çarşamba ve cuma", name: "yüzme", freq: "weekly",
            weekdays: [1, 3, 5], assignee: "bob"),
        RoutinePhrase(
            by: "bob", line: "alışkanlık ekle fatura her ayın 15'i", name: "fatura", freq: "monthly",
            monthDay: 15, assignee: "bob"),
        // Turkish verb last, schedule first or name first.
        RoutinePhrase(
            by: "bob", line: "her sabah 8'de ilaç iç rutini ekle", name: "ilaç iç", freq: "daily",
            time: "08:00", assignee: "bob"),
        RoutinePhrase(
            by: "bob", line: "koşu her hafta sonu rutin ekle", name: "koşu", freq: "weekly", weekdays: [6, 7],
            assignee: "bob"),
        RoutinePhrase(by: "alice", line: "her gün ikimiz için bulaşık rutini ekle", name: "bulaşık", freq: "daily"),
    ]

    static let events: [EventPhrase] = [
        EventPhrase(
            by: "alice", line: "event add dinner with Sam friday 7pm-9pm at Luigi's remind 1h before",
            title: "dinner with Sam", start: "2026-11-27T19:00:00+03:00", end: "2026-11-27T21:00:00+03:00",
            location: "Luigi's", remind: 60),
        EventPhrase(
            by: "alice", line: "event add mum's birthday 12 March every year", title: "mum's birthday",
            start: "2027-03-12", freq: "yearly"),
        EventPhrase(
            by: "bob", line: "etkinlik ekle doktor 3 Aralık 14:30", title: "doktor",
            start: "2026-12-03T14:30:00-05:00"),
        EventPhrase(
            by: "bob", line: "etkinlik ekle yoga her pazartesi saat 18:00 yer salon 30 dk önce hatırlat",
            title: "yoga", start: "2026-11-23T18:00:00-05:00", location: "salon", remind: 30, freq: "weekly"),
        EventPhrase(
            by: "bob", line: "3 Aralık 14:30 diş hekimi etkinliği ekle", title: "diş hekimi",
            start: "2026-12-03T14:30:00-05:00"),
        EventPhrase(
            by: "bob", line: "cuma 19:00 akşam yemeği takvime ekle", title: "akşam yemeği",
            start: "2026-11-27T19:00:00-05:00"),
        EventPhrase(
            by: "alice", line: "annemin doğum günü 12 Mart her yıl etkinlik ekle", title: "annemin doğum günü",
            start: "2027-03-12", freq: "yearly"),
    ]

    @Test("routine phrases in both languages leave the right routine", arguments: routines)
    func routine(_ row: RoutinePhrase) throws {
        let couple = try LanguageCouple()
        let reply = try couple.client(row.by).json(row.line)
        #expect(reply.code == "routine.added", "\(row): \(reply)")
        let found = try couple.exported("routines", as: row.by).first { $0["name"] as? String == row.name }
        let routine = try #require(found, "\(row): no routine \(row.name)")
        let schedule = routine["schedule"] as? JSONObject ?? [:]
        #expect(schedule["freq"] as? String == row.freq, "\(row): \(schedule)")
        #expect(schedule["weekdays"] as? [Int] ?? [] == row.weekdays, "\(row): \(schedule)")
        #expect(schedule["month_day"] as? Int == row.monthDay, "\(row): \(schedule)")
        #expect(schedule["time"] as? String == row.time, "\(row): \(schedule)")
        #expect(routine["assignee"] as? String == row.assignee, "\(row): \(routine)")
    }

    @Test("event phrases in both languages, verb first or last, leave the right event", arguments: events)
    func event(_ row: EventPhrase) throws {
        let couple = try LanguageCouple()
        let reply = try couple.client(row.by).json(row.line)
        #expect(reply.code == "event.added", "\(row): \(reply)")
        let found = try couple.exported("events", as: row.by).first { $0["title"] as? String == row.title }
        let event = try #require(found, "\(row): no event \(row.title)")
        #expect(event["start"] as? String == row.start, "\(row): \(event)")
        #expect(event["end"] as? String == row.end, "\(row): \(event)")
        #expect(event["location"] as? String == row.location, "\(row): \(event)")
        #expect(event["remind_minutes"] as? Int == row.remind, "\(row): \(event)")
        #expect((event["recurrence"] as? JSONObject)?["freq"] as? String == row.freq, "\(row): \(event)")
        #expect(event["all_day"] as? Bool == !row.start.contains("T"), "\(row)")
    }

    @Test("routine days, notes and the calendar work in both languages, live to the partner")
    func routineAndNotes() throws {
        let couple = try LanguageCouple()
        try couple.bob.ok("rutin ekle spor her gün")
        _ = try couple.alice.event()
        let done = try couple.bob.ok("rutin yapıldı spor")
        #expect(done.text.contains("yapıldı"), "\(done.text)")
        let live = try couple.alice.event()
        #expect(live.event == "routine.done")
        try couple.alice.ok("note routine spor: bring towel")
        let noted = try couple.bob.event()
        #expect(noted.event == "routine.noted")
        try couple.bob.ok("etkinlik ekle doktor 3 Aralık 14:30")
        _ = try couple.alice.event()
        try couple.bob.ok("not etkinlik doktor: sigorta kartı")
        #expect(try couple.alice.event().event == "event.noted")
        let routines = try couple.exported("routines", as: "alice")
        let spor = try #require(routines.first { $0["name"] as? String == "spor" })
        #expect((spor["occurrences"] as? [JSONObject])?.first?["by"] as? String == "bob")
        #expect((spor["notes"] as? [JSONObject])?.first?["text"] as? String == "bring towel")
        let events = try couple.exported("events", as: "alice")
        let doktor = try #require(events.first { $0["title"] as? String == "doktor" })
        #expect((doktor["notes"] as? [JSONObject])?.first?["text"] as? String == "sigorta kartı")
        // A Turkish calendar line from the English speaker, an English one from the Turkish speaker.
        #expect(try couple.alice.ok("takvim aralık 2026").code == "calendar")
        let calendar = try couple.bob.ok("calendar december 2026")
        #expect(calendar.text.contains("Aralık 2026"), "\(calendar.text)")
        #expect(try couple.bob.ok("events").code == "event.list")
        #expect(try couple.alice.ok("ajanda hafta").code == "agenda.week")
    }
}
