// The Matrix bridge's logic: Matrix users in direct rooms to TwoDo sessions and back, without network I/O.

/// Decides, for every input (a `/sync` batch, a TwoDo line, a connection coming or going, the clock),
/// what the bridge does. Pure state and actions, so every rule is testable without a homeserver.
///
/// The session state machine is the shared `SessionCore`; this type holds what is Matrix's own: the bot
/// joins rooms it is invited to as a direct chat and declines other invites; a direct room belongs to
/// the user who invited the bot, and only that user's `m.text` messages there are commands (one per
/// line). Replies come back as `m.text`, events as `m.notice`, in the room where the user last wrote. A
/// room that gains a third member is left (passwords are typed there); a user who leaves their room
/// loses the session if it was the session's room.
public struct MatrixCore: Sendable {
    /// The bot's own user id; its messages are never commands.
    public let bot: String
    /// The tunables.
    public let settings: MatrixSettings
    /// Direct rooms the bot is in (or joining), each with the user it belongs to. Persisted by the runner.
    public private(set) var directRooms: [String: String]
    /// The sessions, by id and by user.
    public var sessions: ChatSessions<MatrixContact> { core.sessions }
    /// The shared session state machine.
    private var core: SessionCore<MatrixContact>
    /// Rooms where the user was already told that the bot cannot read encrypted messages.
    private var warnedEncrypted: Set<String> = []

    /// The logic for the bot `bot`, remembering the direct rooms of an earlier run.
    public init(bot: String, directRooms: [String: String] = [:], settings: MatrixSettings = MatrixSettings()) {
        self.bot = bot
        self.directRooms = directRooms
        self.settings = settings
        core = SessionCore(
            keepaliveInterval: settings.keepaliveInterval, reconnect: settings.reconnect,
            maxSessions: settings.maxSessions)
    }

    /// The session of the Matrix user `user`.
    public func session(forUser user: String) -> MatrixSession? {
        core.sessions.session(forKey: user)
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
        var lines = body.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { SessionRules.trimmed(String($0)) }
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

    /// One command line from `user`, typed in their direct room `room` (where replies now go).
    private mutating func command(_ line: String, from user: String, in room: String, now: Double) -> [MatrixAction] {
        let contact = MatrixContact(user: user, room: room)
        if let refusal = core.refusal(of: line, from: contact) { return render(refusal) }
        return render(core.command(line, from: contact, now: now))
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
                core.sessions[session.id]?.room = other  // the user has another direct room with the bot
            } else {
                actions += end(session.id, reason: reason)
            }
        }
        return actions
    }

    // MARK: TwoDo input

    /// The session's TwoDo connection is open: switch it to JSON mode and send what the user typed meanwhile.
    public mutating func sessionConnected(_ id: SessionID, now: Double) -> [MatrixAction] {
        render(core.sessionConnected(id, now: now))
    }

    /// Opening the session's TwoDo connection failed.
    public mutating func sessionConnectFailed(_ id: SessionID, now: Double) -> [MatrixAction] {
        render(core.sessionConnectFailed(id, now: now))
    }

    /// The session's TwoDo connection ended without the user asking: tell them, and try to reopen it.
    public mutating func sessionClosed(_ id: SessionID, now: Double) -> [MatrixAction] {
        render(core.sessionClosed(id, now: now))
    }

    /// A line from a session's TwoDo connection.
    public mutating func received(_ line: String, on id: SessionID, now: Double) -> [MatrixAction] {
        render(core.received(line, on: id, now: now))
    }

    // MARK: Time

    /// Periodic work: reconnection attempts that are due and keep-alive pings.
    public mutating func tick(now: Double) -> [MatrixAction] {
        render(core.tick(now: now))
    }

    // MARK: Helpers

    private mutating func end(_ id: SessionID, reason: String) -> [MatrixAction] {
        render(core.end(id, reason: reason))
    }

    /// The shared core's actions in Matrix terms: text to the session's room. Matrix sessions are never
    /// shared (a direct room is the only place), so there is nothing to announce.
    private func render(_ actions: [SessionAction<MatrixContact>]) -> [MatrixAction] {
        actions.flatMap { action -> [MatrixAction] in
            switch action {
            case .open(let id): return [.open(id)]
            case .send(let id, let line): return [.send(id, line)]
            case .close(let id): return [.close(id)]
            case .tell(let contact, let text, let notice): return say(contact.room, text, notice: notice)
            case .announce: return []
            case .log(let message, let fields): return [.log(message, fields)]
            }
        }
    }

    /// Text to a room, in as many messages as its size needs.
    private func say(_ room: String, _ text: String, notice: Bool) -> [MatrixAction] {
        MatrixText.chunks(text, maxBytes: settings.maxMessageBytes).map {
            .message(room: room, text: $0, notice: notice)
        }
    }
}
