// A seeded random number generator, so every random kill moment and input can be replayed from its seed.

/// SplitMix64: tiny, fast, identical on every machine.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`; `stream` derives independent sequences from one seed.
    init(seed: UInt64, stream: UInt64 = 0) {
        state = seed &+ stream &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
