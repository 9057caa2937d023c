// `list clear` (a list's done tasks), `list icon` (an emoji before its name) and `note` without a colon.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Tasks {
    /// `list clear <list>`: deletes the list's done tasks in one statement (open tasks stay) and tells the
    /// partner once; refused when there are none.
    func clearList(_ name: String, user: User, members: [User], _ c: CommandContext) throws -> Reply {
        // `clear done` names no list: the default one.
        let list = name.isEmpty ? try store.defaultList(in: user.space) : try findList(name, user: user, c)
        let count = try store.deleteDoneTasks(in: list.id)
        guard count > 0 else {
            return .failure(
                .errorNothingToClear, t(c, .errorNothingToClear, ["name": list.label]),
                data: .object([("list", .string(list.name))]))
        }
        c.remindersChanged = true  // their reminders went with them
        let args = ["name": list.label, "count": "\(count)"]
        let data = JSONValue.object([
            ("list", .string(list.name)), ("icon", list.icon.map(JSONValue.string) ?? .null),
            ("count", .int(Int64(count))),
        ])
        let one = count == 1
        try raise(
            in: c,
            .listCleared, key: one ? .eventListClearedOne : nil, actor: user, recipients: members, args: args,
            data: data)
        return .success(.listCleared, [t(c, one ? .listClearedOne : .listCleared, args)], data: data)
    }

    /// `list icon <list> [<emoji>]`: sets the list's icon (one emoji, see `ListIcon`) or removes it (nil).
    func setListIcon(_ name: String, emoji: String?, user: User, members: [User], _ c: CommandContext) throws -> Reply {
        let list = try findList(name, user: user, c)
        guard let emoji else {
            let data = JSONValue.object([("name", .string(list.name)), ("icon", .null)])
            guard list.icon != nil else {
                return .success(.listIcon, [t(c, .listIconNone, ["name": list.name])], data: data)
            }
            try store.setIcon(nil, of: list.id)
            let args = ["name": list.name]
            try raise(
                in: c,
                .listIcon, key: .eventListIconRemoved, actor: user, recipients: members, args: args, data: data)
            return .success(.listIcon, [t(c, .listIconRemoved, args)], data: data)
        }
        guard let icon = ListIcon.validated(emoji) else {
            return .failure(
                .errorBadIcon, t(c, .errorBadIcon, ["name": list.name]), data: .object([("list", .string(list.name))]))
        }
        try store.setIcon(icon, of: list.id)
        let args = ["name": list.name, "label": ListIcon.label(list.name, icon: icon)]
        let data = JSONValue.object([("name", .string(list.name)), ("icon", .string(icon))])
        try raise(in: c, .listIcon, actor: user, recipients: members, args: args, data: data)
        return .success(.listIcon, [t(c, .listIconSet, args)], data: data)
    }

    /// `note <words> <text>` without a colon: the longest leading words that name exactly one task are the
    /// reference, the rest the note. When those words name several tasks the answer lists them and nothing
    /// is kept; when no task matches, a routine or event named by leading words (longest first) gets it.
    func noteUnsplit(_ line: String, user: User, on c: CommandContext) throws -> Reply {
        let readings = NoteSplit.readings(line)
        guard let shortest = readings.first else {
            return .failure(
                .errorUsage, t(c, .errorUsage, ["verb": t(c, .verbNote), "usage": t(c, .usageNote)]),
                data: .object([("verb", .string("note"))]))
        }
        // Each longer reference narrows the one before, so the walk stops at the first that matches nothing:
        // at most one lookup more than the matching words.
        var found: (reading: NoteSplit.Reading, tasks: [TaskItem])?
        for reading in readings {
            let tasks = try store.tasks(matching: reading.reference, in: user.space)
            if tasks.isEmpty { break }
            found = (reading, tasks)
        }
        if let found {
            guard found.tasks.count == 1, let task = found.tasks.first else {
                return ambiguousNote(found.reading.reference, found.tasks, user: user, c)
            }
            return try Notes(handlers: handlers).noteCommand(
                .note(.id(task.id.rawValue), text: found.reading.text), user: user, on: c)
        }
        for reading in readings.reversed() {
            if let target = try fallbackTarget(reading.reference, user: user) {
                return try Notes(handlers: handlers).itemNote(.itemNote(target, text: reading.text), user: user, on: c)
            }
        }
        return .failure(
            .errorNotFound, t(c, .errorNotFound, ["ref": shortest.reference]),
            data: .object([("ref", .string(shortest.reference))]))
    }

    /// The answer to a colon-less note whose longest matching words name several tasks: the candidates.
    fileprivate func ambiguousNote(_ words: String, _ matches: [TaskItem], user: User, _ c: CommandContext) -> Reply {
        let shown = matches.prefix(5)
        let candidates = shown.map { "\"\($0.title)\" (\($0.listLabel))" }.joined(separator: ", ")
        return .failure(
            .errorAmbiguous, t(c, .errorAmbiguous, ["ref": words, "candidates": candidates]),
            data: .object([
                ("ref", .string(words)),
                ("candidates", .array(shown.map { JSONShape.task($0, tz: user.tz, number: nil) })),
            ]))
    }
}
