// account delete, approve reset and reset: the password or code checked (and the code hashed) on the worker
// pool, the domain work done by the handlers, the sessions ended here.

import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Server {
    /// `account delete confirm <password>`: verifies the password on the pool (wrong ones back off per
    /// session, as `passwd`'s do).
    func deleteAccount(password: String, user: User, on c: Connection, tag: String?) throws -> Outcome? {
        if let wait = logins.passwdRetryAfter(session: c.id, now: Monotonic.now()) {
            return Outcome(
                connection: c.id, tag: tag,
                reply: .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        guard let hash = try store.passwordHash(of: user.id) else {
            preconditionFailure("logged-in user without a row")
        }
        let checked = password.utf8.count <= Password.maxBytes ? password : ""
        let job = HashJob.verify(password: checked, hash: hash, newPassword: nil, name: user.name)
        return try submit(job, pending: .deleteAccount(user: user.id, tag: tag), on: c, tag: tag)
    }

    /// `approve reset <name>`, already checked by the handlers: draws a one-time code from the system's secure
    /// source and hashes it on the pool (only the hash is stored).
    func approveReset(for partner: User, on c: Connection, tag: String?) throws -> Outcome? {
        // The invite codes' alphabet and size: 80 bits, no 0/O or 1/I to misread when it is handed over.
        let code = InviteCode.random().description
        return try submit(
            .hashSecret(code), pending: .approveReset(partner: partner.id, code: code, tag: tag), on: c, tag: tag)
    }

    /// `reset <name> <code> <new password>`: throttled like logins; an unknown name, a name without a code
    /// and a malformed code are all verified against the decoy hash, so every failure looks and takes the same.
    func resetPassword(
        name typed: String, code: String, password: String, on c: Connection, tag: String?
    ) throws
        -> Outcome?
    {
        let fail = { (code: ReplyCode, text: String) in Outcome(connection: c.id, tag: tag, reply: .failure(code, text))
        }
        do {
            try Password.validate(password)
        } catch .passwordTooLong {
            return fail(.errorLongPassword, t(c, .errorLongPassword))
        } catch {
            return fail(.errorWeakPassword, t(c, .errorWeakPassword))
        }
        let key = UserName.key(typed)
        if let wait = logins.retryAfter(name: key, address: c.throttleKey, now: Monotonic.now()) {
            return fail(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"]))
        }
        let target = try handlers.resetTarget(named: typed)
        // Dashes, spaces and case do not matter; anything that is not a code cannot match a code's hash.
        let normalized = InviteCode(parsing: code)?.description ?? "-"
        let hash = target?.codeHash ?? PasswordHasher.decoy
        let job = HashJob.verify(
            password: normalized, hash: hash, newPassword: password, name: target?.user.name ?? key)
        return try submit(
            job, pending: .reset(user: target?.user.id, name: key, codeHash: hash, tag: tag), on: c, tag: tag)
    }

    /// Finishes `account delete`, `approve reset` and `reset` once the pool is done; nil for other requests.
    func completeLifecycle(_ pending: PendingAuth, result: HashOutcome, on c: Connection) throws -> Outcome? {
        let now = Monotonic.now()
        switch (pending, result) {
        case (.deleteAccount(let id, let tag), .verified(let ok, _)):
            guard ok, c.user == id, let user = try store.user(id) else {
                logins.passwdFailed(session: c.id, now: now)
                return Outcome(
                    connection: c.id, tag: tag,
                    reply: .failure(.errorBadCredentials, t(c, .errorBadCredentialsPassword)))
            }
            let reply = try handlers.deleteAccount(user, on: c.session)
            let others = detachOtherSessions(of: id, except: c)
            detach(c, from: id)
            var o = Outcome(connection: c.id, tag: tag, reply: reply)
            o.wrote = true
            o.close = true
            o.endsSessions = others.map(\.id)
            o.endReason = .authAccountDeleted
            // A failed COMMIT keeps the account: its sessions stay logged in, and are told nothing.
            o.undo = { [weak self, weak c] in
                if let c, !c.isClosed { self?.attach(c, to: user) }
                for other in others where !other.isClosed { self?.attach(other, to: user) }
            }
            return o

        case (.approveReset(let partnerID, let code, let tag), .hashed(let hash)):
            guard let id = c.user, let user = try store.user(id), let partner = try store.user(partnerID),
                partner.space == user.space
            else {
                return Outcome(
                    connection: c.id, tag: tag, reply: .failure(.errorResetNotPartner, t(c, .errorResetNotPartner)))
            }
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: try handlers.issueResetCode(code, hash: hash, for: partner, by: user, on: c.session))
            o.wrote = true
            return o

        case (.reset(let id, let key, let codeHash, let tag), .verified(let ok, let newHash)):
            guard ok, let id, let newHash,
                let (user, reply) = try handlers.completeReset(
                    user: id, verifiedHash: codeHash, newHash: newHash, on: c.session)
            else {
                // A wrong code counts as a failed login on that name from this address.
                logins.fail(name: key, address: c.throttleKey, now: now)
                return Outcome(
                    connection: c.id, tag: tag,
                    reply: .failure(.errorResetCodeInvalid, t(c, .errorResetCodeInvalid)))
            }
            guard reply.ok else { return Outcome(connection: c.id, tag: tag, reply: reply) }
            logins.succeed(name: key, address: c.throttleKey)
            try store.deleteResumeTokens(of: id)  // a reset ends every resume token, as it ends every session
            let others = detachOtherSessions(of: id, except: c)
            let actingWasUser = c.user == id  // `reset` typed in a session of that very account
            if actingWasUser { detach(c, from: id) }
            Log.info("sessions ended by reset", ["user": "\(id.rawValue)", "ended": "\(others.count)"])
            var o = Outcome(connection: c.id, tag: tag, reply: reply)
            o.wrote = true
            o.endsSessions = others.map(\.id)
            o.endReason = .authPasswordReset
            o.undo = { [weak self, weak c] in
                if actingWasUser, let c, !c.isClosed { self?.attach(c, to: user) }
                for other in others where !other.isClosed { self?.attach(other, to: user) }
            }
            return o

        case (.reset(_, _, _, let tag), .weak(let weakness)):
            return Outcome(connection: c.id, tag: tag, reply: .failure(weakness.code, t(c, weakness.code.key)))

        case (.deleteAccount(_, let tag), .evicted), (.approveReset(_, _, let tag), .evicted),
            (.reset(_, _, _, let tag), .evicted):
            stats.busyRefusals += 1
            return Outcome(connection: c.id, tag: tag, reply: .failure(.errorBusy, t(c, .errorBusy)))

        case (.deleteAccount(_, let tag), _), (.approveReset(_, _, let tag), _), (.reset(_, _, _, let tag), _):
            return Outcome(connection: c.id, tag: tag, reply: .failure(.errorInternal, t(c, .errorInternal)))

        case (.register, _), (.login, _), (.passwd, _), (.resume, _):
            return nil
        }
    }
}
