// An IRC user as a session's contact: the nick replies go to and the `user@host` that proves who it is.

/// The IRC side of a session: found by case-folded nick, answered by private message to the nick.
public struct IRCContact: ChatContact {
    /// The user's current nick (as the server spells it).
    public var nick: String
    /// `user@host` from the user's first message: a later message from the same nick but another
    /// `user@host` is someone else and does not inherit the session.
    public var userHost: String

    /// A contact for `nick` at `userHost`.
    public init(nick: String, userHost: String) {
        self.nick = nick
        self.userHost = userHost
    }

    /// The case-folded nick (`IRCNick.key`).
    public var key: String { IRCNick.key(nick) }
    /// `nick=...`.
    public var logFields: [String: String] { ["nick": nick] }
}

/// One IRC user's TwoDo connection.
public typealias BridgeSession = ChatSession<IRCContact>

extension ChatSession where Contact == IRCContact {
    /// A new session for `nick` at `userHost`, in the `connecting` state.
    public init(id: SessionID, nick: String, userHost: String, now: Double, backoff: Backoff) {
        self.init(id: id, contact: IRCContact(nick: nick, userHost: userHost), now: now, backoff: backoff)
    }

    /// The user's current nick.
    public var nick: String {
        get { contact.nick }
        set { contact.nick = newValue }
    }

    /// The user's `user@host`.
    public var userHost: String { contact.userHost }
}
