// The event loop: one thread owns every connection, the store and all routing state.

import Foundation
import TwoDoSystem
import TwoDoCore
import TwoDoFeatures
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// The TwoDo server. Create it, then call `run()` on the thread that will own it.
///
/// Invariant: every property is touched only by the thread running `run()` (the hash pool has its own lock).
public final class Server {
    /// The product version shown in the greeting and `--version`.
    public static let version = "0.1.0"

    let config: ServerConfig
    /// The store and its engine's companions (SQLite's lock and checkpoint thread).
    let storage: ServerStorage
    /// The engine-neutral store every command runs against.
    var store: any TwoDoStorage { storage.store }
    /// The feature handlers: every domain command runs there and comes back as an `Outcome`.
    let handlers: Handlers
    var clock: WallClock { handlers.clock }
    let epoll: Epoll
    let hashPool: HashPool
    /// The calendar feed's port and thread (`--http-port`), nil when there is none.
    var feed: FeedServer?
    /// The plain-text listener; nil when the server speaks only TLS.
    let listener: Listener?
    /// The TLS listener (`--tls-port`), if any.
    let tlsListener: Listener?
    /// What new TLS clients are handed: replaced on SIGHUP (a renewed certificate), while each connection
    /// accepted before keeps the context it started with.
    var tlsContext: TLSContext?
    /// TLS connections with decrypted input left inside OpenSSL after a read (its buffer was full): read
    /// again without waiting, since epoll sees only the socket.
    var tlsBuffered: Set<UInt64> = []
    /// Seconds spent on TLS handshake steps since the last `epoll_wait`.
    var handshakeTime: Double = 0
    /// The most handshake work one wakeup starts (a step is about half a millisecond of ECDHE and a signature).
    static let handshakeBudget: Double = 0.004
    let signalFD: Int32
    /// Written by the SIGHUP handler (only installed with TLS): reload the certificate.
    let reloadFD: Int32
    /// A reserved descriptor, released to accept-and-close a client when the process is out of descriptors.
    var spareFD: Int32
    /// The plain port actually bound (useful with port 0); 0 when there is none.
    public var boundPort: UInt16 { listener?.port ?? 0 }
    /// The TLS port actually bound; nil when there is none.
    public var boundTLSPort: UInt16? { tlsListener?.port }

    var connections: [UInt64: Connection] = [:]
    /// Open connections per client address, for `--max-per-address`.
    var connectionsByAddress: [String: Int] = [:]
    /// Connections writing a streamed reply (`Connection.stream`), advanced after each COMMIT.
    var streaming: Set<UInt64> = []
    /// Open connections per logged-in user.
    var sessions: [UserID: [UInt64]] = [:]
    var nextConnectionID: UInt64 = 16
    var nextTicket: UInt64 = 1
    /// Hash jobs in flight: ticket → connection id, the address it came from and the account it is for.
    var tickets: [UInt64: HashTicket] = [:]
    /// Hash jobs in flight per client address, capped so one address cannot fill the pool's queue.
    var hashJobsByAddress: [String: Int] = [:]
    /// Hash jobs in flight per account, capped so a storm at one name cannot fill it either.
    var hashJobsByAccount: [String: Int] = [:]
    /// Connections with input waiting to run, in arrival order.
    var ready: [UInt64] = []
    var readySet: Set<UInt64> = []
    /// Connections with input left over from the last turn (its time ran out, or their slice was used):
    /// the next turn serves them after the connections that became ready meanwhile.
    var deferred: [UInt64] = []
    /// Connections the last turn had no time for at all (an overloaded server): the next turn serves them first.
    var unserved: [UInt64] = []
    /// Connections with output to flush this turn.
    var dirty: Set<UInt64> = []
    var hashResults: [(ticket: UInt64, outcome: HashOutcome)] = []
    /// The earliest pending reminder's fire time (the head of the timer queue kept in SQLite).
    var nextReminderAt: Int64?
    /// Set when reminders were added, removed or fired in this turn: `nextReminderAt` is refreshed after it.
    var remindersChanged = false

