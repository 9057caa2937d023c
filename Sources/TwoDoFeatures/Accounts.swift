// register, login, resume, passwd and logout: checked here, hashed on the loop's worker pool, finished here.

import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoSystem
import TwoDoText

/// The account commands: who a session is, and the passwords, codes and tokens that prove it.
///
/// A command either answers at once or asks for password work (`Handled.hash`): the loop runs the job on
/// its worker pool, parks the session, and hands the result back to `complete`, which finishes the command
/// in a later turn's transaction. What a command does to sessions (logged in, logged out, the account's
/// other sessions ended) it names as `SessionEffect`s; the loop applies them and undoes them if the turn's
/// commit fails. The throttles on guessing live here; the pool's caps per address and account are the loop's.
///
/// Owned by the event-loop thread, like the handlers it belongs to.
public final class Accounts {
    unowned let handlers: Handlers
    /// Wrong passwords and tokens per name and address (the loop gives it the shared ledger when there are
    /// several nodes, so guesses spread over them count together).
    public var logins = LoginThrottle()
    /// Registrations per address.
    public var registrations = FailureThrottle(threshold: 20, baseDelay: 60)
    /// A hash no password matches, verified against for unknown names so every failure takes the same time.
    public var decoyHash = "*"
    /// The digest a resume token is stored under (libcrypt's, from the loop); nil when it failed.
    public var digest: (String) -> String? = { _ in nil }

    /// The login throttle's name key for `resume`: a NUL never appears in a folded user name, so no account
    /// shares it. Wrong tokens back off per address (and per address across names) as wrong passwords do.
    static let resumeThrottleName = "\u{0}resume"

    init(handlers: Handlers) { self.handlers = handlers }

    var store: any TwoDoStorage { handlers.store }
    var now: Int64 { handlers.clock.now }

    /// Forgets throttle entries past their window.
    func prune(now: Double) {
        logins.prune(now: now)
        registrations.prune(now: now)
    }

    func t(_ c: CommandContext, _ key: TextKey, _ args: [String: String] = [:]) -> String {
        Catalog.text(key, c.lang, args)
    }

    func answer(_ c: CommandContext, _ tag: String?, _ reply: Reply) -> Handled {
        .outcome(Outcome(connection: c.id, tag: tag, reply: reply))
    }

    func failure(_ c: CommandContext, _ tag: String?, _ code: ReplyCode, _ key: TextKey? = nil) -> Outcome {
        Outcome(connection: c.id, tag: tag, reply: .failure(code, t(c, key ?? code.key)))
    }

    /// The refusal of a new password too short or too long for any check to be worth a hash job, or nil.
    func refusal(ofNew password: String, _ c: CommandContext, _ tag: String?) -> Handled? {
        do {
            try Password.validate(password)
            return nil
        } catch .passwordTooLong {
            return answer(c, tag, .failure(.errorLongPassword, t(c, .errorLongPassword)))
        } catch {
            return answer(c, tag, .failure(.errorWeakPassword, t(c, .errorWeakPassword)))
        }
    }

    /// The refusal of a second login on a session that already has a user.
    func alreadyLoggedIn(_ c: CommandContext, _ tag: String?) throws -> Handled? {
        guard let user = c.user, let current = try store.user(user) else { return nil }
        return answer(c, tag, .failure(.errorAlreadyLoggedIn, t(c, .errorAlreadyLoggedIn, ["name": current.name])))
    }

    // MARK: Commands

