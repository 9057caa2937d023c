// The Matrix bridge's logic: Matrix users in direct rooms to TwoDo sessions and back, without network I/O.

/// Decides, for every input (a `/sync` batch, a TwoDo line, a connection coming or going, the clock),
/// what the bridge does. Pure state and actions, so every rule is testable without a homeserver.
///
/// Rules: the bot joins rooms it is invited to as a direct chat and declines other invites; a direct
/// room belongs to the user who invited the bot, and only that user's `m.text` messages there are
/// commands. Each user gets one TwoDo connection (JSON mode), opened by their first message; replies
/// come back as `m.text`, events as `m.notice`. A room that gains a third member is left (passwords are
/// typed there); a user who leaves their room loses the session if it was the session's room. A lost
/// TwoDo connection is reported and re-established (the user logs in again).
public struct MatrixCore: Sendable {
    /// The bot's own user id; its messages are never commands.
    public let bot: String
    /// The tunables.
    public let settings: MatrixSettings
    /// Direct rooms the bot is in (or joining), each with the user it belongs to. Persisted by the runner.
    public private(set) var directRooms: [String: String]
    /// The sessions, by id.
    public private(set) var sessions: [SessionID: MatrixSession] = [:]
    private var idsByUser: [String: SessionID] = [:]
    private var nextID = 1
    /// Rooms where the user was already told that the bot cannot read encrypted messages.
    private var warnedEncrypted: Set<String> = []

    /// Tag prefix of the bridge's own TwoDo commands, whose replies the user never sees.
    static let ownTag = "bridge."

    /// The logic for the bot `bot`, remembering the direct rooms of an earlier run.
    public init(bot: String, directRooms: [String: String] = [:], settings: MatrixSettings = MatrixSettings()) {
        self.bot = bot
        self.directRooms = directRooms
        self.settings = settings
    }

    /// The session of the Matrix user `user`.
    public func session(forUser user: String) -> MatrixSession? {
        idsByUser[user].flatMap { sessions[$0] }
    }

    // MARK: Matrix input

    /// Reacts to one `/sync` batch. With `catchingUp` (the first sync of a bridge that has no stored
    /// position) old messages are skipped, so history is never replayed as commands; invites still count.
    public mutating func handle(_ batch: MatrixSyncBatch, now: Double, catchingUp: Bool = false) -> [MatrixAction] {
        var actions: [MatrixAction] = []
        for room in batch.left where directRooms[room] != nil {
            actions += forget(room, reason: "bot_left", leave: false)
        }
        for invite in batch.invites where invite.inviter != bot {
            if invite.isDirect && MatrixConfig.isUserID(invite.inviter) {
                directRooms[invite.room] = invite.inviter
                actions += [
                    .join(room: invite.room),
                    .message(room: invite.room, text: MatrixText.text(.welcome, lang: nil), notice: true),
                ]
                actions.append(.log("bridge.matrix_invited", ["room": invite.room, "user": invite.inviter]))
            } else {
                actions += [.leave(room: invite.room), .log("bridge.matrix_declined", ["room": invite.room])]
            }
        }
        for room in batch.rooms.keys.sorted() {
            for event in batch.rooms[room]! {
                guard let owner = directRooms[room] else { break }
                switch event {
                case .membership(let user, let membership):
                    if user == bot || membership == "invite" { continue }
                    if user == owner && membership != "join" {
                        actions += forget(room, reason: "user_left")
                    } else if user != owner && membership == "join" {
                        actions += notPrivate(room, owner: owner)
                    }
                case .encrypted(let sender):
                    if catchingUp || sender != owner || !warnedEncrypted.insert(room).inserted { continue }
                    actions += say(room, MatrixText.text(.encrypted, lang: session(forUser: owner)?.lang), notice: true)
                    actions.append(.log("bridge.matrix_encrypted", ["room": room]))
                case .message(let sender, let msgtype, let body):
                    if catchingUp || sender != owner || msgtype != "m.text" { continue }
                    actions += message(from: sender, in: room, body: body, now: now)
                }
            }
        }
        for (room, count) in batch.joinedMemberCounts.sorted(by: { $0.key < $1.key }) where count > 2 {
            if let owner = directRooms[room] { actions += notPrivate(room, owner: owner) }
        }
        return actions
    }

