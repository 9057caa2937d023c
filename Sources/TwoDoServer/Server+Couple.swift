// couple, who and say: pairing with invite codes, presence, leaving, and chat.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoSystem
import TwoDoText

extension Server {
    /// How long an invite code works.
    static let inviteLifetime: Int64 = 24 * 3600

    /// Raises an event for the other sessions of `recipients`; offline recipients get it as a notification.
    func raise(
        _ name: String, key: String? = nil, actor: User, recipients: [User], args: [String: String], data: JSONValue,
        when: DueDate? = nil,
        localArgs: LocalArgs? = nil
    ) throws {
        let catalogKey = "event." + (key ?? name)
        for r in recipients where r.id != actor.id && !isOnline(r.id) {
            var stored = args
            stored["actor"] = actor.name
            if let when { stored["when"] = TimeText.human(when, readerTZ: r.tz, lang: r.lang) }
            if let localArgs { stored.merge(localArgs(r.lang, r.tz)) { _, local in local } }
            try store.addNotification(for: r.id, key: catalogKey, args: stored, now: clock.now)
        }
        commandEvents.append(
            Event(
                name: name, actor: actor.name, key: catalogKey, args: args, data: data,
                recipients: recipients.map(\.id), when: when,
                localArgs: localArgs))
    }

    func couple(_ action: CoupleAction, user: User, on c: Connection) throws -> Reply {
        let members = try store.members(of: user.space)
        let now = clock.now
        switch action {
        case .show:
            return try coupleInfo(user: user, members: members, on: c)

        case .create(let name):
            guard members.count < 2 else { return .failure("error.already_in_couple", t(c, "error.already_in_couple")) }
            if let name {
                guard let clean = try? TextRules.clean(name, limit: TextRules.nameLimit) else {
                    return .failure(
                        "error.title_too_long", t(c, "error.title_too_long", ["limit": "\(TextRules.nameLimit)"]))
                }
                try store.renameSpace(user.space, to: clean)
            }
            let code = InviteCode.random()
            try store.createInvite(
                code: code, space: user.space, by: user.id, now: now, lifetime: Server.inviteLifetime)
            return .success(
                "couple.created", [t(c, "couple.created", ["code": code.description])],
                data: .object([
                    ("code", .string(code.description)),
                    ("expires_at", .string(TimeText.iso8601(now + Server.inviteLifetime, tz: user.tz))),
                ]))

        case .join(let text):
            guard members.count < 2 else { return .failure("error.already_in_couple", t(c, "error.already_in_couple")) }
            let mono = Monotonic.now()
            let keys = [UserName.key(user.name), c.throttleKey]
            if let wait = keys.compactMap({ inviteFailures.retryAfter($0, now: mono) }).max() {
                return .failure("error.throttled", t(c, "error.throttled", ["seconds": "\(wait)"]))
            }
            let failed = { (code: String) -> Reply in
                for k in keys { self.inviteFailures.fail(k, now: mono) }
                return .failure(code, self.t(c, code))
            }
            guard let code = InviteCode(parsing: text) else { return failed("error.invite_invalid") }
            switch try store.invite(code, now: now) {
            case .unknown: return failed("error.invite_invalid")
            case .expired: return failed("error.invite_expired")
            case .used: return failed("error.invite_used")
            case .valid(let space, _):
                if space == user.space { return .failure("error.invite_own", t(c, "error.invite_own")) }
                let partners = try store.members(of: space)
                guard partners.count < 2 else { return .failure("error.couple_full", t(c, "error.couple_full")) }
                if let refusal = try mergeRefusal(from: user.space, into: space, c) { return refusal }
                let moved = try store.merge(user: user.id, from: user.space, into: space, now: now)
                for id in sessions[user.id] ?? [] { if let other = connections[id] { forgetListing(other) } }
                try store.useInvite(code, by: user.id, now: now)
                for k in keys { inviteFailures.succeed(k) }
                let everyone = try store.members(of: space)
                try raise(
                    "couple.joined", actor: user, recipients: everyone, args: ["moved": "\(moved)"],
                    data: .object([("moved", .int(Int64(moved)))]))
                let partnerNames = partners.map(\.name).joined(separator: ", ")
                return .success(
                    "couple.joined", [t(c, "couple.joined", ["partner": partnerNames, "moved": "\(moved)"])],
                    data: .object([("partner", .string(partnerNames)), ("moved", .int(Int64(moved)))]))
            }

        case .rename(let name):
            guard let clean = try? TextRules.clean(name, limit: TextRules.nameLimit) else {
                return .failure(
                    "error.title_too_long", t(c, "error.title_too_long", ["limit": "\(TextRules.nameLimit)"]))
            }
            try store.renameSpace(user.space, to: clean)
            try raise(
                "couple.renamed", actor: user, recipients: members, args: ["name": clean],
                data: .object([("name", .string(clean))]))
            return .success(
                "couple.renamed", [t(c, "couple.renamed", ["name": clean])], data: .object([("name", .string(clean))]))

        case .leave:
            guard members.count >= 2 else { return .failure("error.not_in_couple", t(c, "error.not_in_couple")) }
            try raise("couple.left", actor: user, recipients: members, args: [:], data: .object([]))
            _ = try store.leave(user: user.id, lang: user.lang, now: now)
            for id in sessions[user.id] ?? [] { if let other = connections[id] { forgetListing(other) } }
            return .success("couple.left", [t(c, "couple.left")])
        }
    }

    private func coupleInfo(user: User, members: [User], on c: Connection) throws -> Reply {
        let spaceName = try store.spaceName(user.space) ?? t(c, "couple.unnamed")
        let memberData = JSONValue.array(
            members.map {
                .object([("name", .string($0.name)), ("online", .bool(isOnline($0.id)))])
            })
        let data = JSONValue.object([("name", .string(spaceName)), ("members", memberData)])
        guard members.count >= 2 else {
            return .success("couple.info", [t(c, "couple.solo")], data: data)
        }
        let described = members.map {
            t(c, isOnline($0.id) ? "presence.online" : "presence.offline", ["name": $0.name])
        }
        return .success(
            "couple.info", [t(c, "couple.info", ["name": spaceName, "members": described.joined(separator: ", ")])],
            data: data)
    }

    func who(user: User, on c: Connection) throws -> Reply {
        let members = try store.members(of: user.space)
        let partners = members.filter { $0.id != user.id }
        let data = JSONValue.object([
            (
                "members",
                .array(members.map { .object([("name", .string($0.name)), ("online", .bool(isOnline($0.id)))]) })
            )
        ])
        guard !partners.isEmpty else { return .success("who", [t(c, "couple.solo")], data: data) }
        let lines = partners.map {
            t(c, isOnline($0.id) ? "who.partner_online" : "who.partner_offline", ["name": $0.name])
        }
        return .success("who", lines, data: data)
    }

    func say(_ text: String, user: User, on c: Connection) throws -> Reply {
        guard let clean = try? TextRules.clean(text, limit: TextRules.noteLimit) else {
            return .failure("error.title_too_long", t(c, "error.title_too_long", ["limit": "\(TextRules.noteLimit)"]))
        }
        let members = try store.members(of: user.space)
        try raise(
            "chat.message", actor: user, recipients: members, args: ["text": clean],
            data: .object([("text", .string(clean))]))
        let alone = members.count < 2
        return .success("chat.sent", [t(c, alone ? "chat.no_partner" : "chat.sent")])
    }
}