    func register(name typed: String, password: String, on c: CommandContext, tag: String?) throws -> Handled {
        if let refusal = try alreadyLoggedIn(c, tag) { return refusal }
        let name = UserName.normalized(typed)
        do throws(CredentialProblem) {
            if let scalar = UserName.invisible(in: typed) { throw .nameInvisible(scalar) }
            try UserName.validate(name)
            try Password.validate(password)
        } catch .nameLength, .nameCharacters {
            return answer(c, tag, .failure(.errorBadName, t(c, .errorBadName)))
        } catch .nameInvisible(let scalar) {
            return answer(
                c, tag, .failure(.errorNameInvisible, t(c, .errorNameInvisible, ["char": UserText.codePoint(scalar)])))
        } catch .nameReserved {
            return answer(c, tag, .failure(.errorNameReserved, t(c, .errorNameReserved, ["name": name])))
        } catch .passwordTooShort {
            return answer(c, tag, .failure(.errorWeakPassword, t(c, .errorWeakPassword)))
        } catch .passwordTooLong {
            return answer(c, tag, .failure(.errorLongPassword, t(c, .errorLongPassword)))
        }
        if let taken = try store.user(named: name) {
            return answer(c, tag, .failure(.errorNameTaken, t(c, .errorNameTaken, ["name": taken.user.name])))
        }
        if let other = try store.lookalike(of: name) {
            return answer(c, tag, .failure(.errorNameLookalike, t(c, .errorNameLookalike, ["name": other])))
        }
        if let wait = registrations.retryAfter(c.throttleKey, now: Monotonic.now()) {
            let limit = registrations.limit
            let text = t(
                c, .errorThrottledRegister,
                ["limit": "\(limit)", "minutes": "\(registrations.windowSeconds / 60)", "seconds": "\(wait)"])
            let data: JSONValue = .object([
                ("limit", .int(Int64(limit))), ("window_seconds", .int(Int64(registrations.windowSeconds))),
                ("retry_after", .int(Int64(wait))),
            ])
            return answer(c, tag, .failure(.errorThrottled, text, data: data))
        }
        // Counted when its hash is done (see `complete`), never here: a registration answered "busy" (now, or
        // when the pool evicts it) did not happen, and the client was told to try again.
        return .hash(.hash(password: password, name: name), then: .register(name: name, tag: tag))
    }

