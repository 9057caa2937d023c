// Property tests of date resolution: phrases that name no past date resolve to now or later, in any zone.

import Testing
import TwoDoCommands
import TwoDoCore

/// Random future-looking phrases, random instants and zones (including DST days), checked against now.
@Suite("Date properties")
struct DatePropertyTests {
    /// Date words that never name a day before today; each may take one of `times`.
    static let dates: [String] = [
        "tomorrow", "day after tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "next friday", "next monday", "on sat", "Dec 24", "24.12", "24/12", "1 March", "Feb 29",
        "on the 15th", "on the 31st", "yarın", "öbür gün", "yarından sonra", "haftaya cuma", "cuma günü",
        "pazartesi", "24 Aralık", "29 Şubat", "ayın 15'i", "in 3 days", "3 gün sonra", "in 2 weeks", "next week",
        "haftaya", "next month", "gelecek ay",
    ]

    /// Date words that may name today, so they are used without a time (today's passed times are allowed).
    static let todayish: [String] = [
        "today", "bugün", "this weekend", "hafta sonu", "end of week", "end of month", "ay sonu", "this friday",
        "bu cuma",
    ]

    /// Times of day, alone or after a date.
    static let times: [String] = [
        "5pm", "at 9", "17:30", "at noon", "saat 9'da", "10:15", "at 7", "8am", "akşam 7'de", "at 2:30", "1:30",
        "at midnight",
    ]

    /// Phrases that carry their own time.
    static let relative: [String] = [
        "in 45 minutes", "in 2 hours", "in 1h30m", "90 dakika sonra", "1 saat sonra", "in half an hour",
        "tomorrow evening", "yarın sabah 9'da", "cuma akşamı",
    ]

    /// Recurrences with a time, whose first occurrence is the due date (`add` only).
    static let rules: [String] = [
        "every monday at 9", "every day at 9am", "her gün saat 9'da", "every weekday at 8am", "every 15th at 10am",
        "every last friday at 6pm", "her akşam", "every morning", "every month on the 31st at 7am",
    ]

    static let zones = ["UTC", "Europe/Istanbul", "Europe/Berlin", "America/New_York"]

    /// Instants near the 2026 DST changes of Berlin and New York, plus the Istanbul/UTC references.
    static let anchors: [Int64] = [
        1_774_699_200, 1_774_744_200, 1_792_843_200, 1_792_888_200, 1_772_902_800, 1_772_951_400,
        1_793_466_000, 1_793_511_000, 1_795_338_000, 1_795_390_200,
    ]

    @Test("A phrase without an explicit past date resolves to now or later", .timeLimit(.minutes(1)))
    func notBeforeNow() {
        var rng = SplitMix64(seed: 0xDA7E_0001)
        for index in 0..<2_000 {
            let zone = Self.zones[rng.below(Self.zones.count)]
            // Half near a DST change (within ±36 h), half anywhere in 2026–2028.
            let now: Int64 =
                index % 2 == 0
                ? Self.anchors[rng.below(Self.anchors.count)] + Int64(rng.below(72 * 3600)) - 36 * 3600
                : 1_767_225_600 + Int64(rng.below(3 * 365 * 86_400))
            let phrase: String
            var verb = index % 3 == 0 ? "due 3 " : "add check the boiler "
            switch rng.below(5) {
            case 0: phrase = Self.dates[rng.below(Self.dates.count)] + " " + Self.times[rng.below(Self.times.count)]
            case 1: phrase = Self.dates[rng.below(Self.dates.count)]
            case 2: phrase = Self.relative[rng.below(Self.relative.count)]
            case 3:
                phrase = Self.rules[rng.below(Self.rules.count)]
                verb = "add check the boiler "
            default:
                phrase =
                    rng.below(2) == 0
                    ? Self.todayish[rng.below(Self.todayish.count)] : Self.times[rng.below(Self.times.count)]
            }
            let context = ParseContext(memberNames: ["bob"], now: now, timeZone: zone)
            let line = verb + phrase
            let due: DueDate?
            switch Parser.parse(line, context: context) {
            case .success(.add(_, _, let details)): due = details.due
            case .success(.due(_, let d)): due = d
            case let other:
                Issue.record("\(line) at \(now) in \(zone): \(other)")
                continue
            }
            guard let d = due else {
                Issue.record("\(line) at \(now) in \(zone) has no due date")
                continue
            }
            #expect(d.tz == zone)
            // A wall-clock time in the hour an autumn change repeats names its first occurrence, which may
            // be up to an hour before a relative instant (`in 2 hours`); the later occurrence is not before now.
            let repeated = d.time.map { Calendars.time(at: d.instant + 3600, tz: zone) == $0 } ?? false
            if d.instant < now && !(repeated && d.instant + 3600 >= now) {
                Issue.record("\(line) at \(now) in \(zone) resolved to \(d) (\(d.instant)), before now")
            }
        }
    }

    @Test(
        "Relative hours count real elapsed time across DST changes",
        arguments: [
            ("Europe/Berlin", Int64(1_774_744_200)), ("Europe/Berlin", 1_792_888_200),
            ("America/New_York", 1_772_951_400), ("America/New_York", 1_793_511_000),
            ("Europe/Istanbul", 1_795_338_000),
        ])
    func elapsed(zone: String, now: Int64) throws {
        let context = ParseContext(now: now, timeZone: zone)
        guard case .success(.add(_, _, let details)) = Parser.parse("add x in 3 hours", context: context) else {
            Issue.record("no parse")
            return
        }
        let d = try #require(details.due)
        #expect(Calendars.time(at: now + 3 * 3600, tz: zone) == d.time)
        #expect(LocalDate(instant: now + 3 * 3600, tz: zone) == d.date)
    }
}
