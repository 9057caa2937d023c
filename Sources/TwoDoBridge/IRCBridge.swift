// Runs the IRC bridge: one thread waiting in poll() on the IRC socket and every user's TwoDo socket.

import TwoDoSystem

/// The running bridge: feeds socket input and the clock to `BridgeCore` and carries out its actions.
///
/// Single-threaded by design: every socket is blocking but only read after `poll` says it is readable,
/// and sends are short lines bounded by a send timeout. Not `Sendable`; create and run it on one thread.
public final class IRCBridge {
    /// The configuration it was started with.
    public let config: BridgeConfig
    private var core: BridgeCore
    private let irc: IRCConnection
    /// Each session's TwoDo connection. Invariant: a key here is a session that is open in `core`.
    private let links: TwoDoLinks

    /// A bridge for `config`; nothing happens until `run()`.
    public init(config: BridgeConfig) {
        self.config = config
        links = TwoDoLinks(endpoint: config.twodo)
        core = BridgeCore(nick: config.nick, settings: config.settings)
        irc = IRCConnection(
            endpoint: config.irc, nick: config.nick, password: config.password, lineInterval: config.lineInterval)
        irc.sasl = config.sasl
        if let trust = config.tls {
            do {
                irc.tls = try TLSClientContext(
                    trust: trust, certificate: config.clientCertificate?.certificate,
                    key: config.clientCertificate?.key)
            } catch {
                // Without its TLS context the bridge must not fall back to plain text: it never connects, and
                // says why on every attempt.
                irc.tlsFailure = error
            }
        }
    }

    /// Makes SIGINT and SIGTERM stop `run()` cleanly (QUIT to IRC, TwoDo connections closed).
    public static func installSignalHandlers() {
        StopSignals.install()
    }

    /// Runs until SIGINT or SIGTERM. Network failures are logged and retried, never thrown.
    public func run() {
        Log.info(
            "bridge.started",
            [
                "irc": config.irc.description, "twodo": config.twodo.description, "nick": config.nick,
                "channel": config.settings.channel ?? "-",
            ])
        while !StopSignals.isRequested {
            var now = Monotonic.now()
            let wasOffline = irc.socket == nil
            do {
                try irc.connectIfDue(now: now)
                if wasOffline && irc.socket != nil {
                    Log.info("bridge.irc_connected", ["address": config.irc.description])
                }
            } catch {
                Log.error("bridge.irc_connect_failed", ["error": "\(error)"])
            }

            var watched: [(fd: Int32, interest: Interest)] = []
            var owners: [SessionID?] = []  // nil: the IRC socket
            if let socket = irc.socket {
                watched.append((socket.fd, .readable))
                owners.append(nil)
            }
            for (fd, id) in links.watched {
                watched.append((fd, .readable))
                owners.append(id)
            }
            // Decrypted IRC input already inside OpenSSL: poll cannot see it, so do not wait.
            let wait = irc.socket?.hasBufferedInput == true ? 0 : min(1.0, irc.wakeDelay(now: now))
            let ready: [Interest]
            do {
                ready = try Posix.poll(watched, timeoutMilliseconds: Int32((wait * 1000).rounded(.up)))
            } catch {
                Log.error("bridge.poll_failed", ["error": "\(error)"])
                Posix.sleep(seconds: 0.1)
                continue
            }
            now = Monotonic.now()
            for (readiness, owner) in zip(ready, owners)
            where !readiness.isEmpty || (owner == nil && irc.socket?.hasBufferedInput == true) {
                if let id = owner {
                    readSession(id, now: now)
                } else {
                    readIRC(now: now)
                }
            }
            perform(core.tick(now: now), now: now)
            do {
                try irc.flush(now: now)
            } catch {
                ircLost(now: now, error: error)
            }
        }
        irc.sendNow(IRCMessage(command: "QUIT", params: ["TwoDo bridge stopping"]))
        links.closeAll()
        Log.info("bridge.stopped")
    }

    private func readIRC(now: Double) {
        do {
            for message in try irc.readMessages(now: now) {
                perform(core.handle(message, now: now), now: now)
            }
        } catch {
            ircLost(now: now, error: error)
        }
    }

    private func ircLost(now: Double, error: any Error) {
        guard irc.socket != nil else { return }
        Log.error("bridge.irc_disconnected", ["error": "\(error)"])
        irc.drop(now: now)
        perform(core.ircLost(), now: now)
    }

    private func readSession(_ id: SessionID, now: Double) {
        guard links.contains(id) else { return }
        guard let lines = links.receive(from: id) else {
            perform(core.sessionClosed(id, now: now), now: now)
            return
        }
        for line in lines {
            perform(core.received(line, on: id, now: now), now: now)
            if !links.contains(id) { return }  // the line ended the session
        }
    }

    /// Carries out actions in order, including those that the outcome of an action produces.
    private func perform(_ actions: [BridgeAction], now: Double) {
        var work = actions
        var i = 0
        while i < work.count {
            let action = work[i]
            i += 1
            switch action {
            case .irc(let message, let lane):
                irc.enqueue(message, lane: lane)
            case .open(let id):
                work += links.open(id) ? core.sessionConnected(id, now: now) : core.sessionConnectFailed(id, now: now)
            case .send(let id, let line):
                if links.send(line, to: id) == .broke { work += core.sessionClosed(id, now: now) }
            case .close(let id):
                links.close(id)
            case .renameLane(let from, let to):
                irc.renameLane(from: from, to: to)
            case .log(let message, let fields):
                Log.info(message, fields)
            }
        }
    }
}