    func login(name typed: String, password: String, on c: CommandContext, tag: String?) throws -> Handled {
        if let refusal = try alreadyLoggedIn(c, tag) { return refusal }
        let now = Monotonic.now()
        // NFKC and the fold: `ａｌｉｃｅ` or `ALICE` is alice's account; a Cyrillic `аlice` is nobody's.
        let key = UserName.key(typed)
        if let wait = logins.retryAfter(name: key, address: c.throttleKey, now: now) {
            return answer(c, tag, .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        let found =
            password.utf8.count <= Password.maxBytes && typed.utf8.count <= 4 * UserName.maxBytes
            ? try store.user(named: typed) : nil
        // Unknown names are verified against a decoy hash so both failures take the same time.
        let hash = found?.passwordHash ?? decoyHash
        return .hash(
            .verify(password: password, hash: hash, newPassword: nil, name: key),
            then: .login(user: found?.user.id, name: key, tag: tag))
    }

    /// `resume <token>`: throttled like `login`; the digest is computed on the pool (a malformed token is
    /// digested too, as a placeholder, so every failure looks and takes the same).
    func resume(token typed: String, on c: CommandContext, tag: String?) throws -> Handled {
        if let refusal = try alreadyLoggedIn(c, tag) { return refusal }
        if let wait = logins.retryAfter(name: Accounts.resumeThrottleName, address: c.throttleKey, now: Monotonic.now())
        {
            return answer(c, tag, .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        let token = ResumeToken(parsing: typed)?.description ?? "-"
        return .hash(.resumeDigest(token), then: .resume(connection: c.id, tag: tag))
    }

    /// `passwd`: never held back by failed logins elsewhere (only by this session's own wrong old passwords).
    func changePassword(old: String, new: String, user: User, on c: CommandContext, tag: String?) throws -> Handled {
        if let refusal = refusal(ofNew: new, c, tag) { return refusal }
        if let wait = logins.passwdRetryAfter(session: c.id, now: Monotonic.now()) {
            return answer(c, tag, .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        guard let hash = try store.passwordHash(of: user.id) else {
            preconditionFailure("logged-in user without a row")
        }
        return .hash(
            .verify(password: old, hash: hash, newPassword: new, name: user.name),
            then: .passwd(user: user.id, tag: tag))
    }

    func logout(_ user: User, on c: CommandContext, tag: String?) throws -> Outcome {
        let digest = c.resumeDigest
        if let digest { try store.deleteResumeToken(digest: digest) }  // the token this session holds ends
        c.lang = user.lang
        var o = Outcome(connection: c.id, tag: tag, reply: .success(.authLoggedOut, [t(c, .authLoggedOut)]))
        o.wrote = digest != nil
        o.effects.append(.loggedOut(session: c.id, user))
        return o
    }

    // MARK: Finishing a command once its hash is ready

    /// The pool took the job of `pending` (it was not refused as busy): a login counts as a guess from now on.
    /// See `LoginThrottle.attempt`: guesses checked at the same time cannot pass the threshold together.
    public func queued(_ pending: PendingAuth, on session: Session) {
        if case .login(_, let key, _) = pending {
            logins.attempt(name: key, address: session.throttleKey, now: Monotonic.now())
        }
    }

    /// Finishes an account command once its hash job is done (in a later turn's transaction).
    /// - Throws: a storage failure or a bug, never a refusal (see `Handlers.run`).
    public func complete(
        _ pending: PendingAuth, result: HashOutcome, on session: Session
    ) throws(CommandFailure) -> Outcome {
        let c = CommandContext(session)
        do {
            return c.folded(into: try complete(pending, result: result, in: c))
        } catch let refused as ReplyError {
            return Outcome(connection: c.id, tag: pending.tag, reply: refused.reply)
        } catch {
            throw .from(error)
        }
    }

    private func complete(_ pending: PendingAuth, result: HashOutcome, in c: CommandContext) throws -> Outcome {
        let tag = pending.tag
        switch result {
        case .evicted: return failure(c, tag, .errorBusy)
        case .failed: return failure(c, tag, .errorInternal)
        case .hashed, .verified, .weak: break
        }
        let now = Monotonic.now()
        switch (pending, result) {
        case (.register(let name, _), .hashed(let hash)):
            // A registration that was worked on counts towards the address's limit; "busy" never does.
            registrations.fail(c.throttleKey, now: now)
            guard let user = try store.createUser(name: name, passwordHash: hash, lang: c.lang, now: self.now) else {
                return Outcome(
                    connection: c.id, tag: tag, reply: .failure(.errorNameTaken, t(c, .errorNameTaken, ["name": name])))
            }
            logIn(c, as: user)
            Log.info("registered", ["conn": "\(c.id)", "user": "\(user.id.rawValue)"])
            let token = try issueResumeToken(for: user.id, on: c)
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(
                    .authRegistered, [t(c, .authRegistered, ["name": user.name])],
                    data: adding(resume: token, to: JSONShape.user(user))))
            o.wrote = true
            o.effects.append(.loggedIn(session: c.id, user))
            return o

        case (.register, .weak(let weakness)):
            registrations.fail(c.throttleKey, now: now)
            return failure(c, tag, weakness.code)

        case (.login(let id, let key, _), .verified(let ok, _)):
            guard ok, let id, let user = try store.user(id) else {
                logins.failedAttempt(name: key, address: c.throttleKey, now: now)
                return failure(c, tag, .errorBadCredentials)
            }
            logins.succeed(name: key, address: c.throttleKey)
            logIn(c, as: user)
            try store.pruneNotifications(for: user.id, now: self.now)  // kept 30 days
            let unread = try store.unreadCount(for: user.id)
            var text =
                unread > 0
                ? t(
                    c, unread == 1 ? .authLoggedInUnreadOne : .authLoggedInUnread,
                    ["name": user.name, "count": "\(unread)"])
                : t(c, .authLoggedIn, ["name": user.name])
            if let summary = try Views(handlers: handlers).dueSummary(user: user, lang: c.lang) {
                text += " " + summary
            }
            let data = withUnread(unread, JSONShape.user(user))
            let token = try issueResumeToken(for: user.id, on: c)
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(.authLoggedIn, [text], data: adding(resume: token, to: data)))
            o.wrote = token != nil  // the token's digest must be committed before the client is given it
            o.effects.append(.loggedIn(session: c.id, user))
            // A full disk fails the token's commit, not the login: logged in, without a token.
            if token != nil { o.replyIfCommitFails = .success(.authLoggedIn, [text], data: data) }
            return o

        case (.resume, .hashed(let digest)):
            guard c.user == nil, let id = try store.resumeTokenUser(digest: digest, now: self.now),
                let user = try store.user(id)
            else {
                logins.fail(name: Accounts.resumeThrottleName, address: c.throttleKey, now: now)
                return failure(c, tag, .errorResumeInvalid)
            }
            logins.succeed(name: Accounts.resumeThrottleName, address: c.throttleKey)
            logIn(c, as: user)
            c.resumeDigest = digest
            Log.info("session resumed", ["conn": "\(c.id)", "user": "\(user.id.rawValue)"])
            let data = withUnread(try store.unreadCount(for: user.id), JSONShape.user(user))
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(.authResumed, [t(c, .authResumed, ["name": user.name])], data: data))
            o.effects.append(.loggedIn(session: c.id, user))
            return o

        case (.passwd, .weak(let weakness)):
            return failure(c, tag, weakness.code)

        case (.passwd(let id, _), .verified(let ok, let newHash)):
            guard ok, let newHash, let user = try store.user(id) else {
                logins.passwdFailed(session: c.id, now: now)
                // No name was typed: the wording names only the password.
                return failure(c, tag, .errorBadCredentials, .errorBadCredentialsPassword)
            }
            try store.setPasswordHash(newHash, for: user.id)
            try store.deleteResumeTokens(of: user.id)  // every token ends; this session gets a new one
            let token = try issueResumeToken(for: user.id, on: c)
            let others = otherSessions(of: user.id, except: c)
            Log.info("password changed", ["conn": "\(c.id)", "user": "\(user.id.rawValue)", "ended": "\(others)"])
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: .success(
                    .authPasswordChanged, [t(c, .authPasswordChanged)],
                    data: adding(resume: token, to: .object([("ended_sessions", .int(Int64(others)))]))))
            o.wrote = true
            // A failed COMMIT keeps the old password: the other sessions stay logged in, and are told nothing.
            o.effects.append(.endOtherSessions(user, except: c.id, reason: .authPasswordChangedElsewhere))
            return o

        default:
            return try completeLifecycle(pending, result: result, in: c)
        }
    }

    // MARK: Sessions and tokens

    /// Makes `c` the user's session for the rest of this command (its replies speak the user's language);
    /// the `.loggedIn` effect then lists it among the user's sessions.
    func logIn(_ c: CommandContext, as user: User) {
        c.user = user.id
        c.lang = user.lang
        c.tz = user.tz
    }

    /// How many sessions of `user` other than `c` are open on this node.
    func otherSessions(of user: UserID, except c: CommandContext) -> Int {
        (handlers.presence?.sessions(of: user) ?? []).filter { $0.id != c.id }.count
    }

    /// `data` with the user's unread inbox count.
    func withUnread(_ unread: Int, _ data: JSONValue) -> JSONValue {
        guard case .object(var members) = data else { return data }
        members.append(("unread", .int(Int64(unread))))
        return .object(members)
    }

    /// Draws a new resume token for `user`, stores its digest (valid `ResumeTokens.lifetime`) and remembers
    /// it on the session so `logout` ends it.
    /// - Returns: the token to hand out, or nil when libcrypt failed or the token could not be stored (a full
    ///   disk): the login still succeeds, without one. A login is a read; the token is a convenience, so its
    ///   write has a savepoint of its own and never fails the login.
    func issueResumeToken(for user: UserID, on c: CommandContext) throws -> String? {
        let token = ResumeToken.random().description
        guard let digest = digest(token) else { return nil }
        let now = self.now
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
