// Every usage topic the parser can name in an error has a usage text in both reply catalogs.

import Foundation
import Testing

@testable import TwoDoCommands

/// Walks every verb spelling with arguments that provoke usage, bad-value and bad-date errors, and checks the
/// `usage.<verb>` keys those errors need in `strings_en.json` and `strings_tr.json`.
@Suite("Usage topics in the catalogs")
struct UsageCatalogTests {
    /// The keys of one catalog, read from the source tree (the test target does not link TwoDoText).
    static func catalogKeys(_ language: String) throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent("Sources/TwoDoText/strings_\(language).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return Set((object as? [String: Any] ?? [:]).keys)
    }

    /// Argument tails that make most verbs complain: nothing, junk, a ref with a bad date or value, subcommands.
    static let probes = [
        "", " ?", " 3", " 3 blursday", " 3 super", " 3 every 2 days", " 3 0m", " x y z", " 0", " tuesday",
        " read 0", " add", " add x", " add x every blursday", " add x Feb 30", " ekle x", " done", " edit x",
        " move x", " delete", " rename x", " stats", " skip", " pause", " x: ", " delete x 0", " from blursday",
        " 13 2026 x", " advance", " set x", " friday", " 3 25:00", " 3 until yesterday", " en fr", " on off",
    ]

    /// Every topic the parser names in a usage, bad-value or bad-date error for the probe lines.
    static func topics() -> Set<String> {
        var topics = Set(Verb.allCases.map(\.canonical))
        let spellings = VerbTable.spellings.map(\.text) + PlannerParser.spellings
        for clock in [false, true] {
            let context = ParseContext(
                listNames: ["Inbox"], memberNames: ["alice", "bob"], testClock: clock, now: 1_795_338_000,
                timeZone: "UTC")
            for spelling in spellings {
                for probe in probes {
                    switch Parser.parse(spelling + probe, context: context) {
                    case .failure(.usage(let verb)), .failure(.badValue(let verb, _)),
                        .failure(.badDate(let verb, _, _)):
                        topics.insert(verb)
                    default: break
                    }
                }
            }
        }
        return topics
    }

    @Test("every topic the parser can name has usage.<topic> in both catalogs", arguments: ["en", "tr"])
    func usageKeys(_ language: String) throws {
        let keys = try Self.catalogKeys(language)
        let topics = Self.topics()
        // The walk must reach the planner topics too, or it proves little.
        #expect(topics.isSuperset(of: ["routine", "event", "events", "calendar", "weekstart", "nag", "couple"]))
        for topic in topics.sorted() {
            #expect(keys.contains("usage.\(topic)"), "strings_\(language).json lacks usage.\(topic)")
        }
    }
}
