// The merged grammar: one weekday and month vocabulary for tasks and events, the word parts, the readings.

import Testing
import TwoDoCore

@testable import TwoDoCommands

/// Sunday 22 November 2026, 09:00 UTC; members alice and bob.
private let context = ParseContext(
    listNames: ["Inbox"], memberNames: ["alice", "bob"], now: 1_795_338_000, timeZone: "UTC")

private func parse(_ line: String) -> Result<Command, ParseError> { Parser.parse(line, context: context) }

private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

/// A task due on `day` at `time`.
private func task(_ title: String, _ day: String, _ time: String) -> Command {
    .add(
        title: title, list: nil,
        details: TaskDetails(due: DueDate(date: date(day), time: LocalTime(iso: time)!, tz: "UTC")))
}

/// An event on `day` at `time`.
private func event(_ title: String, _ day: String, _ time: String) -> Command {
    .event(.add(EventDraft(title: title, date: date(day), time: LocalTime(iso: time)!)))
}

@Suite("One grammar")
struct OneGrammarTests {
    /// Spellings that one of the two old grammars lacked, and one each that both had, with the date they name
    /// from Sunday 22 November 2026.
    static let weekdaySpellings: [(String, String)] = [
        ("weds", "2026-11-25"), ("pzt", "2026-11-23"), ("cmt", "2026-11-28"), ("wed", "2026-11-25"),
        ("tues", "2026-11-24"), ("thurs", "2026-11-26"), ("fri", "2026-11-27"), ("pazartesi", "2026-11-23"),
        ("Çarşamba", "2026-11-25"), ("cuma", "2026-11-27"),
    ]

    @Test("every weekday spelling gives a task its due date", arguments: weekdaySpellings)
    func taskWeekday(spelling: String, day: String) {
        #expect(parse("add call mom \(spelling) 5pm") == .success(task("call mom", day, "17:00")))
        #expect(parse("add call mom on \(spelling) at 5pm") == .success(task("call mom", day, "17:00")))
    }

    @Test("every weekday spelling gives an event its date", arguments: weekdaySpellings)
    func eventWeekday(spelling: String, day: String) {
        #expect(parse("event add dinner \(spelling) 7pm") == .success(event("dinner", day, "19:00")))
    }

    /// Month spellings (English short forms, Turkish names and their first three letters) with the date of
    /// the 3rd of that month on or after Sunday 22 November 2026.
    static let monthSpellings: [(String, String)] = [
        ("ara", "2026-12-03"), ("Aralık", "2026-12-03"), ("dec", "2026-12-03"), ("şub", "2027-02-03"),
        ("oca", "2027-01-03"), ("jan", "2027-01-03"), ("eyl", "2027-09-03"), ("sept", "2027-09-03"),
    ]

    @Test("every month spelling dates a task and an event", arguments: monthSpellings)
    func months(spelling: String, day: String) {
        #expect(parse("add pay rent 3 \(spelling) 5pm") == .success(task("pay rent", day, "17:00")))
        #expect(parse("event add party 3 \(spelling) 8pm") == .success(event("party", day, "20:00")))
    }

    @Test(
        "the task grammar's words for days, parts of the day and units work in events",
        arguments: [
            ("event add dinner tmrw 7pm", event("dinner", "2026-11-23", "19:00")),
            ("event add dinner tmr 7pm", event("dinner", "2026-11-23", "19:00")),
            ("event add lunch tomorrow midday", event("lunch", "2026-11-23", "12:00")),
            ("etkinlik ekle öğle yemeği yarın öğleyin", event("öğle yemeği", "2026-11-23", "12:00")),
        ] as [(String, Command)])
    func taskWordsInEvents(line: String, expected: Command) {
        #expect(parse(line) == .success(expected))
    }

    @Test("a reminder lead written with a task unit spelling (`wks`) is read for an event")
    func eventReminderUnit() throws {
        guard case .success(.event(.add(let draft))) = parse("event add trip 3 dec 8am remind me 2 wks before") else {
            Issue.record("not an event")
            return
        }
        #expect(draft.remindMinutes == 2 * 7 * 24 * 60)
    }

