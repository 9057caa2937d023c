// One chat user's TwoDo connection as the shared session logic sees it (the socket lives in the runner).

/// A stable number for a session; it survives nick changes and room moves (the contact is only a lookup).
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number, unique for the life of the bridge process.
    public let rawValue: Int

    /// A session id from its number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: SessionID, b: SessionID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(rawValue)" }
}

/// Who a session belongs to and where its replies go, as one chat network sees it.
public protocol ChatContact: Sendable, Equatable {
    /// The key the session is found by: one session per key (IRC: the case-folded nick; Matrix: the user id).
    var key: String { get }
    /// Log fields that name the user (never message text).
    var logFields: [String: String] { get }
}

/// Where a session's TwoDo connection stands.
public enum SessionState: Sendable, Equatable {
    /// Being opened; the user's lines wait in `pending` until it is.
    case connecting
    /// Open and in JSON mode.
    case open
    /// Lost; the next attempt is due at `retryAt` (monotonic seconds).
    case reconnecting(retryAt: Double)
}

/// One chat user's TwoDo connection: the state every bridge keeps, whatever the network.
public struct ChatSession<Contact: ChatContact>: Sendable, Equatable {
    /// Where the connection stands (`BridgeSession.State.open`, ...).
    public typealias State = SessionState

    /// The session's id.
    public let id: SessionID
    /// The user, and where replies go.
    public var contact: Contact
    /// Where the connection stands.
    public var state: State = .connecting
    /// Lines typed while connecting, sent once the connection is open.
    public var pending: [String] = []
    /// The TwoDo account logged in on this connection, once a login or register reply said so.
    public var account: String?
    /// The account's reply language (`en`, `tr`), once known.
    public var lang: String?
    /// The resume token the server gave at login, held in memory only (never logged, never shown), so a
    /// lost connection is logged back in with `resume` when the server comes back.
    public var resumeToken: String?
    /// The account a reconnection is resuming, until the server answers the bridge's `resume`.
    public var resumeAccount: String?
    /// Whether the couple's updates are also announced in a shared place (an IRC channel); networks
    /// without one never set it.
    public var shared = false
    /// When the bridge last sent the server a line for this session (for keep-alive pings).
    public var lastSent: Double
    /// Waits between reconnection attempts.
    public var backoff: Backoff

    /// A new session in the `connecting` state.
    public init(id: SessionID, contact: Contact, now: Double, backoff: Backoff) {
        self.id = id
        self.contact = contact
        self.lastSent = now
        self.backoff = backoff
    }
}
