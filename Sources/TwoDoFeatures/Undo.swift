// undo: each user's last changes, recorded as they are made and taken back newest first.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// `undo`: the user's last change to the space, reversed.
struct Undo: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// The JSON of an undo entry: what kind of item, which, what the change was and did.
    static func undoData(_ entry: UndoEntry) -> JSONValue {
        .object([
            ("verb", .string(entry.verb)), ("kind", .string(entry.item.kind.rawValue)),
            ("title", .string(entry.item.title)), ("effect", .string(entry.item.effect.rawValue)),
        ])
    }
}

extension Undo {
    /// `undo` / `geri al`: reverses the user's newest change unless someone changed the same rows since.
    func undo(user: User, on c: CommandContext) throws -> Reply {
        var breach: (code: ReplyCode, args: [String: String])?
        let result = try store.undoLatest(user: user.id, space: user.space, now: clock.now) { reach in
            breach = try self.limitBreach(after: reach, space: user.space)
            return breach == nil
        }
        switch result {
        case .overLimit(let entry):
            let reason = breach.map { t(c, $0.code.key, $0.args) } ?? ""
            return .failure(
                .errorUndoLimit,
                t(
                    c, .errorUndoLimit,
                    ["verb": verbName(entry.verb, c.lang), "title": entry.item.title, "reason": reason]),
                data: Handlers.undoData(entry))
        case .empty:
            return .failure(.errorNothingToUndo, t(c, .errorNothingToUndo))
        case .conflict(let entry):
            return .failure(
                .errorUndoConflict,
                t(c, .errorUndoConflict, ["verb": verbName(entry.verb, c.lang), "title": entry.item.title]),
                data: Handlers.undoData(entry))
        case .undone(let entry):
            c.remindersChanged = true
            let members = try store.members(of: user.space)
            let (replyKey, eventKey): (TextKey, TextKey) =
                switch entry.item.effect {
                case .created: (.changeUndoneCreated, .eventChangeUndoneCreated)
                case .deleted: (.changeUndoneDeleted, .eventChangeUndoneDeleted)
                case .changed: (.changeUndone, .eventChangeUndone)
                }
            let data = Handlers.undoData(entry)
            try raise(
                in: c,
                .changeUndone, key: eventKey, actor: user, recipients: members, args: ["title": entry.item.title],
                data: data, localArgs: { lang, _ in ["verb": self.verbName(entry.verb, lang)] })
            return .success(
                .changeUndone, [t(c, replyKey, ["verb": verbName(entry.verb, c.lang), "title": entry.item.title])],
                data: data)
        }
    }

    /// The first space limit a reversal took the space past (its refusal's code and text arguments), or nil: the
    /// space's totals, then each list, task and item the reversal put something back into. Every count is one
    /// indexed read (the reach holds what one command changed, itself bounded by the limits).
    func limitBreach(after reach: UndoReach, space: SpaceID) throws -> (code: ReplyCode, args: [String: String])? {
        let limits = limits
        let counts = try store.counts(of: space)
        let totals: [(Int, Int, ReplyCode)] = [
            (counts.tasks, limits.tasksPerSpace, .errorLimitTasks),
            (counts.lists, limits.listsPerSpace, .errorLimitLists),
            (counts.routines, limits.routinesPerSpace, .errorLimitRoutines),
            (counts.events, limits.eventsPerSpace, .errorLimitEvents),
        ]
        if let (_, limit, code) = totals.first(where: { $0.0 > $0.1 }) { return (code, ["limit": "\(limit)"]) }
        for list in reach.lists.sorted() where try store.openTaskCount(in: list) > limits.openTasksPerList {
            let name = try store.lists(in: space).first { $0.id == list }?.label ?? ""
            return (.errorLimitListTasks, ["limit": "\(limits.openTasksPerList)", "list": name])
        }
        for parent in reach.parents.sorted() where try store.stepCounts(of: parent).total > limits.stepsPerTask {
            let title = try store.task(parent, in: space)?.title ?? ""
            return (.errorLimitSteps, ["limit": "\(limits.stepsPerTask)", "task": title])
        }
        let notes = "\(limits.notesPerItem)"
        for task in reach.noteTasks.sorted()
        where try store.noteCount(task: task, routine: nil, event: nil) > limits.notesPerItem {
            return (.errorLimitNotes, ["limit": notes, "name": try store.task(task, in: space)?.title ?? ""])
        }
        for routine in reach.noteRoutines.sorted()
        where try store.noteCount(task: nil, routine: routine, event: nil) > limits.notesPerItem {
            return (.errorLimitNotes, ["limit": notes, "name": try store.routine(routine, in: space)?.name ?? ""])
        }
        for event in reach.noteEvents.sorted()
        where try store.noteCount(task: nil, routine: nil, event: event) > limits.notesPerItem {
            return (.errorLimitNotes, ["limit": notes, "name": try store.event(event, in: space)?.title ?? ""])
        }
        return nil
    }
}

extension Feature {
    /// Runs `command`; when it is an undoable change that succeeded, pushes what it changed on the user's
    /// undo stack (in the command's savepoint, so the entry commits with the change or not at all).
    func dispatchRecordingUndo(_ command: Command, on c: CommandContext, user: User?, tag: String?) throws -> Handled {
        guard let user, command.isUndoable else { return try handlers.dispatch(command, on: c, user: user, tag: tag) }
        let (handled, record) = try store.recordingChanges {
            try handlers.dispatch(command, on: c, user: user, tag: tag)
        }
        if case .outcome(let outcome?) = handled, outcome.reply.ok, !record.isEmpty {
            try store.pushUndo(record, user: user.id, space: user.space, verb: command.verb, now: clock.now)
        }
        return handled
    }

    /// A verb as people say it in `lang` (`verb.done`: "done", "bitti"), or the English verb.
    func verbName(_ verb: String, _ lang: Language) -> String {
        TextKey.verbName(verb).map { Catalog.text($0, lang) } ?? verb
    }
}
