// Failed-attempt throttling (logins, invite codes) and per-connection command rate limiting.

/// Counts failures per key and imposes exponential back-off once a threshold is crossed.
///
/// After `threshold` failures a key must wait `baseDelay × 2^(extra failures)` seconds (capped at
/// `maxDelay`) after its last failure. Entries are forgotten `window` seconds after their last failure,
/// and the table never holds more than `capacity` keys, so an attacker cannot grow memory.
public struct FailureThrottle {
    let threshold: Int
    let baseDelay: Double
    let maxDelay: Double
    let window: Double
    let capacity: Int
    private var entries: [String: (count: Int, last: Double)] = [:]

    public init(
        threshold: Int, baseDelay: Double = 30, maxDelay: Double = 900, window: Double = 900, capacity: Int = 100_000
    ) {
        self.threshold = threshold
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.window = window
        self.capacity = capacity
    }

    /// Seconds `key` must still wait, or nil when it may try now.
    public func retryAfter(_ key: String, now: Double) -> Int? {
        guard let e = entries[key], e.count >= threshold else { return nil }
        let exponent = min(e.count - threshold, 10)
        let delay = min(maxDelay, baseDelay * Double(1 << exponent))
        let remaining = e.last + delay - now
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// Records a failure of `key`.
    public mutating func fail(_ key: String, now: Double) {
        if entries.count >= capacity { prune(now: now) }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        var e = entries[key] ?? (0, now)
        if now - e.last > window { e.count = 0 }
        e.count += 1
        e.last = now
        entries[key] = e
    }

    /// Failures of `key` still inside the window (0 when none).
    public func failures(_ key: String, now: Double) -> Int {
        guard let e = entries[key], now - e.last <= window else { return 0 }
        return e.count
    }

    /// Forgets `key` (after a success).
    public mutating func succeed(_ key: String) { entries[key] = nil }

    /// Drops entries idle for longer than the window.
    public mutating func prune(now: Double) {
        entries = entries.filter { now - $0.value.last <= window + maxDelay }
    }

    var count: Int { entries.count }
}

/// Login throttling that slows a guesser without locking the owner out.
///
/// - Per (name, address): after 5 failures that address waits 30 s, doubling per further failure (≤ 15 min)
///   before it may try that name again. Other addresses are untouched.
/// - Per name, from everywhere: after 20 failures within 15 minutes, every address that has itself
///   failed on the name waits 10 s, doubling (≤ 5 min). An address with no failure on the name, such as
///   the owner's, is never held back: a spread-out guesser gets one try per address, then waits.
/// - Per address, across names: after 20 failures the address waits (one place trying many names).
/// `passwd` in a logged-in session is never held back by any of these (its wrong old passwords back off
/// per session, under their own key).
public struct LoginThrottle {
    private(set) var pairs = FailureThrottle(threshold: 5)
    private(set) var names = FailureThrottle(threshold: 20, baseDelay: 10, maxDelay: 300)
    private(set) var addresses = FailureThrottle(threshold: 20)

    /// No failures yet.
    public init() {}

    private static func pair(_ name: String, _ address: String) -> String { name + "\u{0}" + address }

    /// Seconds the `address` must wait before trying `name` (a folded key), or nil when it may try now.
    public func retryAfter(name: String, address: String, now: Double) -> Int? {
        let pairKey = Self.pair(name, address)
        var waits = [pairs.retryAfter(pairKey, now: now), addresses.retryAfter(address, now: now)]
        if pairs.failures(pairKey, now: now) > 0 { waits.append(names.retryAfter(name, now: now)) }
        return waits.compactMap { $0 }.max()
    }

    /// Records a wrong password for `name` from `address`.
    public mutating func fail(name: String, address: String, now: Double) {
        pairs.fail(Self.pair(name, address), now: now)
        names.fail(name, now: now)
        addresses.fail(address, now: now)
    }

    /// Records a successful login: that address starts afresh on that name (the name's global count stays,
    /// so the owner logging in does not reset an attacker's back-off elsewhere).
    public mutating func succeed(name: String, address: String) {
        pairs.succeed(Self.pair(name, address))
    }

    /// Seconds a session must wait before its next `passwd` after wrong old passwords, or nil.
    public func passwdRetryAfter(session: UInt64, now: Double) -> Int? {
        pairs.retryAfter("passwd\u{0}\(session)", now: now)
    }

    /// Records a wrong old password given to `passwd` in a session.
    public mutating func passwdFailed(session: UInt64, now: Double) {
        pairs.fail("passwd\u{0}\(session)", now: now)
    }

    /// Drops idle entries.
    public mutating func prune(now: Double) {
        pairs.prune(now: now)
        names.prune(now: now)
        addresses.prune(now: now)
    }
}

/// A token bucket: `rate` tokens per second, holding at most `burst`.
public struct TokenBucket {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var updated: Double

    public init(rate: Double, burst: Double, now: Double) {
        self.rate = rate
        self.burst = burst
        tokens = burst
        updated = now
    }

    /// Takes one token; false when the bucket is empty. A zero rate means unlimited.
    public mutating func take(now: Double) -> Bool {
        guard rate > 0 else { return true }
        tokens = min(burst, tokens + (now - updated) * rate)
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
