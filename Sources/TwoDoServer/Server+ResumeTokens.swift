// resume <token>: logging a connection back in without the password; issuing and ending resume tokens.

import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoStore
import TwoDoSystem
import TwoDoText

extension Server {
    /// The login throttle's name key for `resume`: a NUL never appears in a folded user name, so no
    /// account shares it. Wrong tokens back off per address (and per address across names) as wrong
    /// passwords do; an address with no wrong token is never held back.
    static let resumeThrottleName = "\u{0}resume"

    /// `resume <token>`: throttled like `login`; the digest is computed on the pool (a malformed token is
    /// digested too, as a placeholder, so every failure looks and takes the same).
    func resume(token typed: String, on c: Connection, tag: String?) throws -> Outcome? {
        if let user = c.user, let current = try store.user(user) {
            return Outcome(
                connection: c.id, tag: tag,
                reply: .failure(.errorAlreadyLoggedIn, t(c, .errorAlreadyLoggedIn, ["name": current.name])))
        }
        if let wait = logins.retryAfter(name: Server.resumeThrottleName, address: c.throttleKey, now: Monotonic.now()) {
            return Outcome(
                connection: c.id, tag: tag,
                reply: .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        let token = ResumeToken(parsing: typed)?.description ?? "-"
        return try submit(.resumeDigest(token), pending: .resume(connection: c.id, tag: tag), on: c, tag: tag)
    }

    /// Finishes `resume` once the digest is ready: logs the connection in as the token's user, answering as
    /// `login` does (`auth.resumed`, the user in `data`), or counts a failed login.
    func completeResume(tag: String?, result: HashOutcome, on c: Connection) throws -> Outcome {
        let now = Monotonic.now()
        guard case .hashed(let digest) = result else {
            if case .evicted = result {
                stats.busyRefusals += 1
                return Outcome(connection: c.id, tag: tag, reply: .failure(.errorBusy, t(c, .errorBusy)))
            }
            return Outcome(connection: c.id, tag: tag, reply: .failure(.errorInternal, t(c, .errorInternal)))
        }
        guard c.user == nil, let id = try store.resumeTokenUser(digest: digest, now: clock.now),
            let user = try store.user(id)
        else {
            logins.fail(name: Server.resumeThrottleName, address: c.throttleKey, now: now)
            return Outcome(
                connection: c.id, tag: tag, reply: .failure(.errorResumeInvalid, t(c, .errorResumeInvalid)))
        }
        logins.succeed(name: Server.resumeThrottleName, address: c.throttleKey)
        attach(c, to: user)
        c.resumeDigest = digest
        Log.info("session resumed", ["conn": "\(c.id)", "user": "\(user.id.rawValue)"])
        let unread = try store.unreadCount(for: user.id)
        var data = JSONShape.user(user)
        if case .object(var members) = data {
            members.append(("unread", .int(Int64(unread))))
            data = .object(members)
        }
        var o = Outcome(
            connection: c.id, tag: tag,
            reply: .success(.authResumed, [t(c, .authResumed, ["name": user.name])], data: data))
        o.undo = { [weak self, weak c] in if let c { self?.detach(c, from: user.id) } }
        return o
    }

    /// Draws a new resume token for `user`, stores its digest (valid `ResumeTokens.lifetime`) and remembers
    /// it on `c` so `logout` ends it. Runs in the turn's transaction.
    /// - Returns: the token to hand out, or nil when libcrypt failed or the token could not be stored (a full
    ///   disk): the login still succeeds, without one. A login is a read; the token is a convenience, so its
    ///   write has a savepoint of its own and never fails the login.
    func issueResumeToken(for user: UserID, on c: Connection) throws -> String? {
        let token = ResumeToken.random().description
        guard let digest = ResumeDigest.digest(of: token) else { return nil }
        let now = clock.now
        do {
            try store.savepoint {
                try store.addResumeToken(digest: digest, for: user, now: now, expiresAt: now + ResumeTokens.lifetime)
            }
        } catch {
            Log.error("resume token not stored", ["user": "\(user.rawValue)", "error": "\(error)"])
            return nil
        }
        c.resumeDigest = digest
        return token
    }

    /// `data` with a `resume` member holding `token`, when there is one.
    func adding(resume token: String?, to data: JSONValue?) -> JSONValue? {
        guard let token else { return data }
        guard case .object(var members) = data ?? .object([]) else { return data }
        members.append(("resume", .string(token)))
        return .object(members)
    }
}
