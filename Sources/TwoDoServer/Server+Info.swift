// help, inbox, lang, tz, export and stats.

import Foundation
import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoSystem
import TwoDoText

extension Server {
    func help(topic: String?, _ c: Connection) -> Reply {
        guard let topic, !topic.isEmpty else { return .success("help", [t(c, "help.index")]) }
        // The page clause is no command of its own, but has its help line.
        if ["page", "sayfa"].contains(TextFold.key(topic)) {
            return .success("help", [t(c, "usage.page")], data: .object([("command", .string("page"))]))
        }
        // A topic may be any form of a command ("ekle", "list add"): let the parser name its verb.
        let verb: String?
        switch Parser.parse(topic, context: ParseContext(testClock: clock.isTest)) {
        case .success(let command): verb = command.verb
        case .failure(.usage(let v)), .failure(.badValue(let v, _)), .failure(.badDate(let v, _, _)): verb = v
        case .failure(.unknownCommand): verb = nil
        }
        guard let verb, Catalog.has("usage.\(verb)") else {
            return .failure("error.not_found", t(c, "help.unknown", ["topic": topic]))
        }
        return .success("help", [t(c, "usage.\(verb)")], data: .object([("command", .string(verb))]))
    }

    /// `inbox [page N]`: notifications, newest first, a page at a time.
    func inbox(page: Int, user: User, on c: Connection) throws -> Reply {
        try store.pruneNotifications(for: user.id, now: clock.now)  // kept 30 days
        let total = try store.notificationCount(for: user.id)
        let w: PageWindow
        do {
            w = try pageWindow(page, total: total, c)
        } catch {
            return error.reply
        }
        let items = try store.notifications(for: user.id, offset: w.offset, limit: PageWindow.size)
        let data = JSONValue.object([
            (
                "notifications",
                .array(
                    items.map {
                        .object([
                            ("at", .string(TimeText.iso8601($0.at, tz: user.tz))),
                            ("event", .string($0.key.hasPrefix("event.") ? String($0.key.dropFirst(6)) : $0.key)),
                            ("text", .string(Catalog.text($0.key, c.lang, $0.args))), ("unread", .bool(!$0.isRead)),
                        ])
                    })
            )
        ])
        guard !items.isEmpty else {
            return finishPage(.success("inbox.list", [t(c, "inbox.empty")], data: data), w, listing: .inbox, c)
        }
        var lines = [t(c, "inbox.header")]
        for n in items {
            lines.append(
                "  \(n.isRead ? " " : "*") \(TimeText.iso8601(n.at, tz: user.tz)) \(Catalog.text(n.key, c.lang, n.args))"
            )
        }
        return finishPage(.success("inbox.list", lines, data: data), w, listing: .inbox, c)
    }

    func setLanguage(_ lang: Language?, user: User, on c: Connection) throws -> Reply {
        guard let lang else {
            return .success("lang.show", [t(c, "lang.show")], data: .object([("lang", .string(user.lang.rawValue))]))
        }
        try store.setLanguage(lang, for: user.id)
        let previous = user.lang
        for id in sessions[user.id] ?? [] { connections[id]?.lang = lang }
        commandUndo = { [weak self] in
            for id in self?.sessions[user.id] ?? [] { self?.connections[id]?.lang = previous }
        }
        return .success("lang.set", [t(c, "lang.set")], data: .object([("lang", .string(lang.rawValue))]))
    }

    func setTimeZone(_ zone: String?, user: User, on c: Connection) throws -> Reply {
        guard let zone else {
            return .success("tz.show", [t(c, "tz.show", ["zone": user.tz])], data: .object([("tz", .string(user.tz))]))
        }
        guard TimeText.isKnownZone(zone) else {
            return .failure("error.bad_timezone", t(c, "error.bad_timezone", ["zone": zone]))
        }
        try store.setTimeZone(zone, for: user.id)
        let previous = user.tz
        for id in sessions[user.id] ?? [] { connections[id]?.tz = zone }
        commandUndo = { [weak self] in for id in self?.sessions[user.id] ?? [] { self?.connections[id]?.tz = previous }
        }
        return .success("tz.set", [t(c, "tz.set", ["zone": zone])], data: .object([("tz", .string(zone))]))
    }

    /// `export`: the whole space as JSON, streamed as the client reads (see `ExportStream`).
    func export(user: User, on c: Connection, tag: String?) -> Outcome {
        var o = Outcome(connection: c.id, tag: tag, reply: .success("export", [t(c, "export.done")]))
        o.stream = ExportStream(user: user, json: c.json, tag: tag, header: t(c, "export.done"))
        return o
    }

    /// One task as `export` writes it: its fields, notes and pending reminder instants.
    func exportedTask(_ task: TaskItem, user: User) throws -> JSONValue {
        guard case .object(var fields) = taskJSON(task, tz: user.tz, number: nil, notes: try store.notes(of: task.id))
        else {
            preconditionFailure("taskJSON is an object")
        }
        let pending = try store.pendingReminders(of: task.id).filter { $0.kind != "nag" }
        fields.append(("reminders", .array(pending.map { .string(TimeText.iso8601($0.fireAt, tz: user.tz)) })))
        return .object(fields)
    }

    func statistics(user: User, on c: Connection) -> Reply {
        guard config.admins.contains(where: { UserName.key($0) == UserName.key(user.name) }) else {
            return .failure("error.forbidden", t(c, "error.forbidden"))
        }
        let uptime = Monotonic.now() - stats.started
        let rate = uptime > 0 ? Double(stats.commands) / uptime : 0
        let values: [(String, JSONValue)] = [
            ("connections", .int(Int64(connections.count))),
            ("sessions", .int(Int64(sessions.values.reduce(0) { $0 + $1.count }))),
            ("users_online", .int(Int64(sessions.count))), ("commands", .int(Int64(stats.commands))),
            ("commands_per_second", .int(Int64(rate.rounded()))), ("commits", .int(Int64(stats.commits))),
            ("commit_failures", .int(Int64(stats.commitFailures))),
            ("commit_p50_us", .int(Int64(stats.commitMilliseconds(quantile: 0.5) * 1000))),
            ("commit_p99_us", .int(Int64(stats.commitMilliseconds(quantile: 0.99) * 1000))),
            ("output_drops", .int(Int64(stats.outputDrops))), ("busy_refusals", .int(Int64(stats.busyRefusals))),
            ("refused", .int(Int64(stats.refused))),
            ("accepted", .int(Int64(stats.accepted))), ("uptime_seconds", .int(Int64(uptime))),
        ]
        let text = t(
            c, "stats.line",
            [
                "connections": "\(connections.count)", "sessions": "\(sessions.values.reduce(0) { $0 + $1.count })",
                "commands": "\(stats.commands)", "rate": "\(Int(rate))",
                "commit_p50": String(format: "%.2f", stats.commitMilliseconds(quantile: 0.5)),
                "commit_p99": String(format: "%.2f", stats.commitMilliseconds(quantile: 0.99)),
                "drops": "\(stats.outputDrops)", "uptime": "\(Int(uptime))",
            ])
        return .success("stats", [text], data: .object(values))
    }
}
