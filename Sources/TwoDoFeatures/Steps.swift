// Steps of a task: `add <step> under <task>`, `steps <task>`, and done/undone/edit/delete on a step.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Steps under a task: `add … step under …`, `steps`.
struct Steps: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// `words` with a Turkish genitive or dative ending cut off its last word, longest ending first.
    static func withoutCaseEnding(_ words: String) -> [String] {
        let endings = [
            "nın", "nin", "nun", "nün", "ına", "ine", "una", "üne", "na", "ne", "ya", "ye", "ın", "in", "un", "ün",
        ]
        guard let last = words.split(separator: " ").last, last.count > 4 else { return [] }
        return endings.filter { last.hasSuffix($0) }.map { String(words.dropLast($0.count)) }
    }

    /// A reference as the user wrote it, for "not found".
    static func refText(_ ref: TaskRef) -> String {
        switch ref {
        case .number(let n): "#\(n)"
        case .id(let id): "id:\(id)"
        case .words(let words): words
        case .context: ""
        }
    }
}

extension Steps {
    /// `add <title> under <ref>` and its forms: a step under a task of the user's space.
    ///
    /// When the words after `under`/`altına` name no task and the line also reads as a plain `add`
    /// (`add look under the sofa`), that `add` runs instead.
    func addStep(
        title raw: String, parent ref: TaskRef, plain: Command?, user: User, on c: CommandContext
    ) throws -> Reply {
        do {
            guard let parent = try stepParent(ref, user: user, c) else {
                if let plain { return try Tasks(handlers: handlers).task(plain, user: user, on: c) }
                let text = Handlers.refText(ref)
                return .failure(
                    .errorNotFound, t(c, .errorNotFound, ["ref": text]), data: .object([("ref", .string(text))]))
            }
            if let task = parent.parentTitle {
                return .failure(.errorStepOfStep, t(c, .errorStepOfStep, ["title": parent.title, "task": task]))
            }
            if parent.isDone {
                return .failure(.errorStepParentDone, t(c, .errorStepParentDone, ["task": parent.title]))
            }
            let title = try cleaned(raw, limit: TextRules.titleLimit, c)
            try checkRoomForStep(under: parent, space: user.space, c)
            let id = try store.addStep(title: title, under: parent, space: user.space, by: user.id, now: clock.now)
            let counts = try store.stepCounts(of: parent.id)
            return try stepChanged(
                .stepAdded, id,
                ["title": title, "task": parent.title, "done": "\(counts.done)", "total": "\(counts.total)"],
                user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    /// The task a new step goes under: one task (steps only when no task matches) of the user's space; nil when
    /// nothing matches. Turkish case endings on the last word are tried off when the words as typed match
    /// nothing (`parti hazırlığının altına`, `parti hazırlığına adım ekle`).
    fileprivate func stepParent(_ ref: TaskRef, user: User, _ c: CommandContext) throws -> TaskItem? {
        do {
            return try resolve(ref, user: user, prefer: .open, tasksFirst: true, c)
        } catch let e as ReplyError where e.reply.code == .errorNotFound {
            guard case .words(let words) = ref else { throw e }
            for shorter in Handlers.withoutCaseEnding(words) {
                if let found = try unlessRefused({
                    try resolve(.words(shorter), user: user, prefer: .open, tasksFirst: true, c)
                }) {
                    return found
                }
            }
            return nil
        }
    }

    /// Throws unless one more step fits under `parent` and one more task in the space.
    fileprivate func checkRoomForStep(under parent: TaskItem, space: SpaceID, _ c: CommandContext) throws {
        let limits = limits
        if parent.steps.total >= limits.stepsPerTask {
            throw ReplyError(
                reply: .failure(
                    .errorLimitSteps,
                    t(c, .errorLimitSteps, ["task": parent.title, "limit": "\(limits.stepsPerTask)"]),
                    data: .object([("limit", .int(Int64(limits.stepsPerTask)))])))
        }
        if try store.taskCount(inSpace: space) >= limits.tasksPerSpace {
            throw ReplyError(
                reply: .failure(
                    .errorLimitTasks, t(c, .errorLimitTasks, ["limit": "\(limits.tasksPerSpace)"]),
                    data: .object([("limit", .int(Int64(limits.tasksPerSpace)))])))
        }
    }

    /// `steps <ref> [page N]`: a task's steps in their order, numbered for `done 2`, `edit 2 to …`, `delete 2`.
    func steps(of ref: TaskRef, page: Int, user: User, on c: CommandContext) throws -> Reply {
        do {
            let parent = try resolve(ref, user: user, prefer: .any, tasksFirst: true, c)
            if let task = parent.parentTitle {
                return .failure(.errorStepOfStep, t(c, .errorStepOfStep, ["title": parent.title, "task": task]))
            }
            // A task has at most `stepsPerTask` steps, so paging them in memory is bounded.
            let (steps, w) = try self.page(of: try store.steps(of: parent.id), page, c)
            let listing = Command.steps(.id(parent.id.rawValue))
            remember(steps.map(\.id), offset: w.offset, c)
            let data: JSONValue? =
                !c.json
                ? nil
                : .object([
                    ("task", JSONShape.task(parent, tz: user.tz, number: nil)),
                    (
                        "steps",
                        .array(steps.enumerated().map { JSONShape.task($1, tz: user.tz, number: w.offset + $0 + 1) })
                    ),
                ])
            guard !steps.isEmpty else {
                return finishPage(
                    .success(.stepList, [t(c, .stepListEmpty, ["task": parent.title])], data: data), w,
                    listing: listing,
                    c)
            }
            let counts = parent.steps
            var lines = [
                t(c, .stepListHeader, ["task": parent.title, "done": "\(counts.done)", "total": "\(counts.total)"])
            ]
            for (i, step) in steps.enumerated() {
                var line = "  \(w.offset + i + 1). [\(step.isDone ? "x" : " ")] \(step.title)"
                var extras: [String] = []
                if step.isDone, let by = step.completedBy { extras.append(t(c, .taskDoneBy, ["name": by])) }
                if step.noteCount > 0 { extras.append("✎\(step.noteCount)") }
                if !extras.isEmpty { line += " — " + extras.joined(separator: ", ") }
                lines.append(line)
            }
            return finishPage(.success(.stepList, lines, data: data), w, listing: listing, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }
}

extension Feature {
    /// A step as event and reply `data`: the step's fields with its task's under `task`.
    fileprivate func stepData(_ step: TaskItem, tz: String, user: User) throws -> JSONValue {
        guard case .object(var fields) = JSONShape.task(step, tz: tz, number: nil) else {
            preconditionFailure("a task is an object")
        }
        if let parent = try step.parent.flatMap({ try store.task($0, in: user.space) }) {
            fields.append(("task", JSONShape.task(parent, tz: tz, number: nil)))
        }
        return .object(fields)
    }

    /// The reply and the partner's event for a change to a step, read back after the change.
    fileprivate func stepChanged(
        _ name: EventName, _ step: TaskID, _ args: [String: String], keys: (reply: TextKey, event: TextKey)? = nil,
        localArgs: LocalArgs? = nil, user: User, members: [User]? = nil, _ c: CommandContext
    ) throws -> Reply {
        guard let fresh = try store.task(step, in: user.space) else {
            preconditionFailure("step vanished inside its transaction")
        }
        let recipients = try members ?? store.members(of: user.space)
        try raise(
            in: c,
            name, key: keys?.event, actor: user, recipients: recipients, args: args,
            data: try stepData(fresh, tz: "UTC", user: user), localArgs: localArgs)
        let mine = args.merging(localArgs?(c.lang, user.tz) ?? [:]) { _, local in local }
        let code = name.replyCode
        return .success(
            code, [t(c, keys?.reply ?? code.key, mine)], data: try stepData(fresh, tz: user.tz, user: user))
    }

    /// Where a task is, for lists of candidates: its list, or the task it is a step of.
    func whereIs(_ task: TaskItem, _ c: CommandContext) -> String {
        guard let parent = task.parentTitle else { return task.listLabel }
        return t(c, .stepOf, ["task": parent])
    }

    /// Refuses a command that a step does not take (it has no date, repeat, reminder, priority, assignee or
    /// list of its own).
    func refuseStep(_ task: TaskItem, _ c: CommandContext) throws {
        guard let parent = task.parentTitle else { return }
        throw ReplyError(
            reply: .failure(.errorStepUnsupported, t(c, .errorStepUnsupported, ["title": task.title, "task": parent])))
    }

    /// `done <step>`: the step is done; when it was the last open one, its task is completed in the same
    /// command, and the partner gets one event saying both.
    func stepDone(_ step: TaskItem, user: User, members: [User], _ c: CommandContext) throws -> Reply {
        let now = clock.now
        try store.setDone(step.id, true, by: user.id, now: now)
        guard let parentID = step.parent, let parent = try store.task(parentID, in: user.space) else {
            preconditionFailure("a step without its task")
        }
        let counts = parent.steps
        let args = ["title": step.title, "task": parent.title, "done": "\(counts.done)", "total": "\(counts.total)"]
        guard counts.done == counts.total, !parent.isDone else {
            return try stepChanged(.stepDone, step.id, args, user: user, members: members, c)
        }
        try store.setDone(parent.id, true, by: user.id, now: now)
        try store.cancelReminders(of: parent.id)
        c.remindersChanged = true
        guard let (_, nextDue) = try nextOccurrence(after: parent, user: user, space: user.space, c) else {
            return try stepChanged(.stepDoneTaskCompleted, step.id, args, user: user, members: members, c)
        }
        return try stepChanged(
            .stepDoneTaskCompleted, step.id, args, keys: (.stepDoneTaskCompletedNext, .eventStepDoneTaskCompleted),
            localArgs: { lang, tz in ["when": self.when(nextDue, tz: tz, lang: lang)] }, user: user, members: members,
            c)
    }

    /// `undone <step>`: the step is open again, and so is its task when it was done.
    func stepUndone(_ step: TaskItem, user: User, members: [User], _ c: CommandContext) throws -> Reply {
        let now = clock.now
        guard let parentID = step.parent, let parent = try store.task(parentID, in: user.space) else {
            preconditionFailure("a step without its task")
        }
        if parent.isDone { try checkRoomForOpenTask(in: parent.list, named: parent.listName, c) }
        try store.setDone(step.id, false, by: user.id, now: now)
        let counts = try store.stepCounts(of: parent.id)
        let args = ["title": step.title, "task": parent.title, "done": "\(counts.done)", "total": "\(counts.total)"]
        guard parent.isDone else {
            return try stepChanged(.stepReopened, step.id, args, user: user, members: members, c)
        }
        try store.setDone(parent.id, false, by: user.id, now: now)
        try restoreReminders(of: parent, c)
        return try stepChanged(.stepReopenedTaskReopened, step.id, args, user: user, members: members, c)
    }

    /// `edit <step> to <title>` (the new title is already stored).
    func stepEdited(
        _ step: TaskItem, to title: String, user: User, members: [User], _ c: CommandContext
    ) throws -> Reply {
        try stepChanged(
            .stepEdited, step.id, ["old": step.title, "title": title, "task": step.parentTitle ?? ""], user: user,
            members: members, c)
    }

    /// `delete <step>`. When it was the last open step of an open task whose other steps are all done, the
    /// task is done too (as `done` on that step would have made it), and both readers are told so.
    func stepDeleted(_ step: TaskItem, user: User, members: [User], _ c: CommandContext) throws -> Reply {
        let data = try stepData(step, tz: "UTC", user: user)
        try store.deleteTask(step.id)
        let args = ["title": step.title, "task": step.parentTitle ?? ""]
        let parent = try step.parent.flatMap { try store.task($0, in: user.space) }
        if let parent, !parent.isDone, !step.isDone, parent.steps.total > 0, parent.steps.done == parent.steps.total {
            try store.setDone(parent.id, true, by: user.id, now: clock.now)
            try store.cancelReminders(of: parent.id)
            c.remindersChanged = true
            _ = try nextOccurrence(after: parent, user: user, space: user.space, c)  // a repeating task's next one
            try raise(
                in: c,
                .stepDeleted, key: .eventStepDeletedTaskCompleted, actor: user, recipients: members, args: args,
                data: data)
            return .success(
                .stepDeleted, [t(c, .stepDeletedTaskCompleted, args)], data: try stepData(step, tz: user.tz, user: user)
            )
        }
        try raise(in: c, .stepDeleted, actor: user, recipients: members, args: args, data: data)
        return .success(.stepDeleted, [t(c, .stepDeleted, args)], data: try stepData(step, tz: user.tz, user: user))
    }
}
