// The IRC bridge's logic: IRC users to TwoDo sessions and back, without sockets (the runner does I/O).

/// Decides, for every input (an IRC message, a TwoDo line, a connection coming or going, the clock),
/// what the bridge does. Pure state and actions, so every rule is testable without a network.
///
/// Rules: each IRC user gets one TwoDo connection (JSON mode), opened by their first private message;
/// replies come back as PRIVMSG, events as NOTICE; account commands are refused in channels; a nick
/// change keeps the session, a QUIT (or vanishing from the server) ends it; a lost TwoDo connection is
/// reported and re-established (the user logs in again).
public struct BridgeCore: Sendable {
    /// The bridge's own nick, as the server last confirmed it.
    public private(set) var nick: String
    /// Whether the IRC server has welcomed the bot (`001`).
    public private(set) var isRegistered = false
    /// The sessions.
    public private(set) var sessions = SessionTable()
    /// The tunables.
    public let settings: BridgeSettings

    /// The lane for the bridge's own lines (JOIN, ISON); never a nick key.
    static let ownLane = "*"
    /// Tag prefix of the bridge's own TwoDo commands, whose replies the user never sees.
    static let ownTag = "bridge."

    private var nextID = 1
    /// ISON batches sent and not yet answered, oldest first.
    private var presenceQueries: [[String]] = []
    private var nextPresenceCheck = 0.0
    private var presenceSupported = true
    /// Nicks whose logged-in sessions ended when the IRC connection was lost; told once it is back.
    private var lostNicks: [(nick: String, lang: String?)] = []

    /// The logic for a bot that asked to be called `nick`.
    public init(nick: String, settings: BridgeSettings = BridgeSettings()) {
        self.nick = nick
        self.settings = settings
    }

    // MARK: IRC input

    /// Reacts to a message from the IRC server.
    public mutating func handle(_ message: IRCMessage, now: Double) -> [BridgeAction] {
        switch message.command {
        case "001":
            return registered(as: message.params.first ?? nick, now: now)
        case "NICK":
            guard let from = message.nick, let to = message.params.first else { return [] }
            return nickChanged(from: from, to: to)
        case "QUIT":
            guard let from = message.nick, let session = sessions.session(forNick: from) else { return [] }
            return end(session.id, reason: "quit")
        case "PRIVMSG":
            guard let from = message.nick, message.params.count >= 2, IRCNick.key(from) != IRCNick.key(nick) else {
                return []
            }
            let text = message.params[1]
            if text.hasPrefix("\u{1}") { return [] }  // CTCP (ACTION, VERSION, ...): not commands
            let target = message.params[0]
            if IRCNick.isChannel(target) {
                return channelMessage(from: from, userHost: message.userHost, channel: target, text: text)
            }
            return privateMessage(from: from, userHost: message.userHost, text: text, now: now)
        case "303":  // RPL_ISON: which of the nicks asked about are online
            return presenceAnswer(online: message.params.count >= 2 ? message.params[1] : "")
        case "421" where message.params.count >= 2 && message.params[1].uppercased() == "ISON":
            presenceSupported = false
            presenceQueries.removeAll()
            return [.log("bridge.presence_unsupported", [:])]
        default:
            return []
        }
    }

    /// The IRC connection was lost: every session ends (the bridge can no longer tell who is who).
    public mutating func ircLost() -> [BridgeAction] {
        isRegistered = false
        presenceQueries.removeAll()
        var actions: [BridgeAction] = []
        for session in sessions.removeAll() {
            actions.append(.close(session.id))
            if session.account != nil { lostNicks.append((session.nick, session.lang)) }
        }
        actions.append(.log("bridge.irc_lost", ["sessions": "\(actions.count)"]))
        return actions
    }

