// Queues between the Matrix bridge's threads: a locked list plus a way to wake the reader.

import Dispatch
import Synchronization
import TwoDoSystem

/// Items handed from one thread to another, in order. The reader either waits on the mailbox
/// (`take`) or, when it sits in `poll()`, watches `wakeFD`, which is readable while items are queued.
final class MatrixMailbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    private let available = DispatchSemaphore(value: 0)
    /// Readable while items are queued (an eventfd); for `poll()`.
    private let wake: EventFD

    /// The descriptor to watch: readable from a `put` until the next `drain`.
    var wakeFD: Int32 { wake.fd }

    /// An empty mailbox with its wake-up eventfd.
    init() throws { wake = try EventFD() }

    /// Queues `item` and wakes the reader.
    func put(_ item: Item) {
        items.withLock { $0.append(item) }
        available.signal()
        wake.signal()
    }

    /// Everything queued, oldest first, emptying the queue and resetting the wake-up eventfd (for the `poll()` reader).
    func drain() -> [Item] {
        wake.drain()
        return items.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
    }

    /// The oldest item, waiting up to `timeout` seconds for one (for a reader that only waits on this).
    func take(timeout: Double) -> Item? {
        guard available.wait(timeout: .now() + timeout) == .success else { return nil }
        return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// How many items are queued.
    var count: Int { items.withLock { $0.count } }
}
