// Tasks, routines, events and plans read dates, times and rules with one vocabulary and one set of readers.

import Foundation
import Testing
import TwoDoCore

@testable import TwoDoCommands

/// Sunday 22 November 2026, 09:00 UTC; members alice and bob.
private let context = ParseContext(
    listNames: ["Inbox"], memberNames: ["alice", "bob"], now: 1_795_338_000, timeZone: "UTC")

private func parse(_ line: String) -> Result<Command, ParseError> { Parser.parse(line, context: context) }

@Suite("Shared date grammar")
struct SharedDateGrammarTests {
    /// Phrases with a day and a time that a task and an event must read alike. (Where the two differ on
    /// purpose, a phrase is left out: a bare hour is p.m. for a task and as written for an event; a bare
    /// weekday that is today is next week's for a task and today for an event.)
    static let dayAndTime = [
        "tomorrow 5pm", "yarın 17:30", "3 Aralık 14:30", "Dec 24 noon", "next friday 9am", "haftaya cuma 10:00",
        "24.12 20:00", "24.12. 20:00", "2026-12-24 8pm", "bu cuma 19:00", "day after tomorrow 7:30am",
        "öbür gün 10'da", "friday 6pm", "cuma 18:00", "on Dec 3 at 5:30pm", "tmrw 7 pm", "31 Aralık 23:59",
        "in 3 days 9am", "3 gün sonra 09:00", "yarın 17.30", "3 Aralık 14:30'a", "yarın 09:15'e",
    ]

    @Test("a day and a time mean the same in a task and in an event", arguments: dayAndTime)
    func taskAndEventAgree(phrase: String) throws {
        guard case .success(.add(_, _, let details)) = parse("add call mom \(phrase)"), let due = details.due else {
            Issue.record("task: \(parse("add call mom \(phrase)"))")
            return
        }
        guard case .success(.event(.add(let draft))) = parse("event add call mom \(phrase)") else {
            Issue.record("event: \(parse("event add call mom \(phrase)"))")
            return
        }
        #expect(draft.date == due.date)
        #expect(draft.time == due.time)
    }

    /// Repeat rules a task and a routine must read alike.
    static let rules = [
        "every day", "daily", "every mon, wed and fri", "her pazartesi, çarşamba ve cuma", "every 2 weeks on monday",
        "her ayın 15'i", "her ayın 1'inde", "every month on the 1st", "every 3rd friday", "every last friday",
        "her gün", "hergün", "2 günde bir", "every weekday", "her hafta içi", "her hafta sonu", "every other week",
        "her yıl", "every year", "weekly on friday", "every 15th", "her cuma", "every weds", "her pzt",
        "biweekly", "monthly on the last friday",
    ]

    @Test("a repeat rule means the same for a task and for a routine", arguments: rules)
    func taskAndRoutineAgree(phrase: String) throws {
        guard case .success(.add(_, _, let details)) = parse("add water plants \(phrase)"),
            let rule = details.recurrence
        else {
            Issue.record("task: \(parse("add water plants \(phrase)"))")
            return
        }
        guard case .success(.routine(.add(_, let routineRule, _, _))) = parse("routine add plants \(phrase)") else {
            Issue.record("routine: \(parse("routine add plants \(phrase)"))")
            return
        }
        #expect(routineRule == rule)
    }

    @Test("an impossible date is the same error for a task and an event")
    func impossibleDates() {
        for phrase in ["Feb 30", "31 Nisan", "32.12"] {
            guard case .failure(.badDate(_, let taskValue, let taskProblem)) = parse("add party \(phrase)"),
                case .failure(.badDate(_, let eventValue, let eventProblem)) = parse("event add party \(phrase)")
            else {
                Issue.record("\(phrase): \(parse("add party \(phrase)")) / \(parse("event add party \(phrase)"))")
                continue
            }
            #expect(taskValue == eventValue)
            #expect(taskProblem == eventProblem)
        }
    }

