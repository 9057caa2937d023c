// One bench connection to the server: output buffer, line splitting, and the replies it still awaits.

/// A command sent and not yet answered. The server answers each command with exactly one line in JSON mode
/// (the greeting counts as the answer to connecting), in order, so replies are matched first in, first out.
struct PendingCommand {
    /// When it was handed to the connection (monotonic nanoseconds).
    var sentAt: UInt64
    /// What the scenario sent (its own numbering).
    var kind: Int
    /// A scenario value carried with it (a task id, a title stamp...).
    var token: Int64
    /// Called with the reply instead of the connection's `onReply`, for set-up steps.
    var then: ((Line) -> Void)?
}

/// A client connection driven by `ClientLoop`. Owned by the loop's thread.
final class ClientConnection {
    /// The socket, closed once by `ClientLoop.close`.
    let fd: Int32
    /// Distinguishes this registration from an earlier one on the same descriptor number.
    let generation: UInt32
    /// A scenario's own index for this connection.
    var tag = 0
    /// The loop that flushes this connection's output.
    weak var loop: ClientLoop?

    /// Whether the TCP connect finished.
    var isConnected = false
    /// Whether the connection is closed (by either side).
    var isClosed = false
    /// Why it closed, when the bench did not close it itself.
    var closeReason: String?

    /// Bytes not yet sent, from `outputStart` on.
    var output: [UInt8] = []
    var outputStart = 0
    /// Whether EPOLLOUT is requested.
    var wantsWrite = false
    /// Whether it is on the loop's list of connections to flush.
    var isDirty = false
    /// A line received in part, waiting for its end.
    var partial: [UInt8] = []

    /// Commands awaiting their reply, oldest first.
    var pending = Fifo<PendingCommand>()

    /// Called for each reply not claimed by a `then` closure.
    var onReply: ((ClientConnection, Line, PendingCommand) -> Void)?
    /// Called for each event line.
    var onEvent: ((ClientConnection, Line) -> Void)?
    /// Called once when the connection closes for any reason other than `ClientLoop.close`.
    var onClose: ((ClientConnection) -> Void)?

    /// Wraps a connected (or connecting) socket; `ClientLoop.connect` makes these.
    init(fd: Int32, generation: UInt32) {
        self.fd = fd
        self.generation = generation
    }

    /// Commands sent and not yet answered.
    var inFlight: Int { pending.count }

    /// Queues `line` (CRLF added) and remembers it awaits a reply. The loop sends it at the end of its turn.
    func send(_ line: String, at now: UInt64, kind: Int = 0, token: Int64 = 0, then: ((Line) -> Void)? = nil) {
        output.append(contentsOf: line.utf8)
        output.append(13)
        output.append(10)
        pending.push(PendingCommand(sentAt: now, kind: kind, token: token, then: then))
        loop?.markDirty(self)
    }

    /// Bytes queued and not yet sent.
    var pendingOutput: Int { output.count - outputStart }

    /// Routes one complete line: events to `onEvent`, anything else answers the oldest pending command.
    func deliver(_ line: Line) {
        if line.isEvent {
            onEvent?(self, line)
            return
        }
        // A reply nobody asked for (an idle-timeout notice, "server full") is passed on with kind -1.
        let command = pending.pop() ?? PendingCommand(sentAt: 0, kind: -1, token: 0, then: nil)
        if let then = command.then {
            then(line)
        } else {
            onReply?(self, line, command)
        }
    }
}
