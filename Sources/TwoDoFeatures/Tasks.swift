// lists, list, show and the task commands: add, done, undone, edit, delete, move, assign, note, notes.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Tasks and lists: `add`, `done`, `edit`, `delete`, `move`, `show`, `lists`, `list …`.
struct Tasks: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// Which tasks a word reference prefers when several match.
    enum Preference { case open, done, any }
}

extension Tasks {
    /// `lists`: every list with its counts, a page at a time (a space has at most `listsPerSpace` lists).
    func lists(page: Int, user: User, on c: CommandContext) throws -> Reply {
        do {
            let (lists, w) = try self.page(of: try store.lists(in: user.space), page, c)
            var lines = [t(c, .listIndexHeader)]
            for (i, l) in zip(lists.indices, lists) {
                lines.append(
                    "  \(i + 1). "
                        + t(c, .listIndexRow, ["name": l.label, "open": "\(l.openCount)", "done": "\(l.doneCount)"]))
            }
            let data = JSONValue.array(
                lists.map {
                    .object([
                        ("name", .string($0.name)), ("icon", $0.icon.map(JSONValue.string) ?? .null),
                        ("open", .int(Int64($0.openCount))),
                        ("done", .int(Int64($0.doneCount))),
                        ("default", .bool($0.isDefault)),
                    ])
                })
            return finishPage(.success(.listIndex, lines, data: .object([("lists", data)])), w, listing: .lists, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    func list(_ action: ListAction, user: User, on c: CommandContext) throws -> Reply {
        do {
            let members = try store.members(of: user.space)
            switch action {
            case .add(let raw):
                let name = try cleaned(raw, limit: TextRules.nameLimit, c)
                if try store.list(named: name, in: user.space) != nil {
                    return .failure(.errorListExists, t(c, .errorListExists, ["name": name]))
                }
                try checkRoomForList(space: user.space, c)
                _ = try store.addList(named: name, in: user.space, now: clock.now)
                try raise(
                    in: c,
                    .listAdded, actor: user, recipients: members, args: ["name": name],
                    data: .object([("name", .string(name))]))
                return .success(
                    .listAdded, [t(c, .listAdded, ["name": name])], data: .object([("name", .string(name))]))

            case .rename(let oldName, let raw):
                let list = try findList(oldName, user: user, c)
                let name = try cleaned(raw, limit: TextRules.nameLimit, c)
                if let other = try store.list(named: name, in: user.space), other.id != list.id {
                    return .failure(.errorListExists, t(c, .errorListExists, ["name": name]))
                }
                try store.renameList(list.id, to: name)
                let args = ["old": list.label, "name": ListIcon.label(name, icon: list.icon)]
                let data = JSONValue.object([("old", .string(list.name)), ("name", .string(name))])
                try raise(in: c, .listRenamed, actor: user, recipients: members, args: args, data: data)
                return .success(.listRenamed, [t(c, .listRenamed, args)], data: data)

            case .delete(let name, let confirmed):
                let list = try findList(name, user: user, c)
                if list.isDefault {
                    return .failure(.errorDefaultList, t(c, .errorDefaultList, ["name": list.name]))
                }
                let counts = try store.taskCounts(in: list.id)
                let count = counts.open + counts.done
                if count > 0 && !confirmed {
                    return .failure(
                        .errorListNotEmpty,
                        t(
                            c, count == 1 ? .errorListNotEmptyOne : .errorListNotEmpty,
                            ["name": list.name, "count": "\(count)"]))
                }
                try store.deleteList(list.id)
                let args = ["name": list.label, "count": "\(count)"]
                let data = JSONValue.object([("name", .string(list.name)), ("count", .int(Int64(count)))])
                try raise(
                    in: c,
                    .listDeleted, key: count == 1 ? .eventListDeletedOne : nil, actor: user, recipients: members,
                    args: args, data: data)
                return .success(.listDeleted, [t(c, count == 1 ? .listDeletedOne : .listDeleted, args)], data: data)

            case .clear(let name):
                return try clearList(name, user: user, members: members, c)

            case .icon(let name, let emoji):
                return try setListIcon(name, emoji: emoji, user: user, members: members, c)
            }
        } catch let e as ReplyError {
            return e.reply
        }
    }

    /// `show [list] [page N]`: one page of a list's tasks (open first), numbered on from the pages before.
    /// `resume` (from `more`): the last row of the page before, read on from by key.
    func show(
        listNamed name: String?, page: Int, resume: PageResume? = nil, user: User, on c: CommandContext
    ) throws

        -> Reply

    {
        do {
            let list: TaskList
            if let name {
                // `show fix sink`: no list of that name, but exactly one task: that task whole, as `info` shows it.
                if let found = try store.list(named: name, in: user.space) {
                    list = found
                } else if let only = try soleTask(matching: name, user: user) {
                    return try taskInfo(only, user: user, c)
                } else {
                    list = try findList(name, user: user, c)
                }
            } else {
                list = try store.defaultList(in: user.space)
            }
            let counts = try store.taskCounts(in: list.id)
            let w = try pageWindow(page, total: counts.open + counts.done, c)
            let tasks =
                if let resume, resume.last.list == list.id {
                    try store.tasks(in: list.id, after: TaskCursor(after: resume.last), limit: PageWindow.size)
                } else {
                    try store.tasks(in: list.id, offset: w.offset, limit: PageWindow.size)
                }
            remember(tasks.map(\.id), offset: w.offset, c)
            let end = tasks.last.map { PageResume(segment: 0, last: $0) }
            // People never see `data`; build it only for JSON sessions (it is most of the cost of a long list).
            let data: JSONValue? =
                !c.json
                ? nil
                : JSONValue.object([
                    ("list", .string(list.name)), ("icon", list.icon.map(JSONValue.string) ?? .null),
                    (
                        "tasks",
                        .array(tasks.enumerated().map { JSONShape.task($1, tz: user.tz, number: w.offset + $0 + 1) })
                    ),
                ])
            guard !tasks.isEmpty else {
                return finishPage(
                    .success(.taskList, [t(c, .taskListEmpty, ["list": list.label])], data: data), w,
                    listing: .show(list: name), c, resume: end)
            }
            var lines = [
                t(c, .taskListHeader, ["list": list.label, "open": "\(counts.open)", "done": "\(counts.done)"])
            ]
            for (i, task) in tasks.enumerated() {
                lines.append(try describeForReader(task, number: w.offset + i + 1, user: user, c, withList: false))
            }
            return finishPage(.success(.taskList, lines, data: data), w, listing: .show(list: name), c, resume: end)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    func task(_ command: Command, page: Int = 1, user: User, on c: CommandContext) throws -> Reply {
        do {
            return try runTask(command, page: page, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    fileprivate func runTask(_ command: Command, page: Int, user: User, _ c: CommandContext) throws -> Reply {
        let now = clock.now
        let members = try members(of: user.space)
        // The reply (code and text) and the partner's event (name and text) of one change; `keys` words both
        // when the change has a variant text (`task.added_details` and `event.task.added_details`).
        // `known`: the task as it now reads, when the change's values say it all (a plain add, a done).
        func changed(
            _ name: EventName, _ task: TaskID, _ args: [String: String], keys: (reply: TextKey, event: TextKey)? = nil,
            localArgs: LocalArgs? = nil, known: TaskItem? = nil
        ) throws -> Reply {
            guard let fresh = try known ?? store.task(task, in: user.space) else {
                preconditionFailure("task vanished inside its transaction")
            }
            try raise(
                in: c,
                name, key: keys?.event, actor: user, recipients: members, args: args,
                data: JSONShape.task(fresh, tz: "UTC", number: nil), localArgs: localArgs)
            let mine = args.merging(localArgs?(c.lang, user.tz) ?? [:]) { _, local in local }
            let code = name.replyCode
            return .success(
                code, [t(c, keys?.reply ?? code.key, mine)], data: JSONShape.task(fresh, tz: user.tz, number: nil))
        }
        switch command {
        case .add(let raw, let listName, let details):
            let title = try cleaned(raw, limit: TextRules.titleLimit, c)
            _ = try describedText(details.description, c)  // an overlong description refuses the whole line
            let list = try listName.map { try findList($0, user: user, c) } ?? defaultList(in: user.space)
            try checkRoomForTask(in: list, space: user.space, c)
            let assignee = try details.assignee.flatMap { try member($0, user: user, members: members, c) }
            let id = try store.addTask(
                title: title, list: list.id, space: user.space, by: user.id, assignee: assignee?.id, now: now)
            var parts = try apply(details, to: id, assignee: assignee, user: user, c)
            if let text = try describedText(details.description, c) {
                try store.setDescription(of: id, to: text, now: now)
                parts.append(.described)
            }
            if let assignee { try keepAssignment(of: title, to: assignee, by: user) }
            guard !parts.isEmpty else {
                // Nothing but the title and list was written: the reply needs no second read.
                let known = assignee == nil ? TaskItem.added(id, title: title, list: list, by: user, now: now) : nil
                return try changed(.taskAdded, id, ["title": title, "list": list.label], known: known)
            }
            // Each reader gets the details in their own language and zone.
            return try changed(
                .taskAdded, id, ["title": title, "list": list.label], keys: (.taskAddedDetails, .eventTaskAddedDetails),
                localArgs: { lang, tz in ["details": TaskDetail.text(parts, lang: lang, tz: tz)] })

        case .done(let ref):
            let task: TaskItem
            do {
                task = try resolve(ref, user: user, prefer: .open, c)
            } catch let notFound as ReplyError {
                // `done gym`, `spor yaptım`: no task of that name, but a routine of it is marked done today.
                guard case .words(let words) = ref, notFound.reply.code == .errorNotFound,
                    try store.routines(in: user.space).contains(where: { TextFold.key($0.name) == TextFold.key(words) })
                else { throw notFound }
                return try Routines(handlers: handlers).routine(
                    .mark(name: words, mark: .done, date: nil, wholeName: words), user: user, on: c)
            }
            if task.isDone { return .failure(.errorAlreadyDone, t(c, .errorAlreadyDone, ["title": task.title])) }
            if task.isStep { return try stepDone(task, user: user, members: members, c) }
            try store.setDone(task.id, true, by: user.id, now: now)
            // Done with its task: the steps still open are done too (by the same user).
            if task.steps.done < task.steps.total { try store.completeSteps(of: task.id, by: user.id, now: now) }
            try store.cancelReminders(of: task.id)
            c.remindersChanged = true
            if let (_, nextDue) = try nextOccurrence(after: task, user: user, space: user.space, c) {
                guard let fresh = try store.task(task.id, in: user.space) else { preconditionFailure("task vanished") }
                try raise(
                    in: c,
                    .taskCompleted, actor: user, recipients: members, args: ["title": task.title],
                    data: JSONShape.task(fresh, tz: "UTC", number: nil))
                return .success(
                    .taskCompleted,
                    [
                        t(
                            c, .taskCompletedNext,
                            ["title": task.title, "when": when(nextDue, tz: user.tz, lang: c.lang)])
                    ],
                    data: JSONShape.task(fresh, tz: user.tz, number: nil))
            }
            return try changed(
                .taskCompleted, task.id, ["title": task.title], known: task.completed(by: user.name, at: now))

        case .undone(let ref):
            let task = try resolve(ref, user: user, prefer: .done, c)
            if !task.isDone { return .failure(.errorNotDone, t(c, .errorNotDone, ["title": task.title])) }
            if task.isStep { return try stepUndone(task, user: user, members: members, c) }
            try checkRoomForOpenTask(in: task.list, named: task.listName, c)
            try store.setDone(task.id, false, by: user.id, now: now)
            try withdrawNextOccurrence(of: task, space: user.space, c)
            try restoreReminders(of: task, c)
            return try changed(.taskReopened, task.id, ["title": task.title])

        case .edit(let ref, let raw):
            let task = try resolve(ref, user: user, prefer: .any, c)
            let title = try cleaned(raw, limit: TextRules.titleLimit, c)
            try store.setTitle(task.id, title, now: now)
            if task.isStep { return try stepEdited(task, to: title, user: user, members: members, c) }
            return try changed(.taskEdited, task.id, ["old": task.title, "title": title])

        case .delete(let ref):
            let task = try resolve(ref, user: user, prefer: .any, c)
            if task.isStep { return try stepDeleted(task, user: user, members: members, c) }
            let data = JSONShape.task(task, tz: "UTC", number: nil)
            try store.deleteTask(task.id)
            try raise(in: c, .taskDeleted, actor: user, recipients: members, args: ["title": task.title], data: data)
            return .success(.taskDeleted, [t(c, .taskDeleted, ["title": task.title])], data: data)

        case .move(let ref, let listName):
            let task = try resolve(ref, user: user, prefer: .any, c)
            try refuseStep(task, c)
            let list = try findList(listName, user: user, c)
            if list.id == task.list {
                return .failure(.errorSameList, t(c, .errorSameList, ["title": task.title, "list": list.label]))
            }
            if !task.isDone { try checkRoomForOpenTask(in: list.id, named: list.name, c) }
            try store.move(task.id, to: list.id, now: now)
            return try changed(.taskMoved, task.id, ["title": task.title, "list": list.label])

        case .assign(let ref, let who):
            let task = try resolve(ref, user: user, prefer: .open, c)
            try refuseStep(task, c)
            let assignee: User?
            switch who {
            case .me: assignee = user
            case .nobody: assignee = nil
            case .member(let name):
                guard let found = members.first(where: { UserName.key($0.name) == UserName.key(name) }) else {
                    let names = (members.map(\.name) + ["me", "nobody"]).joined(separator: ", ")
                    return .failure(.errorNotFound, t(c, .errorMemberNotFound, ["name": name, "names": names]))
                }
                assignee = found
            }
            try store.assign(task.id, to: assignee?.id, now: now)
            if let assignee {
                try keepAssignment(of: task.title, to: assignee, by: user)
                if assignee.id == user.id {  // "alice took …", not "alice gave … to alice"
                    return try changed(
                        .taskAssigned, task.id, ["title": task.title, "assignee": assignee.name],
                        keys: (.taskAssigned, .eventTaskAssignedSelf))
                }
                return try changed(.taskAssigned, task.id, ["title": task.title, "assignee": assignee.name])
            }
            return try changed(
                .taskAssigned, task.id, ["title": task.title], keys: (.taskUnassigned, .eventTaskUnassigned))

        case .note(let ref, let raw):
            let task = try resolve(ref, user: user, prefer: .any, c)
            let text = try cleaned(raw, limit: TextRules.noteLimit, c)
            try checkRoomForNote(task: task.id, name: task.title, c)
            try store.addNote(to: task.id, by: user.id, text: text, now: now)
            return try changed(.taskNoted, task.id, ["title": task.title, "text": text])

        case .due(let ref, _), .priority(let ref, _), .repeating(let ref, _), .remind(let ref, _), .nag(let ref, _),
            .unnag(let ref),
            .snooze(let ref, _):
            let task = try resolve(ref, user: user, prefer: .open, c)
            try refuseStep(task, c)
            return try schedule(command, task: task, user: user, members: members, c)

        case .notes(let ref):
            let task = try resolve(ref, user: user, prefer: .any, c)
            // A task has at most `notesPerItem` notes, so paging them in memory is bounded.
            let (notes, w) = try self.page(of: try store.notes(of: task.id), page, c)
            let data = JSONValue.object([
                ("task", JSONShape.task(task, tz: user.tz, number: nil)),
                ("notes", JSONShape.notes(Array(notes), tz: user.tz)),
            ])
            guard !notes.isEmpty else {
                return finishPage(
                    .success(.taskNotes, [t(c, .taskNotesEmpty, ["title": task.title])], data: data), w,
                    listing: .notes(.id(task.id.rawValue)), c)
            }
            var lines = [t(c, .taskNotesHeader, ["title": task.title])]
            // Numbered as `note edit` and `note delete` take them, across pages (the slice keeps its offsets).
            for (i, n) in zip(notes.indices, notes) {
                let author = n.author ?? t(c, .memberFormer)  // NULL: a deleted account
                let when = TimeText.human(n.at, now: clock.now, tz: user.tz, lang: c.lang)
                lines.append("  \(i + 1). \(author), \(when): \(n.text)")
            }
            return finishPage(.success(.taskNotes, lines, data: data), w, listing: .notes(.id(task.id.rawValue)), c)

        default:
            preconditionFailure("not a task command: \(command.verb)")
        }
    }
}

extension Feature {
    /// Trims and checks user text, mapping problems to their localized error.
    func cleaned(_ text: String, limit: Int, _ c: CommandContext) throws(ReplyError) -> String {
        do {
            return try TextRules.clean(text, limit: limit)
        } catch {
            switch error {
            case .empty:
                throw ReplyError(reply: .failure(.errorTitleEmpty, t(c, .errorTitleEmpty)))
            case .tooLong(let limit):
                throw ReplyError(
                    reply: .failure(.errorTitleTooLong, t(c, .errorTitleTooLong, ["limit": "\(limit)"])))
            }
        }
    }

    /// The list named `name` in the user's space, or the localized "no such list" error naming the lists.
    func findList(_ name: String, user: User, _ c: CommandContext) throws -> TaskList {
        if let list = try store.list(named: name, in: user.space) { return list }
        let names = try store.listNames(in: user.space).joined(separator: ", ")
        throw ReplyError(
            reply: .failure(
                .errorNotFound, t(c, .errorListNotFound, ["name": name, "lists": names]),
                data: .object([("list", .string(name))])))
    }

    /// Resolves a reference to one task (or step) of the user's space, or throws the reply explaining why not.
    /// `tasksFirst` prefers tasks to steps when words match both (a step's parent is never a step).
    func resolve(
        _ ref: TaskRef, user: User, prefer: Handlers.Preference, tasksFirst: Bool = false, _ c: CommandContext
    ) throws -> TaskItem {
        let notFound = { (text: String) in
            ReplyError(
                reply: .failure(
                    .errorNotFound, self.t(c, .errorNotFound, ["ref": text]),
                    data: .object([("ref", .string(text))])))
        }
        switch ref {
        case .context:
            guard let id = c.lastReminded, let task = try store.task(id, in: user.space) else {
                throw ReplyError(reply: .failure(.errorUsage, t(c, .errorNoContext)))
            }
            return task
        case .number(let n):
            return try task(atRow: n, user: user, c)
        case .id(let id):
            guard let task = try store.task(TaskID(id), in: user.space) else { throw notFound("id:\(id)") }
            return task
        case .words(let words):
            var matches = try store.tasks(matching: words, in: user.space)
            // `sütü aldım`, `kitabı aldım`: the object's Turkish accusative ending is not part of the title (`süt`,
            // `kitap`); each reading is tried only when the ones before matched nothing.
            for bare in TurkishSuffix.accusativeReadings(of: words) where matches.isEmpty {
                matches = try store.tasks(matching: bare, in: user.space)
            }
            if tasksFirst && matches.count > 1 {
                let tasks = matches.filter { !$0.isStep }
                if !tasks.isEmpty { matches = tasks }
            }
            if matches.count > 1 && prefer != .any {
                let preferred = matches.filter { prefer == .open ? !$0.isDone : $0.isDone }
                if !preferred.isEmpty { matches = preferred }
            }
            guard let first = matches.first else { throw notFound(words) }
            guard matches.count == 1 else {
                let candidates = matches.prefix(5).map { "\"\($0.title)\" (\(self.whereIs($0, c)))" }
                    .joined(separator: ", ")
                throw ReplyError(
                    reply: .failure(
                        .errorAmbiguous, t(c, .errorAmbiguous, ["ref": words, "candidates": candidates]),
                        data: .object([
                            (
                                "candidates",
                                .array(matches.prefix(5).map { JSONShape.task($0, tz: user.tz, number: nil) })
                            )
                        ])))
            }
            return first
        }
    }
}
