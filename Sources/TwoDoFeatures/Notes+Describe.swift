// `describe` / `açıkla`: the longer text kept with a task, routine or event, set, replaced or cleared, live to the partner.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// The mark after a title in one-line rows when the task has a description (the text is in `info`).
    static let describedMark = " ¶"

    /// A task, routine or event, as `describe` and `info` find it.
    enum Item {
        case task(TaskItem)
        case routine(Routine)
        case event(CalendarEvent)
    }
}

extension Notes {
    /// `describe <ref>: <text>` (nil text clears), for a task, routine or event.
    func describe(_ target: NoteTarget, text raw: String?, user: User, on c: CommandContext) throws -> Reply {
        do {
            return try runDescribe(target, text: raw, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    fileprivate func runDescribe(
        _ target: NoteTarget, text raw: String?, user: User, _ c: CommandContext
    ) throws -> Reply {
        let text = try describedText(raw, c)
        let now = clock.now
        let members = try store.members(of: user.space)
        let cleared = text == nil
        switch try item(target, user: user, c) {
        case .task(let task):
            try store.setDescription(of: task.id, to: text, now: now)
            guard let fresh = try store.task(task.id, in: user.space) else {
                preconditionFailure("task vanished inside its transaction")
            }
            var args = ["title": task.title]
            args["text"] = text
            try raise(
                in: c,
                .taskDescribed, key: cleared ? .eventTaskDescriptionCleared : nil, actor: user, recipients: members,
                args: args, data: JSONShape.task(fresh, tz: "UTC", number: nil))
            return .success(
                .taskDescribed, [t(c, cleared ? .taskDescriptionCleared : .taskDescribed, args)],
                data: JSONShape.task(fresh, tz: user.tz, number: nil))
        case .routine(let r):
            try store.setDescription(of: r.id, to: text)
            var args = ["name": r.name]
            args["text"] = text
            let data = JSONValue.object([
                ("id", .int(r.id.rawValue)), ("routine", .string(r.name)), ("description", .optional(text)),
            ])
            try raise(
                in: c,
                .routineDescribed, key: cleared ? .eventRoutineDescriptionCleared : nil, actor: user,
                recipients: members, args: args, data: data)
            return .success(
                .routineDescribed, [t(c, cleared ? .routineDescriptionCleared : .routineDescribed, args)], data: data)
        case .event(let e):
            try store.setDescription(of: e.id, to: text, now: now)
            guard let fresh = try store.event(e.id, in: user.space) else {
                preconditionFailure("event vanished inside its transaction")
            }
            var args = ["title": e.title]
            args["text"] = text
            try raise(
                in: c,
                .eventDescribed, key: cleared ? .eventEventDescriptionCleared : nil, actor: user, recipients: members,
                args: args, data: JSONShape.event(fresh, tz: "UTC"))
            return .success(
                .eventDescribed, [t(c, cleared ? .eventDescriptionCleared : .eventDescribed, args)],
                data: JSONShape.event(fresh, tz: user.tz))
        }
    }
}

extension Feature {
    /// A description as typed, trimmed: nil when empty (nothing to keep), or the "too long" refusal.
    ///
    /// Invisible and direction-changing characters never get here: `run` refuses the whole line first
    /// (`refusalOfInvisibleText`), as for titles and notes; a line cannot hold a newline.
    func describedText(_ raw: String?, _ c: CommandContext) throws(ReplyError) -> String? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard text.count <= TextRules.descriptionLimit else {
            throw ReplyError(
                reply: .failure(
                    .errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(TextRules.descriptionLimit)"]),
                    data: .object([("limit", .int(Int64(TextRules.descriptionLimit)))])))
        }
        return text
    }

    /// The item `target` names: a routine or event by name, or a task reference; plain words that match no
    /// task name a routine, then an event, as `note` reads them.
    func item(_ target: NoteTarget, user: User, _ c: CommandContext) throws -> Handlers.Item {
        switch target {
        case .routine(let name): return .routine(try findRoutine(name, user: user, c))
        case .event(let ref): return .event(try findEvent(ref, user: user, c))
        case .task(let ref):
            if case .words(let words) = ref, let other = try fallbackTarget(words, user: user) {
                return try item(other, user: user, c)
            }
            return .task(try resolve(ref, user: user, prefer: .any, c))
        }
    }
}
