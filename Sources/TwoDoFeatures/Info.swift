// help, lang, tz and export.

import Foundation
import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Help, `info`, the language and zone settings, and `export`.
struct Info: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// The group a `help` topic names: its name in the index in either language (`tasks`, `day plan`,
    /// `görevler`, `gün planı`), or a synonym (`task`, `reminders`, `habits`, `events`, `görev`, `alışkanlıklar`).
    static func helpGroup(named topic: String) -> (name: String, key: TextKey)? {
        let key = TextFold.key(topic)
        return helpGroups.first { group in
            helpGroupNames(group.key).contains(key) || (helpGroupSynonyms[group.name] ?? []).contains(key)
        }
    }

    /// A group's titles as the index shows them, in both languages, folded (`Time and reminders`, `Zaman ve
    /// hatırlatmalar`), and its English name.
    private static func helpGroupNames(_ key: TextKey) -> Set<String> {
        var names: Set<String> = []
        for lang in [Language.en, .tr] {
            let line = Catalog.text(key, lang, [:])
            if let dash = line.range(of: " — ") { names.insert(TextFold.key(line[..<dash.lowerBound])) }
        }
        return names
    }

    /// Other words people use for a group.
    private static let helpGroupSynonyms: [String: Set<String>] = [
        "tasks": ["tasks", "task", "todo", "todos", "gorev", "gorevler", "isler"],
        "time": ["time", "dates", "due", "reminders", "reminder", "zaman", "tarih", "tarihler", "hatirlatmalar"],
        "views": ["views", "view", "gorunum", "gorunumler"],
        "routines": ["habits", "habit", "aliskanliklar", "aliskanlik"],
        "calendar": ["events", "event", "etkinlikler", "etkinlik"],
        "notes": ["notes"],
        "inbox": ["notifications", "chat"],
        "account": ["account", "password", "login", "sifre"],
        "couple": ["partner", "pairing", "es"],
        "settings": ["settings", "language", "timezone", "ayarlar"],
        "plan": ["day plan", "planning", "1-3-5", "plan", "gun plani"],
    ]
}

extension Info {
    func help(topic: String?, _ c: CommandContext) -> Reply {
        guard let topic, !topic.isEmpty else { return helpIndex(c) }
        if let group = Handlers.helpGroup(named: topic) { return helpGroup(group, c) }
        // The page clause is no command of its own, but has its help line.
        if ["page", "sayfa"].contains(TextFold.key(topic)) {
            return .success(.help, [t(c, .usagePage)], data: .object([("command", .string("page"))]))
        }
        // A topic may be any form of a command ("ekle", "list add"): let the parser name its verb.
        let verb: String?
        switch Parser.parse(topic, context: ParseContext(testClock: clock.isTest)) {
        case .success(let command): verb = command.verb
        case .failure(.usage(let v)), .failure(.badValue(let v, _)), .failure(.badDate(let v, _, _)),
            .failure(.twoValues(let v, _, _, _)):
            verb = v
        case .failure(.unknownCommand): verb = nil
        }
        guard let verb, let usage = TextKey.usage(of: verb) else {
            return .failure(.errorNotFound, t(c, .helpUnknown, ["topic": topic]))
        }
        return .success(.help, [t(c, usage)], data: .object([("command", .string(verb))]))
    }

    func setLanguage(_ lang: Language?, user: User, on c: CommandContext) throws -> Reply {
        guard let lang else {
            return .success(.langShow, [t(c, .langShow)], data: .object([("lang", .string(user.lang.rawValue))]))
        }
        try store.setLanguage(lang, for: user.id)
        c.effects.append(.language(user.id, lang))  // this session too, so the answer is in the new language
        return .success(.langSet, [Catalog.text(.langSet, lang)], data: .object([("lang", .string(lang.rawValue))]))
    }

    func setTimeZone(_ typed: String?, user: User, on c: CommandContext) throws -> Reply {
        guard let typed else {
            return .success(.tzShow, [t(c, .tzShow, ["zone": user.tz])], data: .object([("tz", .string(user.tz))]))
        }
        let zone: String
        switch ZoneLookup.find(typed) {
        case .found(let id): zone = id
        case .several(let ids): return zoneRefusal(typed, several: ids, c)
        case .closest(let id): return zoneRefusal(typed, closest: id, c)
        }
        try store.setTimeZone(zone, for: user.id)
        c.effects.append(.timeZone(user.id, zone))
        c.remindersChanged = true  // the day plan's next rollover is at the new zone's midnight
        return .success(.tzSet, [t(c, .tzSet, ["zone": zone])], data: .object([("tz", .string(zone))]))
    }

    /// `export`: the whole space as JSON, streamed as the client reads (see `ExportStream`).
    func export(user: User, on c: CommandContext, tag: String?) -> Outcome {
        var o = Outcome(connection: c.id, tag: tag, reply: .success(.export, [t(c, .exportDone)]))
        o.stream = ExportStream(handlers: handlers, user: user, json: c.json, tag: tag, header: t(c, .exportDone))
        return o
    }

    /// One task as `export` writes it: its fields, notes and pending reminder instants, and its steps (each with
    /// its notes) as `steps.items` beside their counts.
    func exportedTask(_ task: TaskItem, user: User) throws -> JSONValue {
        guard
            case .object(var fields) = JSONShape.task(
                task, tz: user.tz, number: nil, notes: try store.notes(of: task.id))
        else {
            preconditionFailure("taskJSON is an object")
        }
        let pending = try store.pendingReminders(of: task.id).filter { $0.kind != .nag }
        fields.append(("reminders", .array(pending.map { .string(TimeText.iso8601($0.fireAt, tz: user.tz)) })))
        if task.steps.total > 0, let index = fields.firstIndex(where: { $0.0 == "steps" }) {
            // At most `stepsPerTask` of them: a bounded piece of the stream.
            let items = try store.steps(of: task.id).map {
                JSONShape.task($0, tz: user.tz, number: nil, notes: try store.notes(of: $0.id))
            }
            fields[index].1 = .object([
                ("done", .int(Int64(task.steps.done))), ("total", .int(Int64(task.steps.total))),
                ("items", .array(items)),
            ])
        }
        return .object(fields)
    }

    /// `help <group>`: the group's line from the index, then each of its commands' usage, in the reader's
    /// language, each command once.
    func helpGroup(_ group: (name: String, key: TextKey), _ c: CommandContext) -> Reply {
        let line = t(c, group.key)
        var lines = [line]
        var seen: Set<String> = []
        // The commands are the index line's list: after " — ", up to the example.
        if let dash = line.range(of: " — ") {
            var list = line[dash.upperBound...]
            for marker in [". e.g.", ". örn."] {
                if let end = list.range(of: marker) { list = list[..<end.lowerBound] }
            }
            for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let verb: String?
                switch Parser.parse(name, context: ParseContext(testClock: clock.isTest)) {
                case .success(let command): verb = command.verb
                case .failure(.usage(let v)), .failure(.badValue(let v, _)), .failure(.badDate(let v, _, _)),
                    .failure(.twoValues(let v, _, _, _)):
                    verb = v
                case .failure(.unknownCommand): verb = nil
                }
                guard let verb, let usage = TextKey.usage(of: verb), seen.insert(verb).inserted else { continue }
                lines.append("  " + t(c, usage))
            }
        }
        return .success(
            .help, lines,
            data: .object([("group", .string(group.name)), ("commands", .array(seen.sorted().map { .string($0) }))]))
    }
}
