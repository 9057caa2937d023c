// register, login and passwd: validated on the loop, hashed on the worker pool, completed on the loop.

import TwoDoCore
import TwoDoStore
import TwoDoText

extension Server {
    func register(name: String, password: String, on c: Connection, tag: String?) throws -> Outcome? {
        let fail = { (code: String, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text)) }
        if let user = c.user, let current = try store.user(user) {
            return fail("error.already_logged_in", t(c, "error.already_logged_in", ["name": current.name]))
        }
        do {
            try UserName.validate(name)
            try Password.validate(password)
        } catch .nameLength, .nameCharacters {
            return fail("error.bad_name", t(c, "error.bad_name"))
        } catch .passwordTooShort {
            return fail("error.weak_password", t(c, "error.weak_password"))
        } catch .passwordTooLong {
            return fail("error.long_password", t(c, "error.long_password"))
        }
        if try store.user(named: name) != nil { return fail("error.name_taken", t(c, "error.name_taken", ["name": name])) }
        let now = Monotonic.now()
        if let wait = registrations.retryAfter(c.address, now: now) {
            return fail("error.throttled", t(c, "error.throttled", ["seconds": "\(wait)"]))
        }
        registrations.fail(c.address, now: now)
        return try submit(.hash(password: password), pending: .register(name: name, tag: tag), on: c, tag: tag)
    }

    func login(name: String, password: String, on c: Connection, tag: String?) throws -> Outcome? {
        let fail = { (code: String, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text)) }
        if let user = c.user, let current = try store.user(user) {
            return fail("error.already_logged_in", t(c, "error.already_logged_in", ["name": current.name]))
        }
        let now = Monotonic.now()
        let key = UserName.key(name)
        if let wait = [loginFailuresByName.retryAfter(key, now: now), loginFailuresByAddress.retryAfter(c.address, now: now)]
            .compactMap({ $0 }).max()
        {
            return fail("error.throttled", t(c, "error.throttled", ["seconds": "\(wait)"]))
        }
        let found = password.utf8.count <= Password.maxBytes ? try store.user(named: name) : nil
        // Unknown names are verified against a decoy hash so both failures take the same time.
        let job = HashJob.verify(password: password, hash: found?.passwordHash ?? PasswordHasher.decoy, newPassword: nil)
        return try submit(job, pending: .login(user: found?.user.id, name: name, tag: tag), on: c, tag: tag)
    }

    func changePassword(old: String, new: String, user: User, on c: Connection, tag: String?) throws -> Outcome? {
        do {
            try Password.validate(new)
        } catch .passwordTooLong {
            return Outcome(connection: c.id, tag: tag, reply: .failure("error.long_password", t(c, "error.long_password")))
        } catch {
            return Outcome(connection: c.id, tag: tag, reply: .failure("error.weak_password", t(c, "error.weak_password")))
        }
        let now = Monotonic.now()
        if let wait = loginFailuresByName.retryAfter(UserName.key(user.name), now: now) {
            return Outcome(connection: c.id, tag: tag, reply: .failure("error.throttled", t(c, "error.throttled", ["seconds": "\(wait)"])))
        }
        guard let hash = try store.passwordHash(of: user.id) else { preconditionFailure("logged-in user without a row") }
        return try submit(.verify(password: old, hash: hash, newPassword: new), pending: .passwd(user: user.id, tag: tag), on: c, tag: tag)
    }

    /// Finishes an account command once its hash is ready (runs in the turn's transaction).
    func complete(_ pending: PendingAuth, result: HashOutcome, on c: Connection) throws -> Outcome {
        let now = Monotonic.now()
        switch (pending, result) {
        case (.register(let name, let tag), .hashed(let hash)):
            guard let user = try store.createUser(name: name, passwordHash: hash, lang: c.lang, now: clock.now) else {
                return Outcome(connection: c.id, tag: tag, reply: .failure("error.name_taken", t(c, "error.name_taken", ["name": name])))
            }
            attach(c, to: user)
            Log.info("registered", ["conn": "\(c.id)", "user": "\(user.id.rawValue)"])
            var o = Outcome(
                connection: c.id, tag: tag, reply: .success("auth.registered", [t(c, "auth.registered", ["name": user.name])], data: userJSON(user)))
            o.wrote = true
            o.undo = { [weak self, weak c] in if let c { self?.detach(c, from: user.id) } }
            return o

        case (.login(let id, let name, let tag), .verified(let ok, _)):
            let key = UserName.key(name)
            guard ok, let id, let user = try store.user(id) else {
                loginFailuresByName.fail(key, now: now)
                loginFailuresByAddress.fail(c.address, now: now)
                return Outcome(connection: c.id, tag: tag, reply: .failure("error.bad_credentials", t(c, "error.bad_credentials")))
            }
            loginFailuresByName.succeed(key)
            attach(c, to: user)
            try store.pruneNotifications(for: user.id, now: clock.now)  // kept 30 days
            let unread = try store.unreadCount(for: user.id)
            var text = unread > 0
                ? t(c, unread == 1 ? "auth.logged_in_unread_one" : "auth.logged_in_unread", ["name": user.name, "count": "\(unread)"])
                : t(c, "auth.logged_in", ["name": user.name])
            if let summary = try dueSummary(user: user, lang: c.lang) { text += " " + summary }
            var data = userJSON(user)
            if case .object(var members) = data {
                members.append(("unread", .int(Int64(unread))))
                data = .object(members)
            }
            var o = Outcome(connection: c.id, tag: tag, reply: .success("auth.logged_in", [text], data: data))
            o.undo = { [weak self, weak c] in if let c { self?.detach(c, from: user.id) } }
            return o

        case (.passwd(let id, let tag), .verified(let ok, let newHash)):
            guard ok, let newHash, let user = try store.user(id) else {
                if let user = try store.user(id) { loginFailuresByName.fail(UserName.key(user.name), now: now) }
                return Outcome(connection: c.id, tag: tag, reply: .failure("error.bad_credentials", t(c, "error.bad_credentials")))
            }
            try store.setPasswordHash(newHash, for: user.id)
            var o = Outcome(connection: c.id, tag: tag, reply: .success("auth.password_changed", [t(c, "auth.password_changed")]))
            o.wrote = true
            return o

        case (.register(_, let tag), .evicted), (.login(_, _, let tag), .evicted), (.passwd(_, let tag), .evicted):
            stats.busyRefusals += 1
            return Outcome(connection: c.id, tag: tag, reply: .failure("error.busy", t(c, "error.busy")))

        case (.register(_, let tag), _), (.login(_, _, let tag), _), (.passwd(_, let tag), _):
            return Outcome(connection: c.id, tag: tag, reply: .failure("error.internal", t(c, "error.internal")))
        }
    }

    func userJSON(_ user: User) -> JSONValue {
        .object([("name", .string(user.name)), ("lang", .string(user.lang.rawValue)), ("tz", .string(user.tz))])
    }
}