    private mutating func registered(as confirmedNick: String, now: Double) -> [BridgeAction] {
        isRegistered = true
        nick = confirmedNick
        nextPresenceCheck = now + settings.presenceInterval
        var actions: [BridgeAction] = [.log("bridge.irc_registered", ["nick": confirmedNick])]
        if let channel = settings.channel {
            actions.append(.irc(IRCMessage(command: "JOIN", params: [channel]), lane: Self.ownLane))
        }
        for lost in lostNicks {
            actions += say(lost.nick, BridgeText.text(.ircLost, lang: lost.lang, bot: nick), notice: true)
        }
        lostNicks.removeAll()
        return actions
    }

    private mutating func nickChanged(from old: String, to new: String) -> [BridgeAction] {
        if IRCNick.key(old) == IRCNick.key(nick) {
            nick = new
            return []
        }
        guard let (id, displaced) = sessions.rename(from: old, to: new) else { return [] }
        var actions: [BridgeAction] = [.renameLane(from: IRCNick.key(old), to: IRCNick.key(new))]
        if let displaced { actions.append(.close(displaced)) }
        actions.append(.log("bridge.session_renamed", ["session": "\(id)", "nick": new]))
        return actions
    }

    private mutating func privateMessage(from: String, userHost: String, text: String, now: Double) -> [BridgeAction] {
        let line = Self.trimmed(text)
        guard !line.isEmpty else { return [] }
        var actions: [BridgeAction] = []
        if let channel = settings.channel, ShareCommand(line) != nil {
            let lang = sessions.session(forNick: from)?.lang
            return say(from, BridgeText.text(.shareNeedsChannel, lang: lang, channel: channel), notice: true)
        }
        if CredentialGuard.fold(Self.verb(of: line)) == "json" {
            // `json off` would leave the bridge unable to read the replies.
            return say(from, BridgeText.text(.jsonFixed, lang: sessions.session(forNick: from)?.lang), notice: true)
        }
        if let old = sessions.session(forNick: from), old.userHost != userHost {
            // Same nick, another person: the old session is not theirs to inherit.
            actions += end(old.id, reason: "replaced")
        }
        guard var session = sessions.session(forNick: from) else {
            guard sessions.count < settings.maxSessions else {
                return say(from, BridgeText.text(.serverUnreachable, lang: nil), notice: true)
                    + [.log("bridge.session_limit", ["max": "\(settings.maxSessions)"])]
            }
            let id = SessionID(nextID)
            nextID += 1
            var fresh = BridgeSession(id: id, nick: from, userHost: userHost, now: now, backoff: settings.reconnect)
            fresh.pending = [line]
            sessions.insert(fresh)
            return actions + [.log("bridge.session_opened", ["session": "\(id)", "nick": from]), .open(id)]
        }
        switch session.state {
        case .connecting:
            session.pending.append(line)
        case .open:
            actions.append(.send(session.id, line))
            session.lastSent = now
        case .reconnecting:
            actions += say(from, BridgeText.text(.stillReconnecting, lang: session.lang), notice: true)
        }
        sessions[session.id] = session
        return actions
    }

    private mutating func channelMessage(
        from: String, userHost: String, channel: String, text: String
    )
        -> [BridgeAction]
    {
        guard let configured = settings.channel, IRCNick.key(channel) == IRCNick.key(configured) else { return [] }
        var line = Self.trimmed(text)
        var addressed = false
        if line.count > nick.count, IRCNick.key(String(line.prefix(nick.count))) == IRCNick.key(nick),
            let separator = line.dropFirst(nick.count).first, separator == ":" || separator == ","
        {
            addressed = true
            line = Self.trimmed(String(line.dropFirst(nick.count + 1)))
        }
        let session = sessions.session(forNick: from)
        let lang = session?.lang
        if CredentialGuard.carriesCredentials(line) {
            // Refused, not forwarded and not logged: the line may hold a password.
            return say(from, BridgeText.text(.credentialsInChannel, lang: lang, bot: nick), notice: true)
        }
        guard let command = ShareCommand(line) else {
            return addressed ? say(from, BridgeText.text(.privateOnly, lang: lang, bot: nick), notice: true) : []
        }
        guard var session, session.state == .open, session.account != nil, session.userHost == userHost else {
            return command == .share
                ? say(from, BridgeText.text(.shareNeedsLogin, lang: lang, bot: nick), notice: true) : []
        }
        switch command {
        case .share:
            session.shared = true
            sessions[session.id] = session
            return announce(BridgeText.text(.shared, lang: lang, nick: from))
                + [.log("bridge.shared", ["session": "\(session.id)", "nick": from])]
        case .unshare:
            guard session.shared else { return [] }
            session.shared = false
            sessions[session.id] = session
            return announce(BridgeText.text(.unshared, lang: lang, nick: from))
                + [.log("bridge.unshared", ["session": "\(session.id)", "nick": from])]
        }
    }

