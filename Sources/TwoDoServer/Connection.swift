// One client connection: its socket, framer, queued input, buffered output and session state.

import Glibc
import TwoDoCore

/// What a connection waits for while a password is being hashed on a worker thread.
enum PendingAuth {
    case register(name: String, tag: String?)
    case login(user: UserID?, name: String, tag: String?)
    case passwd(user: UserID, tag: String?)
}

/// A client connection. Owned by the event-loop thread; never shared.
final class Connection {
    /// Unique for the life of the process (never reused), so late events for a closed one are dropped.
    let id: UInt64
    /// The socket; closed exactly once, by `Server.close(_:)`.
    let fd: Int32
    /// The peer address, for throttling and logs.
    let address: String

    var framer: LineFramer
    /// Framed input not yet executed (kept while an async auth step is pending).
    var input: [FramedItem] = []
    /// Unsent output bytes from `outputStart` on.
    var output: [UInt8] = []
    var outputStart = 0
    /// Bytes queued since the last flush attempt; the rest of `pendingOutput` is what the peer left unread.
    var queuedSinceFlush = 0
    /// Whether EPOLLOUT is currently requested.
    var wantsWrite = false
    /// Whether reading is paused (too much unprocessed input).
    var readPaused = false
    /// The peer closed its write side: finish the queued work, flush, then close.
    var readClosed = false
    /// Close once the output is flushed.
    var closeAfterFlush = false

    /// The logged-in user, if any.
    var user: UserID?
    /// The reply language (the user's setting once logged in; English before).
    var lang: Language = .en
    /// The user's IANA zone, for showing times in events.
    var tz = "UTC"
    var json = false
    /// Task ids of the last listing shown on this connection, for `#n` references.
    var lastListing: [TaskID] = []
    var pendingAuth: PendingAuth?
    /// The task of the last reminder shown here: `done`/`snooze` without a reference act on it.
    var lastReminded: TaskID?

    var lastActivity: Double
    var bucket: TokenBucket

    init(id: UInt64, fd: Int32, address: String, now: Double, config: ServerConfig) {
        self.id = id
        self.fd = fd
        self.address = address
        framer = LineFramer(limit: config.lineLimit)
        lastActivity = now
        bucket = TokenBucket(rate: config.rateLimit, burst: config.rateBurst, now: now)
    }

    /// Bytes queued and not yet sent.
    var pendingOutput: Int { output.count - outputStart }

    /// Output the kernel already refused at the last flush: the peer has not read it.
    var unreadBacklog: Int { pendingOutput - queuedSinceFlush }

    /// Queues one line (CRLF added).
    func send(line: String) {
        queuedSinceFlush += line.utf8.count + 2
        output.append(contentsOf: line.utf8)
        output.append(13)
        output.append(10)
    }

    /// Drops sent bytes and, for idle connections, the buffer's memory.
    func compactOutput() {
        if outputStart == output.count {
            if output.capacity > 4096 { output = [] } else { output.removeAll(keepingCapacity: true) }
            outputStart = 0
        } else if outputStart > 65536 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
    }

    /// Queues bytes as they are: telnet negotiation answers and the echo of the user's typing.
    func send(raw bytes: [UInt8]) {
        queuedSinceFlush += bytes.count
        output += bytes
    }
}
