// Exponential back-off between reconnection attempts.

/// Waits that double after each failed attempt, up to a ceiling, and start over after a success.
public struct Backoff: Sendable, Equatable {
    /// The first wait, in seconds.
    public let initial: Double
    /// The longest wait, in seconds.
    public let maximum: Double
    private var attempts = 0

    /// A back-off starting at `initial` seconds and never waiting longer than `maximum`.
    public init(initial: Double = 1, maximum: Double = 60) {
        precondition(initial > 0 && maximum >= initial)
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before the next attempt; each call doubles the one after it.
    public mutating func next() -> Double {
        let wait = min(maximum, initial * Double(1 << min(attempts, 30)))
        attempts += 1
        return wait
    }

    /// Starts over at `initial` (after a connection succeeded).
    public mutating func reset() { attempts = 0 }
}
