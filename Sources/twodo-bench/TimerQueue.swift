// Deadlines for paced senders: a binary min-heap of (when, action).

/// Actions due at monotonic instants, earliest first. Ties run in the order they were scheduled.
struct TimerQueue {
    private struct Entry {
        var deadline: UInt64
        var sequence: UInt64
        var action: () -> Void

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// How many actions wait.
    var count: Int { heap.count }
    /// The earliest deadline, if any.
    var nextDeadline: UInt64? { heap.first?.deadline }

    /// Schedules `action` at `deadline` (monotonic nanoseconds).
    mutating func schedule(at deadline: UInt64, _ action: @escaping () -> Void) {
        heap.append(Entry(deadline: deadline, sequence: nextSequence, action: action))
        nextSequence += 1
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].precedes(heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    /// Removes and returns the earliest action if it is due at `now`.
    mutating func popDue(now: UInt64) -> (() -> Void)? {
        guard let top = heap.first, top.deadline <= now else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < heap.count && heap[l].precedes(heap[m]) { m = l }
                if r < heap.count && heap[r].precedes(heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top.action
    }

    /// Drops every pending action.
    mutating func removeAll() { heap.removeAll() }
}
