// One client connection: its socket, framer, queued input, buffered output and session state.

import TwoDoSystem
import TwoDoCore
import TwoDoFeatures

/// A client connection. Owned by the event-loop thread; never shared.
final class Connection: TurnClient {
    /// Unique for the life of the process (never reused), so late events for a closed one are dropped.
    let id: UInt64
    /// The socket, nil once closed. Only this type's methods touch it, and each checks it first, so no
    /// system call can reach a descriptor after its close (or, worse, a reused one).
    private var descriptor: FileDescriptor?
    /// The TLS session over the socket for a client of the TLS port; nil for a plain one, whose reads and
    /// writes go straight to the socket (the plain path pays one nil check, nothing more).
    private let tls: TLSSession?
    /// When a TLS client that has not finished its handshake is closed (monotonic seconds).
    let handshakeDeadline: Double
    /// The peer address, for logs and the per-address connection cap (the real client's, once a trusted
    /// front sent a PROXY header).
    var address: String
    /// What per-address throttles count this connection under: its address, or, for a connection from a
    /// trusted front (`--trusted-address`: stunnel, a chat bridge), the connection itself, since everyone
    /// behind the front shares its address.
    var throttleKey: String {
        get { session.throttleKey }
        set { session.throttleKey = newValue }
    }
    /// A trusted front's connection whose first line may be a PROXY protocol header naming the real client.
    var awaitsProxyHeader: Bool
    /// A `--proxy-protocol` front's connection whose first bytes must be a PROXY v2 header, not yet complete.
    var awaitsProxyV2: Bool
    /// The bytes of that header received so far (at most `ProxyHeaderV2.maximumLength` and what followed
    /// it in the same read).
    var proxyPrefix: [UInt8] = []

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

    /// The conversation on this connection (user, language, zone, JSON mode, last listing), which the
    /// handlers read and update; the loop reads it to render events and replies.
    let session: Session
    /// The logged-in user, if any.
    var user: UserID? {
        get { session.user }
        set { session.user = newValue }
    }
    /// The reply language (the user's setting once logged in; English before).
    var lang: Language {
        get { session.lang }
        set { session.lang = newValue }
    }
    /// The user's IANA zone, for showing times in events.
    var tz: String {
        get { session.tz }
        set { session.tz = newValue }
    }
    /// Whether replies and events are JSON objects.
    var json: Bool { session.json }
    var pendingAuth: PendingAuth?
    var waitsForHash: Bool { pendingAuth != nil }
    var isStreaming: Bool { stream != nil }
    /// The digest of the resume token this connection logged in with or was given (`logout` ends it).
    var resumeDigest: String? {
        get { session.resumeDigest }
        set { session.resumeDigest = newValue }
    }

    var lastActivity: Double
    var bucket: TokenBucket
    /// When a connection that is not logged in is closed, whatever it sends (set on connect and on logout).
    var loginDeadline: Double
    /// The last time the peer took output (or had none waiting): a reader stuck past the grace period is dropped.
    var lastDrained: Double
    /// UTF-8 bytes of the lines in `input`: reading pauses when they pass a bound.
    var inputBytes = 0
    /// A long reply being written piece by piece as the peer reads it (export); commands wait behind it.
    var stream: (any ReplyStream)?
    /// Partner events that arrived while `stream` was writing, sent once it ends.
    var heldLines: [String] = []
    var heldBytes = 0

    init(id: UInt64, fd: FileDescriptor, address: String, now: Double, config: ServerConfig, tls: TLSSession? = nil) {
        self.id = id
        self.tls = tls
        handshakeDeadline = now + (config.tls?.handshakeTimeout ?? 0)
        let proxied = config.proxyProtocolAddresses.contains(address)
        let front = proxied || config.trustedAddresses.contains(address)
        session = Session(id: id, throttleKey: front ? "\(address)#\(id)" : address)
        descriptor = fd
        self.address = address
        // A front listed for PROXY v2 sends that, never a v1 line (the protocol forbids guessing which).
        awaitsProxyHeader = front && !proxied
        awaitsProxyV2 = proxied
        framer = LineFramer(limit: config.lineLimit)
        lastActivity = now
        loginDeadline = now + config.loginTimeout
        lastDrained = now
        bucket = TokenBucket(rate: config.rateLimit, burst: config.rateBurst, now: now)
    }

