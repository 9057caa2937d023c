// A Matrix user as a session's contact: the user id that owns the session and the room replies go to.

/// The Matrix side of a session: found by user id, answered in the direct room where the user last wrote.
public struct MatrixContact: ChatContact {
    /// The Matrix user (`@alice:example.org`); stable, so it is the session's key.
    public let user: String
    /// The direct room where the user last wrote; replies and events go there.
    public var room: String

    /// A contact for `user`, answered in `room`.
    public init(user: String, room: String) {
        self.user = user
        self.room = room
    }

    /// The user id.
    public var key: String { user }
    /// `user=...`.
    public var logFields: [String: String] { ["user": user] }
}

/// One Matrix user's TwoDo connection.
public typealias MatrixSession = ChatSession<MatrixContact>

extension ChatSession where Contact == MatrixContact {
    /// A new session for `user`, answered in `room`, in the `connecting` state.
    public init(id: SessionID, user: String, room: String, now: Double, backoff: Backoff) {
        self.init(id: id, contact: MatrixContact(user: user, room: room), now: now, backoff: backoff)
    }

    /// The Matrix user.
    public var user: String { contact.user }

    /// The direct room replies go to.
    public var room: String {
        get { contact.room }
        set { contact.room = newValue }
    }
}
