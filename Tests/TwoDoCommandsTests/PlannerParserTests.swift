// Routine, event, calendar and note commands: English and Turkish lines with dates resolved from a fixed clock.

import Testing
import TwoDoCommands
import TwoDoCore

/// Sunday 22 November 2026, 09:00 UTC; members alice and bob.
private let context = ParseContext(
    listNames: ["Inbox"], memberNames: ["alice", "bob"], now: 1_795_338_000, timeZone: "UTC")
private func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }
private func t(_ h: Int, _ m: Int = 0) -> LocalTime { LocalTime(hour: h, minute: m) }
private func parse(_ line: String) -> Result<Command, ParseError> { Parser.parse(line, context: context) }

@Suite("Routine, event and calendar commands", .timeLimit(.minutes(1)))
struct PlannerParserTests {
    @Test("the fixed clock is Sunday 22 November 2026")
    func clock() {
        #expect(LocalDate(instant: context.now, tz: "UTC") == d("2026-11-22"))
    }

    @Test(
        "routine schedules, English and Turkish side by side",
        arguments: [
            ("routine add gym every day", "gym", Recurrence(.daily)),
            ("rutin ekle spor her gün", "spor", Recurrence(.daily)),
            ("routine add stretch daily", "stretch", Recurrence(.daily)),
            ("routine add standup every weekday", "standup", Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])),
            ("rutin ekle toplantı her hafta içi", "toplantı", Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])),
            ("routine add gym every mon, wed and fri", "gym", Recurrence(.weekly, weekdays: [1, 3, 5])),
            ("rutin ekle spor her pazartesi, çarşamba ve cuma", "spor", Recurrence(.weekly, weekdays: [1, 3, 5])),
            ("routine add water the plants every 2 days", "water the plants", Recurrence(.daily, interval: 2)),
            ("rutin ekle çiçekleri sula 2 günde bir", "çiçekleri sula", Recurrence(.daily, interval: 2)),
            ("routine add plants every week on sunday", "plants", Recurrence(.weekly, weekdays: [7])),
            ("rutin ekle bitkiler her hafta pazar", "bitkiler", Recurrence(.weekly, weekdays: [7])),
            ("routine add pay rent every month on the 1st", "pay rent", Recurrence(.monthly, monthDay: 1)),
            ("rutin ekle kira her ayın 1'i", "kira", Recurrence(.monthly, monthDay: 1)),
            ("rutin ekle fatura her ayın 15'inde", "fatura", Recurrence(.monthly, monthDay: 15)),
            ("routine add review every other week", "review", Recurrence(.weekly, interval: 2)),
            ("routine add budget every 3rd friday", "budget", Recurrence(.monthly, weekdays: [5], ordinal: 3)),
            ("alışkanlık ekle kitap her gün", "kitap", Recurrence(.daily)),
        ])
    func schedules(line: String, name: String, rule: Recurrence) {
        #expect(parse(line) == .success(.routine(.add(name: name, rule: rule, time: nil, assignee: nil))))
    }

    @Test(
        "routine times and assignees",
        arguments: [
            ("routine add gym every day at 7am", t(7) as LocalTime?, nil as AssigneeRef?),
            ("routine add gym every day at 7:30pm for bob", t(19, 30), .member("bob")),
            ("routine add gym every day for both", nil, .nobody),
            ("rutin ekle spor her gün saat 7", t(7), nil),
            ("rutin ekle spor her gün 07:15'te bob için", t(7, 15), .member("bob")),
            ("rutin ekle spor her gün ikimiz için", nil, .nobody),
            ("routine add gym every day for me", nil, .me),
        ])
    func timeAndAssignee(line: String, time: LocalTime?, who: AssigneeRef?) throws {
        guard case .success(.routine(.add(_, _, let gotTime, let gotWho))) = parse(line) else {
            Issue.record("not a routine add: \(parse(line))")
            return
        }
        #expect(gotTime == time)
        #expect(gotWho == who)
    }

    @Test(
        "marking days: past days for done and undo, coming ones for skip",
        arguments: [
            ("routine done gym", "gym", RoutineMark.done, nil as String?),
            ("routine done gym yesterday", "gym", .done, "2026-11-21"),
            ("routine done gym friday", "gym", .done, "2026-11-20"),
            ("routine done gym 2026-11-01", "gym", .done, "2026-11-01"),
            ("routine done gym 20.11", "gym", .done, "2026-11-20"),
            ("routine done gym Nov 30", "gym", .done, "2025-11-30"),
            ("rutin yapıldı spor dün", "spor", .done, "2026-11-21"),
            ("rutin bitti sabah koşusu", "sabah koşusu", .done, nil),
            ("routine skip gym friday", "gym", .skipped, "2026-11-27"),
            ("routine skip gym today", "gym", .skipped, "2026-11-22"),
            ("rutin atla spor yarın", "spor", .skipped, "2026-11-23"),
            ("rutin atla spor 24 Aralık", "spor", .skipped, "2026-12-24"),
        ])
    func marks(line: String, name: String, mark: RoutineMark, date: String?) throws {
        guard case .success(.routine(.mark(let gotName, let gotMark, let gotDate, _))) = parse(line) else {
            Issue.record("not a mark: \(parse(line))")
            return
        }
        #expect(gotName == name)
        #expect(gotMark == mark)
        #expect(gotDate == date.map(d))
    }

    @Test("the other routine subcommands")
    func others() {
        #expect(parse("routine undo gym") == .success(.routine(.undo(name: "gym", date: nil, wholeName: nil))))
        #expect(parse("rutin geri al spor") == .success(.routine(.undo(name: "spor", date: nil, wholeName: nil))))
        #expect(parse("routine stats gym") == .success(.routine(.stats(name: "gym"))))
        #expect(parse("rutin istatistik spor") == .success(.routine(.stats(name: "spor"))))
        #expect(parse("routine rename gym to weights") == .success(.routine(.rename(name: "gym", to: "weights"))))
        #expect(parse("rutin yeniden adlandır spor -> koşu") == .success(.routine(.rename(name: "spor", to: "koşu"))))
        #expect(parse("routine pause gym") == .success(.routine(.pause(name: "gym"))))
        #expect(parse("rutin devam spor") == .success(.routine(.resume(name: "spor"))))
        #expect(parse("routine delete gym") == .success(.routine(.delete(name: "gym"))))
        #expect(
            parse("routine edit gym every tue and thu")
                == .success(.routine(.edit(name: "gym", rule: Recurrence(.weekly, weekdays: [2, 4]), time: nil))))
        #expect(
            parse("routine edit gym no time") == .success(.routine(.edit(name: "gym", rule: nil, time: .some(nil)))))
        #expect(parse("routines") == .success(.routines))
        #expect(parse("rutinler") == .success(.routines))
        #expect(parse("routine") == .failure(.usage(verb: "routine")))
        #expect(parse("routine add gym") == .failure(.usage(verb: "routine")))
    }

    @Test(
        "event add: title, date, time range, place, reminder, rule, assignee",
        arguments: [
            (
                "event add dinner with Sam friday 7pm-9pm at Luigi's remind 1h before",
                EventDraft(
                    title: "dinner with Sam", date: d("2026-11-27"), time: t(19), end: t(21), location: "Luigi's",
                    remindMinutes: 60)
            ),
            (
                "event add mum's birthday 12 March every year",
                EventDraft(title: "mum's birthday", date: d("2027-03-12"), recurrence: Recurrence(.yearly))
            ),
            (
                "etkinlik ekle doktor 3 Aralık 14:30",
                EventDraft(title: "doktor", date: d("2026-12-03"), time: t(14, 30))
            ),
            ("event add standup tomorrow 9:30am", EventDraft(title: "standup", date: d("2026-11-23"), time: t(9, 30))),
            (
                "event add party 2026-12-24 at home for both",
                EventDraft(title: "party", date: d("2026-12-24"), location: "home", assignee: .nobody)
            ),
            (
                "event add trip Dec 24 all day for bob",
                EventDraft(title: "trip", date: d("2026-12-24"), allDay: true, assignee: .member("bob"))
            ),
            ("event add call 8pm", EventDraft(title: "call", date: d("2026-11-22"), time: t(20))),
            ("event add breakfast 8am", EventDraft(title: "breakfast", date: d("2026-11-23"), time: t(8))),
            (
                "event add dinner for two friday 7-9pm",
                EventDraft(title: "dinner for two", date: d("2026-11-27"), time: t(19), end: t(21))
            ),
            (
                "etkinlik ekle yoga her pazartesi saat 18:00 yer salon 30 dk önce hatırlat",
                EventDraft(
                    title: "yoga", date: d("2026-11-23"), time: t(18), location: "salon", remindMinutes: 30,
                    recurrence: Recurrence(.weekly, weekdays: [1]))
            ),
            (
                "event add yoga monday 6pm every week until Dec 31",
                EventDraft(
                    title: "yoga", date: d("2026-11-23"), time: t(18),
                    recurrence: Recurrence(.weekly, until: d("2026-12-31")))
            ),
            (
                "etkinlik ekle toplantı yarın 10:00-11:30 bob için",
                EventDraft(
                    title: "toplantı", date: d("2026-11-23"), time: t(10), end: t(11, 30), assignee: .member("bob"))
            ),
        ])
    func eventAdd(line: String, expected: EventDraft) {
        var want = expected
        // A time with no date is resolved to today or tomorrow by the parser.
        if want.date == nil, want.time != nil { want.date = d("2026-11-22") }
        #expect(parse(line) == .success(.event(.add(want))))
    }

    @Test(
        "impossible dates and times are errors that say what is wrong",
        arguments: [
            ("event add party 30 Feb", DateProblem.noSuchDay),
            ("event add party friday 25:00", .noSuchTime),
            ("event add party friday 13pm", .noSuchTime),
            ("etkinlik ekle parti 31 Nisan", .noSuchDay),
        ])
    func badDates(line: String, problem: DateProblem) {
        guard case .failure(.badDate(_, _, let got)) = parse(line) else {
            Issue.record("expected a bad date: \(parse(line))")
            return
        }
        #expect(got == problem)
    }

    @Test("event edit, move, delete and show")
    func eventChanges() {
        #expect(
            parse("event edit dinner at Sam's")
                == .success(.event(.edit(ref: "dinner", changes: EventDraft(location: "Sam's")))))
        #expect(
            parse("event edit dinner: title Dinner at Sam's")
                == .success(.event(.edit(ref: "dinner", changes: EventDraft(title: "Dinner at Sam's")))))
        #expect(
            parse("event edit dinner no reminder")
                == .success(.event(.edit(ref: "dinner", changes: EventDraft(clearReminder: true)))))
        #expect(
            parse("event move dinner saturday 8pm")
                == .success(.event(.move(ref: "dinner", scope: nil, date: d("2026-11-28"), time: t(20), end: nil))))
        #expect(
            parse("event move yoga this friday")
                == .success(
                    .event(.move(ref: "yoga", scope: .this(date: nil), date: d("2026-11-27"), time: nil, end: nil))))
        // "<date> to <date>": the occurrence on the first date moves to the second.
        #expect(
            parse("event move yoga Nov 30 to Dec 1 8pm")
                == .success(
                    .event(
                        .move(
                            ref: "yoga", scope: .this(date: d("2026-11-30")), date: d("2026-12-01"), time: t(20),
                            end: nil))))
        #expect(
            parse("etkinlik taşı yoga tümü 19:00")
                == .success(.event(.move(ref: "yoga", scope: .all, date: nil, time: t(19), end: nil))))
        #expect(parse("event delete dinner") == .success(.event(.delete(ref: "dinner", scope: nil))))
        #expect(parse("event delete yoga all") == .success(.event(.delete(ref: "yoga", scope: .all))))
        #expect(
            parse("event delete yoga this 2026-11-30")
                == .success(.event(.delete(ref: "yoga", scope: .this(date: d("2026-11-30"))))))
        #expect(parse("etkinlik sil yoga bu") == .success(.event(.delete(ref: "yoga", scope: .this(date: nil)))))
        #expect(parse("event show id:3") == .success(.event(.show(ref: "id:3"))))
    }

    @Test("event windows, the calendar, the week agenda and the week start")
    func views() {
        #expect(parse("events") == .success(.events(from: nil, to: nil)))
        #expect(parse("events from Dec 1 to Dec 31") == .success(.events(from: d("2026-12-01"), to: d("2026-12-31"))))
        #expect(
            parse("etkinlikler 1 Aralık'tan 31 Aralık'a kadar")
                == .success(.events(from: d("2026-12-01"), to: d("2026-12-31"))))
        #expect(parse("calendar") == .success(.calendar(month: nil, year: nil)))
        #expect(parse("calendar december") == .success(.calendar(month: 12, year: nil)))
        #expect(parse("takvim aralık 2027") == .success(.calendar(month: 12, year: 2027)))
        #expect(parse("calendar next month") == .success(.calendar(month: 12, year: 2026)))
        #expect(parse("takvim geçen ay") == .success(.calendar(month: 10, year: 2026)))
        #expect(parse("calendar 2027-02") == .success(.calendar(month: 2, year: 2027)))
        #expect(parse("agenda week") == .success(.agendaWeek))
        #expect(parse("ajanda hafta") == .success(.agendaWeek))
        #expect(parse("weekstart monday") == .success(.weekStart(.monday)))
        #expect(parse("hafta başı pazar") == .success(.weekStart(.sunday)))
        #expect(parse("weekstart") == .success(.weekStart(nil)))
        #expect(parse("weekstart friday") == .failure(.badValue(verb: "weekstart", value: "friday")))
    }

    @Test("notes on routines and events, and deleting notes by number")
    func notes() {
        #expect(parse("note routine gym: felt great") == .success(.itemNote(.routine("gym"), text: "felt great")))
        #expect(
            parse("not etkinlik doktor: kimliği unutma")
                == .success(.itemNote(.event("doktor"), text: "kimliği unutma")))
        #expect(parse("notes event dinner") == .success(.itemNotes(.event("dinner"))))
        #expect(parse("notlar rutin spor") == .success(.itemNotes(.routine("spor"))))
        #expect(parse("note delete #3 2") == .success(.noteDelete(.task(.number(3)), number: 2)))
        #expect(parse("note delete routine gym 1") == .success(.noteDelete(.routine("gym"), number: 1)))
        #expect(parse("not sil süt 1") == .success(.noteDelete(.task(.words("süt")), number: 1)))
    }

    @Test("calendar link and its revoke, in both languages; anything more is the calendar's usage")
    func calendarLink() {
        #expect(parse("calendar link") == .success(.calendarLink(revoke: false)))
        #expect(parse("calendar link revoke") == .success(.calendarLink(revoke: true)))
        #expect(parse("takvim bağlantısı") == .success(.calendarLink(revoke: false)))
        #expect(parse("takvim bağlantısı iptal") == .success(.calendarLink(revoke: true)))
        #expect(parse("calendar link please now") == .failure(.usage(verb: "calendar")))
        #expect(parse("calendar link december") == .failure(.usage(verb: "calendar")))
        #expect(parse("calendar december") == .success(.calendar(month: 12, year: nil)))
    }

    @Test("editing a note by number: the first number after the reference, its text kept as typed")
    func noteEdits() {
        #expect(
            parse("note edit oat milk 2 the  blue carton")
                == .success(.noteEdit(.task(.words("oat milk")), number: 2, text: "the  blue carton")))
        #expect(
            parse("note edit #3 1: two of them")
                == .success(.noteEdit(.task(.number(3)), number: 1, text: "two of them")))
        #expect(parse("note edit id:42 #2 x") == .success(.noteEdit(.task(.id(42)), number: 2, text: "x")))
        #expect(
            parse("note edit routine gym 1 bring two towels")
                == .success(.noteEdit(.routine("gym"), number: 1, text: "bring two towels")))
        #expect(
            parse("not düzenle süt 1 yağsız olsun")
                == .success(.noteEdit(.task(.words("süt")), number: 1, text: "yağsız olsun")))
        #expect(
            parse("not değiştir etkinlik doktor 2 saat 3'te")
                == .success(.noteEdit(.event("doktor"), number: 2, text: "saat 3'te")))
        // A number with nothing after it, or a kind without a name: the usage, not a note on a task "edit".
        #expect(parse("note edit oat milk 2") == .failure(.usage(verb: "note")))
        #expect(parse("note edit routine 1 x") == .failure(.usage(verb: "note")))
        // No number, or a colon before it: an ordinary note on a task whose title starts with "edit".
        #expect(PlannerParser.parse("note edit the plan: 2 pages", context: context) == nil)
        #expect(PlannerParser.parse("note edit photos: crop them", context: context) == nil)
    }

    @Test("lines that are not these commands are left to the rest of the parser")
    func passThrough() {
        for line in ["add milk", "note milk: oat", "notes milk", "agenda", "show", "done 3"] {
            #expect(PlannerParser.parse(line, context: context) == nil, "\(line)")
        }
    }

    @Test("no input crashes the planner parser", arguments: 0..<200)
    func noCrash(seed: Int) {
        var g = SplitMix64(seed: UInt64(seed))
        let pieces = [
            "routine", "event", "add", "every", "her", "at", "7pm", "-", "12", "March", "31.04", "'", "2026-02-30",
            "until", "for",
            "remind", "1h", "before", "bu", "all", ":", "ç", "25:00", "next", "friday", "x", "calendar", "note",
            "delete", "#0", "kadar",
        ]
        let line = (0..<Int(g.next() % 9)).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined(
            separator: " ")
        _ = Parser.parse(line, context: context)
    }
}
