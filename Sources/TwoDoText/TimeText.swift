// Formatting instants for people and for JSON: ISO 8601 with the reader's own UTC offset.

import Foundation

/// Formats Unix-second instants in a user's IANA time zone.
public enum TimeText {
    /// ISO 8601 with the offset of `tz` at that instant, e.g. `2026-11-22T15:04:05+03:00`.
    ///
    /// Uses `Date.ISO8601FormatStyle` (not `ISO8601DateFormatter`, which crashed here without tzdata).
    public static func iso8601(_ seconds: Int64, tz: String) -> String {
        let zone = TimeZone(identifier: tz) ?? TimeZone(identifier: "UTC")!
        var style = Date.ISO8601FormatStyle(timeZone: zone)
        style = style.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .colon)
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style)
    }

    /// Whether `identifier` names a zone in the system's time-zone database.
    public static func isKnownZone(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.count <= 64 else { return false }
        return TimeZone(identifier: identifier) != nil
    }
}
