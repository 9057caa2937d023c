// The IRC bridge's logic: IRC users to TwoDo sessions and back, without sockets (the runner does I/O).

/// Decides, for every input (an IRC message, a TwoDo line, a connection coming or going, the clock),
/// what the bridge does. Pure state and actions, so every rule is testable without a network.
///
/// The session state machine is the shared `SessionCore`; this type holds what is IRC's own: each IRC
/// user is a nick (with the `user@host` that proves it), opened by their first private message; replies
/// come back as PRIVMSG, events as NOTICE, split for IRC; account commands are refused in channels, where
/// couples may `share here`; a nick change keeps the session, a QUIT (or vanishing from the server, seen
/// by `ISON`) ends it, and a lost IRC connection ends them all.
public struct BridgeCore: Sendable {
    /// The bridge's own nick, as the server last confirmed it.
    public private(set) var nick: String
    /// Whether the IRC server has welcomed the bot (`001`).
    public private(set) var isRegistered = false
    /// The sessions.
    public var sessions: SessionTable { core.sessions }
    /// The tunables.
    public let settings: BridgeSettings
    /// The shared session state machine.
    private var core: SessionCore<IRCContact>

    /// The lane for the bridge's own lines (JOIN, ISON); never a nick key.
    static let ownLane = "*"
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
        core = SessionCore(
            keepaliveInterval: settings.keepaliveInterval, reconnect: settings.reconnect,
            maxSessions: settings.maxSessions)
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
        for session in core.sessions.removeAll() {
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
        guard let (id, displaced) = core.sessions.rename(from: old, to: new) else { return [] }
        var actions: [BridgeAction] = [.renameLane(from: IRCNick.key(old), to: IRCNick.key(new))]
        if let displaced { actions.append(.close(displaced)) }
        actions.append(.log("bridge.session_renamed", ["session": "\(id)", "nick": new]))
        return actions
    }

    private mutating func privateMessage(from: String, userHost: String, text: String, now: Double) -> [BridgeAction] {
        let line = SessionRules.trimmed(text)
        guard !line.isEmpty else { return [] }
        let contact = IRCContact(nick: from, userHost: userHost)
        if let channel = settings.channel, ShareCommand(line) != nil {
            let lang = sessions.session(forNick: from)?.lang
            return say(from, BridgeText.text(.shareNeedsChannel, lang: lang, channel: channel), notice: true)
        }
        if let refusal = core.refusal(of: line, from: contact) { return render(refusal) }
        var actions: [BridgeAction] = []
        if let old = sessions.session(forNick: from), old.userHost != userHost {
            // Same nick, another person: the old session is not theirs to inherit.
            actions += end(old.id, reason: "replaced")
        }
        return actions + render(core.command(line, from: contact, now: now))
    }

    private mutating func channelMessage(
        from: String, userHost: String, channel: String, text: String
    )
        -> [BridgeAction]
    {
        guard let configured = settings.channel, IRCNick.key(channel) == IRCNick.key(configured) else { return [] }
        var line = SessionRules.trimmed(text)
        var addressed = false
        if line.count > nick.count, IRCNick.key(String(line.prefix(nick.count))) == IRCNick.key(nick),
            let separator = line.dropFirst(nick.count).first, separator == ":" || separator == ","
        {
            addressed = true
            line = SessionRules.trimmed(String(line.dropFirst(nick.count + 1)))
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
        guard let session, session.state == .open, session.account != nil, session.userHost == userHost else {
            return command == .share
                ? say(from, BridgeText.text(.shareNeedsLogin, lang: lang, bot: nick), notice: true) : []
        }
        switch command {
        case .share:
            core.sessions[session.id]?.shared = true
            return announce(BridgeText.text(.shared, lang: lang, nick: from))
                + [.log("bridge.shared", ["session": "\(session.id)", "nick": from])]
        case .unshare:
            guard session.shared else { return [] }
            core.sessions[session.id]?.shared = false
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
        render(core.sessionConnected(id, now: now))
    }

    /// Opening the session's TwoDo connection failed.
    public mutating func sessionConnectFailed(_ id: SessionID, now: Double) -> [BridgeAction] {
        render(core.sessionConnectFailed(id, now: now))
    }

    /// The session's TwoDo connection ended without the user asking: tell them, and try to reopen it.
    public mutating func sessionClosed(_ id: SessionID, now: Double) -> [BridgeAction] {
        render(core.sessionClosed(id, now: now))
    }

    /// A line from a session's TwoDo connection.
    public mutating func received(_ line: String, on id: SessionID, now: Double) -> [BridgeAction] {
        render(core.received(line, on: id, now: now))
    }

    // MARK: Time

    /// Periodic work: reconnection attempts that are due, keep-alive pings, presence checks.
    public mutating func tick(now: Double) -> [BridgeAction] {
        var actions = render(core.tick(now: now))
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

    /// Ends a session at the user's wish or because they left.
    private mutating func end(_ id: SessionID, reason: String) -> [BridgeAction] {
        render(core.end(id, reason: reason))
    }

    /// The shared core's actions in IRC terms: text to a nick as PRIVMSG or NOTICE, announcements to the
    /// channel.
    private func render(_ actions: [SessionAction<IRCContact>]) -> [BridgeAction] {
        actions.flatMap { action -> [BridgeAction] in
            switch action {
            case .open(let id): return [.open(id)]
            case .send(let id, let line): return [.send(id, line)]
            case .close(let id): return [.close(id)]
            case .tell(let contact, let text, let notice): return say(contact.nick, text, notice: notice)
            case .announce(let text, let account): return announce(text, by: account)
            case .log(let message, let fields): return [.log(message, fields)]
            }
        }
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
}
