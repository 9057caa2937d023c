// Runs the Matrix bridge: a sync thread, a sender thread, and a poll() loop over every user's TwoDo socket.

import Foundation
import Synchronization
import TwoDoSystem

/// The running Matrix bridge: feeds `/sync` batches, TwoDo lines and the clock to `MatrixCore` and
/// carries out its actions.
///
/// Three threads, so a long-poll never delays a TwoDo event and a rate-limited send never delays a sync:
/// - the sync thread long-polls `/sync`, completes `limited` timelines from the rooms' history
///   (`MatrixGapFiller`) and posts each batch to the loop's inbox;
/// - the sender thread posts messages, joins and leaves in order, retrying with the same transaction id
///   after errors and waiting out `429` for `retry_after_ms`;
/// - the loop (the caller of `run()`) owns `MatrixCore`, the TwoDo sockets and the state file.
public final class MatrixBridge {
    /// The configuration it was started with.
    public let config: MatrixConfig
    private let client: MatrixClient
    private var core: MatrixCore
    private var state: MatrixState
    /// Each session's TwoDo connection. Invariant: a key here is a session that is open in `core`.
    private let links: TwoDoLinks
    private let inbox: MatrixMailbox<Inbound>
    private let outbox: MatrixMailbox<MatrixOutgoing>
    /// Transaction ids are `<start time in ms>.<n>`: unique across restarts, so the homeserver never
    /// mistakes a new message for the retry of an old one.
    private let transactionPrefix = "\(Int(Date().timeIntervalSince1970 * 1000))"
    private var nextTransaction = 1

    /// What the sync thread hands the loop.
    private enum Inbound: Sendable {
        case batch(MatrixSyncBatch, catchingUp: Bool)
        case fatal(String, [String: String])
    }

    /// Stops this bridge's loop and threads (the loop sets it on a signal; tests set it directly).
    private let stopSwitch: StopSwitch

    /// A flag another thread may raise to stop `run()`; the bridge's threads end soon after.
    public final class StopSwitch: Sendable {
        private let raised = Atomic<Bool>(false)
        /// A lowered switch.
        public init() {}
        /// Asks the bridge to stop.
        public func raise() { raised.store(true, ordering: .relaxed) }
        /// Whether stopping was asked for.
        public var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    /// A bridge for `config` talking through `transport` (the real one when nil), stopped by SIGINT,
    /// SIGTERM or `stop`; nothing happens until `run()`. Throws when the state file cannot be read.
    public init(
        config: MatrixConfig, transport: (any MatrixTransport)? = nil, stop: StopSwitch = StopSwitch()
    )
        throws
    {
        self.config = config
        links = TwoDoLinks(endpoint: config.twodo)
        stopSwitch = stop
        let transport = transport ?? MatrixURLSessionTransport(homeserver: config.homeserver, token: config.token)
        client = MatrixClient(transport: transport, syncTimeoutMilliseconds: config.syncTimeoutMilliseconds)
        state = try MatrixState.load(from: config.statePath)
        core = MatrixCore(bot: config.user, directRooms: state.directRooms, settings: config.settings)
        inbox = try MatrixMailbox()
        outbox = try MatrixMailbox()
    }

    /// Makes SIGINT and SIGTERM stop `run()` cleanly (queued messages get a moment to go out).
    public static func installSignalHandlers() {
        StopSignals.install()
    }

    /// Runs until SIGINT or SIGTERM; returns false when it stopped on a fatal problem (the token
    /// belongs to another user). Network failures are logged and retried, never thrown.
    public func run() -> Bool {
        Log.info(
            "bridge.started",
            [
                "homeserver": config.homeserver.absoluteString, "user": config.user,
                "twodo": config.twodo.description, "rooms": "\(state.directRooms.count)",
                "resumed": state.since == nil ? "no" : "yes",
            ])
        startSyncThread()
        startSenderThread()
        var healthy = true
        loop: while !StopSignals.isRequested && !stopSwitch.isRaised {
            var watched: [(fd: Int32, interest: Interest)] = [(inbox.wakeFD, .readable)]
            var owners: [SessionID?] = [nil]
            for (fd, id) in links.watched {
                watched.append((fd, .readable))
                owners.append(id)
            }
            let ready: [Interest]
            do {
                ready = try Posix.poll(watched, timeoutMilliseconds: 1000)
            } catch {
                Log.error("bridge.poll_failed", ["error": "\(error)"])
                Posix.sleep(seconds: 0.1)
                continue
            }
            let now = Monotonic.now()
            for (readiness, owner) in zip(ready, owners) where !readiness.isEmpty {
                guard let id = owner else { continue }
                readSession(id, now: now)
            }
            for item in inbox.drain() {
                switch item {
                case .batch(let batch, let catchingUp):
                    perform(core.handle(batch, now: now, catchingUp: catchingUp), now: now)
                    state.since = batch.nextBatch
                    state.directRooms = core.directRooms
                    saveState()
                case .fatal(let message, let fields):
                    Log.error(message, fields)
                    healthy = false
                    break loop
                }
            }
            perform(core.tick(now: now), now: now)
        }
        // Give replies already queued (a goodbye, say) a moment to reach the homeserver.
        let deadline = Monotonic.now() + 3
        while outbox.count > 0 && Monotonic.now() < deadline { Posix.sleep(seconds: 0.05) }
        stopSwitch.raise()
        links.closeAll()
        Log.info("bridge.stopped")
        return healthy
    }

