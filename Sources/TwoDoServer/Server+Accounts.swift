// register, login and passwd: validated on the loop, checked and hashed on the worker pool, completed on the loop.

import TwoDoCore
import TwoDoFeatures
import TwoDoStore
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Server {
    /// Runs a command the handlers hand back: the ones that change who a session is, and `stats`.
    func run(_ request: LoopRequest, on c: Connection, tag: String?) throws -> Outcome? {
        switch request {
        case .register(let name, let password):
            return try register(name: name, password: password, on: c, tag: tag)
        case .login(let name, let password):
            return try login(name: name, password: password, on: c, tag: tag)
        case .passwd(let old, let new, let user):
            return try changePassword(old: old, new: new, user: user, on: c, tag: tag)
        case .resume(let token):
            return try resume(token: token, on: c, tag: tag)
        case .logout(let user):
            let digest = c.resumeDigest
            if let digest { try store.deleteResumeToken(digest: digest) }  // the token this session holds ends
            detach(c, from: user.id)
            c.lang = user.lang
            var o = Outcome(connection: c.id, tag: tag, reply: .success(.authLoggedOut, [t(c, .authLoggedOut)]))
            o.wrote = digest != nil
            return o
        case .stats(let user):
            return Outcome(connection: c.id, tag: tag, reply: statistics(user: user, on: c))
        case .deleteAccount(let password, let user):
            return try deleteAccount(password: password, user: user, on: c, tag: tag)
        case .approveReset(let partner, _):
            return try approveReset(for: partner, on: c, tag: tag)
        case .reset(let name, let code, let password):
            return try resetPassword(name: name, code: code, password: password, on: c, tag: tag)
        }
    }

    func register(name typed: String, password: String, on c: Connection, tag: String?) throws -> Outcome? {
        let fail = { (code: ReplyCode, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text))
        }
        if let user = c.user, let current = try store.user(user) {
            return fail(.errorAlreadyLoggedIn, t(c, .errorAlreadyLoggedIn, ["name": current.name]))
        }
        let name = UserName.normalized(typed)
        do throws(CredentialProblem) {
            if let scalar = UserName.invisible(in: typed) { throw .nameInvisible(scalar) }
            try UserName.validate(name)
            try Password.validate(password)
        } catch .nameLength, .nameCharacters {
            return fail(.errorBadName, t(c, .errorBadName))
        } catch .nameInvisible(let scalar) {
            return fail(.errorNameInvisible, t(c, .errorNameInvisible, ["char": UserText.codePoint(scalar)]))
        } catch .nameReserved {
            return fail(.errorNameReserved, t(c, .errorNameReserved, ["name": name]))
        } catch .passwordTooShort {
            return fail(.errorWeakPassword, t(c, .errorWeakPassword))
        } catch .passwordTooLong {
            return fail(.errorLongPassword, t(c, .errorLongPassword))
        }
        if let taken = try store.user(named: name) {
            return fail(.errorNameTaken, t(c, .errorNameTaken, ["name": taken.user.name]))
        }
        if let other = try store.lookalike(of: name) {
            return fail(.errorNameLookalike, t(c, .errorNameLookalike, ["name": other]))
        }
        if let wait = registrations.retryAfter(c.throttleKey, now: Monotonic.now()) {
            return registrationsThrottled(wait: wait, on: c, tag: tag)
        }
        // Counted when its hash is done (see `complete`), never here: a registration answered "busy" (now, or
        // when the pool evicts it) did not happen, and the client was told to try again.
        return try submit(
            .hash(password: password, name: name), pending: .register(name: name, tag: tag), on: c, tag: tag)
    }

    /// The refusal of a registration over the address's limit: it names the limit and when to try again.
    func registrationsThrottled(wait: Int, on c: Connection, tag: String?) -> Outcome {
        let limit = registrations.limit
        let minutes = registrations.windowSeconds / 60
        let text = t(
            c, .errorThrottledRegister, ["limit": "\(limit)", "minutes": "\(minutes)", "seconds": "\(wait)"])
        let data: JSONValue = .object([
            ("limit", .int(Int64(limit))), ("window_seconds", .int(Int64(registrations.windowSeconds))),
            ("retry_after", .int(Int64(wait))),
        ])
        return Outcome(connection: c.id, tag: tag, reply: .failure(.errorThrottled, text, data: data))
    }

    func login(name typed: String, password: String, on c: Connection, tag: String?) throws -> Outcome? {
        let fail = { (code: ReplyCode, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text))
        }
        if let user = c.user, let current = try store.user(user) {
            return fail(.errorAlreadyLoggedIn, t(c, .errorAlreadyLoggedIn, ["name": current.name]))
        }
        let now = Monotonic.now()
        // NFKC and the fold: `ａｌｉｃｅ` or `ALICE` is alice's account; a Cyrillic `аlice` is nobody's.
        let key = UserName.key(typed)
        if let wait = logins.retryAfter(name: key, address: c.throttleKey, now: now) {
            return fail(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"]))
        }
        let found =
            password.utf8.count <= Password.maxBytes && typed.utf8.count <= 4 * UserName.maxBytes
            ? try store.user(named: typed) : nil
        // Unknown names are verified against a decoy hash so both failures take the same time.
        let hash = found?.passwordHash ?? PasswordHasher.decoy
        let job = HashJob.verify(password: password, hash: hash, newPassword: nil, name: key)
        let refused = try submit(job, pending: .login(user: found?.user.id, name: key, tag: tag), on: c, tag: tag)
        // Counted as soon as it is being checked (a busy refusal never counts): see `LoginThrottle.attempt`.
        if refused == nil { logins.attempt(name: key, address: c.throttleKey, now: now) }
        return refused
    }

    /// `passwd`: never held back by failed logins elsewhere (only by this session's own wrong old passwords).
    func changePassword(old: String, new: String, user: User, on c: Connection, tag: String?) throws -> Outcome? {
        let fail = { (code: ReplyCode, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text))
        }
        do {
            try Password.validate(new)
        } catch .passwordTooLong {
            return fail(.errorLongPassword, t(c, .errorLongPassword))
        } catch {
            return fail(.errorWeakPassword, t(c, .errorWeakPassword))
        }
        if let wait = logins.passwdRetryAfter(session: c.id, now: Monotonic.now()) {
            return fail(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"]))
        }
        guard let hash = try store.passwordHash(of: user.id) else {
            preconditionFailure("logged-in user without a row")
        }
        let job = HashJob.verify(password: old, hash: hash, newPassword: new, name: user.name)
        return try submit(job, pending: .passwd(user: user.id, tag: tag), on: c, tag: tag)
    }

    /// Finishes an account command once its hash is ready (runs in the turn's transaction).
    func complete(_ pending: PendingAuth, result: HashOutcome, on c: Connection) throws -> Outcome {
        if let lifecycle = try completeLifecycle(pending, result: result, on: c) { return lifecycle }
        if case .resume(_, let tag) = pending { return try completeResume(tag: tag, result: result, on: c) }
        let now = Monotonic.now()
        switch (pending, result) {
        case (.register, .hashed), (.register, .weak):
            // A registration that was worked on counts towards the address's limit; `.evicted` ("busy") never.
            registrations.fail(c.throttleKey, now: now)
        default:
            break
        }
        switch (pending, result) {
        case (.register(_, let tag), .weak(let weakness)), (.passwd(_, let tag), .weak(let weakness)):
            return Outcome(connection: c.id, tag: tag, reply: .failure(weakness.code, t(c, weakness.code.key)))

        case (.register(let name, let tag), .hashed(let hash)):
            guard let user = try store.createUser(name: name, passwordHash: hash, lang: c.lang, now: clock.now) else {
                return Outcome(
                    connection: c.id, tag: tag,
                    reply: .failure(.errorNameTaken, t(c, .errorNameTaken, ["name": name])))
            }
            attach(c, to: user)
            Log.info("registered", ["conn": "\(c.id)", "user": "\(user.id.rawValue)"])
            let token = try issueResumeToken(for: user.id, on: c)
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(
                    .authRegistered, [t(c, .authRegistered, ["name": user.name])],
                    data: adding(resume: token, to: JSONShape.user(user)))
            )
            o.wrote = true
            o.undo = { [weak self, weak c] in if let c { self?.detach(c, from: user.id) } }
            return o

        case (.login(let id, let key, let tag), .verified(let ok, _)):
            guard ok, let id, let user = try store.user(id) else {
                logins.failedAttempt(name: key, address: c.throttleKey, now: now)
                return Outcome(
                    connection: c.id, tag: tag, reply: .failure(.errorBadCredentials, t(c, .errorBadCredentials)))
            }
            logins.succeed(name: key, address: c.throttleKey)
            attach(c, to: user)
            try store.pruneNotifications(for: user.id, now: clock.now)  // kept 30 days
            let unread = try store.unreadCount(for: user.id)
            var text =
                unread > 0
                ? t(
                    c, unread == 1 ? .authLoggedInUnreadOne : .authLoggedInUnread,
                    ["name": user.name, "count": "\(unread)"])
                : t(c, .authLoggedIn, ["name": user.name])
            if let summary = try handlers.dueSummary(user: user, lang: c.lang) { text += " " + summary }
            var data = JSONShape.user(user)
            if case .object(var members) = data {
                members.append(("unread", .int(Int64(unread))))
                data = .object(members)
            }
            let token = try issueResumeToken(for: user.id, on: c)
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(.authLoggedIn, [text], data: adding(resume: token, to: data)))
            o.wrote = token != nil  // the token's digest must be committed before the client is given it
            o.undo = { [weak self, weak c] in if let c { self?.detach(c, from: user.id) } }
            // A full disk fails the token's commit, not the login: logged in, without a token.
            if token != nil { o.replyIfCommitFails = .success(.authLoggedIn, [text], data: data) }
            return o

        case (.passwd(let id, let tag), .verified(let ok, let newHash)):
            guard ok, let newHash, let user = try store.user(id) else {
                logins.passwdFailed(session: c.id, now: now)
                // No name was typed: the wording names only the password.
                return Outcome(
                    connection: c.id, tag: tag,
                    reply: .failure(.errorBadCredentials, t(c, .errorBadCredentialsPassword)))
            }
            try store.setPasswordHash(newHash, for: user.id)
            try store.deleteResumeTokens(of: user.id)  // every token ends; this session gets a new one
            let token = try issueResumeToken(for: user.id, on: c)
            let others = detachOtherSessions(of: user.id, except: c)
            Log.info(
                "password changed", ["conn": "\(c.id)", "user": "\(user.id.rawValue)", "ended": "\(others.count)"])
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(
                    .authPasswordChanged, [t(c, .authPasswordChanged)],
                    data: adding(resume: token, to: .object([("ended_sessions", .int(Int64(others.count)))]))))
            o.wrote = true
            o.endsSessions = others.map(\.id)
            // A failed COMMIT keeps the old password: the other sessions stay logged in, and are told nothing.
            o.undo = { [weak self] in for other in others where !other.isClosed { self?.attach(other, to: user) } }
            return o

        case (.register(_, let tag), .evicted), (.login(_, _, let tag), .evicted), (.passwd(_, let tag), .evicted):
            stats.busyRefusals += 1
            return Outcome(connection: c.id, tag: tag, reply: .failure(.errorBusy, t(c, .errorBusy)))

        case (.register(_, let tag), _), (.login(_, _, let tag), _), (.passwd(_, let tag), _):
            return Outcome(connection: c.id, tag: tag, reply: .failure(.errorInternal, t(c, .errorInternal)))
        case (.deleteAccount, _), (.approveReset, _), (.reset, _), (.resume, _):
            preconditionFailure("completed by completeLifecycle or completeResume")
        }
    }

    /// Logs every other session of `user` out at once, after a password change, so none runs another command
    /// as that user; `endSession(_:)` tells each why and closes it once the change is committed (a stolen
    /// session must not outlive the password that opened it).
    /// - Returns: the sessions logged out.
    func detachOtherSessions(of user: UserID, except keep: Connection?) -> [Connection] {
        var ended: [Connection] = []
        for id in sessions[user] ?? [] where id != keep?.id {
            guard let other = connections[id] else { continue }
            detach(other, from: user)
            other.input = []  // commands it already sent would now run logged out: drop them
            other.inputBytes = 0
            other.pendingAuth = nil  // its own passwd in flight must not land after this one
            ended.append(other)
        }
        return ended
    }

    /// After the COMMIT of a password change: tells a logged-out session why, in its language, and closes it.
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
}