    private mutating func message(from user: String, in room: String, body: String, now: Double) -> [MatrixAction] {
        var lines = body.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { BridgeCore.trimmed(String($0)) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [] }
        var actions: [MatrixAction] = []
        if lines.count > settings.maxLinesPerMessage {
            lines = Array(lines.prefix(settings.maxLinesPerMessage))
            let lang = session(forUser: user)?.lang
            actions += say(room, MatrixText.text(.tooManyLines, lang: lang, count: lines.count), notice: true)
        }
        for line in lines {
            actions += command(line, from: user, in: room, now: now)
        }
        return actions
    }

    /// One command line from `user`, typed in their direct room `room`.
    private mutating func command(_ line: String, from user: String, in room: String, now: Double) -> [MatrixAction] {
        if CredentialGuard.fold(BridgeCore.verb(of: line)) == "json" {
            // `json off` would leave the bridge unable to read the replies.
            return say(room, BridgeText.text(.jsonFixed, lang: session(forUser: user)?.lang), notice: true)
        }
        guard var session = session(forUser: user) else {
            guard sessions.count < settings.maxSessions else {
                return say(room, BridgeText.text(.serverUnreachable, lang: nil), notice: true)
                    + [.log("bridge.session_limit", ["max": "\(settings.maxSessions)"])]
            }
            let id = SessionID(nextID)
            nextID += 1
            var fresh = MatrixSession(id: id, user: user, room: room, now: now, backoff: settings.reconnect)
            fresh.pending = [line]
            sessions[id] = fresh
            idsByUser[user] = id
            return [.log("bridge.session_opened", ["session": "\(id)", "user": user]), .open(id)]
        }
        session.room = room
        var actions: [MatrixAction] = []
        switch session.state {
        case .connecting:
            session.pending.append(line)
        case .open:
            actions.append(.send(session.id, line))
            session.lastSent = now
        case .reconnecting:
            actions += say(room, BridgeText.text(.stillReconnecting, lang: session.lang), notice: true)
        }
        sessions[session.id] = session
        return actions
    }

    /// The room has someone besides its owner and the bot: say so, leave, and end the session tied to it.
    private mutating func notPrivate(_ room: String, owner: String) -> [MatrixAction] {
        let lang = session(forUser: owner)?.lang
        return say(room, MatrixText.text(.notPrivate, lang: lang), notice: true) + forget(room, reason: "not_private")
    }

    /// Leaves a room (unless the bot already has) and ends its user's session when it lived there.
    private mutating func forget(_ room: String, reason: String, leave: Bool = true) -> [MatrixAction] {
        guard let owner = directRooms.removeValue(forKey: room) else { return [] }
        var actions: [MatrixAction] = leave ? [.leave(room: room)] : []
        actions.append(.log("bridge.matrix_room_left", ["room": room, "reason": reason]))
        if let session = session(forUser: owner), session.room == room {
            if let other = directRooms.first(where: { $0.value == owner })?.key {
                sessions[session.id]?.room = other  // the user has another direct room with the bot
            } else {
                actions += end(session.id, reason: reason)
            }
        }
        return actions
    }

    // MARK: TwoDo input

    /// The session's TwoDo connection is open: switch it to JSON mode and send what the user typed meanwhile.
    public mutating func sessionConnected(_ id: SessionID, now: Double) -> [MatrixAction] {
        guard var session = sessions[id] else { return [.close(id)] }
        var actions: [MatrixAction] = [.send(id, "@id=\(Self.ownTag)json json on")]
        switch session.state {
        case .connecting:
            actions += session.pending.map { .send(id, $0) }
        case .reconnecting:
            session.backoff.reset()
            actions += say(session.room, BridgeText.text(.serverBack, lang: session.lang), notice: true)
            actions.append(.log("bridge.twodo_reconnected", ["session": "\(id)"]))
        case .open:
            preconditionFailure("a session connected twice")
        }
        session.pending = []
        session.state = .open
        session.lastSent = now
        sessions[id] = session
        return actions
    }