    private mutating func presenceAnswer(online list: String) -> [BridgeAction] {
        guard !presenceQueries.isEmpty else { return [] }
        let asked = presenceQueries.removeFirst()
        let online = Set(list.split(separator: " ").map { IRCNick.key(String($0)) })
        var actions: [BridgeAction] = []
        for nick in asked where !online.contains(IRCNick.key(nick)) {
            if let session = sessions.session(forNick: nick) { actions += end(session.id, reason: "gone") }
        }
        return actions
    }

    // MARK: TwoDo input

    /// The session's TwoDo connection is open: switch it to JSON mode and send what the user typed meanwhile.
    public mutating func sessionConnected(_ id: SessionID, now: Double) -> [BridgeAction] {
        guard var session = sessions[id] else { return [.close(id)] }
        var actions: [BridgeAction] = [.send(id, "@id=\(Self.ownTag)json json on")]
        switch session.state {
        case .connecting:
            actions += session.pending.map { .send(id, $0) }
        case .reconnecting:
            session.backoff.reset()
            actions += say(session.nick, BridgeText.text(.serverBack, lang: session.lang), notice: true)
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
    public mutating func sessionConnectFailed(_ id: SessionID, now: Double) -> [BridgeAction] {
        guard let session = sessions[id] else { return [] }
        switch session.state {
        case .connecting:
            sessions.remove(id)
            return say(session.nick, BridgeText.text(.serverUnreachable, lang: session.lang), notice: true)
                + [.log("bridge.twodo_unreachable", ["session": "\(id)"])]
        case .reconnecting, .open:
            return []  // the next attempt is already scheduled
        }
    }

    /// The session's TwoDo connection ended without the user asking: tell them, and try to reopen it.
    public mutating func sessionClosed(_ id: SessionID, now: Double) -> [BridgeAction] {
        guard var session = sessions[id] else { return [] }
        if case .reconnecting = session.state { return [] }
        session.account = nil
        session.shared = false
        session.pending = []
        session.state = .reconnecting(retryAt: now + session.backoff.next())
        sessions[id] = session
        return say(session.nick, BridgeText.text(.serverGone, lang: session.lang), notice: true)
            + [.log("bridge.twodo_lost", ["session": "\(id)"])]
    }

    /// A line from a session's TwoDo connection.
    public mutating func received(_ line: String, on id: SessionID, now: Double) -> [BridgeAction] {
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
                session.shared = false
            case "lang.set":
                session.lang = reply.lang ?? session.lang
            default:
                break
            }
            var actions = say(session.nick, reply.text, notice: false)
            if session.shared && reply.ok && Self.announcedEvents.contains(reply.code), let account = session.account {
                actions += announce(reply.text, by: account)
            }
            if reply.code == "bye" || reply.code == "error.idle_timeout" {
                // The server closes the connection now; a later message opens a fresh one.
                return actions + end(id, reason: reply.code == "bye" ? "quit_command" : "idle")
            }
            sessions[id] = session
            return actions
        case .event(let event):
            var actions = say(session.nick, event.text, notice: true)
            if session.shared && Self.announcedEvents.contains(event.name) && !isSharedAccount(event.actor) {
                actions += announce(event.text)
            }
            return actions
        }
    }

