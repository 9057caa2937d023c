// The session registry: binding connections to users, and its read-only face for the handlers (Presence).

import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Server: Presence {
    /// Whether `user` has any open session.
    public func isOnline(_ user: UserID) -> Bool { sessions[user] != nil || isOnlineElsewhere(user) }

    /// Every open session of `user`, as read-only views.
    public func sessions(of user: UserID) -> [SessionView] {
        (sessions[user] ?? []).compactMap { id in
            guard let c = connections[id] else { return nil }
            return SessionView(id: c.id, lang: c.lang, tz: c.tz, json: c.json, isClosing: c.closeAfterFlush)
        }
    }

    /// Applies a command's effects on sessions now (so later commands in the turn see them); the sessions a
    /// command ended go into its outcome, to be told and closed after the COMMIT. Returns what undoes the
    /// effects if the turn's commit fails.
    func apply(_ o: inout Outcome, on c: Connection) -> (() -> Void)? {
        guard !o.effects.isEmpty else { return nil }
        var undo: [() -> Void] = []
        for effect in o.effects {
            switch effect {
            case .language(let user, let lang):
                for c in (sessions[user] ?? []).compactMap({ connections[$0] }) {
                    let previous = c.lang
                    c.lang = lang
                    undo.append { [weak c] in c?.lang = previous }
                }
            case .timeZone(let user, let zone):
                for c in (sessions[user] ?? []).compactMap({ connections[$0] }) {
                    let previous = c.tz
                    c.tz = zone
                    undo.append { [weak c] in c?.tz = previous }
                }
            case .forgetListings(let user):
                for c in (sessions[user] ?? []).compactMap({ connections[$0] }) { c.session.forgetListing() }
            case .loggedIn(let id, let user):
                guard let acting = connections[id] else { continue }
                attach(acting, to: user)
                undo.append { [weak self, weak acting] in if let acting { self?.detach(acting, from: user.id) } }
            case .loggedOut(let id, let user):
                guard let acting = connections[id] else { continue }
                detach(acting, from: user.id)
                undo.append { [weak self, weak acting] in
                    if let acting, !acting.isClosed { self?.attach(acting, to: user) }
                }
            case .endOtherSessions(let user, let keep, let reason):
                let others = detachOtherSessions(of: user.id, except: keep)
                Log.info("sessions ended", ["user": "\(user.id.rawValue)", "ended": "\(others.count)"])
                o.endsSessions += others.map(\.id)
                o.endReason = reason
                undo.append { [weak self] in for other in others where !other.isClosed { self?.attach(other, to: user) }
                }
            }
        }
        return { for step in undo.reversed() { step() } }
    }

    /// Logs every other session of `user` out at once, after a password change, a reset or an account's
    /// deletion, so none runs another command as that user; `endSession(_:)` tells each why and closes it
    /// once the change is committed (a stolen session must not outlive the password that opened it).
    /// - Returns: the sessions logged out.
    func detachOtherSessions(of user: UserID, except keep: UInt64) -> [Connection] {
        var ended: [Connection] = []
        for id in sessions[user] ?? [] where id != keep {
            guard let other = connections[id] else { continue }
            detach(other, from: user)
            other.input = []  // commands it already sent would now run logged out: drop them
            other.inputBytes = 0
            other.pendingAuth = nil  // its own passwd in flight must not land after this one
            ended.append(other)
        }
        return ended
    }

    /// After the COMMIT: tells a logged-out session why, in its language, and closes it.
    func endSession(_ id: UInt64, code: ReplyCode = .authPasswordChangedElsewhere) {
        guard let other = connections[id] else { return }
        let reply = Reply.failure(code, t(other, code.key))
        emit(reply.render(json: other.json, tag: nil), to: other)
        other.input = []
        other.inputBytes = 0
        other.closeAfterFlush = true
        other.readClosed = true
        updateInterest(other)
    }

    /// Binds a connection to a logged-in user.
    func attach(_ c: Connection, to user: User) {
        c.user = user.id
        c.lang = user.lang
        c.tz = user.tz
        if sessions[user.id] == nil { linkPresence(user.id, online: true) }
        sessions[user.id, default: []].append(c.id)
    }

    /// Unbinds a connection from its user.
    func detach(_ c: Connection, from user: UserID) {
        sessions[user]?.removeAll { $0 == c.id }
        if sessions[user]?.isEmpty == true {
            sessions[user] = nil
            linkPresence(user, online: false)
        }
        c.user = nil
        c.resumeDigest = nil
        c.session.forgetListing()
        c.loginDeadline = Monotonic.now() + config.loginTimeout
    }
}