    /// The files that read dates, times and rules, besides `Vocabulary.swift`.
    static let readerFiles = [
        "ScheduleParser.swift", "ScheduleParser+Date.swift", "ScheduleParser+Time.swift",
        "ScheduleParser+Recurrence.swift", "SchedulePhrase.swift", "DateResolver.swift", "PlannerDateParser.swift",
        "PlannerScheduleParser.swift", "PlannerClauses.swift", "PlannerParser.swift", "PlanParser.swift",
        "EventParser.swift", "RoutineParser.swift", "DurationParser.swift", "ClockParser.swift", "LocalClock.swift",
        "DetailPhrases.swift", "ScheduleCommandParser.swift",
    ]

    /// Whether a folded string names a date, time or rule word: a weekday, a month, a unit, a part of the
    /// day, am/pm, or a relative-day, recurrence or until word. (Ordinal words also order plans: `plan 3 first`.)
    static func isDateWord(_ key: String) -> Bool {
        let token = Vocabulary.token(key: key)
        switch token.kind {
        case .weekday, .month, .unit, .timeOfDay, .meridiem: return true
        case .keyword(let k):
            let dateWords: [Keyword] = [
                .today, .tonight, .tomorrow, .yesterday, .bugun, .yarin, .dun, .obur, .oburgun, .next, .this,
                .coming, .haftaya, .gelecek, .onumuzdeki, .gecen, .every, .her, .hergun, .daily, .weekly, .monthly,
                .yearly, .biweekly, .weekday, .weekdays, .weekend, .weekends, .haftasonu, .haftaici, .until, .kadar,
                .through, .from, .sonra, .icinde, .ogleden, .yarisi, .sonraki, .onceki, .previous,
            ]
            return dateWords.contains(k)
        default: return false
        }
    }

    @Test("date, time and rule words are spelled only in Vocabulary, not again in a reader")
    func oneWordList() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TwoDoCommands")
        // `saat` is both the hour unit and the clock marker (`saat 7`); the marker is named by its spelling.
        let allowed: Set<String> = ["saat"]
        let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
        for file in Self.readerFiles {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for match in code.matches(of: literal) {
                    guard let inner = match.output[1].substring else { continue }
                    let key = Fold.key(inner)
                    guard !key.isEmpty, !allowed.contains(key), Self.isDateWord(key) else { continue }
                    Issue.record("\(file):\(n + 1) spells the date word \"\(inner)\"; ask Vocabulary instead")
                }
            }
        }
    }

    @Test(
        "half past, quarter past and quarter to are times, in tasks and events; 7 buçuk is half past 7",
        arguments: [
            ("tomorrow at half past 7am", 7, 30), ("tomorrow half past 7 pm", 19, 30),
            ("tomorrow quarter to 9am", 8, 45),
            ("tomorrow at quarter past 10am", 10, 15), ("tomorrow quarter to 12pm", 11, 45),
            ("yarın sabah 7 buçuk", 7, 30), ("yarın saat 9 buçuk", 9, 30),
        ] as [(String, Int, Int)])
    func spokenTimes(phrase: String, hour: Int, minute: Int) throws {
        guard case .success(.add(_, _, let details)) = parse("add call mom \(phrase)"), let due = details.due else {
            Issue.record("task: \(parse("add call mom \(phrase)"))")
            return
        }
        #expect(due.time == LocalTime(hour: hour, minute: minute), "\(phrase)")
        guard case .success(.event(.add(let draft))) = parse("event add call mom \(phrase)") else {
            Issue.record("event: \(parse("event add call mom \(phrase)"))")
            return
        }
        #expect(draft.time == LocalTime(hour: hour, minute: minute), "\(phrase)")
    }

    @Test("the reader files exist, so the word-list check reads them")
    func readerFilesExist() {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TwoDoCommands")
        for file in Self.readerFiles {
            #expect(FileManager.default.fileExists(atPath: sources.appendingPathComponent(file).path), "\(file)")
        }
    }
}
