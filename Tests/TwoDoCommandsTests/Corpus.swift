// The table of command lines and their expected parses, shared by the corpus tests.

import Testing
import TwoDoCommands
import TwoDoCore

/// One corpus row: a line, the expected result, the test clock switch, and the user's clock and zone.
struct Row: Sendable, CustomTestStringConvertible {
    /// The line as the user typed it.
    let line: String
    /// What `Parser.parse` must return.
    let expected: Result<Command, ParseError>
    /// Whether the row is parsed with `testClock` on.
    let clock: Bool
    /// The user's IANA zone.
    var zone = "UTC"
    /// The instant the line is parsed at (Unix seconds).
    var now = Corpus.now
    /// Who typed the line (so the parser knows the partner), when the row needs it.
    var user: String? = nil

    /// The line (and its zone and instant when not the defaults), so test output names the failing row.
    var testDescription: String {
        zone == "UTC" && now == Corpus.now ? "\"\(line)\"" : "\"\(line)\" (\(zone) @\(now))"
    }
}

/// Builds a row expecting `command`.
func ok(
    _ line: String, _ command: Command, clock: Bool = false, tz: String = "UTC", now: Int64 = Corpus.now,
    user: String? = nil
) -> Row {
    Row(line: line, expected: .success(command), clock: clock, zone: tz, now: now, user: user)
}

/// Builds a row expecting `error`.
func fail(
    _ line: String, _ error: ParseError, clock: Bool = false, tz: String = "UTC", now: Int64 = Corpus.now,
    user: String? = nil
) -> Row {
    Row(line: line, expected: .failure(error), clock: clock, zone: tz, now: now, user: user)
}

/// A local date from `2026-11-23`.
func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

/// A due date: `due("2026-11-23")` is all day, `due("2026-11-23", "18:00")` at a time; in `tz`.
func due(_ date: String, _ time: String? = nil, tz: String = "UTC") -> DueDate {
    DueDate(date: day(date), time: time.map { LocalTime(iso: $0)! }, tz: tz)
}

/// An `add` command with the given details.
func task(
    _ title: String, list: String? = nil, due: DueDate? = nil, priority: Priority? = nil, rule: Recurrence? = nil,
    assignee: AssigneeRef? = nil, reminders: [ReminderSpec] = [], nag: Int? = nil, remindFor: AssigneeRef? = nil
) -> Command {
    .add(
        title: title, list: list,
        details: TaskDetails(
            due: due, priority: priority, recurrence: rule, assignee: assignee, reminders: reminders, nagMinutes: nag,
            reminderFor: remindFor))
}

/// An error about a date or time.
func bad(_ verb: String, _ value: String, _ problem: DateProblem) -> ParseError {
    .badDate(verb: verb, value: value, problem: problem)
}

/// The fixtures and rows of the parser corpus (rows live in `Corpus+English.swift` and `Corpus+Turkish.swift`).
enum Corpus {
    /// The list names every row is parsed against.
    static let listNames = ["Inbox", "Groceries", "Market", "Alışveriş Listesi", "Bills"]
    /// The member names every row is parsed against.
    static let memberNames = ["alice", "bob"]

    /// The default instant rows are parsed at: Sunday 2026-11-22 09:00 UTC (12:00 in Istanbul).
    static let now: Int64 = 1_795_338_000
    /// Wednesday 2026-11-25 14:00 UTC.
    static let wednesday: Int64 = 1_795_615_200
    /// Monday 2026-11-23 02:30 in Istanbul (Sunday 23:30 UTC): the local date differs from UTC's.
    static let istanbulNight: Int64 = 1_795_390_200
    /// Berlin: Saturday 2026-03-28 13:00 CET, the day before clocks go forward.
    static let berlinSpringEve: Int64 = 1_774_699_200
    /// Berlin: Sunday 2026-03-29 01:30 CET, half an hour before 02:00 becomes 03:00.
    static let berlinSpring: Int64 = 1_774_744_200
    /// Berlin: Saturday 2026-10-24 14:00 CEST, the day before clocks go back.
    static let berlinAutumnEve: Int64 = 1_792_843_200
    /// Berlin: Sunday 2026-10-25 02:30 CEST, half an hour before 03:00 becomes 02:00 again.
    static let berlinAutumn: Int64 = 1_792_888_200
    /// New York: Saturday 2026-03-07 12:00 EST, the day before clocks go forward.
    static let newYorkSpringEve: Int64 = 1_772_902_800
    /// New York: Sunday 2026-03-08 01:30 EST, half an hour before 02:00 becomes 03:00.
    static let newYorkSpring: Int64 = 1_772_951_400
    /// New York: Saturday 2026-10-31 13:00 EDT, the day before clocks go back.
    static let newYorkAutumnEve: Int64 = 1_793_466_000
    /// New York: Sunday 2026-11-01 01:30 EDT, half an hour before 02:00 becomes 01:00 again.
    static let newYorkAutumn: Int64 = 1_793_511_000

    /// The context for `row`.
    static func context(for row: Row) -> ParseContext {
        var context = ParseContext(
            listNames: listNames, memberNames: memberNames, testClock: row.clock, now: row.now, timeZone: row.zone)
        context.userName = row.user
        return context
    }
}
