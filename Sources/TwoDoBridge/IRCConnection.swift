// The bot's connection to the IRC server: registration, PING/PONG, liveness, reconnect, paced sending.

import Foundation
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

    /// TLS to the server (nil: plain TCP).
    var tls: TLSClientContext?
    /// Why the TLS context could not be made: every attempt fails with it (never plain text instead).
    var tlsFailure: TLSError?
    /// The services login done with SASL during registration, if any.
    var sasl: SASL?

    private(set) var phase: Phase = .offline(retryAt: 0)
    /// The capabilities the server listed so far (`CAP LS` may take several lines).
    private var offered: Set<String> = []
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
            if let tlsFailure { throw tlsFailure }
            let socket = try TCPSocket.connect(to: endpoint, timeout: 5, maxLineBytes: 16384, tls: tls)
            self.socket = socket
            phase = .registering
            lastHeard = now
            pinged = false
            nickAttempt = 0
            offered = []
            // SASL happens inside registration: CAP LS holds the welcome back until CAP END.
            if sasl != nil { try socket.send(line: IRCMessage(command: "CAP", params: ["LS", "302"]).serialized) }
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
            case "CAP" where phase == .registering:
                try negotiate(message, on: socket)
            case "AUTHENTICATE" where phase == .registering:
                if message.params.first == "+", let sasl { try authenticate(sasl, on: socket) }
            case "903" where phase == .registering:
                Log.info("bridge.sasl_ok", ["account": saslAccount])
                try socket.send(line: IRCMessage(command: "CAP", params: ["END"]).serialized)
            case "902", "904", "905", "906", "908":
                // A bot that cannot log in to its account must not run as someone else's nick: drop, retry later.
                throw SystemError(
                    call: "sasl", errno: Errno.connectionRefused,
                    reason: "SASL login failed (\(message.command)): \(message.params.last ?? "")")
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

    /// The account name for logs (`external` for a certificate).
    private var saslAccount: String {
        switch sasl {
        case .plain(let account, _): account
        case .external: "external"
        case nil: "-"
        }
    }

    /// `CAP LS` (collected over its lines), then `CAP REQ :sasl`, then on `ACK` the mechanism.
    private func negotiate(_ message: IRCMessage, on socket: TCPSocket) throws {
        guard message.params.count >= 3 else { return }
        let sub = message.params[1]
        switch sub {
        case "LS":
            let more = message.params.count >= 4 && message.params[2] == "*"
            for cap in (message.params.last ?? "").split(separator: " ") {
                offered.insert(String(cap.split(separator: "=").first ?? cap))
            }
            guard !more else { return }
            guard offered.contains("sasl") else {
                throw SystemError(
                    call: "sasl", errno: Errno.connectionRefused, reason: "the server offers no SASL (CAP LS)")
            }
            try socket.send(line: IRCMessage(command: "CAP", params: ["REQ", "sasl"]).serialized)
        case "ACK" where (message.params.last ?? "").split(separator: " ").contains("sasl"):
            let mechanism = if case .external = sasl { "EXTERNAL" } else { "PLAIN" }
            try socket.send(line: IRCMessage(command: "AUTHENTICATE", params: [mechanism]).serialized)
        case "NAK":
            throw SystemError(call: "sasl", errno: Errno.connectionRefused, reason: "the server refused CAP sasl")
        default:
            break
        }
    }

    /// Answers the server's `AUTHENTICATE +`: PLAIN's `\0account\0password` in base64, in pieces of 400 (and
    /// `+` after a piece of exactly 400), or EXTERNAL's empty `+`.
    private func authenticate(_ sasl: SASL, on socket: TCPSocket) throws {
        guard case .plain(let account, let password) = sasl else {
            try socket.send(line: IRCMessage(command: "AUTHENTICATE", params: ["+"]).serialized)
            return
        }
        let encoded = Data(("\0" + account + "\0" + password).utf8).base64EncodedString()
        var rest = Substring(encoded)
        while !rest.isEmpty {
            let piece = rest.prefix(400)
            rest = rest.dropFirst(piece.count)
            try socket.send(line: "AUTHENTICATE " + piece)
            if rest.isEmpty && piece.count == 400 { try socket.send(line: "AUTHENTICATE +") }
        }
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
