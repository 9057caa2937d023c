// Counters and commit-latency samples for the admin `stats` command.

import TwoDoFeatures
import TwoDoSystem

/// Operational counters. Owned by the loop thread.
struct ServerStats {
    let started = Monotonic.now()
    var accepted = 0
    var closed = 0
    var refused = 0
    var commands = 0
    var commits = 0
    var commitFailures = 0
    var outputDrops = 0
    /// Password-hash jobs refused with "busy" (pool queue full, or the address at its cap).
    var busyRefusals = 0
    /// TLS clients closed before their handshake finished (a broken or old client, garbage, a stall).
    var tlsFailures = 0
    var bytesIn = 0
    var bytesOut = 0
    /// The most recent commit durations, in seconds (a ring of 1024).
    private var commitSamples: [Double] = []
    private var sampleIndex = 0

    mutating func recordCommit(seconds: Double) {
        commits += 1
        if commitSamples.count < 1024 {
            commitSamples.append(seconds)
        } else {
            commitSamples[sampleIndex] = seconds
            sampleIndex = (sampleIndex + 1) % 1024
        }
    }

    /// The commit latency at quantile `q` (0...1) in milliseconds.
    func commitMilliseconds(quantile q: Double) -> Double {
        guard !commitSamples.isEmpty else { return 0 }
        let sorted = commitSamples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000
    }
}
