// The bridge's sessions, found by id or by the (case-folded) nick of their IRC user.

/// Sessions keyed by id, with a nick index that follows nick changes.
///
/// Invariant: every session has exactly one entry in `idsByNick`, under `IRCNick.key(session.nick)`.
public struct SessionTable: Sendable {
    private var sessions: [SessionID: BridgeSession] = [:]
    private var idsByNick: [String: SessionID] = [:]

    /// An empty table.
    public init() {}

    /// How many sessions there are.
    public var count: Int { sessions.count }

    /// All sessions, in id order.
    public var all: [BridgeSession] { sessions.values.sorted { $0.id < $1.id } }

    /// The session of `id`; setting stores it (its nick must not change this way: use `rename`).
    public subscript(id: SessionID) -> BridgeSession? {
        get { sessions[id] }
        set {
            guard let newValue else {
                remove(id)
                return
            }
            precondition(
                newValue.id == id
                    && (sessions[id] == nil || IRCNick.key(sessions[id]!.nick) == IRCNick.key(newValue.nick)),
                "use insert for new sessions and rename for nick changes")
            sessions[id] = newValue
        }
    }

    /// The session of the user called `nick`, any case.
    public func session(forNick nick: String) -> BridgeSession? {
        idsByNick[IRCNick.key(nick)].flatMap { sessions[$0] }
    }

    /// Adds a session; the nick must be free.
    public mutating func insert(_ session: BridgeSession) {
        let key = IRCNick.key(session.nick)
        precondition(idsByNick[key] == nil && sessions[session.id] == nil, "nick or id already in the table")
        sessions[session.id] = session
        idsByNick[key] = session.id
    }

    /// Moves the session of `old` to `new` (the user changed nick); returns its id, nil when `old` had none.
    ///
    /// A session still filed under `new` (its user left unseen) is removed and returned as `displaced`.
    @discardableResult
    public mutating func rename(from old: String, to new: String) -> (id: SessionID, displaced: SessionID?)? {
        let oldKey = IRCNick.key(old)
        let newKey = IRCNick.key(new)
        guard let id = idsByNick[oldKey] else { return nil }
        var displaced: SessionID?
        if newKey != oldKey, let other = idsByNick[newKey] {
            remove(other)
            displaced = other
        }
        idsByNick[oldKey] = nil
        idsByNick[newKey] = id
        sessions[id]!.nick = new
        return (id, displaced)
    }

    /// Removes a session; returns it.
    @discardableResult
    public mutating func remove(_ id: SessionID) -> BridgeSession? {
        guard let session = sessions.removeValue(forKey: id) else { return nil }
        idsByNick[IRCNick.key(session.nick)] = nil
        return session
    }

    /// Removes every session; returns them.
    public mutating func removeAll() -> [BridgeSession] {
        let removed = all
        sessions.removeAll()
        idsByNick.removeAll()
        return removed
    }
}
