// The bridge's sessions, found by id or by their contact's key (an IRC nick, any case; a Matrix user).

/// Sessions keyed by id, with an index by contact key that follows renames.
///
/// Invariant: every session has exactly one entry in `idsByKey`, under `session.contact.key`.
public struct ChatSessions<Contact: ChatContact>: Sendable {
    private var sessions: [SessionID: ChatSession<Contact>] = [:]
    private var idsByKey: [String: SessionID] = [:]

    /// An empty table.
    public init() {}

    /// How many sessions there are.
    public var count: Int { sessions.count }

    /// Whether there are none.
    public var isEmpty: Bool { sessions.isEmpty }

    /// All sessions, in id order.
    public var all: [ChatSession<Contact>] { sessions.values.sorted { $0.id < $1.id } }

    /// The session of `id`; setting stores it (its key must not change this way: use `rename`).
    public subscript(id: SessionID) -> ChatSession<Contact>? {
        get { sessions[id] }
        set {
            guard let newValue else {
                remove(id)
                return
            }
            precondition(
                newValue.id == id && (sessions[id] == nil || sessions[id]!.contact.key == newValue.contact.key),
                "use insert for new sessions and rename for key changes")
            sessions[id] = newValue
        }
    }

    /// The session filed under `key`.
    public func session(forKey key: String) -> ChatSession<Contact>? {
        idsByKey[key].flatMap { sessions[$0] }
    }

    /// Adds a session; its key must be free.
    public mutating func insert(_ session: ChatSession<Contact>) {
        let key = session.contact.key
        precondition(idsByKey[key] == nil && sessions[session.id] == nil, "key or id already in the table")
        sessions[session.id] = session
        idsByKey[key] = session.id
    }

    /// Gives the session filed under `oldKey` the contact `contact` (and so its key); returns its id, nil
    /// when there was none. A session still filed under the new key is removed and returned as `displaced`.
    @discardableResult
    public mutating func rename(_ oldKey: String, to contact: Contact) -> (id: SessionID, displaced: SessionID?)? {
        let newKey = contact.key
        guard let id = idsByKey[oldKey] else { return nil }
        var displaced: SessionID?
        if newKey != oldKey, let other = idsByKey[newKey] {
            remove(other)
            displaced = other
        }
        idsByKey[oldKey] = nil
        idsByKey[newKey] = id
        sessions[id]!.contact = contact
        return (id, displaced)
    }

    /// Removes a session; returns it.
    @discardableResult
    public mutating func remove(_ id: SessionID) -> ChatSession<Contact>? {
        guard let session = sessions.removeValue(forKey: id) else { return nil }
        idsByKey[session.contact.key] = nil
        return session
    }

    /// Removes every session; returns them.
    public mutating func removeAll() -> [ChatSession<Contact>] {
        let removed = all
        sessions.removeAll()
        idsByKey.removeAll()
        return removed
    }
}

/// The IRC bridge's sessions, found by nick in any case.
public typealias SessionTable = ChatSessions<IRCContact>

extension ChatSessions where Contact == IRCContact {
    /// The session of the user called `nick`, any case.
    public func session(forNick nick: String) -> BridgeSession? {
        session(forKey: IRCNick.key(nick))
    }

    /// Moves the session of `old` to `new` (the user changed nick); returns its id, nil when `old` had none.
    ///
    /// A session still filed under `new` (its user left unseen) is removed and returned as `displaced`.
    @discardableResult
    public mutating func rename(from old: String, to new: String) -> (id: SessionID, displaced: SessionID?)? {
        guard let session = session(forNick: old) else { return nil }
        return rename(IRCNick.key(old), to: IRCContact(nick: new, userHost: session.userHost))
    }
}
