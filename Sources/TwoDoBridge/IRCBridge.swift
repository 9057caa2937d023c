// Runs the IRC bridge: one thread waiting in poll() on the IRC socket and every user's TwoDo socket.

import Glibc
import Synchronization

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
    private var links: [SessionID: TCPSocket] = [:]

    /// Set from the signal handler; the loop checks it at least once a second.
    private static let stopRequested = Atomic<Bool>(false)

    /// A bridge for `config`; nothing happens until `run()`.
    public init(config: BridgeConfig) {
        self.config = config
        core = BridgeCore(nick: config.nick, settings: config.settings)
        irc = IRCConnection(
            endpoint: config.irc, nick: config.nick, password: config.password, lineInterval: config.lineInterval)
    }

    /// Makes SIGINT and SIGTERM stop `run()` cleanly (QUIT to IRC, TwoDo connections closed).
    public static func installSignalHandlers() {
        signal(SIGPIPE, SIG_IGN)
        let handler: @convention(c) (Int32) -> Void = { _ in IRCBridge.stopRequested.store(true, ordering: .relaxed) }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent that spawned us from a thread blocking these signals passed the mask on; undo that.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
    }

    /// Runs until SIGINT or SIGTERM. Network failures are logged and retried, never thrown.
    public func run() {
        BridgeLog.info(
            "bridge.started",
            [
                "irc": config.irc.description, "twodo": config.twodo.description, "nick": config.nick,
                "channel": config.settings.channel ?? "-",
            ])
        while !Self.stopRequested.load(ordering: .relaxed) {
            var now = BridgePosix.monotonicNow()
            let wasOffline = irc.socket == nil
            do {
                try irc.connectIfDue(now: now)
                if wasOffline && irc.socket != nil {
                    BridgeLog.info("bridge.irc_connected", ["address": config.irc.description])
                }
            } catch {
                BridgeLog.error("bridge.irc_connect_failed", ["error": "\(error)"])
            }

            var fds: [pollfd] = []
            var owners: [SessionID?] = []  // nil: the IRC socket
            if let socket = irc.socket {
                fds.append(pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0))
                owners.append(nil)
            }
            for (id, link) in links.sorted(by: { $0.key < $1.key }) {
                fds.append(pollfd(fd: link.fd, events: Int16(POLLIN), revents: 0))
                owners.append(id)
            }
            let wait = min(1.0, irc.wakeDelay(now: now))
            do {
                _ = try BridgePosix.poll(&fds, timeoutMilliseconds: Int32((wait * 1000).rounded(.up)))
            } catch {
                BridgeLog.error("bridge.poll_failed", ["error": "\(error)"])
                usleep(100_000)
                continue
            }
            now = BridgePosix.monotonicNow()
            for (pfd, owner) in zip(fds, owners) where pfd.revents != 0 {
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
        for link in links.values { link.close() }
        links.removeAll()
        BridgeLog.info("bridge.stopped")
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
        BridgeLog.error("bridge.irc_disconnected", ["error": "\(error)"])
        irc.drop(now: now)
        perform(core.ircLost(), now: now)
    }

    private func readSession(_ id: SessionID, now: Double) {
        guard let link = links[id] else { return }
        do {
            for line in try link.receiveLines() {
                perform(core.received(line, on: id, now: now), now: now)
                if links[id] == nil { return }  // the line ended the session
            }
        } catch {
            links.removeValue(forKey: id)?.close()
            perform(core.sessionClosed(id, now: now), now: now)
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
                do {
                    links[id] = try TCPSocket.connect(to: config.twodo, timeout: 2, maxLineBytes: 8 << 20)
                    work += core.sessionConnected(id, now: now)
                } catch {
                    work += core.sessionConnectFailed(id, now: now)
                }
            case .send(let id, let line):
                guard let link = links[id] else { continue }
                do {
                    try link.send(line: line)
                } catch {
                    links.removeValue(forKey: id)?.close()
                    work += core.sessionClosed(id, now: now)
                }
            case .close(let id):
                links.removeValue(forKey: id)?.close()
            case .renameLane(let from, let to):
                irc.renameLane(from: from, to: to)
            case .log(let message, let fields):
                BridgeLog.info(message, fields)
            }
        }
    }
}
