// The bot's connection to the IRC server: registration, PING/PONG, liveness, reconnect, paced sending.

import TwoDoSystem

/// One IRC client connection, re-established with back-off whenever it is lost.
///
/// Handles what no other part needs to see: `PASS`/`NICK`/`USER` registration, another nick when
/// the wanted one is taken, answering `PING` at once (ahead of the paced queue), pinging a silent
/// server and dropping a dead one. Everything else is passed up. Belongs to the bridge thread.
final class IRCConnection {
    /// Where the connection stands.
    enum Phase: Equatable {
        /// Not connected; the next attempt is due at `retryAt` (monotonic seconds).
        case offline(retryAt: Double)
        /// Connected, waiting for the server's welcome (`001`).
        case registering
        /// Welcomed; PRIVMSG and friends may be sent.
        case registered
    }

    /// The IRC server.
    let endpoint: Endpoint
    /// The nick asked for at each registration (a taken one gets `_` or a number appended).
    let wantedNick: String
    /// The server password (`PASS`), from the environment only.
    let password: String?
    /// A server silent this long is pinged; silent for twice as long, it is considered dead.
    let livenessInterval: Double

    private(set) var phase: Phase = .offline(retryAt: 0)
    private(set) var socket: TCPSocket?
    private var queue: FloodQueue<IRCMessage>
    private var backoff = Backoff(initial: 1, maximum: 60)
    private var lastHeard = 0.0
    private var pinged = false
    private var nickAttempt = 0

    /// A connection that will connect on the first `connectIfDue`.
    init(endpoint: Endpoint, nick: String, password: String?, lineInterval: Double = 0.5, livenessInterval: Double = 90)
    {
        queue = FloodQueue(burst: 5, interval: lineInterval)
        self.endpoint = endpoint
        self.wantedNick = nick
        self.password = password
        self.livenessInterval = livenessInterval
    }

    /// Whether the server has welcomed the bot.
    var isRegistered: Bool { phase == .registered }

    /// Connects and starts registration if an attempt is due. Throws when the attempt failed (the next
    /// one is scheduled).
    func connectIfDue(now: Double) throws {
        guard case .offline(let retryAt) = phase, now >= retryAt else { return }
        do {
            let socket = try TCPSocket.connect(to: endpoint, timeout: 5, maxLineBytes: 16384)
            self.socket = socket
            phase = .registering
            lastHeard = now
            pinged = false
            nickAttempt = 0
            if let password { try socket.send(line: IRCMessage(command: "PASS", params: [password]).serialized) }
            try socket.send(line: IRCMessage(command: "NICK", params: [wantedNick]).serialized)
            try socket.send(line: IRCMessage(command: "USER", params: ["twodo", "0", "*", "TwoDo bridge"]).serialized)
        } catch {
            drop(now: now)
            throw error
        }
    }

    /// Reads what the server sent and returns its messages, after handling PING, a taken nick and the
    /// welcome here. Throws when the connection is gone (call `drop`).
    func readMessages(now: Double) throws -> [IRCMessage] {
        guard let socket else { return [] }
        let lines = try socket.receiveLines()
        lastHeard = now
        pinged = false
        var messages: [IRCMessage] = []
        for line in lines {
            guard let message = IRCMessage(parsing: line) else { continue }
            switch message.command {
            case "PING":
                try socket.send(line: IRCMessage(command: "PONG", params: message.params).serialized)
            case "433" where phase == .registering, "432" where phase == .registering:
                // Nick taken (or refused): try `nick_`, `nick1`, `nick2`, ...
                nickAttempt += 1
                let next = nickAttempt == 1 ? wantedNick + "_" : wantedNick + String(nickAttempt - 1)
                try socket.send(line: IRCMessage(command: "NICK", params: [next]).serialized)
            case "001":
                phase = .registered
                backoff.reset()
            case "ERROR":
                break  // the server is about to close; the EOF that follows drops us
            default:
                break
            }
            messages.append(message)
        }
        return messages
    }

    /// Queues a paced message (only while registered: anything else would go to a connection that is gone).
    func enqueue(_ message: IRCMessage, lane: String) {
        guard phase == .registered else { return }
        queue.enqueue(message, lane: lane)
    }

    /// Points queued lines for one nick at its new nick.
    func renameLane(from old: String, to new: String) {
        queue.renameLane(old, to: new) { message in
            var m = message
            // IRC nicks match any case
            if let target = m.params.first, IRCNick.key(target) == old { m.params[0] = new }
            return m
        }
    }

    /// Sends what the flood limit allows now; pings a silent server; throws when the connection is dead.
    func flush(now: Double) throws {
        guard let socket else { return }
        if now - lastHeard > livenessInterval * 2 {
            throw SystemError(call: "irc", errno: Errno.timedOut, reason: "server silent for \(Int(now - lastHeard)) s")
        }
        if now - lastHeard > livenessInterval && !pinged {
            pinged = true
            try socket.send(line: IRCMessage(command: "PING", params: ["twodo-bridge"]).serialized)
        }
        while let message = queue.dequeue(now: now) {
            try socket.send(line: message.serialized)
        }
    }

    /// Sends a message at once, bypassing the queue (QUIT on the way out).
    func sendNow(_ message: IRCMessage) {
        try? socket?.send(line: message.serialized)
    }

    /// Seconds until something is due here: a queued line, a reconnection attempt, a liveness check.
    func wakeDelay(now: Double) -> Double {
        switch phase {
        case .offline(let retryAt): return max(0, retryAt - now)
        case .registering, .registered:
            let check = lastHeard + livenessInterval * (pinged ? 2 : 1)
            return min(queue.delay(now: now) ?? .infinity, max(0, check - now))
        }
    }

    /// Closes the connection and schedules the next attempt with back-off. Queued lines are dropped.
    func drop(now: Double) {
        socket?.close()
        socket = nil
        queue.removeAll()
        phase = .offline(retryAt: now + backoff.next())
    }
}
