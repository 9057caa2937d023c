// Unit tests for human times relative to today and for re-expressing JSON instants in a reader's zone.

import Testing
import TwoDoCore
import TwoDoText

@Suite("Human times and JSON instants in the reader's zone")
struct HumanTimeTests {
    /// Tue 24 Nov 2026 18:00Z.
    let now: Int64 = 1_795_543_200

    /// Seconds from `now`, the reader's zone and language, and what they read.
    static let relativeRows: [(Int64, String, Language, String)] = [
        (0, "UTC", .en, "Today 18:00"),
        (-86_400, "UTC", .en, "Yesterday 18:00"),
        (-2 * 86_400, "UTC", .en, "Sun 22 Nov 18:00"),
        (0, "Europe/Istanbul", .tr, "Bugün 21:00"),
        (-86_400, "Europe/Istanbul", .tr, "Dün 21:00"),
        (-2 * 86_400 - 3_600, "Europe/Istanbul", .tr, "Paz 22 Kas 20:00"),
        (-365 * 86_400, "UTC", .en, "Mon 24 Nov 2025 18:00"),
        // 18:00Z is already Wednesday 03:00 in Tokyo: Tuesday 17:00 there is "Yesterday".
        (-10 * 3_600, "Asia/Tokyo", .en, "Yesterday 17:00"),
    ]

    @Test("today, yesterday, a weekday date, and a date of another year, in both languages", arguments: relativeRows)
    func relative(offset: Int64, tz: String, lang: Language, expected: String) {
        #expect(TimeText.human(now + offset, now: now, tz: tz, lang: lang) == expected)
    }

    @Test("instants under time keys move to the reader's offset; dates, wall times and other text stay")
    func inZone() {
        let data = JSONValue.object([
            ("title", .string("2026-11-22T09:00:00Z")),
            ("created_at", .string("2026-11-22T09:00:00Z")),
            ("due", .string("2026-11-23T15:00:00+01:00")),
            ("start", .string("2026-11-25")),
            ("end", .null),
            ("task", .object([("completed_at", .string("2026-11-22T09:30:00Z"))])),
            ("notes", .array([.object([("at", .string("2026-11-22T09:00:00Z")), ("time", .string("09:00"))])])),
            ("expires_at", .string("not a time")),
        ])
        let expected = JSONValue.object([
            ("title", .string("2026-11-22T09:00:00Z")),
            ("created_at", .string("2026-11-22T04:00:00-05:00")),
            ("due", .string("2026-11-23T09:00:00-05:00")),
            ("start", .string("2026-11-25")),
            ("end", .null),
            ("task", .object([("completed_at", .string("2026-11-22T04:30:00-05:00"))])),
            ("notes", .array([.object([("at", .string("2026-11-22T04:00:00-05:00")), ("time", .string("09:00"))])])),
            ("expires_at", .string("not a time")),
        ])
        #expect(data.inZone("America/New_York") == expected)
        #expect(data.inZone("America/New_York").inZone("UTC") == data.inZone("UTC"))
    }

    @Test(
        "the ISO 8601 reader takes what iso8601 writes and nothing else",
        arguments: ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"])
    func roundTrip(tz: String) {
        for instant in [Int64(0), 1_795_975_200, 1_774_744_200, 4_102_444_799] {
            #expect(TimeText.instant(iso8601: TimeText.iso8601(instant, tz: tz)) == instant)
        }
        for bad in [
            "", "2026-11-22", "2026-11-22T09:00:00", "2026-13-22T09:00:00Z", "2026-11-22T24:00:00Z",
            "2026-11-22T09:00:00+0100", "2026-11-22 09:00:00Z", "２０２６-11-22T09:00:00Z",
        ] {
            #expect(TimeText.instant(iso8601: bad) == nil, "\(bad)")
        }
    }
}
