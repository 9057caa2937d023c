// Queues between the Matrix bridge's threads: a locked list plus a way to wake the reader.

import Dispatch
import Glibc
import Synchronization

/// Items handed from one thread to another, in order. The reader either waits on the mailbox
/// (`take`) or, when it sits in `poll()`, watches `wakeFD`, which is readable while items are queued.
final class MatrixMailbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    private let available = DispatchSemaphore(value: 0)
    /// The read end of a pipe that holds a byte for every `put` not yet drained; for `poll()`.
    let wakeFD: Int32
    private let wakeWriteFD: Int32

    /// An empty mailbox with its wake-up pipe (both ends non-blocking, close-on-exec).
    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw BridgeSystemError(call: "pipe", errno: errno) }
        wakeFD = fds[0]
        wakeWriteFD = fds[1]
        for fd in fds {
            try BridgePosix.setNonBlocking(fd, true)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        BridgePosix.close(wakeFD)
        BridgePosix.close(wakeWriteFD)
    }

    /// Queues `item` and wakes the reader.
    func put(_ item: Item) {
        items.withLock { $0.append(item) }
        available.signal()
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already means "wake up"; nothing else can fail on our own pipe.
        _ = Glibc.write(wakeWriteFD, &byte, 1)
    }

    /// Everything queued, oldest first, emptying the queue and the wake-up pipe (for the `poll()` reader).
    func drain() -> [Item] {
        var sink = [UInt8](repeating: 0, count: 256)
        while sink.withUnsafeMutableBytes({ Glibc.read(wakeFD, $0.baseAddress, $0.count) }) > 0 {}
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
