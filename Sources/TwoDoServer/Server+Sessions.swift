// The session registry: binding connections to users, and its read-only face for the handlers (Presence).

import TwoDoCore
import TwoDoFeatures
import TwoDoSystem

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

    /// Applies a command's effects on other sessions now (so later commands in the turn see them); returns
    /// what undoes them if the turn's commit fails.
    func apply(_ effects: [SessionEffect]) -> (() -> Void)? {
        guard !effects.isEmpty else { return nil }
        var undo: [() -> Void] = []
        for effect in effects {
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
            }
        }
        return { for step in undo.reversed() { step() } }
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