    // MARK: Time

    /// Periodic work: reconnection attempts that are due, keep-alive pings, presence checks.
    public mutating func tick(now: Double) -> [BridgeAction] {
        var actions: [BridgeAction] = []
        for var session in sessions.all {
            switch session.state {
            case .reconnecting(let retryAt) where retryAt <= now:
                session.state = .reconnecting(retryAt: now + session.backoff.next())
                sessions[session.id] = session
                actions.append(.open(session.id))
            case .open where session.account != nil && now - session.lastSent >= settings.keepaliveInterval:
                session.lastSent = now
                sessions[session.id] = session
                actions.append(.send(session.id, "@id=\(Self.ownTag)keepalive ping"))
            default:
                break
            }
        }
        if isRegistered && presenceSupported && now >= nextPresenceCheck {
            nextPresenceCheck = now + settings.presenceInterval
            if presenceQueries.count > 8 { presenceQueries.removeAll() }  // answers stopped coming: start over
            for batch in Self.batches(sessions.all.map(\.nick)) {
                presenceQueries.append(batch)
                actions.append(
                    .irc(IRCMessage(command: "ISON", params: [batch.joined(separator: " ")]), lane: Self.ownLane))
            }
        }
        return actions
    }

    // MARK: Helpers

    /// Reply codes and event names worth announcing in a channel: changes to the shared lists. Chat
    /// (`say`) and reminders stay private.
    static let announcedEvents: Set<String> = [
        "task.added", "task.completed", "task.reopened", "task.edited", "task.deleted", "task.moved", "task.assigned",
        "task.noted", "task.due", "task.priority", "task.repeat", "task.snoozed", "list.added", "list.renamed",
        "list.deleted", "couple.joined", "couple.left", "couple.renamed",
    ]

    /// Whether `account` is logged in on a shared session here (its own replies are announced, so its
    /// events reaching the partner's shared session would be announced twice).
    private func isSharedAccount(_ account: String) -> Bool {
        sessions.all.contains { $0.shared && $0.account == account }
    }

    /// Ends a session at the user's wish or because they left.
    private mutating func end(_ id: SessionID, reason: String) -> [BridgeAction] {
        sessions.remove(id)
        return [.close(id), .log("bridge.session_closed", ["session": "\(id)", "reason": reason])]
    }

    /// Text to one user, split for IRC.
    private func say(_ target: String, _ text: String, notice: Bool) -> [BridgeAction] {
        LineSplitter.split(text).map { line in
            .irc(notice ? .notice(target, line) : .privmsg(target, line), lane: IRCNick.key(target))
        }
    }

    /// Text to the channel, as notices, optionally marked with the account that caused it.
    private func announce(_ text: String, by account: String? = nil) -> [BridgeAction] {
        guard let channel = settings.channel else { return [] }
        guard let account else { return say(channel, text, notice: true) }
        return say(
            channel, text.split(separator: "\n").map { "[\(account)] " + $0 }.joined(separator: "\n"), notice: true)
    }

    /// Nicks grouped so each `ISON` line stays short.
    static func batches(_ nicks: [String]) -> [[String]] {
        var result: [[String]] = []
        var current: [String] = []
        var bytes = 0
        for nick in nicks {
            if !current.isEmpty && bytes + 1 + nick.utf8.count > 300 {
                result.append(current)
                current = []
                bytes = 0
            }
            current.append(nick)
            bytes += nick.utf8.count + 1
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The first word of a command line, after any `@id=` tag.
    static func verb(of line: String) -> Substring {
        line.split(separator: " ").first { !$0.hasPrefix("@") } ?? ""
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: String) -> String {
        var t = Substring(text)
        while let c = t.first, c == " " || c == "\t" { t = t.dropFirst() }
        while let c = t.last, c == " " || c == "\t" { t = t.dropLast() }
        return String(t)
    }
}