    deinit {
        // Every path that forgets a connection closes it first; a leak here is our bug, caught in debug builds.
        if descriptor?.isClosed == false {
            assertionFailure("connection \(id) dropped without close")
            descriptor?.close()
        }
    }

    /// Whether the socket was closed (the connection is then out of the server's tables too).
    var isClosed: Bool { descriptor?.isClosed ?? true }

    /// The open socket's number, nil once closed.
    private var socket: Int32? { descriptor?.rawValue }

    /// Registers the socket with the loop's epoll instance.
    func register(with epoll: Epoll, interest: Interest) throws {
        guard let socket else { return }
        try epoll.add(socket, token: id, interest: interest)
    }

    /// Changes what the loop waits for on this socket; a closed one is left alone.
    func watch(_ interest: Interest, in epoll: Epoll) {
        guard let socket else { return }
        try? epoll.modify(socket, token: id, interest: interest)
    }

    /// Reads what the socket has (decrypted, for a TLS client); a closed connection reads as end of stream.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        guard let socket else { return .done(0) }
        guard let tls else { return try Posix.read(socket, buffer) }
        switch tls.read(into: buffer) {
        case .done(let n): return .done(n)
        // A read that must write first (a TLS 1.3 key update's answer) is retried by the next event: renegotiation
        // is off, so nothing else makes a read wait for the socket to take output.
        case .wants: return .wouldBlock
        case .failed(let error): throw error
        }
    }

    /// Sends as much pending output as the socket takes (encrypted, for a TLS client); nil when the socket
    /// failed or is closed.
    func transmit() -> IOResult<Int>? {
        guard let socket else { return nil }
        return output.withUnsafeBytes { buf in
            let pending = UnsafeRawBufferPointer(rebasing: buf[outputStart...])
            guard let tls else { return try? Posix.send(socket, pending) }
            switch tls.write(pending) {
            case .done(let n): return .done(n)
            case .wants: return .wouldBlock
            case .failed: return nil
            }
        }
    }

    /// Whether this is a TLS client whose handshake has not finished: nothing is read or written for it yet.
    var isHandshaking: Bool { tls.map { !$0.isEstablished } ?? false }

    /// Whether this is a TLS client.
    var isTLS: Bool { tls != nil }

    /// Takes a TLS client's handshake as far as the socket allows (`.done` once established).
    func handshake() -> TLSStep {
        guard let tls, socket != nil else { return .failed(TLSError(operation: "handshake", reason: "closed")) }
        return tls.handshake()
    }

    /// The negotiated protocol and cipher of a TLS client, for the log.
    var tlsParameters: (version: String, cipher: String)? { tls.map { ($0.protocolVersion, $0.cipher) } }

    /// Whether decrypted input waits inside the TLS session, where epoll cannot see it.
    var hasBufferedInput: Bool { tls?.hasBufferedInput ?? false }

    /// Closes the socket exactly once (later calls do nothing) and forgets its buffers.
    func closeSocket(in epoll: Epoll) {
        guard let socket else { return }
        epoll.remove(socket)
        tls?.shutdown()
        descriptor?.close()
        descriptor = nil
        output = []
        outputStart = 0
        input = []
        inputBytes = 0
        stream = nil
        heldLines = []
        heldBytes = 0
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

    /// Queues lines above what the user is typing: with the server echoing (telnet `mode character`) and a line
    /// half typed, the half line is cleared from the screen (CR, ANSI erase-line), the lines printed, and the
    /// half line drawn again (a password as `*`s), so a partner's event never lands in the middle of it.
    func sendAbovePrompt(lines: [String]) {
        let typing = framer.options.serverEchoes && framer.pendingByteCount > 0
        if typing { send(bytes: [13, 0x1B, 0x5B, 0x4B]) }
        for line in lines { send(line: line) }
        if typing {
            send(bytes: framer.echoedLine)
            // Left had moved the cursor into the line: back there, over what follows it.
            let back = framer.cursorColumnsFromEnd
            if back > 0 { send(bytes: [0x1B, 0x5B] + Array(String(back).utf8) + [0x44]) }
        }
    }

    /// Queues bytes as they are (a piece of a streamed reply, telnet answers, the echo of typing).
    func send(bytes: [UInt8]) {
        queuedSinceFlush += bytes.count
        output.append(contentsOf: bytes)
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
}

extension FramedItem {
    /// What the item weighs in a connection's input queue.
    var byteCount: Int {
        if case .line(let line) = self { return line.utf8.count + 1 }
        return 1
    }
}