    var stats = ServerStats()
    var running = true
    /// A big connection was dropped since the last sweep: return freed heap memory to the system.
    var trimPending = false
    var lastSweep = Monotonic.now()
    /// When the search index last took the pending text (see `flushSearchIndexIfDue`).
    var lastSearchFlush = Monotonic.now()
    /// When a command last found the database out of reach (PostgreSQL only): reminders wait a second after it.
    var unavailableAt: Double?
    /// Who is online on other nodes, as asked during this turn (emptied at each turn's start).
    var presenceElsewhere: [UserID: Bool] = [:]
    /// The last flush moved a full batch: more text waits, and the loop runs turns without waiting until it is in.
    var searchBacklog = false
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)

    static let listenToken: UInt64 = 1
    static let hashToken: UInt64 = 2
    static let signalToken: UInt64 = 3
    static let tlsListenToken: UInt64 = 5
    static let reloadToken: UInt64 = 6
    /// The link's socket while it is watched (PostgreSQL only); nil when lost, until `maintainLink` reconnects.
    var linkSocket: Int32?
    /// The link had more rows than one read takes: read again before waiting.
    var linkBacklog = false
    /// When the shared event log was last pruned.
    var lastLinkPrune: Double = 0

    /// Opens the database and binds the listening socket.
    public init(config: ServerConfig) throws {
        self.config = config
        // The ports and the certificate first: a server that cannot listen leaves nothing behind on disk.
        let listener = try config.port.map { try Listener(host: config.host, port: $0) }
        let tlsListener: Listener?
        do {
            tlsListener = try config.tls.map { try Listener(host: config.host, port: $0.port) }
            tlsContext = try config.tls.map {
                try TLSContext(certificateChain: $0.certificatePath, privateKey: $0.keyPath)
            }
        } catch {
            listener?.close()
            throw error
        }
        self.listener = listener
        self.tlsListener = tlsListener
        do {
            storage = try ServerStorage(config: config)
        } catch {
            listener?.close()
            tlsListener?.close()
            throw error
        }
        handlers = Handlers(
            store: storage.store, clock: WallClock(testStart: config.testClockStart), limits: config.limits,
            admins: config.admins)
        epoll = try Epoll()
        hashPool = try HashPool(threads: config.hashThreads)
        // The decoy's 30 ms are paid here, at start, not in the loop on the first unknown login.
        handlers.accounts.decoyHash = PasswordHasher.decoy
        handlers.accounts.digest = ResumeDigest.digest(of:)
        _ = Posix.raiseFileLimit()
        spareFD = Posix.openDevNull()
        signalFD = try Posix.eventFD()
        reloadFD = try Posix.eventFD()
        if let listener { try epoll.add(listener.rawValue, token: Server.listenToken, interest: .readable) }
        if let tlsListener { try epoll.add(tlsListener.rawValue, token: Server.tlsListenToken, interest: .readable) }
        try epoll.add(reloadFD, token: Server.reloadToken, interest: .readable)
        try epoll.add(hashPool.wakeFD, token: Server.hashToken, interest: .readable)
        try epoll.add(signalFD, token: Server.signalToken, interest: .readable)
        if let link = storage.link {
            // Several nodes: the throttles count in the shared database, so spreading guesses buys nothing.
            let ledger = SharedFailureLedger(link: link)
            handlers.accounts.logins = LoginThrottle(shared: ledger)
            handlers.accounts.registrations = FailureThrottle(
                threshold: 20, baseDelay: 60, shared: ledger, namespace: "register\u{0}")
            handlers.inviteFailures = FailureThrottle(threshold: 5, shared: ledger, namespace: "invite\u{0}")
        }
        if let fd = storage.link?.socket {
            try epoll.add(fd, token: Server.linkToken, interest: .readable)
            linkSocket = fd
            try storage.link?.heartbeat(now: Server.linkNow)
        }
        handlers.presence = self
        refreshReminderHead()
        if let httpPort = config.httpPort {
            let feed = try FeedServer.start(config: config, httpPort: httpPort)
            self.feed = feed
            let base = config.feedURL ?? "\(config.httpTLS ? "https" : "http")://\(config.host):\(feed.port)"
            handlers.feedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        }
    }

    deinit { readBuffer.deallocate() }

    /// Installs SIGINT/SIGTERM handlers that stop this server's loop gracefully (they wake it through
    /// `signalFD`) and, with a TLS listener, SIGHUP to reload its certificate (through `reloadFD`).
    public func installSignalHandlers() {
        StopSignals.install(wake: signalFD)
        if config.tls != nil { ReloadSignal.install(wake: reloadFD) }
    }

    /// Runs the loop until a stop signal; then stops accepting, finishes the turn, commits and closes.
    public func run() throws {
        var fields = ["db": config.databasePath, "version": Server.version]
        if let listener { fields["address"] = "\(config.host):\(listener.port)" }
        if let tlsListener, let context = tlsContext {
            fields["tls_address"] = "\(config.host):\(tlsListener.port)"
            fields["certificate"] = context.subject
            fields["not_after"] = context.notAfter
        }
        Log.info("listening", fields)
        while running {
            var wait = min(1, lastSweep + 1 - Monotonic.now())
            // A due reminder (also one a test clock jumped past, or the rest of a burst) means no waiting.
            if let next = nextReminderAt { wait = min(wait, Double(next - clock.now)) }
            // Connections woken since the last turn (a reader drained its output, a stream wants its next
            // piece) are served without waiting.
            if !ready.isEmpty || !deferred.isEmpty || !unserved.isEmpty || linkBacklog || searchBacklog { wait = 0 }
            if !tlsBuffered.isEmpty { wait = 0 }
            let timeout = Int32(max(0, wait * 1000))
            let events = try epoll.wait(timeoutMilliseconds: timeout)
            handshakeTime = 0
            for event in events { handle(event) }
            if !tlsBuffered.isEmpty { readBuffered() }
            if StopSignals.isRequested { running = false }
            if linkBacklog { receiveFromLink() }
            processTurn()
            flushDirty()
            let now = Monotonic.now()
            if now - lastSweep >= 1 {
                maintainLink(now: now)
                sweep(now: now)
                lastSweep = now
            }
        }
        shutdown()
    }

    private func handle(_ event: ReadyEvent) {
        switch event.token {
        case Server.listenToken:
            if let listener { acceptAll(from: listener, tls: false) }
        case Server.tlsListenToken:
            if let tlsListener { acceptAll(from: tlsListener, tls: true) }
        case Server.reloadToken:
            var counter: UInt64 = 0
            _ = withUnsafeMutableBytes(of: &counter) { try? Posix.read(reloadFD, $0) }
            reloadTLS()
        case Server.hashToken:
            hashResults.append(contentsOf: hashPool.drain())
        case Server.linkToken:
            receiveFromLink()
        case Server.signalToken:
            var counter: UInt64 = 0
            _ = withUnsafeMutableBytes(of: &counter) { try? Posix.read(signalFD, $0) }
            running = false
        default:
            guard let c = connections[event.token] else { return }  // closed earlier this turn
            if c.isHandshaking {
                // Past this wakeup's handshake budget the event is left for the next one: epoll is level-triggered,
                // so the socket is reported again, and a storm of handshakes cannot hold up everyone's replies.
                if handshakeTime < Server.handshakeBudget {
                    let started = Monotonic.now()
                    continueHandshake(c)
                    handshakeTime += Monotonic.now() - started
                }
                return
            }
            if event.isWritable { flush(c) }
            // The flush may have closed it (a reset peer reports readable, writable and hung up at once).
            if !c.isClosed && (event.isReadable || event.isHangup) && !c.readClosed && !c.readPaused { read(c) }
        }
    }

    private func shutdown() {
        Log.info("stopping", ["connections": "\(connections.count)"])
        feed?.stop()
        for listener in [listener, tlsListener].compactMap({ $0 }) {
            epoll.remove(listener.rawValue)
            listener.close()
        }
        processTurn()
        for c in Array(connections.values) { flush(c) }
        // Replies to saved commands may still sit in full socket buffers: give readers up to 2 s to take them,
        // so a client is not left unsure whether an acknowledged change was saved.
        let deadline = Monotonic.now() + 2
        while Monotonic.now() < deadline, connections.values.contains(where: { $0.pendingOutput > 0 }) {
            for event in (try? epoll.wait(timeoutMilliseconds: 50)) ?? [] where event.isWritable || event.isHangup {
                if let c = connections[event.token] { flush(c) }
            }
        }
        for c in Array(connections.values) { close(c, reason: "shutdown") }
        hashPool.stop()
        storage.close()  // SQLite folds the WAL into the database file
        Log.info("stopped", [:])
    }

    // MARK: Reading

    func read(_ c: Connection) {
        let result: IOResult<Int>
        do {
            result = try c.receive(into: readBuffer)
        } catch {
            close(c, reason: "read error")
            return
        }
        guard case .done(let n) = result else { return }
        if n == 0 && c.awaitsProxyV2 {
            // The front hung up before a whole header (a health check that gave up, or a broken front).
            if !c.proxyPrefix.isEmpty {
                Log.error("truncated PROXY v2 header from a front", ["conn": "\(c.id)", "peer": c.address])
            }
            close(c, reason: "no proxy header")
            return
        }
        if n == 0 {
            // Half-closed: stop reading but answer what was sent, then close.
            c.readClosed = true
            c.closeAfterFlush = true
            updateInterest(c)
            markReady(c)
            dirty.insert(c.id)
            return
        }
        stats.bytesIn += n
        let before = c.input.count
        if c.awaitsProxyV2 {
            // The header comes before any line framing; what follows it in the same read is ordinary input.
            guard let rest = acceptProxyHeaderV2(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]), on: c) else {
                return
            }
            c.framer.feed(rest, into: &c.input)
        } else {
            c.framer.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]), into: &c.input)
        }
        if !c.framer.outgoing.isEmpty {
            // Telnet answers and echo. A peer that leaves a full output limit unread gets none: its echo
            // must not grow memory while it types without ever reading (the drain timeout drops it). None
            // goes into the middle of a streamed reply either.
            let outgoing = c.framer.takeOutgoing()
            if c.pendingOutput < config.outputLimit && c.stream == nil { c.send(bytes: outgoing) }
            dirty.insert(c.id)
        }
        if c.input.count > before {
            for item in c.input[before...] { c.inputBytes += item.byteCount }
            c.lastActivity = Monotonic.now()
            // A client waiting for its output to drain or for a stream stays parked: it is woken by flush.
            if c.stream == nil && !isBlockedByOutput(c) { markReady(c) }
        }
        if c.inputBytes > Server.inputPauseBytes || c.input.count > Server.inputPauseItems {
            c.readPaused = true  // the client sends faster than we answer: let TCP push back
            updateInterest(c)
        } else if c.hasBufferedInput && !c.readClosed {
            tlsBuffered.insert(c.id)
        }
    }

    /// Unexecuted input a connection may queue before the server stops reading from it (bytes and lines).
    static let inputPauseBytes = 64 * 1024
    static let inputPauseItems = 1024

    /// Whether a connection's unread output is over the cap, so its queued commands must wait.
    func isBlockedByOutput(_ c: Connection) -> Bool { c.pendingOutput > config.outputLimit }

    func markReady(_ c: Connection) {
        if readySet.insert(c.id).inserted { ready.append(c.id) }
    }

    func updateInterest(_ c: Connection) {
        var interest: Interest = []
        if !c.readClosed && !c.readPaused { interest.insert(.readable) }
        if c.wantsWrite { interest.insert(.writable) }
        c.watch(interest, in: epoll)
        // Reading again (after a pause) must start with what the TLS session already holds.
        if interest.contains(.readable) && c.hasBufferedInput { tlsBuffered.insert(c.id) }
    }

    // MARK: Writing

    /// Queues a reply's wire lines. Replies never overflow the cap by more than one reply: the turn stops
    /// running a connection's commands while its output is over the cap (see `processTurn`).
    func emit(_ lines: [String], to c: Connection) {
        guard !c.isClosed else { return }
        c.sendAbovePrompt(lines: lines)
        dirty.insert(c.id)
    }

    /// Queues a line the connection did not ask for (a partner event, a reminder), dropping the connection
    /// when it will not read.
    ///
    /// What counts is the output the peer left unread at the last flush, not the size of new lines, so a
    /// reader is never dropped for a burst. While a streamed reply is being written, such lines wait
    /// (bounded by the same cap) and follow it.
    func push(_ line: String, to c: Connection) {
        guard !c.isClosed else { return }
        if c.stream != nil {
            c.heldLines.append(line)
            c.heldBytes += line.utf8.count + 2
            if c.heldBytes > config.outputLimit {
                stats.outputDrops += 1
                Log.info("dropping slow reader", ["conn": "\(c.id)", "held": "\(c.heldBytes)"])
                close(c, reason: "output limit")
            }
            return
        }
        c.sendAbovePrompt(lines: [line])
        if c.unreadBacklog > config.outputLimit {
            stats.outputDrops += 1
            Log.info("dropping slow reader", ["conn": "\(c.id)", "pending": "\(c.pendingOutput)"])
            close(c, reason: "output limit")
            return
        }
        dirty.insert(c.id)
    }

    private func flushDirty() {
        let ids = dirty
        dirty.removeAll(keepingCapacity: true)
        for id in ids {
            guard let c = connections[id] else { continue }
            flush(c)
        }
    }

    func flush(_ c: Connection) {
        guard !c.isClosed, !c.isHandshaking else { return }
        c.queuedSinceFlush = 0
        defer { wakeIfDrained(c) }
        while c.pendingOutput > 0 {
            switch c.transmit() {
            case .done(let n)?:
                c.outputStart += n
                stats.bytesOut += n
                if n > 0 { c.lastDrained = Monotonic.now() }
            case .wouldBlock?:
                if !c.wantsWrite {
                    c.wantsWrite = true
                    updateInterest(c)
                }
                return
            case nil:
                close(c, reason: "write error")
                return
            }
        }
        c.compactOutput()
        if c.wantsWrite {
            c.wantsWrite = false
            updateInterest(c)
        }
        if c.closeAfterFlush && c.input.isEmpty && c.pendingAuth == nil && c.stream == nil {
            close(c, reason: "closed")
        }
    }

    /// Wakes a connection whose commands or stream waited for its output to drain.
    private func wakeIfDrained(_ c: Connection) {
        guard !c.isClosed else { return }
        if c.stream != nil {
            if c.pendingOutput < Server.streamLowWater { markReady(c) }
        } else if !c.input.isEmpty && c.pendingAuth == nil && !isBlockedByOutput(c) {
            markReady(c)
        }
    }

    /// Closes a connection at once and forgets it.
    func close(_ c: Connection, reason: String) {
        guard connections.removeValue(forKey: c.id) != nil else { return }
        let heldBytes = c.output.capacity + c.heldBytes
        c.closeSocket(in: epoll)
        // A client dropped with a megabyte of unread output leaves that much free in the heap: hand it back
        // to the system at the next sweep (glibc keeps freed memory otherwise). Once per sweep, not per
        // close: a trim walks the heap, and thirty resets at once would pay it thirty times in one turn.
        if heldBytes > 256 * 1024 { trimPending = true }
        streaming.remove(c.id)
        tlsBuffered.remove(c.id)
        if let n = connectionsByAddress[c.address], n > 1 {
            connectionsByAddress[c.address] = n - 1
        } else {
            connectionsByAddress[c.address] = nil
        }
        if let user = c.user { detach(c, from: user) }
        stats.closed += 1
        if config.logConnections {
            Log.info("disconnect", ["conn": "\(c.id)", "reason": reason, "open": "\(connections.count)"])
        }
    }

    // MARK: Timers

    private func sweep(now: Double) {
        for c in Array(connections.values) {
            if c.isHandshaking {
                // A TLS client that stalls mid-handshake (or never starts) holds a slot: bounded here.
                if now > c.handshakeDeadline {
                    stats.tlsFailures += 1
                    close(c, reason: "tls handshake timeout")
                }
                continue
            }
            if c.closeAfterFlush && now - c.lastActivity > config.idleTimeout + 10 {
                close(c, reason: "close timeout")  // told to go but never read its last lines
                continue
            }
            if c.pendingOutput == 0 {
                c.lastDrained = now
            } else if now - c.lastDrained > config.drainTimeout {
                // It has not taken a byte of its replies for the whole grace period: it will not read.
                stats.outputDrops += 1
                Log.info("dropping slow reader", ["conn": "\(c.id)", "pending": "\(c.pendingOutput)"])
                close(c, reason: "not reading")
                continue
            }
            if c.user == nil && now > c.loginDeadline && c.pendingAuth == nil && !c.closeAfterFlush {
                // Counted from the connection (or the logout), not from the last line: `ping` does not keep it.
                let seconds = Int(config.loginTimeout)
                emit(
                    Reply.failure(
                        .errorLoginTimeout, Catalog.text(.errorLoginTimeout, c.lang, ["seconds": "\(seconds)"])
                    )
                    .render(json: c.json, tag: nil), to: c)
                c.closeAfterFlush = true
                c.readClosed = true
                c.lastActivity = now
                updateInterest(c)
                flush(c)
                continue
            }
            let limit = c.user == nil ? min(config.loginTimeout, config.idleTimeout) : config.idleTimeout
            if now - c.lastActivity > limit && c.pendingAuth == nil && !c.closeAfterFlush {
                emit(
                    [
                        Reply.failure(
                            .errorIdleTimeout,
                            Catalog.text(.errorIdleTimeout, c.lang, ["seconds": "\(Int(limit))"])
                        )
                        .render(json: c.json, tag: nil)
                    ].flatMap { $0 }, to: c)
                c.closeAfterFlush = true
                c.readClosed = true
                c.lastActivity = now - limit  // the close deadline counts from here
                updateInterest(c)
                flush(c)
            }
        }
        if trimPending {
            trimPending = false
            Memory.trim()
        }
        if Int(now) % 60 == 0 {
            handlers.pruneThrottles(now: now)
        }
    }
}