    /// Opening the session's TwoDo connection failed.
    public mutating func sessionConnectFailed(_ id: SessionID, now: Double) -> [MatrixAction] {
        guard let session = sessions[id] else { return [] }
        switch session.state {
        case .connecting:
            removeSession(id)
            return say(session.room, BridgeText.text(.serverUnreachable, lang: session.lang), notice: true)
                + [.log("bridge.twodo_unreachable", ["session": "\(id)"])]
        case .reconnecting, .open:
            return []  // the next attempt is already scheduled
        }
    }

    /// The session's TwoDo connection ended without the user asking: tell them, and try to reopen it.
    public mutating func sessionClosed(_ id: SessionID, now: Double) -> [MatrixAction] {
        guard var session = sessions[id] else { return [] }
        if case .reconnecting = session.state { return [] }
        session.account = nil
        session.pending = []
        session.state = .reconnecting(retryAt: now + session.backoff.next())
        sessions[id] = session
        return say(session.room, BridgeText.text(.serverGone, lang: session.lang), notice: true)
            + [.log("bridge.twodo_lost", ["session": "\(id)"])]
    }

    /// A line from a session's TwoDo connection.
    public mutating func received(_ line: String, on id: SessionID, now: Double) -> [MatrixAction] {
        guard var session = sessions[id] else { return [] }
        switch TwoDoLine(parsing: line) {
        case .other:
            return []
        case .reply(let reply):
            if reply.id?.hasPrefix(Self.ownTag) == true { return [] }
            switch reply.code {
            case "auth.logged_in", "auth.registered":
                if reply.ok {
                    session.account = reply.name
                    session.lang = reply.lang ?? session.lang
                }
            case "auth.logged_out":
                session.account = nil
            case "lang.set":
                session.lang = reply.lang ?? session.lang
            default:
                break
            }
            let actions = say(session.room, reply.text, notice: false)
            if reply.code == "bye" || reply.code == "error.idle_timeout" {
                // The server closes the connection now; a later message opens a fresh one.
                return actions + end(id, reason: reply.code == "bye" ? "quit_command" : "idle")
            }
            sessions[id] = session
            return actions
        case .event(let event):
            return say(session.room, event.text, notice: true)
        }
    }

    // MARK: Time

    /// Periodic work: reconnection attempts that are due and keep-alive pings.
    public mutating func tick(now: Double) -> [MatrixAction] {
        var actions: [MatrixAction] = []
        for id in sessions.keys.sorted() {
            var session = sessions[id]!
            switch session.state {
            case .reconnecting(let retryAt) where retryAt <= now:
                session.state = .reconnecting(retryAt: now + session.backoff.next())
                sessions[id] = session
                actions.append(.open(id))
            case .open where session.account != nil && now - session.lastSent >= settings.keepaliveInterval:
                session.lastSent = now
                sessions[id] = session
                actions.append(.send(id, "@id=\(Self.ownTag)keepalive ping"))
            default:
                break
            }
        }
        return actions
    }

    // MARK: Helpers

    private mutating func end(_ id: SessionID, reason: String) -> [MatrixAction] {
        removeSession(id)
        return [.close(id), .log("bridge.session_closed", ["session": "\(id)", "reason": reason])]
    }

    private mutating func removeSession(_ id: SessionID) {
        if let session = sessions.removeValue(forKey: id) { idsByUser[session.user] = nil }
    }

    /// Text to a room, in as many messages as its size needs.
    private func say(_ room: String, _ text: String, notice: Bool) -> [MatrixAction] {
        MatrixText.chunks(text, maxBytes: settings.maxMessageBytes).map {
            .message(room: room, text: $0, notice: notice)
        }
    }
}
