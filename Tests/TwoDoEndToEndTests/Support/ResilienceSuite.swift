// The parent suite of every resilience test, run one suite at a time, and the knobs of the long modes.

import Foundation
import Testing

/// Groups the resilience suites so they run one after another: their timing assertions (reply
/// latency under a login storm, 5,000 connections, kill loops) must not compete with each other for
/// this machine's two cores.
@Suite("Resilience", .serialized)
struct ResilienceSuite {
    /// `TWODO_LONG=1` selects the long modes (200+ kills in the crash loop).
    static let isLong = ProcessInfo.processInfo.environment["TWODO_LONG"] == "1"

    /// The seed of every random choice in these suites; `TWODO_SEED=<n>` replays a reported run.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["TWODO_SEED"].flatMap { UInt64($0) } ?? 20_261_122
}
