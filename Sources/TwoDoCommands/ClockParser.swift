// `clock advance <duration>` and `clock set <ISO 8601 instant>`, understood only with the test clock on.

import Foundation

/// Parses the test-clock commands.
enum ClockParser {
    /// Styles tried in order: `2026-03-29T01:30:00Z`, `...+03:00`, `...+0300`, with or without fractions.
    private static let styles: [Date.ISO8601FormatStyle] = [
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon),
        Date.ISO8601FormatStyle(timeZoneSeparator: .omitted),
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true),
        Date.ISO8601FormatStyle(timeZoneSeparator: .omitted, includingFractionalSeconds: true),
    ]

    /// `clock advance <duration>` | `clock set <instant>`.
    /// - Returns: `.usage(verb: "clock")` when a part is missing, `.badValue(verb: "clock", value:)` when
    ///   the duration or instant does not parse.
    static func parse(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard args.count >= 2 else { return .failure(Verb.clock.usage) }
        let value = args.dropFirst().typed
        switch args[args.startIndex].key {
        case "advance":
            guard let seconds = DurationParser.seconds(value) else {
                return .failure(.badValue(verb: "clock", value: String(value)))
            }
            return .success(.clock(.advance(seconds: seconds)))
        case "set":
            guard let unix = instant(String(value)) else {
                return .failure(.badValue(verb: "clock", value: String(value)))
            }
            return .success(.clock(.set(unixSeconds: unix)))
        default:
            return .failure(Verb.clock.usage)
        }
    }

    /// The Unix seconds (rounded down) of an ISO 8601 instant with `Z` or a numeric offset.
    static func instant(_ text: String) -> Int64? {
        guard text.utf8.count <= 40 else { return nil }
        for style in styles {
            if let date = try? style.parse(text) {
                let seconds = date.timeIntervalSince1970.rounded(.down)
                guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
                return Int64(seconds)
            }
        }
        return nil
    }
}
