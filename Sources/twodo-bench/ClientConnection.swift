// One bench connection to the server: output buffer, line splitting, and the replies it still awaits.

import TwoDoBenchRESP

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
    /// The same for a RESP connection (`twodo-bench peer` talking to redis-server).
    var thenRESP: ((RESPValue) -> Void)? = nil
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

    /// Whether this connection speaks RESP2 to redis-server instead of TwoDo lines (no greeting, no events).
    var speaksRESP = false

    /// Commands awaiting their reply, oldest first.
    var pending = Fifo<PendingCommand>()

    /// Called for each reply not claimed by a `then` closure.
    var onReply: ((ClientConnection, Line, PendingCommand) -> Void)?
    /// Called for each event line.
    var onEvent: ((ClientConnection, Line) -> Void)?
    /// RESP only: called for each reply not claimed by a `thenRESP` closure.
    var onRESPReply: ((ClientConnection, RESPValue, PendingCommand) -> Void)?
    /// RESP only: called for each pub/sub `message` push with its channel and payload.
    var onRESPMessage: ((ClientConnection, RESPValue) -> Void)?
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

    /// Queues a RESP command (an array of bulk strings) and remembers it awaits a reply.
    func sendRESP(
        _ arguments: [String], at now: UInt64, kind: Int = 0, token: Int64 = 0, then: ((RESPValue) -> Void)? = nil
    ) {
        RESPEncoder.append(arguments, to: &output)
        pending.push(PendingCommand(sentAt: now, kind: kind, token: token, then: nil, thenRESP: then))
        loop?.markDirty(self)
    }

    /// Queues a RESP command that gets no reply of its own (`SUBSCRIBE` answers with pushes, one per channel).
    func sendRESPWithoutReply(_ arguments: [String]) {
        RESPEncoder.append(arguments, to: &output)
        loop?.markDirty(self)
    }

    /// Bytes queued and not yet sent.
    var pendingOutput: Int { output.count - outputStart }

    /// Routes one RESP value: a published `message` to `onRESPMessage`, anything else answers the oldest
    /// pending command (a `subscribe` confirmation answers the SUBSCRIBE that asked for it).
    func deliver(_ value: RESPValue) {
        if let items = value.elements, items.count == 3, case .bulk(let kind?) = items[0],
            kind.elementsEqual("message".utf8)
        {
            onRESPMessage?(self, value)
            return
        }
        let command = pending.pop() ?? PendingCommand(sentAt: 0, kind: -1, token: 0, then: nil)
        if let then = command.thenRESP {
            then(value)
        } else {
            onRESPReply?(self, value, command)
        }
    }

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