    // MARK: Threads

    private func startSyncThread() {
        let client = self.client
        let inbox = self.inbox
        let bot = config.user
        let since = state.since
        let stop = stopSwitch
        let thread = Thread {
            var backoff = Backoff(initial: 1, maximum: 30)
            // The token must be the bot's: otherwise the bridge would take its own posts for commands.
            while !stop.isRaised {
                do {
                    let owner = try client.whoami()
                    if owner != bot {
                        inbox.put(.fatal("bridge.matrix_token_mismatch", ["user": bot, "token_user": owner]))
                        return
                    }
                    break
                } catch let error as MatrixError {
                    let delay = error.retryDelay(backoff: &backoff) ?? backoff.next()
                    Log.error("bridge.matrix_whoami_failed", ["error": "\(error)", "retry_in": "\(delay)"])
                    Self.pause(delay, unless: stop)
                } catch {
                    Self.pause(backoff.next(), unless: stop)
                }
            }
            if stop.isRaised { return }
            backoff.reset()
            Log.info("bridge.matrix_connected", ["user": bot])
            var position = since
            var gaps = MatrixGapFiller(client: client)
            while !stop.isRaised {
                do {
                    var batch = try client.sync(since: position)
                    // A busy room's timeline may come back `limited`: fetch what it left out before
                    // handing the batch over (not when catching up: those messages are skipped anyway).
                    if let position {
                        for gap in try gaps.fill(&batch, since: position) {
                            var fields = ["room": gap.room, "count": "\(gap.recovered)"]
                            if gap.complete {
                                Log.info("bridge.matrix_gap_filled", fields)
                            } else {
                                // Older events than these stay unread: say so, with how many were recovered.
                                fields["pages"] = "\(gaps.maxPages)"
                                Log.error("bridge.matrix_gap", fields)
                            }
                        }
                    }
                    gaps.remember(batch)
                    inbox.put(.batch(batch, catchingUp: position == nil))
                    position = batch.nextBatch
                    backoff.reset()
                } catch let error as MatrixError {
                    let delay = error.retryDelay(backoff: &backoff) ?? backoff.next()
                    Log.error("bridge.matrix_sync_failed", ["error": "\(error)", "retry_in": "\(delay)"])
                    Self.pause(delay, unless: stop)
                } catch {
                    Self.pause(backoff.next(), unless: stop)
                }
            }
        }
        thread.name = "matrix-sync"
        thread.start()
    }

    private func startSenderThread() {
        let client = self.client
        let outbox = self.outbox
        let stop = stopSwitch
        let thread = Thread {
            while !stop.isRaised || outbox.count > 0 {
                guard let item = outbox.take(timeout: 1) else { continue }
                Self.deliver(item, with: client, unless: stop)
            }
        }
        thread.name = "matrix-send"
        thread.start()
    }

    /// Carries out one request, retrying what can succeed later (same transaction id, so never twice).
    static func deliver(
        _ item: MatrixOutgoing, with client: MatrixClient, unless stop: StopSwitch, maxAttempts: Int = 8
    ) {
        var backoff = Backoff(initial: 1, maximum: 30)
        for attempt in 1...maxAttempts {
            do {
                try item.perform(with: client)
                return
            } catch let error as MatrixError {
                guard attempt < maxAttempts, let delay = error.retryDelay(backoff: &backoff) else {
                    Log.error(
                        "bridge.matrix_\(item.kind)_failed", ["room": item.room, "error": "\(error)", "gave_up": "yes"])
                    return
                }
                Log.error(
                    "bridge.matrix_\(item.kind)_failed",
                    ["room": item.room, "error": "\(error)", "retry_in": "\(delay)"])
                // Once stopping, a message is worth one more quick try, not a long wait.
                if stop.isRaised && delay > 1 { return }
                pause(delay, unless: stop)
            } catch {
                Log.error("bridge.matrix_\(item.kind)_failed", ["room": item.room, "error": "\(error)"])
                return
            }
        }
    }

    /// Sleeps `seconds`, waking early when `stop` is raised.
    static func pause(_ seconds: Double, unless stop: StopSwitch) {
        let end = Monotonic.now() + seconds
        while !stop.isRaised {
            let left = end - Monotonic.now()
            if left <= 0 { return }
            Thread.sleep(forTimeInterval: min(left, 0.1))
        }
    }

    // MARK: Loop

    private func saveState() {
        do {
            try state.save(to: config.statePath)
        } catch {
            Log.error("bridge.matrix_state_unsaved", ["path": config.statePath, "error": "\(error)"])
        }
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
    private func perform(_ actions: [MatrixAction], now: Double) {
        var work = actions
        var i = 0
        while i < work.count {
            let action = work[i]
            i += 1
            switch action {
            case .join(let room):
                outbox.put(.join(room: room))
            case .leave(let room):
                outbox.put(.leave(room: room))
            case .message(let room, let text, let notice):
                outbox.put(
                    .message(
                        room: room, text: text, notice: notice,
                        transactionID: "twodo.\(transactionPrefix).\(nextTransaction)"))
                nextTransaction += 1
            case .open(let id):
                work += links.open(id) ? core.sessionConnected(id, now: now) : core.sessionConnectFailed(id, now: now)
            case .send(let id, let line):
                if links.send(line, to: id) == .broke { work += core.sessionClosed(id, now: now) }
            case .close(let id):
                links.close(id)
            case .log(let message, let fields):
                Log.info(message, fields)
            }
        }
    }
}
