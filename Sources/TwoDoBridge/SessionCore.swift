// The session state machine every bridge shares: per chat user, one TwoDo connection, from first line to end.

import TwoDoProtocol

/// Per chat user: open a TwoDo connection (JSON mode) on their first line, hold lines typed while it
/// opens, relay lines both ways, follow login, logout and language from the replies, ping a quiet
/// logged-in session before the server's idle timeout, reconnect a lost connection with back-off (logging
/// the user back in with the resume token their login gave, so a server restart does not log them out), and
/// end the session on `quit` or an idle timeout. Pure state and `SessionAction`s, no I/O; the network's
/// core (`BridgeCore` for IRC, `MatrixCore` for Matrix) decides who may type what and renders the text.
public struct SessionCore<Contact: ChatContact>: Sendable {
    /// The sessions. The network's core may edit a session's contact and `shared` flag; the rest is ours.
    public internal(set) var sessions = ChatSessions<Contact>()
    /// A logged-in session silent this long gets a `ping` so the server's idle timeout does not end it.
    public let keepaliveInterval: Double
    /// Waits between attempts to reopen a TwoDo connection that was lost.
    public let reconnect: Backoff
    /// At most this many sessions at once; more users are told to try later.
    public let maxSessions: Int
    private var nextID = 1

    /// A state machine with these tunables and no sessions.
    public init(keepaliveInterval: Double, reconnect: Backoff, maxSessions: Int) {
        self.keepaliveInterval = keepaliveInterval
        self.reconnect = reconnect
        self.maxSessions = maxSessions
    }

    // MARK: Chat input

    /// The refusal for a line the bridge must not pass on (`json`: `json off` would leave the bridge unable
    /// to read replies); nil when the line may go to TwoDo.
    public func refusal(of line: String, from contact: Contact) -> [SessionAction<Contact>]? {
        guard CredentialGuard.fold(SessionRules.verb(of: line)) == "json" else { return nil }
        let lang = sessions.session(forKey: contact.key)?.lang
        return [.tell(contact, BridgeText.text(.jsonFixed, lang: lang), notice: true)]
    }

    /// A command line typed by `contact` (already trimmed, not empty, and allowed): opens their session on
    /// the first line, queues it while connecting, sends it when open. The session takes `contact` (a Matrix
    /// user's latest room); its key must be the same.
    public mutating func command(_ line: String, from contact: Contact, now: Double) -> [SessionAction<Contact>] {
        guard var session = sessions.session(forKey: contact.key) else {
            guard sessions.count < maxSessions else {
                return [
                    .tell(contact, BridgeText.text(.serverUnreachable, lang: nil), notice: true),
                    .log("bridge.session_limit", ["max": "\(maxSessions)"]),
                ]
            }
            let id = SessionID(nextID)
            nextID += 1
            var fresh = ChatSession(id: id, contact: contact, now: now, backoff: reconnect)
            fresh.pending = [line]
            sessions.insert(fresh)
            return [.log("bridge.session_opened", contact.logFields.merging(["session": "\(id)"]) { $1 }), .open(id)]
        }
        session.contact = contact
        var actions: [SessionAction<Contact>] = []
        switch session.state {
        case .connecting:
            session.pending.append(line)
        case .open:
            actions.append(.send(session.id, line))
            session.lastSent = now
        case .reconnecting:
            actions.append(.tell(contact, BridgeText.text(.stillReconnecting, lang: session.lang), notice: true))
        }
        sessions[session.id] = session
        return actions
    }

    /// Ends a session at the user's wish or because they left: its connection is closed.
    public mutating func end(_ id: SessionID, reason: String) -> [SessionAction<Contact>] {
        sessions.remove(id)
        return [.close(id), .log("bridge.session_closed", ["session": "\(id)", "reason": reason])]
    }

    // MARK: TwoDo input