    @Test("weekday spellings repeat tasks and routines alike: `every weds`, `her pzt`")
    func repeats() {
        let weds = Recurrence(.weekly, weekdays: [3])
        #expect(
            parse("add water plants every weds")
                == .success(.add(title: "water plants", list: nil, details: TaskDetails(recurrence: weds))))
        #expect(
            parse("routine add plants every weds")
                == .success(.routine(.add(name: "plants", rule: weds, time: nil, assignee: nil))))
        #expect(
            parse("rutin ekle spor her pzt")
                == .success(
                    .routine(.add(name: "spor", rule: Recurrence(.weekly, weekdays: [1]), time: nil, assignee: nil)))
        )
    }

    @Test(
        "one vocabulary answers both grammars' weekday and month lookups",
        arguments: [
            ("weds", 3, nil), ("wednesdays", 3, nil), ("pzt", 1, nil), ("cmt", 6, nil), ("sali", 2, nil),
            ("ara", nil, 12), ("sub", nil, 2), ("mar", nil, 3), ("may", nil, 5), ("milk", nil, nil),
        ] as [(String, Int?, Int?)])
    func lookups(key: String, weekday: Int?, month: Int?) {
        #expect(Vocabulary.weekday(key) == weekday)
        #expect(Vocabulary.month(key) == month)
    }

    @Test("a short Turkish month takes no attached ending: `arada` stays a word")
    func noEndingOnShortForms() {
        #expect(Vocabulary.token(Word("arada")).kind == .other)
        #expect(Vocabulary.token(Word("aralıkta")).kind == .month(12))
    }

    @Test(
        "a word's key, bare key, stem and case ending",
        arguments: [
            ("Cuma'ya", "cuma'ya", "cuma'ya", "cuma", "ya"), ("mon,", "mon,", "mon", "mon", ""),
            ("24.12.", "24.12.", "24.12.", "24.12.", ""), ("Aralık’ta", "aralik'ta", "aralik'ta", "aralik", "ta"),
            ("fri.", "fri.", "fri", "fri", ""), ("14:30'da", "14:30'da", "14:30'da", "14:30", "da"),
        ])
    func wordParts(text: String, key: String, bare: String, stem: String, ending: String) {
        let word = Word(text[...])
        #expect(word.key == key)
        #expect(word.bareKey == bare)
        #expect(word.stem == stem)
        #expect(word.caseEnding == ending)
    }

    @Test(
        "routine and event verbs are spelled once, with Turkish letters, and found by folding key",
        arguments: [
            "oluştur", "yapıldı", "yaptım", "geç", "göster", "düzenle", "değiştir", "adlandır", "sürdür", "durdur",
        ])
    func routineVerbs(spelling: String) {
        #expect(VerbTable.routineVerbs[Word(spelling[...]).key] != nil)
    }

    @Test("every suggested routine, event or calendar head starts a planner line")
    func heads() {
        for (text, head, _) in VerbTable.heads {
            #expect(VerbTable.headByKey[Fold.key(text)] == head, "\(text)")
        }
        #expect(VerbTable.eventVerbs[Fold.key("taşı")] == .move)
        #expect(VerbTable.eventVerbs[Fold.key("İPTAL")] == .delete)
    }

    @Test("the readings are tried in one explicit order, most specific first")
    func order() {
        #expect(
            Parser.alternatives.map(\.name) == [
                "paged listing", "question", "english rephrasing", "planner", "verb first", "step in the middle",
                "member view", "verb last",
                "add in the middle", "priority first", "date colon add",
            ])
    }

    @Test(
        "a parse error says where parsing stopped; the error itself is what parse returns",
        arguments: [
            ("blorp milk", 0, 0), ("add", 1, 3), ("  add", 1, 5), ("lang xx", 1, 5),
            ("event add party Feb 30 at 8pm", 3, 16), ("etkinlik ekle parti 30 Şubat 20:00", 3, 20),
            ("agenda page 0", 2, 12), ("routine", 1, 7), ("event add dinner", 1, 6),
            // Two values: at the second one.
            ("add x friday tomorrow", 3, 13), ("acil x ekle !low", 3, 12), ("add x p3 urgent p3", 4, 16),
        ] as [(String, Int, Int)])
    func positions(line: String, word: Int, offset: Int) throws {
        guard case .failure(let located) = Parser.parseLocated(line, context: context) else {
            Issue.record("\(line) parsed")
            return
        }
        #expect(located.position == ParsePosition(word: word, offset: offset))
        #expect(Result<Command, ParseError>.failure(located.error) == parse(line))
    }

    @Test("a line that parses has no position")
    func locatedSuccess() {
        guard case .success(let command) = Parser.parseLocated("add milk", context: context) else {
            Issue.record("add milk did not parse")
            return
        }
        #expect(parse("add milk") == .success(command))
    }
}
