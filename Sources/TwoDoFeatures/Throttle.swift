// Failed-attempt throttling (logins, invite codes) and per-connection command rate limiting.

/// Counts failures per key and imposes exponential back-off once a threshold is crossed.
///
/// After `threshold` failures a key must wait `baseDelay × 2^(extra failures)` seconds (capped at
/// `maxDelay`) after its last failure. Entries are forgotten `window` seconds after their last failure,
/// and the table never holds more than `capacity` keys, so an attacker cannot grow memory.
///
/// With a `shared` ledger (several nodes on one database) the counts live there instead, so a guesser cannot
/// multiply their tries by spreading them over the nodes; they are then counted in wall-clock seconds (the
/// ledger's clock, common to every node), whatever `now` the caller passes. If the ledger cannot be reached,
/// this node's own counts stand in.
public struct FailureThrottle {
    let threshold: Int
    let baseDelay: Double
    let maxDelay: Double
    let window: Double
    let capacity: Int
    private var entries: [String: (count: Int, last: Double)] = [:]
    /// Where the counts live when several nodes share them (nil: in `entries`).
    private let shared: (any FailureLedger)?
    /// This throttle's part of the shared ledger's keys.
    private let namespace: String

    public init(
        threshold: Int, baseDelay: Double = 30, maxDelay: Double = 900, window: Double = 900, capacity: Int = 100_000,
        shared: (any FailureLedger)? = nil, namespace: String = ""
    ) {
        self.threshold = threshold
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.window = window
        self.capacity = capacity
        self.shared = shared
        self.namespace = namespace
    }

    /// `key`'s entry and the time to measure it against: the shared ledger's (wall clock) when there is one
    /// and it answers, else this node's.
    private func lookup(_ key: String, now: Double) -> (entry: (count: Int, last: Double)?, now: Double) {
        // A ledger that does not answer (the database is away) leaves this node's own count: a throttle that
        // stopped counting would let guesses through, one that failed every login would lock everyone out.
        if let shared, let found = try? shared.entry(namespace + key) { return (found, shared.now) }
        return (entries[key], now)
    }

    /// Seconds `key` must still wait, or nil when it may try now.
    public func retryAfter(_ key: String, now: Double) -> Int? {
        let (entry, now) = lookup(key, now: now)
        guard let e = entry, e.count >= threshold else { return nil }
        let exponent = min(e.count - threshold, 10)
        let delay = min(maxDelay, baseDelay * Double(1 << exponent))
        let remaining = e.last + delay - now
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// Records a failure of `key`.
    public mutating func fail(_ key: String, now: Double) {
        if let shared, (try? shared.record(namespace + key, window: window)) != nil { return }
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
        let (entry, now) = lookup(key, now: now)
        guard let e = entry, now - e.last <= window else { return 0 }
        return e.count
    }

    /// Forgets `key` (after a success).
    public mutating func succeed(_ key: String) {
        entries[key] = nil
        try? shared?.forget(namespace + key)
    }

    /// Drops entries idle for longer than the window.
    public mutating func prune(now: Double) {
        entries = entries.filter { now - $0.value.last <= window + maxDelay }
        if let shared { try? shared.prune(namespace: namespace, idleFor: window + maxDelay) }
    }

    var count: Int { entries.count }

    /// How many events a key may have inside the window before it must wait (what a refusal's text names).
    public var limit: Int { threshold }
    /// Seconds after a key's last event at which its count starts again from zero.
    public var windowSeconds: Int { Int(window) }
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
    private(set) var pairs: FailureThrottle
    private(set) var names: FailureThrottle
    private(set) var addresses: FailureThrottle
    /// Wrong old passwords given to `passwd`, per session: always this node's own (a session lives on one).
    private(set) var sessions = FailureThrottle(threshold: 5)

    /// No failures yet; with `shared`, the counts per name, address and pair are kept there for every node.
    public init(shared: (any FailureLedger)? = nil) {
        pairs = FailureThrottle(threshold: 5, shared: shared, namespace: "login-pair\u{0}")
        names = FailureThrottle(
            threshold: 20, baseDelay: 10, maxDelay: 300, shared: shared, namespace: "login-name\u{0}")
        addresses = FailureThrottle(threshold: 20, shared: shared, namespace: "login-address\u{0}")
    }

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

    /// Counts a password for `name` from `address` as wrong for that pair from the moment it is sent to be
    /// checked, not when the check ends (`failedAttempt` or `succeed` settles it): guesses checked at the same
    /// time, on one node or spread over several sharing the counts, can no longer pass the threshold together,
    /// because each is counted before the next one asks.
    public mutating func attempt(name: String, address: String, now: Double) {
        pairs.fail(Self.pair(name, address), now: now)
    }

    /// Records that a password counted by `attempt` was wrong: the pair was counted already, the name's and
    /// the address's counts move now.
    public mutating func failedAttempt(name: String, address: String, now: Double) {
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
        sessions.retryAfter("\(session)", now: now)
    }

    /// Records a wrong old password given to `passwd` in a session.
    public mutating func passwdFailed(session: UInt64, now: Double) {
        sessions.fail("\(session)", now: now)
    }

    /// Drops idle entries.
    public mutating func prune(now: Double) {
        pairs.prune(now: now)
        names.prune(now: now)
        addresses.prune(now: now)
        sessions.prune(now: now)
    }
}

/// Failure counts kept for several nodes at once (in their shared database), in wall-clock seconds.
public protocol FailureLedger: AnyObject {
    /// The ledger's clock: unix seconds.
    var now: Double { get }
    /// The count and last failure time of `key`, nil when it has none.
    func entry(_ key: String) throws -> (count: Int, last: Double)?
    /// Counts one more failure of `key` now (starting again from 1 when the last is older than `window`).
    func record(_ key: String, window: Double) throws
    /// Forgets `key`.
    func forget(_ key: String) throws
    /// Forgets the keys under `namespace` whose last failure is older than `idleFor` seconds.
    func prune(namespace: String, idleFor: Double) throws
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
