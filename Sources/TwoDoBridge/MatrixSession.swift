// What the Matrix bridge knows about one Matrix user's TwoDo connection.

/// One Matrix user's TwoDo connection as the logic sees it (the socket itself lives in the runner).
public struct MatrixSession: Sendable, Equatable {
    /// The session's id.
    public let id: SessionID
    /// The Matrix user (`@alice:example.org`); stable, so it is the session's key.
    public let user: String
    /// The direct room where the user last wrote; replies and events go there.
    public var room: String
    /// Where the connection stands (the same states as an IRC session's).
    public var state: BridgeSession.State = .connecting
    /// Lines typed while connecting, sent once the connection is open.
    public var pending: [String] = []
    /// The TwoDo account logged in on this connection, once a login or register reply said so.
    public var account: String?
    /// The account's reply language (`en`, `tr`), once known.
    public var lang: String?
    /// When the bridge last sent the server a line for this session (for keep-alive pings).
    public var lastSent: Double
    /// Waits between reconnection attempts.
    public var backoff: Backoff

    /// A new session in the `connecting` state.
    public init(id: SessionID, user: String, room: String, now: Double, backoff: Backoff) {
        self.id = id
        self.user = user
        self.room = room
        self.lastSent = now
        self.backoff = backoff
    }
}
