// Corpus rows for the parser gaps found by the end-to-end language tests: invite codes, suggestions for every
// verb, `#list` targets, Turkish verb-last routines and events, `süt ekle yarın`, and Turkish remind-for.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// English rows of the fixes.
    static let englishFixes: [Row] = [
        ok("couple join 2345", .couple(.join(code: "2345"))),
        ok("add fix bike #Errands", .addToUnknownList(list: "Errands", add: task("fix bike"))),
        ok("add read #Market", task("read", list: "Market")),
        ok("add fix issue #12", task("fix issue #12")),
        ok("add call #3 back", task("call #3 back")),
        ok(
            "routine add stretch every morning at 7",
            .routine(.add(name: "stretch", rule: Recurrence(.daily), time: clock(7), assignee: nil))),
        ok(
            "routine add read every evening at 9",
            .routine(.add(name: "read", rule: Recurrence(.daily), time: clock(21), assignee: nil))),
        ok(
            "routine add floss every night at 10:30",
            .routine(.add(name: "floss", rule: Recurrence(.daily), time: clock(22, 30), assignee: nil))),
        ok(
            "routine add walk every evening at 18:00",
            .routine(.add(name: "walk", rule: Recurrence(.daily), time: clock(18), assignee: nil))),
        ok(
            "event add news every evening 8-9",
            .event(
                .add(
                    EventDraft(
                        title: "news", date: day("2026-11-22"), time: clock(20), end: clock(21),
                        recurrence: Recurrence(.daily))))),
        fail("event add party Feb 30 8pm", bad("event", "Feb 30", .noSuchDay)),
        fail("routine add gym every 32nd", .badValue(verb: "routine", value: "every 32nd")),
        fail("routine add stuff every blursday", .badValue(verb: "routine", value: "every blursday")),
        fail("rutin ekle spor her blursgün", .badValue(verb: "routine", value: "her blursgün")),
        fail("calender", .unknownCommand(word: "calender", suggestion: "calendar")),
        fail("evnets next week", .unknownCommand(word: "evnets", suggestion: "events")),
        fail("routnes", .unknownCommand(word: "routnes", suggestion: "routines")),
        fail("habbit done gym", .unknownCommand(word: "habbit", suggestion: "habit")),
        fail("weekstrat monday", .unknownCommand(word: "weekstrat", suggestion: "weekstart")),
        fail("nagg 3 every 10 minutes", .unknownCommand(word: "nagg", suggestion: "nag")),
        fail("unang 3", .unknownCommand(word: "unang", suggestion: "unnag")),
        fail("priorty 3 high", .unknownCommand(word: "priorty", suggestion: "priority")),
        fail("snoze 3 10m", .unknownCommand(word: "snoze", suggestion: "snooze")),
        fail("upcomng", .unknownCommand(word: "upcomng", suggestion: "upcoming")),
        fail("agneda", .unknownCommand(word: "agneda", suggestion: "agenda")),
        fail("inbx read", .unknownCommand(word: "inbx", suggestion: "inbox")),
    ]

    /// Turkish rows of the fixes.
    static let turkishFixes: [Row] = [
        ok("süt ekle yarın", task("süt", due: due("2026-11-23"))),
        ok("süt ekle markete yarın 9'da", task("süt", list: "Market", due: due("2026-11-23", "09:00"))),
        ok("süt ekle yarın !yüksek", task("süt", due: due("2026-11-23"), priority: .high)),
        ok("kira öde ekle her ayın 1'i", task("kira öde", rule: Recurrence(.monthly, monthDay: 1))),
        fail("süt ekle 30 Şubat", bad("add", "30 Şubat", .noSuchDay)),
        fail("süt ekle bir şey", .unknownCommand(word: "süt", suggestion: nil)),
        ok(
            "her sabah 8'de ilaç iç rutini ekle",
            .routine(.add(name: "ilaç iç", rule: Recurrence(.daily), time: clock(8), assignee: nil))),
        ok(
            "her akşam 8'de ilaç iç rutini ekle",
            .routine(.add(name: "ilaç iç", rule: Recurrence(.daily), time: clock(20), assignee: nil))),
        ok(
            "rutin ekle kitap oku her akşam 21:30",
            .routine(.add(name: "kitap oku", rule: Recurrence(.daily), time: clock(21, 30), assignee: nil))),
        ok(
            "her gün saat 7 spor rutini ekle",
            .routine(.add(name: "spor", rule: Recurrence(.daily), time: clock(7), assignee: nil))),
        // The verb between the name and the schedule.
        ok(
            "spor rutini ekle her gün saat 7",
            .routine(.add(name: "spor", rule: Recurrence(.daily), time: clock(7), assignee: nil))),
        ok(
            "doktor etkinliği ekle 3 Aralık 14:30",
            .event(.add(EventDraft(title: "doktor", date: day("2026-12-03"), time: clock(14, 30))))),
        ok(
            "spor her pazartesi ve perşembe rutin ekle",
            .routine(.add(name: "spor", rule: Recurrence(.weekly, weekdays: [1, 4]), time: nil, assignee: nil))),
        ok(
            "yoga her hafta sonu alışkanlık ekle",
            .routine(.add(name: "yoga", rule: Recurrence(.weekly, weekdays: [6, 7]), time: nil, assignee: nil))),
        ok(
            "her gün bob için bulaşık rutini ekle",
            .routine(.add(name: "bulaşık", rule: Recurrence(.daily), time: nil, assignee: .member("bob")))),
        ok(
            "rutin ekle koşu her gün 7'de",
            .routine(.add(name: "koşu", rule: Recurrence(.daily), time: clock(7), assignee: nil))),
        ok("sabah rutini ekle", task("sabah rutini")),
        ok(
            "3 Aralık 14:30 doktor etkinliği ekle",
            .event(.add(EventDraft(title: "doktor", date: day("2026-12-03"), time: clock(14, 30))))),
        ok(
            "cuma 19:00 akşam yemeği takvime ekle",
            .event(.add(EventDraft(title: "akşam yemeği", date: day("2026-11-27"), time: clock(19))))),
        ok(
            "annemin doğum günü 12 Mart her yıl etkinlik ekle",
            .event(
                .add(EventDraft(title: "annemin doğum günü", date: day("2027-03-12"), recurrence: Recurrence(.yearly))))
        ),
        ok(
            "etkinlik ekle toplantı cuma 10'da",
            .event(.add(EventDraft(title: "toplantı", date: day("2026-11-27"), time: clock(10))))),
        ok(
            "bob'a yarın 18:00 annesini aramayı hatırlat",
            task("annesini aramayı", due: due("2026-11-23", "18:00"), assignee: .member("bob"))),
        ok("Bob'a süt almayı hatırlat", task("süt almayı", assignee: .member("Bob"))),
        ok("hatırlat bana yarın fatura öde", task("fatura öde", due: due("2026-11-23"), assignee: .me)),
        ok("bize yarın çöp at hatırlat", task("çöp at", due: due("2026-11-23"))),
        ok("#3'ü yarın 9'da hatırlat", .remind(.number(3), .at(due("2026-11-23", "09:00")))),
        fail("etkinlik ekle parti 30 Şubat 20:00", bad("event", "30 Şubat", .noSuchDay)),
        fail("etkinlk ekle x", .unknownCommand(word: "etkinlk", suggestion: "etkinlik")),
        fail("takvm", .unknownCommand(word: "takvm", suggestion: "takvim")),
        fail("rutinlr", .unknownCommand(word: "rutinlr", suggestion: "rutinler")),
        fail("dürtt #3", .unknownCommand(word: "dürtt", suggestion: "dürt")),
        fail("ertle #3 1 saat", .unknownCommand(word: "ertle", suggestion: "ertele")),
    ]
}

/// A local time of day.
private func clock(_ hour: Int, _ minute: Int = 0) -> LocalTime { LocalTime(hour: hour, minute: minute) }
