// account delete, approve reset and reset: the password or code checked (and the code hashed) on the worker
// pool, the domain work done here, the sessions ended by the loop.

import TwoDoCore
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

extension Accounts {
    /// `account delete confirm <password>`: verifies the password on the pool (wrong ones back off per
    /// session, as `passwd`'s do).
    func deleteAccount(password: String, user: User, on c: CommandContext, tag: String?) throws -> Handled {
        if let wait = logins.passwdRetryAfter(session: c.id, now: Monotonic.now()) {
            return answer(c, tag, .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        guard let hash = try store.passwordHash(of: user.id) else {
            preconditionFailure("logged-in user without a row")
        }
        let checked = password.utf8.count <= Password.maxBytes ? password : ""
        return .hash(
            .verify(password: checked, hash: hash, newPassword: nil, name: user.name),
            then: .deleteAccount(user: user.id, tag: tag))
    }

    /// `approve reset <name>`, already checked by the handlers: draws a one-time code from the system's secure
    /// source and hashes it on the pool (only the hash is stored).
    func approveReset(for partner: User, on c: CommandContext, tag: String?) -> Handled {
        // The invite codes' alphabet and size: 80 bits, no 0/O or 1/I to misread when it is handed over.
        let code = InviteCode.random().description
        return .hash(.hashSecret(code), then: .approveReset(partner: partner.id, code: code, tag: tag))
    }

    /// `reset <name> <code> <new password>`: throttled like logins; an unknown name, a name without a code
    /// and a malformed code are all verified against the decoy hash, so every failure looks and takes the same.
    func resetPassword(
        name typed: String, code: String, password: String, on c: CommandContext, tag: String?
    ) throws -> Handled {
        if let refusal = refusal(ofNew: password, c, tag) { return refusal }
        let key = UserName.key(typed)
        if let wait = logins.retryAfter(name: key, address: c.throttleKey, now: Monotonic.now()) {
            return answer(c, tag, .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"])))
        }
        let target = try AccountLifecycle(handlers: handlers).resetTarget(named: typed)
        // Dashes, spaces and case do not matter; anything that is not a code cannot match a code's hash.
        let normalized = InviteCode(parsing: code)?.description ?? "-"
        let hash = target?.codeHash ?? decoyHash
        return .hash(
            .verify(password: normalized, hash: hash, newPassword: password, name: target?.user.name ?? key),
            then: .reset(user: target?.user.id, name: key, codeHash: hash, tag: tag))
    }

    /// Finishes `account delete`, `approve reset` and `reset` once the pool is done.
    func completeLifecycle(_ pending: PendingAuth, result: HashOutcome, in c: CommandContext) throws -> Outcome {
        let now = Monotonic.now()
        let tag = pending.tag
        switch (pending, result) {
        case (.deleteAccount(let id, _), .verified(let ok, _)):
            guard ok, c.user == id, let user = try store.user(id) else {
                logins.passwdFailed(session: c.id, now: now)
                return failure(c, tag, .errorBadCredentials, .errorBadCredentialsPassword)
            }
            let reply = try AccountLifecycle(handlers: handlers).deleteAccount(user, on: c)
            var o = Outcome(connection: c.id, tag: tag, reply: reply)
            o.wrote = true
            o.close = true
            // A failed COMMIT keeps the account: its sessions stay logged in, and are told nothing.
            o.effects.append(.endOtherSessions(user, except: c.id, reason: .authAccountDeleted))
            o.effects.append(.loggedOut(session: c.id, user))
            return o

        case (.approveReset(let partnerID, let code, _), .hashed(let hash)):
            guard let id = c.user, let user = try store.user(id), let partner = try store.user(partnerID),
                partner.space == user.space
            else {
                return failure(c, tag, .errorResetNotPartner)
            }
            var o = Outcome(
                connection: c.id, tag: tag,
                reply: try AccountLifecycle(handlers: handlers).issueResetCode(
                    code, hash: hash, for: partner, by: user, on: c))
            o.wrote = true
            return o

        case (.reset(let id, let key, let codeHash, _), .verified(let ok, let newHash)):
            guard ok, let id, let newHash,
                let (user, reply) = try AccountLifecycle(handlers: handlers).completeReset(
                    user: id, verifiedHash: codeHash, newHash: newHash, on: c)
            else {
                // A wrong code counts as a failed login on that name from this address.
                logins.fail(name: key, address: c.throttleKey, now: now)
                return failure(c, tag, .errorResetCodeInvalid)
            }
            guard reply.ok else { return Outcome(connection: c.id, tag: tag, reply: reply) }
            logins.succeed(name: key, address: c.throttleKey)
            try store.deleteResumeTokens(of: id)  // a reset ends every resume token, as it ends every session
            Log.info("sessions ended by reset", ["user": "\(id.rawValue)"])
            var o = Outcome(connection: c.id, tag: tag, reply: reply)
            o.wrote = true
            o.effects.append(.endOtherSessions(user, except: c.id, reason: .authPasswordReset))
            // `reset` typed in a session of that very account logs it out too.
            if c.user == id { o.effects.append(.loggedOut(session: c.id, user)) }
            return o

        case (.reset, .weak(let weakness)):
            return failure(c, tag, weakness.code)

        default:
            return failure(c, tag, .errorInternal)
        }
    }
}
