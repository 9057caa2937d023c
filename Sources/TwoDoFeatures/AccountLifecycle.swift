// Deleting an account and resetting a forgotten password with the partner's approval: the domain half
// (the loop verifies passwords and hashes codes on the hash pool, and closes the sessions).

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoSystem
import TwoDoText

/// Deleting an account and partner-approved password resets.
struct AccountLifecycle: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// How long a one-time reset code works.
    public static let resetCodeLifetime: Int64 = 3600

    /// How long a `forgot` request waits for the partner's approval.
    static let resetRequestLifetime: Int64 = 24 * 3600

    /// A repeated `forgot` within this time does not tell the partner again.
    static let resetRenotifyAfter: Int64 = 3600
}

extension AccountLifecycle {
    /// `account delete` / `hesap sil` without the password: what deleting does, and how to confirm it.
    func explainAccountDeletion(user: User, on c: CommandContext) throws -> Reply {
        let partners = try store.members(of: user.space).filter { $0.id != user.id }
        let key: TextKey = partners.isEmpty ? .accountDeleteExplainSolo : .accountDeleteExplainCouple
        let names = partners.map(\.name).joined(separator: ", ")
        return .success(
            .accountDeleteConfirm, [t(c, key, ["name": user.name, "partner": names])],
            data: .object([
                ("name", .string(user.name)), ("partner", partners.isEmpty ? .null : .string(names)),
                ("space_deleted", .bool(partners.isEmpty)), ("confirm", .string("account delete confirm <password>")),
            ]))
    }

    /// Deletes `user` once the loop verified their password: tells the partner, then removes the account
    /// (see `AccountLifecycleStore.deleteUser`). The loop closes the sessions after the commit.
    func deleteAccount(_ user: User, on c: CommandContext) throws -> Reply {
        let partners = try store.members(of: user.space).filter { $0.id != user.id }
        if !partners.isEmpty {
            try raise(
                in: c,
                .accountDeleted, actor: user, recipients: partners, args: [:],
                data: .object([("name", .string(user.name))]))
        }
        let spaceDeleted = try store.deleteUser(user.id)
        Log.info("account deleted", ["user": "\(user.id.rawValue)", "space_deleted": "\(spaceDeleted)"])
        return .success(
            .accountDeleted, [t(c, .accountDeleted, ["name": user.name])],
            data: .object([("name", .string(user.name)), ("space_deleted", .bool(spaceDeleted))]))
    }

    /// `forgot <name>` / `şifremi unuttum <ad>`, from any connection: asks the partner of `name` (live, or in
    /// the inbox for their next login) to approve a reset.
    ///
    /// The reply is the same whether or not the name exists or has a partner, and every request counts
    /// against the connection's address (5, then back-off), so it can neither probe names nor flood a partner.
    func forgot(_ typed: String, on c: CommandContext) throws -> Reply {
        let now = Monotonic.now()
        if let wait = handlers.resetRequests.retryAfter(c.throttleKey, now: now) {
            return .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"]))
        }
        handlers.resetRequests.fail(c.throttleKey, now: now)
        if typed.utf8.count <= 4 * UserName.maxBytes, let found = try store.user(named: typed)?.user {
            let earlier = try store.resetRequestTime(of: found.id)
            try store.recordResetRequest(for: found.id, now: clock.now)
            let partners = try store.members(of: found.space).filter { $0.id != found.id }
            if !partners.isEmpty, earlier.map({ clock.now - $0 >= Handlers.resetRenotifyAfter }) ?? true {
                try raise(
                    in: c,
                    .resetRequested, actor: found, recipients: partners, args: [:],
                    data: .object([("name", .string(found.name))]))
            }
        }
        return .success(
            .resetRequested, [t(c, .resetRequested, ["name": typed])], data: .object([("name", .string(typed))]))
    }

    /// `approve reset <name>` / `sıfırlamayı onayla <ad>`: `name` must be the user's partner and have asked
    /// (`forgot`) in the last day; then the loop draws the code and hashes it on the pool.
    func approveReset(_ name: String, user: User, on c: CommandContext, tag: String?) throws -> Handled {
        let refuse = { (r: Reply) in Handled.outcome(Outcome(connection: c.id, tag: tag, reply: r)) }
        let key = UserName.key(name)
        let partners = try store.members(of: user.space).filter { $0.id != user.id }
        guard let partner = partners.first(where: { UserName.key($0.name) == key }) else {
            return refuse(.failure(.errorResetNotPartner, t(c, .errorResetNotPartner)))
        }
        guard let asked = try store.resetRequestTime(of: partner.id), clock.now - asked < Handlers.resetRequestLifetime
        else {
            return refuse(.failure(.errorResetNoRequest, t(c, .errorResetNoRequest, ["name": partner.name])))
        }
        return accounts.approveReset(for: partner, on: c, tag: tag)
    }

    /// Stores a new one-time code (already hashed on the pool) for `partner`, replacing any earlier one, and
    /// shows it to the approving `user`.
    func issueResetCode(
        _ code: String, hash: String, for partner: User, by user: User, on c: CommandContext
    ) throws

        -> Reply

    {
        let expires = clock.now + Handlers.resetCodeLifetime
        try store.setResetCode(hash: hash, expiresAt: expires, for: partner.id)
        let until = TimeText.human(expires, tz: user.tz, lang: c.lang)
        return .success(
            .resetApproved, [t(c, .resetApproved, ["name": partner.name, "code": code, "until": until])],
            data: .object([
                ("name", .string(partner.name)), ("code", .string(code)),
                ("expires_at", .string(TimeText.iso8601(expires, tz: user.tz))),
            ]))
    }

    /// The user a `reset` names and their outstanding code's hash, when both exist.
    func resetTarget(named typed: String) throws -> (user: User, codeHash: String)? {
        guard typed.utf8.count <= 4 * UserName.maxBytes, let found = try store.user(named: typed)?.user,
            let code = try store.resetCode(of: found.id)
        else { return nil }
        return (found, code.hash)
    }

    /// Finishes a `reset` whose code the pool verified (and whose new password it hashed).
    /// - Returns: the reply, or nil when the code is no longer the one verified (a newer approval replaced
    ///   it, or it was used meanwhile): the loop answers as for a wrong code.
    func completeReset(
        user id: UserID, verifiedHash: String, newHash: String, on c: CommandContext
    ) throws -> (user: User, reply: Reply)? {
        guard let user = try store.user(id), let code = try store.resetCode(of: id), code.hash == verifiedHash else {
            return nil
        }
        guard code.expiresAt > clock.now else {
            return (
                user,
                .failure(.errorResetCodeExpired, t(c, .errorResetCodeExpired, ["name": user.name]))
            )
        }
        try store.setPasswordHash(newHash, for: id)
        try store.clearReset(of: id)
        Log.info("password reset", ["user": "\(id.rawValue)"])
        return (
            user,
            .success(.resetDone, [t(c, .resetDone, ["name": user.name])], data: .object([("name", .string(user.name))]))
        )
    }
}
