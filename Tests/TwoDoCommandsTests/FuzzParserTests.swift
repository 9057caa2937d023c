// Seeded random-input fuzzing of the whole command parser (tasks, schedules, routines, events), sized for
// CI by default and for 10 million inputs by `scripts/fuzz-long.sh`.

import Foundation
import Testing
import TwoDoCommands

@Suite("Fuzzing the command parser")
struct FuzzParserTests {
    /// Inputs per run: `TWODO_FUZZ_ITERATIONS` (the long mode), else 20,000.
    static let iterations = ProcessInfo.processInfo.environment["TWODO_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 20_000
    /// The run's seed: `TWODO_FUZZ_SEED`, else a fixed one, so a failure can be replayed.
    static let seed = ProcessInfo.processInfo.environment["TWODO_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xF022_5EED

    /// Words of the routine, event, calendar and note commands, added to the task vocabulary.
    static let plannerWords = [
        "routine", "rutin", "habit", "alışkanlık", "routines", "rutinler", "skip", "atla", "undo", "stats",
        "istatistik", "pause", "resume", "duraklat", "devam", "event", "etkinlik", "events", "etkinlikler",
        "calendar", "takvim", "week", "hafta", "weekstart", "monday", "sunday", "7pm-9pm", "19:00-21:00",
        "remind", "1h", "before", "önce", "at", "yer", "Luigi's", "every", "year", "yıl", "until", "this", "all",
        "bu", "tümü", "once", "title", "no", "reminder", "both", "ikimiz", "için", "weekday", "mon,", "wed",
        "and", "fri", "ve", "2", "days", "ayın", "1'i", "12", "March", "Mart", "3", "Aralık", "14:30", "id:1",
    ]

    /// One random line: a token soup, random Unicode, or leniently decoded random bytes.
    private static func line(_ rng: inout SplitMix64) -> String {
        switch rng.below(4) {
        case 0, 1:
            let words = ParserPropertyTests.vocabulary + plannerWords
            var line = ""
            for _ in 0..<(1 + rng.below(10)) {
                line += String(repeating: " ", count: rng.below(3))
                line += words[rng.below(words.count)]
            }
            return line
        case 2:
            var scalars = String.UnicodeScalarView()
            for _ in 0..<rng.below(64) {
                let value = rng.below(4) == 0 ? UInt32(rng.below(0x30000)) : UInt32(0x20 + rng.below(0x5F))
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            return String(scalars)
        default:
            var bytes: [UInt8] = []
            for _ in 0..<rng.below(128) { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
            return ParserPropertyTests.decodeLeniently(bytes)
        }
    }

    @Test("random lines never crash or hang the parser, and parse the same twice", .timeLimit(.minutes(10)))
    func fuzz() {
        var rng = SplitMix64(seed: Self.seed)
        let contexts = [
            ParserPropertyTests.context,
            ParseContext(
                listNames: ["Inbox", "Gelen Kutusu", "İş", "Ev"], memberNames: ["Ayşe", "ılgın"], now: 1_790_000_000,
                timeZone: "Europe/Istanbul"),
        ]
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var slowestLine = ""
        var failures = 0
        for index in 0..<Self.iterations {
            let line = Self.line(&rng)
            let context = contexts[index & 1]
            let started = clock.now
            let result = Parser.parse(line, context: context)
            let elapsed = clock.now - started
            if elapsed > slowest {
                slowest = elapsed
                slowestLine = line
            }
            if index % 16 == 0 && result != Parser.parse(line, context: context) {
                failures += 1
                if failures <= 5 {
                    Issue.record("input \(index) (seed \(Self.seed)) not deterministic: \(line.debugDescription)")
                }
            }
        }
        print(
            "parser fuzz: \(Self.iterations) inputs, seed \(Self.seed), slowest \(slowest) for \(slowestLine.prefix(80).debugDescription)"
        )
        #expect(failures == 0)
        #expect(slowest < .milliseconds(200), "input \(slowestLine.debugDescription) took \(slowest)")
    }
}
