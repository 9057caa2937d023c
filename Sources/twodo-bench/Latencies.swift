// Latency samples in nanoseconds and their percentiles.

/// A set of latency samples. Percentiles are exact (the samples are kept and sorted on demand).
struct Latencies {
    private var samples: [UInt64] = []
    private var sorted = true

    /// How many samples were recorded.
    var count: Int { samples.count }

    /// Records one latency.
    mutating func record(_ nanos: UInt64) {
        if let last = samples.last, nanos < last { sorted = false }
        samples.append(nanos)
    }

    /// Records the time from `start` to `end` (both monotonic nanoseconds); ignores clock oddities.
    mutating func record(from start: UInt64, to end: UInt64) {
        if end >= start { record(end - start) }
    }

    /// The `p`-th percentile (0...1) by the nearest-rank method, in nanoseconds; nil with no samples.
    mutating func percentile(_ p: Double) -> UInt64? {
        guard !samples.isEmpty else { return nil }
        if !sorted {
            samples.sort()
            sorted = true
        }
        let rank = Int((p * Double(samples.count)).rounded(.up))
        return samples[min(samples.count - 1, max(0, rank - 1))]
    }

    /// The largest sample.
    mutating func maximum() -> UInt64? { percentile(1) }

    /// Milliseconds for a percentile, formatted for a table ("–" with no samples).
    mutating func ms(_ p: Double) -> String { Format.ms(percentile(p)) }

    /// Drops every sample.
    mutating func removeAll() {
        samples.removeAll()
        sorted = true
    }
}
