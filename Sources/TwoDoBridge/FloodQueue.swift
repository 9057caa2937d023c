// The bridge's own send queue towards the IRC server: a burst, then a steady rate, fair between targets.

/// Lines waiting to go to the IRC server, released at a rate servers accept without kicking a bot.
///
/// A token bucket: up to `burst` lines go at once, then one every `interval` seconds; an idle queue
/// refills. Lines are kept in lanes (one per target nick or channel) served round-robin, so one
/// user's long listing does not hold up another user's one-line reply. Time is passed in (`now`,
/// monotonic seconds), which makes the timing testable without sleeping.
public struct FloodQueue<Element> {
    /// Lines that may go back to back after an idle period.
    public let burst: Int
    /// Seconds between lines once the burst is used up.
    public let interval: Double
    /// At most this many lines wait per lane; more are dropped, so a user who keeps asking for long
    /// listings cannot make the bridge's memory grow without bound.
    public let maxPerLane: Int

    private var tokens: Double
    private var refilledAt: Double?
    /// Lanes in arrival order; `cursor` is the lane served next. Invariant: no lane is empty.
    private var lanes: [(key: String, items: [Element])] = []
    private var cursor = 0

    /// An empty queue with a full bucket.
    public init(burst: Int = 5, interval: Double = 0.5, maxPerLane: Int = 200) {
        precondition(burst >= 1 && interval > 0 && maxPerLane >= 1)
        self.burst = burst
        self.interval = interval
        self.maxPerLane = maxPerLane
        tokens = Double(burst)
    }

    /// How many lines wait.
    public var count: Int { lanes.reduce(0) { $0 + $1.items.count } }

    /// Whether nothing waits.
    public var isEmpty: Bool { lanes.isEmpty }

    /// Queues `item` behind the others of its lane; false (and dropped) when the lane is full.
    @discardableResult
    public mutating func enqueue(_ item: Element, lane: String) -> Bool {
        if let i = lanes.firstIndex(where: { $0.key == lane }) {
            guard lanes[i].items.count < maxPerLane else { return false }
            lanes[i].items.append(item)
        } else {
            lanes.append((lane, [item]))
        }
        return true
    }

    /// The next line if the rate allows one at `now` (it is then counted as sent), else nil.
    public mutating func dequeue(now: Double) -> Element? {
        guard !lanes.isEmpty else { return nil }
        refill(now: now)
        guard tokens >= 1 else { return nil }
        tokens -= 1
        if cursor >= lanes.count { cursor = 0 }
        let item = lanes[cursor].items.removeFirst()
        if lanes[cursor].items.isEmpty {
            lanes.remove(at: cursor)
        } else {
            cursor += 1
        }
        if cursor >= lanes.count { cursor = 0 }
        return item
    }

    /// Seconds until `dequeue` will give a line (0 when one may go now), nil when nothing waits.
    public func delay(now: Double) -> Double? {
        guard !lanes.isEmpty else { return nil }
        var copy = self
        copy.refill(now: now)
        return copy.tokens >= 1 ? 0 : (1 - copy.tokens) * interval
    }

    /// Moves a lane's waiting lines to a new lane key, rewriting each (a user changed nick).
    public mutating func renameLane(_ old: String, to new: String, _ transform: (Element) -> Element) {
        guard let i = lanes.firstIndex(where: { $0.key == old }) else { return }
        let moved = lanes[i].items.map(transform)
        if let j = lanes.firstIndex(where: { $0.key == new }) {
            lanes[j].items += moved
            lanes.remove(at: i)
            if cursor > i { cursor -= 1 }
        } else {
            lanes[i] = (new, moved)
        }
        if cursor >= lanes.count { cursor = 0 }
    }

    /// Drops every waiting line (the connection they were meant for is gone). The bucket stays as it is.
    public mutating func removeAll() {
        lanes.removeAll()
        cursor = 0
    }

    private mutating func refill(now: Double) {
        if let last = refilledAt, now > last {
            tokens = min(Double(burst), tokens + (now - last) / interval)
        }
        if refilledAt == nil || now > refilledAt! { refilledAt = now }
    }
}