    /// The session's TwoDo connection is open: switch it to JSON mode and send what the user typed meanwhile.
    public mutating func sessionConnected(_ id: SessionID, now: Double) -> [SessionAction<Contact>] {
        guard var session = sessions[id] else { return [.close(id)] }
        var actions: [SessionAction<Contact>] = [.send(id, "@id=\(SessionRules.ownTag)json json on")]
        switch session.state {
        case .connecting:
            actions += session.pending.map { .send(id, $0) }
        case .reconnecting:
            session.backoff.reset()
            if let token = session.resumeToken {
                // Told once the server answers: "still logged in", or "log in again" if the token ended.
                actions.append(.send(id, "@id=\(SessionRules.resumeTag) resume \(token)"))
            } else {
                actions.append(.tell(session.contact, BridgeText.text(.serverBack, lang: session.lang), notice: true))
            }
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

    /// Opening the session's TwoDo connection failed: a first attempt ends the session; a reconnection
    /// simply waits for its next attempt.
    public mutating func sessionConnectFailed(_ id: SessionID, now: Double) -> [SessionAction<Contact>] {
        guard let session = sessions[id] else { return [] }
        switch session.state {
        case .connecting:
            sessions.remove(id)
            return [
                .tell(session.contact, BridgeText.text(.serverUnreachable, lang: session.lang), notice: true),
                .log("bridge.twodo_unreachable", ["session": "\(id)"]),
            ]
        case .reconnecting, .open:
            return []  // the next attempt is already scheduled
        }
    }

    /// The session's TwoDo connection ended without the user asking: tell them, and try to reopen it.
    /// The server logged them out, so the account is forgotten until a resume token logs them back in;
    /// sharing stays on only for a session that will be resumed.
    public mutating func sessionClosed(_ id: SessionID, now: Double) -> [SessionAction<Contact>] {
        guard var session = sessions[id] else { return [] }
        if case .reconnecting = session.state { return [] }
        // A connection lost again before the server answered the bridge's `resume` still has one to resume.
        let holder = session.account ?? session.resumeAccount
        let resuming = session.resumeToken != nil && holder != nil
        if !resuming { session.resumeToken = nil }
        session.resumeAccount = resuming ? holder : nil
        session.account = nil
        session.shared = resuming && session.shared
        session.pending = []
        session.state = .reconnecting(retryAt: now + session.backoff.next())
        sessions[id] = session
        return [
            .tell(
                session.contact, BridgeText.text(resuming ? .serverGoneResuming : .serverGone, lang: session.lang),
                notice: true),
            .log("bridge.twodo_lost", ["session": "\(id)"]),
        ]
    }

    /// A line from a session's TwoDo connection: replies go to the user as replies, events as notices;
    /// a shared session's list changes are also announced.
    public mutating func received(_ line: String, on id: SessionID, now: Double) -> [SessionAction<Contact>] {
        guard var session = sessions[id] else { return [] }
        switch TwoDoLine(parsing: line) {
        case .other:
            return []
        case .reply(let reply):
            if reply.id == SessionRules.resumeTag { return resumed(reply, session: session) }
            if reply.id?.hasPrefix(SessionRules.ownTag) == true { return [] }
            let code = ReplyCode(rawValue: reply.code)  // nil for a code this build does not know: passed on as it is
            switch code {
            case .authLoggedIn, .authRegistered, .authResumed:
                if reply.ok {
                    session.account = reply.name
                    session.lang = reply.lang ?? session.lang
                    session.resumeToken = reply.resume
                }
            case .authPasswordChanged:
                if reply.ok { session.resumeToken = reply.resume }  // the old tokens ended; this is the new one
            case .authLoggedOut, .authPasswordChangedElsewhere, .authPasswordReset, .authAccountDeleted,
                .accountDeleted:
                session.account = nil
                session.shared = false
                session.resumeToken = nil
            case .langSet:
                session.lang = reply.lang ?? session.lang
            default:
                break
            }
            var actions: [SessionAction<Contact>] = [.tell(session.contact, reply.text, notice: false)]
            if session.shared && reply.ok, let code, SessionRules.announcedReplies.contains(code),
                let account = session.account
            {
                actions.append(.announce(reply.text, by: account))
            }
            if code == .bye || code == .errorIdleTimeout {
                // The server closes the connection now; a later message opens a fresh one.
                return actions + end(id, reason: code == .bye ? "quit_command" : "idle")
            }
            sessions[id] = session
            return actions
        case .event(let event):
            var actions: [SessionAction<Contact>] = [.tell(session.contact, event.text, notice: true)]
            if session.shared && EventName(rawValue: event.name).map(SessionRules.announcedEvents.contains) == true
                && !isSharedAccount(event.actor)
            {
                actions.append(.announce(event.text, by: nil))
            }
            return actions
        }
    }

    // MARK: Time

    /// Periodic work: reconnection attempts that are due and keep-alive pings, in session order.
    public mutating func tick(now: Double) -> [SessionAction<Contact>] {
        var actions: [SessionAction<Contact>] = []
        for var session in sessions.all {
            switch session.state {
            case .reconnecting(let retryAt) where retryAt <= now:
                session.state = .reconnecting(retryAt: now + session.backoff.next())
                sessions[session.id] = session
                actions.append(.open(session.id))
            case .open where session.account != nil && now - session.lastSent >= keepaliveInterval:
                session.lastSent = now
                sessions[session.id] = session
                actions.append(.send(session.id, "@id=\(SessionRules.ownTag)keepalive ping"))
            default:
                break
            }
        }
        return actions
    }

    // MARK: Helpers

    /// The answer to the bridge's own `resume` after a reconnection: the user is told they are still logged
    /// in, or, when the token no longer works, to log in again (and the token is forgotten).
    private mutating func resumed(
        _ reply: TwoDoLine.Reply, session old: ChatSession<Contact>
    )
        -> [SessionAction<Contact>]
    {
        var session = old
        defer { sessions[session.id] = session }
        let was = session.resumeAccount
        session.resumeAccount = nil
        guard reply.ok, let name = reply.name else {
            session.resumeToken = nil
            session.shared = false
            return [
                .tell(session.contact, BridgeText.text(.serverBack, lang: session.lang), notice: true),
                .log("bridge.resume_failed", ["session": "\(session.id)", "code": reply.code]),
            ]
        }
        if name != was { session.shared = false }  // never announce a different account in the old place
        session.account = name
        session.lang = reply.lang ?? session.lang
        return [
            .tell(session.contact, BridgeText.text(.resumed, lang: session.lang, nick: name), notice: true),
            .log("bridge.session_resumed", ["session": "\(session.id)"]),
        ]
    }

    /// Whether `account` is logged in on a shared session here (its own replies are announced, so its
    /// events reaching the partner's shared session would be announced twice).
    private func isSharedAccount(_ account: String) -> Bool {
        sessions.all.contains { $0.shared && $0.account == account }
    }
}
