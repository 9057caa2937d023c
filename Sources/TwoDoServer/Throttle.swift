// Failed-attempt throttling (logins, invite codes) and per-connection command rate limiting.

/// Counts failures per key and imposes exponential back-off once a threshold is crossed.
///
/// After `threshold` failures a key must wait `baseDelay × 2^(extra failures)` seconds (capped at
/// `maxDelay`) after its last failure. Entries are forgotten `window` seconds after their last failure,
/// and the table never holds more than `capacity` keys, so an attacker cannot grow memory.
struct FailureThrottle {
    let threshold: Int
    let baseDelay: Double
    let maxDelay: Double
    let window: Double
    let capacity: Int
    private var entries: [String: (count: Int, last: Double)] = [:]

    init(threshold: Int, baseDelay: Double = 30, maxDelay: Double = 900, window: Double = 900, capacity: Int = 100_000) {
        self.threshold = threshold
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.window = window
        self.capacity = capacity
    }

    /// Seconds `key` must still wait, or nil when it may try now.
    func retryAfter(_ key: String, now: Double) -> Int? {
        guard let e = entries[key], e.count >= threshold else { return nil }
        let exponent = min(e.count - threshold, 10)
        let delay = min(maxDelay, baseDelay * Double(1 << exponent))
        let remaining = e.last + delay - now
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// Records a failure of `key`.
    mutating func fail(_ key: String, now: Double) {
        if entries.count >= capacity { prune(now: now) }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        var e = entries[key] ?? (0, now)
        if now - e.last > window { e.count = 0 }
        e.count += 1
        e.last = now
        entries[key] = e
    }

    /// Forgets `key` (after a success).
    mutating func succeed(_ key: String) { entries[key] = nil }

    /// Drops entries idle for longer than the window.
    mutating func prune(now: Double) {
        entries = entries.filter { now - $0.value.last <= window + maxDelay }
    }

    var count: Int { entries.count }
}

/// A token bucket: `rate` tokens per second, holding at most `burst`.
struct TokenBucket {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var updated: Double

    init(rate: Double, burst: Double, now: Double) {
        self.rate = rate
        self.burst = burst
        tokens = burst
        updated = now
    }

    /// Takes one token; false when the bucket is empty. A zero rate means unlimited.
    mutating func take(now: Double) -> Bool {
        guard rate > 0 else { return true }
        tokens = min(burst, tokens + (now - updated) * rate)
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
