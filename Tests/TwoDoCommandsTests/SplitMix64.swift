// A tiny seeded random generator so property tests are reproducible.

/// SplitMix64 (Steele, Lea, Flood 2014): fast, seedable, good enough for test inputs.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }
}
