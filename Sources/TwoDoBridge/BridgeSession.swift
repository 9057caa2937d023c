// What the bridge knows about one IRC user's TwoDo connection.

/// A stable number for a session; it survives nick changes (the nick is only the lookup key).
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number, unique for the life of the bridge process.
    public let rawValue: Int

    /// A session id from its number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: SessionID, b: SessionID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(rawValue)" }
}

/// One IRC user's TwoDo connection as the bridge logic sees it (the socket itself lives in the runner).
public struct BridgeSession: Sendable, Equatable {
    /// Where the connection stands.
    public enum State: Sendable, Equatable {
        /// Being opened; the user's lines wait in `pending` until it is.
        case connecting
        /// Open and in JSON mode.
        case open
        /// Lost; the next attempt is due at `retryAt` (monotonic seconds).
        case reconnecting(retryAt: Double)
    }

    /// The session's id.
    public let id: SessionID
    /// The user's current nick (as the server spells it).
    public var nick: String
    /// `user@host` from the user's first message: a later message from the same nick but another
    /// `user@host` is someone else and does not inherit the session.
    public var userHost: String
    /// Where the connection stands.
    public var state: State = .connecting
    /// Lines typed while connecting, sent once the connection is open.
    public var pending: [String] = []
    /// The TwoDo account logged in on this connection, once a login or register reply said so.
    public var account: String?
    /// The account's reply language (`en`, `tr`), once known.
    public var lang: String?
    /// Whether the couple's updates are also announced in the bridge's channel.
    public var shared = false
    /// When the bridge last sent the server a line for this session (for keep-alive pings).
    public var lastSent: Double
    /// Waits between reconnection attempts.
    public var backoff: Backoff

    /// A new session in the `connecting` state.
    public init(id: SessionID, nick: String, userHost: String, now: Double, backoff: Backoff) {
        self.id = id
        self.nick = nick
        self.userHost = userHost
        self.lastSent = now
        self.backoff = backoff
    }
}
