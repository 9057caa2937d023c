// Everything the server can be configured with, with the defaults the CLI documents.

import TwoDoCore

/// Server settings, filled in by the CLI from flags and environment variables.
public struct ServerConfig: Sendable {
    public var host = "127.0.0.1"
    /// The plain-text port; nil for none (a server that speaks only TLS).
    public var port: UInt16? = 7878
    /// The TLS listener, when there is one (beside the plain port, or instead of it).
    public var tls: TLSSettings?
    public var databasePath = "./twodo.sqlite"
    public var maxConnections = 4096
    /// Seconds without a complete line before a logged-in connection is closed.
    public var idleTimeout: Double = 1800
    /// Seconds a connection may stay without logging in, counted from when it connected (or logged out).
    public var loginTimeout: Double = 120
    /// Commands per second a connection may sustain (0: unlimited); bursts up to `rateBurst`.
    public var rateLimit: Double = 500
    public var rateBurst: Double = 2000
    /// Bytes of unsent output a connection may hold. Past it, the connection's further commands wait
    /// (unread, in the socket) until it reads; partner events past it drop the connection.
    public var outputLimit = 1 << 20
    /// Seconds a connection may leave output unread without taking any of it before it is dropped.
    public var drainTimeout: Double = 30
    /// Connections one client address may have open at once.
    public var maxPerAddress = 64
    /// Addresses of trusted fronts (a TLS terminator, a chat bridge) whose connections each stand for a
    /// different person: exempt from the per-address caps, and throttled per connection instead.
    public var trustedAddresses: Set<String> = []
    /// Addresses of fronts (HAProxy with `send-proxy-v2`) every connection of which MUST start with a PROXY
    /// protocol version 2 header: exempt from the per-address cap until the header names the real client,
    /// then counted as that client. A connection from one of them without a valid header is closed.
    public var proxyProtocolAddresses: Set<String> = []
    /// Password-hash jobs one client address may have queued or running at once (more: "busy").
    public var hashJobsPerAddress = 8
    /// The longest line accepted, in bytes.
    public var lineLimit = 4096
    /// When set, the wall clock starts at this instant (Unix seconds), frozen, and `clock` commands exist.
    public var testClockStart: Int64?
    /// Names of users who may run `stats`.
    public var admins: Set<String> = []
    /// Password-hashing threads.
    public var hashThreads = 2
    /// fsync every commit (`synchronous=FULL`); only benchmarks of the non-durable case turn it off.
    public var durable = true
    /// Checkpoint the WAL from a thread of its own instead of inside the COMMIT that fills it
    /// (`--checkpoint-in-loop` turns this off, for comparison).
    public var backgroundCheckpoints = true
    /// Print one log line per connection open/close (off by default for large connection counts).
    public var logConnections = true
    /// The calendar feed's port (`GET /cal/<secret>.ics`); nil: no feed, and `calendar link` says so.
    public var httpPort: UInt16?
    /// The feed's public base URL, as phones reach it (`https://todo.example.com`); nil: `http://<host>:<port>`.
    public var feedURL: String?
    /// The feed port speaks TLS with the `tls` certificate (`--http-tls`).
    public var httpTLS = false
    /// How much one space may hold (hidden `--limit-*` flags lower them for tests).
    public var limits = SpaceLimits()

    public init() {}
}

/// The server's own TLS listener: its port, the PEM files it loads (again on SIGHUP) and the handshake's bound.
public struct TLSSettings: Sendable, Equatable {
    /// The TLS port (0: any free one).
    public var port: UInt16
    /// The certificate chain, PEM: the server's certificate first, then its intermediates (`fullchain.pem`).
    public var certificatePath: String
    /// The certificate's private key, PEM.
    public var keyPath: String
    /// Seconds a client may take to finish its handshake, from its connect; then it is closed.
    public var handshakeTimeout: Double = 10

    /// Settings for a TLS listener on `port` with these files.
    public init(port: UInt16, certificatePath: String, keyPath: String) {
        self.port = port
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }
}
