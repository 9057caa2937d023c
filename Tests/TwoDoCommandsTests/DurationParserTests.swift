// Tests of `clock advance` durations in English and Turkish.

import Testing

@testable import TwoDoCommands

/// Tests of `DurationParser`.
@Suite("DurationParser")
struct DurationParserTests {
    @Test(
        "Durations in seconds",
        arguments: [
            ("90s", 90), ("15m", 900), ("15 min", 900), ("2h", 7200), ("1h30m", 5400), ("1h 30m", 5400),
            ("90 minutes", 5400), ("1 hour and 30 minutes", 5400), ("3 days", 259_200), ("1w", 604_800),
            ("15 dk", 900), ("2 SAAT", 7200), ("3 gün", 259_200), ("3 gun", 259_200), ("1 hafta", 604_800),
            ("30 saniye", 30), ("0s", 0),
        ] as [(String, Int64)])
    func valid(_ text: String, _ seconds: Int64) {
        #expect(DurationParser.seconds(text[...]) == seconds)
    }

    @Test(
        "Not durations",
        arguments: [
            "", "90", "h", "soon", "1 parsec", "and 1h", "1h and", "1h and and 2m", "-5m",
            "99999999999999999999s", "9999999999999999w",
        ])
    func invalid(_ text: String) {
        #expect(DurationParser.seconds(text[...]) == nil)
    }
}
