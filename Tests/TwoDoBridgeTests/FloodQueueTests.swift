// The send queue's pacing (a burst of 5, then one line per 500 ms) and its fairness between targets.

import Foundation
import Testing
import TwoDoBridge

@Suite("FloodQueue", .timeLimit(.minutes(1)))
struct FloodQueueTests {
    /// Drains the queue on a simulated clock stepping 10 ms; returns when each line went out.
    func schedule(
        _ queue: inout FloodQueue<String>, from start: Double = 0, until end: Double = 10
    ) -> [(
        String, Double
    )] {
        var sent: [(String, Double)] = []
        var now = start
        while now <= end + 1e-9 && !queue.isEmpty {
            while let line = queue.dequeue(now: now) { sent.append((line, now)) }
            now += 0.01
        }
        return sent
    }

    @Test("five lines go at once, then one every 500 ms")
    func burstThenRate() {
        var queue = FloodQueue<String>()
        for i in 1...9 { queue.enqueue("line \(i)", lane: "alice") }
        let times = schedule(&queue).map(\.1)
        #expect(times.count == 9)
        #expect(times.prefix(5).allSatisfy { $0 == 0 })
        let later = Array(times.dropFirst(5))
        for (i, t) in later.enumerated() {
            #expect(abs(t - 0.5 * Double(i + 1)) < 0.011, "line \(i + 6) at \(t)")
        }
    }

    @Test("delay says how long until the next line may go")
    func delay() {
        var queue = FloodQueue<String>(burst: 2, interval: 0.5)
        #expect(queue.delay(now: 0) == nil)
        for i in 1...3 { queue.enqueue("\(i)", lane: "a") }
        #expect(queue.delay(now: 0) == 0)
        #expect(queue.dequeue(now: 0) == "1")
        #expect(queue.dequeue(now: 0) == "2")
        #expect(queue.dequeue(now: 0) == nil)
        #expect(abs((queue.delay(now: 0.2) ?? -1) - 0.3) < 1e-9)
        #expect(queue.dequeue(now: 0.49) == nil)
        #expect(queue.dequeue(now: 0.5) == "3")
        #expect(queue.delay(now: 0.5) == nil)
    }

    @Test("an idle queue earns its burst back, but no more than the burst")
    func refill() {
        var queue = FloodQueue<String>()
        for i in 1...5 { queue.enqueue("\(i)", lane: "a") }
        while queue.dequeue(now: 0) != nil {}
        for i in 1...8 { queue.enqueue("\(i)", lane: "a") }
        // 60 s of idleness refill 5 tokens, not 120.
        let sent = schedule(&queue, from: 60, until: 70).map(\.1)
        #expect(sent.filter { $0 == 60 }.count == 5)
        #expect(abs(sent[5] - 60.5) < 0.011)
    }

    @Test("targets take turns, so one long listing does not hold up another user's reply")
    func roundRobin() {
        var queue = FloodQueue<String>(burst: 100, interval: 0.5)
        for i in 1...4 { queue.enqueue("a\(i)", lane: "alice") }
        queue.enqueue("b1", lane: "bob")
        queue.enqueue("c1", lane: "#fam")
        var order: [String] = []
        while let line = queue.dequeue(now: 0) { order.append(line) }
        #expect(order == ["a1", "b1", "c1", "a2", "a3", "a4"])
    }

    @Test("a renamed lane keeps its lines, rewritten for the new nick")
    func renameLane() {
        var queue = FloodQueue<String>(burst: 100, interval: 0.5)
        queue.enqueue("to alice: 1", lane: "alice")
        queue.enqueue("to bob: 1", lane: "bob")
        queue.enqueue("to alice: 2", lane: "alice")
        queue.renameLane("alice", to: "alice2") { $0.replacingOccurrences(of: "alice", with: "alice2") }
        var lines: [String] = []
        while let line = queue.dequeue(now: 0) { lines.append(line) }
        #expect(Set(lines) == ["to alice2: 1", "to alice2: 2", "to bob: 1"])
        #expect(lines.firstIndex(of: "to alice2: 1")! < lines.firstIndex(of: "to alice2: 2")!)
    }

    @Test("a full lane drops further lines; other lanes are not affected")
    func laneCap() {
        var queue = FloodQueue<String>(burst: 100, interval: 0.5, maxPerLane: 3)
        #expect((1...5).map { queue.enqueue("a\($0)", lane: "alice") } == [true, true, true, false, false])
        let bobAccepted = queue.enqueue("b1", lane: "bob")
        #expect(bobAccepted)
        #expect(queue.count == 4)
        _ = queue.dequeue(now: 0)
        let accepted = queue.enqueue("a6", lane: "alice")
        #expect(accepted)
    }

    @Test("back-off doubles up to its ceiling and starts over after a success")
    func backoff() {
        var b = Backoff(initial: 1, maximum: 10)
        #expect((0..<6).map { _ in b.next() } == [1, 2, 4, 8, 10, 10])
        b.reset()
        #expect(b.next() == 1)
    }
}
