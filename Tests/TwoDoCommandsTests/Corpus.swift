// The table of command lines and their expected parses, shared by the corpus tests.

import Testing
import TwoDoCommands

/// One corpus row: a line, the expected result, and whether the test clock is on.
struct Row: Sendable, CustomTestStringConvertible {
    /// The line as the user typed it.
    let line: String
    /// What `Parser.parse` must return.
    let expected: Result<Command, ParseError>
    /// Whether the row is parsed with `testClock` on.
    let clock: Bool

    /// The line, so test output names the failing row.
    var testDescription: String { "\"\(line)\"" }
}

/// Builds a row expecting `command`.
func ok(_ line: String, _ command: Command, clock: Bool = false) -> Row {
    Row(line: line, expected: .success(command), clock: clock)
}

/// Builds a row expecting `error`.
func fail(_ line: String, _ error: ParseError, clock: Bool = false) -> Row {
    Row(line: line, expected: .failure(error), clock: clock)
}

/// The fixtures and rows of the parser corpus (rows live in `Corpus+English.swift` and `Corpus+Turkish.swift`).
enum Corpus {
    /// The list names every row is parsed against.
    static let listNames = ["Inbox", "Groceries", "Market", "Alışveriş Listesi", "Bills"]
    /// The member names every row is parsed against.
    static let memberNames = ["alice", "bob"]

    /// The context for `row`.
    static func context(for row: Row) -> ParseContext {
        row.clock ? withClock : plain
    }

    private static let plain = ParseContext(listNames: listNames, memberNames: memberNames, testClock: false)
    private static let withClock = ParseContext(listNames: listNames, memberNames: memberNames, testClock: true)
}
