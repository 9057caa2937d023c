// couple, who and say: pairing with invite codes, presence, leaving, and chat.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoSystem
import TwoDoText

/// The couple and its people: `couple …`, `name`, `me`, `who`, `say`.
struct Couple: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// How long an invite code works.
    static let inviteLifetime: Int64 = 24 * 3600

    /// The actor as an event names them: `Bobby (bob)`; a name change's own event already says both names,
    /// so it names the actor as partners saw them until then.
    static func actorLabel(_ actor: User, _ event: EventName) -> String {
        event == .nameChanged ? actor.shownName : actor.eventLabel
    }

    /// The most characters a display name may have.
    static let displayNameLimit = 40

    /// A member's login and display names, the ones a display name may not look like.
    static func names(_ member: User) -> [String] { [member.name] + (member.displayName.map { [$0] } ?? []) }

    /// A member as a refusal names them: `bob`, or `bob (Bobby)` when they have a display name.
    static func described(_ member: User) -> String {
        member.displayName.map { "\(member.name) (\($0))" } ?? member.name
    }
}

extension Couple {
    func couple(_ action: CoupleAction, user: User, on c: CommandContext) throws -> Reply {
        let members = try store.members(of: user.space)
        let now = clock.now
        switch action {
        case .show:
            return try coupleInfo(user: user, members: members, on: c)

        case .create(let name):
            guard members.count < 2 else { return .failure(.errorAlreadyInCouple, t(c, .errorAlreadyInCouple)) }
            if let name {
                guard let clean = try? TextRules.clean(name, limit: TextRules.nameLimit) else {
                    return .failure(
                        .errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(TextRules.nameLimit)"]))
                }
                try store.renameSpace(user.space, to: clean)
            }
            let code = InviteCode.random()
            let replaced = try store.createInvite(
                code: code, space: user.space, by: user.id, now: now, lifetime: Handlers.inviteLifetime)
            var lines = [t(c, .coupleCreated, ["code": code.description])]
            if replaced { lines.append(t(c, .coupleCodeReplaced)) }
            return .success(
                .coupleCreated, lines,
                data: .object([
                    ("code", .string(code.description)),
                    ("expires_at", .string(TimeText.iso8601(now + Handlers.inviteLifetime, tz: user.tz))),
                ]))

        case .join(let text):
            guard members.count < 2 else { return .failure(.errorAlreadyInCouple, t(c, .errorAlreadyInCouple)) }
            let mono = Monotonic.now()
            let keys = [UserName.key(user.name), c.throttleKey]
            if let wait = keys.compactMap({ handlers.inviteFailures.retryAfter($0, now: mono) }).max() {
                return .failure(.errorThrottled, t(c, .errorThrottled, ["seconds": "\(wait)"]))
            }
            let failed = { (code: ReplyCode) -> Reply in
                for k in keys { handlers.inviteFailures.fail(k, now: mono) }
                return .failure(code, self.t(c, code.key))
            }
            guard let code = InviteCode(parsing: text) else { return failed(.errorInviteInvalid) }
            switch try store.invite(code, now: now) {
            case .unknown: return failed(.errorInviteInvalid)
            case .expired: return failed(.errorInviteExpired)
            case .used: return failed(.errorInviteUsed)
            case .valid(let space, _):
                if space == user.space { return .failure(.errorInviteOwn, t(c, .errorInviteOwn)) }
                let partners = try store.members(of: space)
                guard partners.count < 2 else { return .failure(.errorCoupleFull, t(c, .errorCoupleFull)) }
                if let refusal = try mergeRefusal(from: user.space, into: space, c) { return refusal }
                let moved = try store.merge(user: user.id, from: user.space, into: space, now: now)
                // A new couple starts with nothing to undo: no entry reaches back across the join.
                for member in partners.map(\.id) + [user.id] { try store.clearUndo(user: member) }
                c.effects.append(.forgetListings(user.id))
                try store.useInvite(code, by: user.id, now: now)
                for k in keys { handlers.inviteFailures.succeed(k) }
                // A display name that looks like the other member's name is cleared first, so the join's event
                // already names the newcomer as partners will see them.
                let cleared = try clearConflictingDisplayNames(joiner: user, in: space, c)
                let everyone = try store.members(of: space)
                let joiner = everyone.first { $0.id == user.id } ?? user
                try raise(
                    in: c,
                    .coupleJoined, key: moved == 1 ? .eventCoupleJoinedOne : nil, actor: joiner, recipients: everyone,
                    args: ["moved": "\(moved)"], data: .object([("moved", .int(Int64(moved)))]))
                let partnerNames = partners.map(\.name).joined(separator: ", ")
                return .success(
                    .coupleJoined,
                    [
                        t(
                            c, moved == 1 ? .coupleJoinedOne : .coupleJoined,
                            ["partner": partnerNames, "moved": "\(moved)"])
                    ] + cleared,
                    data: .object([("partner", .string(partnerNames)), ("moved", .int(Int64(moved)))]))
            }

        case .rename(let name):
            guard let clean = try? TextRules.clean(name, limit: TextRules.nameLimit) else {
                return .failure(
                    .errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(TextRules.nameLimit)"]))
            }
            try store.renameSpace(user.space, to: clean)
            try raise(
                in: c,
                .coupleRenamed, actor: user, recipients: members, args: ["name": clean],
                data: .object([("name", .string(clean))]))
            return .success(
                .coupleRenamed, [t(c, .coupleRenamed, ["name": clean])], data: .object([("name", .string(clean))]))

        case .leave(let confirmed):
            guard members.count >= 2 else { return .failure(.errorNotInCouple, t(c, .errorNotInCouple)) }
            guard confirmed else {
                let partner = members.first { $0.id != user.id }?.name ?? ""
                // The warning is a question: `yes`/`evet` next leaves, `no`/`hayır` keeps the couple.
                c.pendingSuggestion = .couple(.leave(confirmed: true))
                return .success(.coupleLeaveConfirm, [t(c, .coupleLeaveConfirm, ["partner": partner])])
            }
            try raise(in: c, .coupleLeft, actor: user, recipients: members, args: [:], data: .object([]))
            let (_, copied) = try store.leave(user: user.id, lang: user.lang, now: now)
            // Neither partner can undo across the parting (PROTOCOL.md: the stack starts empty).
            for member in members { try store.clearUndo(user: member.id) }
            c.effects.append(.forgetListings(user.id))
            c.remindersChanged = true
            return .success(
                .coupleLeft, [t(c, copied == 1 ? .coupleLeftOne : .coupleLeft, ["count": "\(copied)"])],
                data: .object([("copied_tasks", .int(Int64(copied)))]))
        }
    }

    fileprivate func coupleInfo(user: User, members: [User], on c: CommandContext) throws -> Reply {
        let spaceName = try store.spaceName(user.space) ?? t(c, .coupleUnnamed)
        let memberData = JSONValue.array(
            members.map {
                .object([("name", .string($0.name)), ("online", .bool(isOnline($0.id)))])
            })
        let data = JSONValue.object([("name", .string(spaceName)), ("members", memberData)])
        guard members.count >= 2 else {
            return .success(.coupleInfo, [t(c, .coupleSolo)], data: data)
        }
        let described = members.map {
            t(c, isOnline($0.id) ? .presenceOnline : .presenceOffline, ["name": $0.shownName])
        }
        return .success(
            .coupleInfo, [t(c, .coupleInfo, ["name": spaceName, "members": described.joined(separator: ", ")])],
            data: data)
    }

    /// `name` (show), `name <display name>` (set), `name none` (clear); the partner is told of a change.
    func displayName(_ typed: String?, user: User, on c: CommandContext) throws -> Reply {
        guard let typed else {
            let text =
                user.displayName.map { t(c, .nameShown, ["display": $0, "name": user.name]) } ?? t(c, .nameNone)
            return .success(
                .nameShown, [text],
                data: .object([
                    ("name", .string(user.name)), ("display_name", user.displayName.map(JSONValue.string) ?? .null),
                ]))
        }
        let members = try store.members(of: user.space)
        let display: String?
        if typed.isEmpty {
            display = nil
        } else {
            let clean: String
            do {
                clean = try DisplayName.validate(typed)
            } catch {
                return displayNameRefusal(error, c)
            }
            let others = members.filter { $0.id != user.id }
            if let like = DisplayName.resemblance(of: clean, among: others.flatMap(Handlers.names)) {
                let owner = others.first { Handlers.names($0).contains(like) }
                return displayNameRefusal(.lookalike(owner.map(Handlers.described) ?? like), c)
            }
            display = clean == user.name ? nil : clean
        }
        try store.setDisplayName(display, for: user.id)
        let data = JSONValue.object([
            ("name", .string(user.name)), ("display_name", display.map(JSONValue.string) ?? .null),
        ])
        var renamed = user
        renamed.displayName = display
        try raise(
            in: c,
            .nameChanged, key: display == nil ? .eventNameCleared : nil, actor: user, recipients: members,
            args: ["display": display ?? user.name, "name": user.name], data: data)
        return .success(
            .nameChanged,
            [display.map { t(c, .nameChanged, ["display": $0]) } ?? t(c, .nameCleared, ["name": user.name])],
            data: data)
    }

    /// The reply refusing a display name, with the code a user name's same problem has.
    func displayNameRefusal(_ problem: DisplayNameProblem, _ c: CommandContext) -> Reply {
        switch problem {
        case .length:
            return .failure(
                .errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(DisplayName.maxLength)"]),
                data: .object([("limit", .int(Int64(DisplayName.maxLength)))]))
        case .invisible(let scalar):
            let point = UserText.codePoint(scalar)
            return .failure(
                .errorNameInvisible, t(c, .errorNameInvisible, ["char": point]),
                data: .object([("char", .string(point))]))
        case .reserved(let name):
            return .failure(
                .errorNameReserved, t(c, .errorDisplayReserved, ["name": name]),
                data: .object([("name", .string(name))]))
        case .lookalike(let name):
            return .failure(
                .errorNameLookalike, t(c, .errorDisplayLookalike, ["name": name]),
                data: .object([("name", .string(name))]))
        }
    }

    /// After a join: clears each display name that looks like the other member's login or display name (the
    /// newcomer's first, so of two equal display names the host keeps theirs), tells everyone, and returns the
    /// lines for the joiner's reply.
    func clearConflictingDisplayNames(joiner: User, in space: SpaceID, _ c: CommandContext) throws -> [String] {
        var lines: [String] = []
        let all = try store.members(of: space)
        var members = all.filter { $0.id == joiner.id } + all.filter { $0.id != joiner.id }
        for i in members.indices {
            guard let display = members[i].displayName else { continue }
            let others = members.filter { $0.id != members[i].id }
            guard let like = DisplayName.resemblance(of: display, among: others.flatMap(Handlers.names)),
                let owner = others.first(where: { Handlers.names($0).contains(like) })
            else { continue }
            let member = members[i]
            try store.setDisplayName(nil, for: member.id)
            members[i].displayName = nil
            let args = ["name": member.name, "display": display, "other": owner.name]
            try raise(
                in: c,
                .nameChanged, key: .eventNameClearedConflict, actor: member, recipients: members, args: args,
                data: .object([
                    ("name", .string(member.name)), ("display_name", .null), ("was", .string(display)),
                    ("looked_like", .string(owner.name)),
                ]))
            lines.append(t(c, member.id == joiner.id ? .coupleDisplayCleared : .eventNameClearedConflict, args))
        }
        return lines
    }

    /// `me` / `ben`: who the user is: name, language, zone, couple and partner, sessions open.
    func me(user: User, on c: CommandContext) throws -> Reply {
        let members = try store.members(of: user.space)
        let partner = members.first { $0.id != user.id }
        let spaceName = try store.spaceName(user.space)
        let sessions = presence?.sessions(of: user.id).count ?? 1
        var lines = [
            user.displayName.map { t(c, .meNameShown, ["name": user.name, "display": $0]) }
                ?? t(c, .meName, ["name": user.name]),
            "  " + t(c, .meSettings, ["lang": t(c, user.lang == .tr ? .langNameTr : .langNameEn), "tz": user.tz]),
        ]
        if let partner {
            let key: TextKey = spaceName == nil ? .meCouple : .meCoupleNamed
            lines.append("  " + t(c, key, ["partner": partner.shownName, "name": spaceName ?? ""]))
        } else {
            lines.append("  " + t(c, .meSolo))
        }
        lines.append("  " + t(c, sessions == 1 ? .meSessionsOne : .meSessions, ["count": "\(sessions)"]))
        let couple: JSONValue =
            partner.map {
                .object([("name", spaceName.map(JSONValue.string) ?? .null), ("partner", .string($0.name))])
            } ?? .null
        let data = JSONValue.object([
            ("name", .string(user.name)), ("display_name", user.displayName.map(JSONValue.string) ?? .null),
            ("lang", .string(user.lang.rawValue)), ("tz", .string(user.tz)), ("couple", couple),
            ("sessions", .int(Int64(sessions))),
        ])
        return .success(.me, lines, data: data)
    }

    func who(user: User, on c: CommandContext) throws -> Reply {
        let members = try store.members(of: user.space)
        let partners = members.filter { $0.id != user.id }
        let data = JSONValue.object([
            (
                "members",
                .array(members.map { .object([("name", .string($0.name)), ("online", .bool(isOnline($0.id)))]) })
            )
        ])
        guard !partners.isEmpty else { return .success(.who, [t(c, .coupleSolo)], data: data) }
        let lines = partners.map {
            t(c, isOnline($0.id) ? .whoPartnerOnline : .whoPartnerOffline, ["name": $0.shownName])
        }
        return .success(.who, lines, data: data)
    }

    func say(_ text: String, user: User, on c: CommandContext) throws -> Reply {
        guard let clean = try? TextRules.clean(text, limit: TextRules.noteLimit) else {
            return .failure(.errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(TextRules.noteLimit)"]))
        }
        let members = try store.members(of: user.space)
        try raise(
            in: c,
            .chatMessage, actor: user, recipients: members, args: ["text": clean],
            data: .object([("text", .string(clean))]))
        let alone = members.count < 2
        return .success(.chatSent, [t(c, alone ? .chatNoPartner : .chatSent)])
    }
}
