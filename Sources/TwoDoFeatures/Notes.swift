// Notes on routines and events, `note delete`, and plain `note`/`notes` words that name a routine or event.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Notes and descriptions: `note`, `notes`, `note edit|delete`, `describe`.
struct Notes: Feature {
    let handlers: Handlers
}

extension Handlers {
    enum ResolvedNoteTarget {
        case task(TaskItem)
        case routine(Routine)
        case event(CalendarEvent)
    }
}

extension Notes {
    /// `note <words>: <text>` and `notes <words>`: a task when some task matches the words; otherwise a
    /// routine of that name, then an event of that title; otherwise the usual task error.
    func noteCommand(_ command: Command, page: Int = 1, user: User, on c: CommandContext) throws -> Reply {
        switch command {
        case .note(.words(let words), let text):
            if let target = try fallbackTarget(words, user: user) {
                return try itemNote(.itemNote(target, text: text), user: user, on: c)
            }
        case .notes(.words(let words)):
            if let target = try fallbackTarget(words, user: user) {
                return try itemNote(.itemNotes(target), page: page, user: user, on: c)
            }
        default:
            break
        }
        return try Tasks(handlers: handlers).task(command, page: page, user: user, on: c)
    }

    /// `note routine|event <ref>: <text>`, `notes routine|event <ref>`, `note delete <ref> <n>`, `note edit <ref> <n> <text>`.
    func itemNote(_ command: Command, page: Int = 1, user: User, on c: CommandContext) throws -> Reply {
        do {
            return try runItemNote(command, page: page, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    fileprivate func runItemNote(_ command: Command, page: Int, user: User, _ c: CommandContext) throws -> Reply {
        let now = clock.now
        let members = try store.members(of: user.space)
        switch command {
        case .itemNote(let target, let raw):
            let text = try cleaned(raw, limit: TextRules.noteLimit, c)
            switch try resolveNoteTarget(target, user: user, c) {
            case .routine(let r):
                try checkRoomForNote(routine: r.id, name: r.name, c)
                try store.addNote(routine: r.id, by: user.id, text: text, now: now)
                let args = ["name": r.name, "text": text]
                let data = JSONValue.object([("routine", .string(r.name)), ("text", .string(text))])
                try raise(in: c, .routineNoted, actor: user, recipients: members, args: args, data: data)
                return .success(.routineNoted, [t(c, .routineNoted, args)], data: data)
            case .event(let e):
                try checkRoomForNote(event: e.id, name: e.title, c)
                try store.addNote(event: e.id, by: user.id, text: text, now: now)
                let args = ["title": e.title, "text": text]
                let data = JSONValue.object([
                    ("event", .int(e.id.rawValue)), ("title", .string(e.title)), ("text", .string(text)),
                ])
                try raise(in: c, .eventNoted, actor: user, recipients: members, args: args, data: data)
                return .success(.eventNoted, [t(c, .eventNoted, args)], data: data)
            case .task(let task):
                return try Tasks(handlers: handlers).task(.note(.id(task.id.rawValue), text: raw), user: user, on: c)
            }

        case .itemNotes(let target):
            let resolved = try resolveNoteTarget(target, user: user, c)
            let (notes, name, kind): ([Note], String, String)
            switch resolved {
            case .routine(let r): (notes, name, kind) = (try store.notes(of: r.id), r.name, "routine")
            case .event(let e): (notes, name, kind) = (try store.notes(of: e.id), e.title, "event")
            case .task(let task):
                return try Tasks(handlers: handlers).task(.notes(.id(task.id.rawValue)), page: page, user: user, on: c)
            }
            // An item has at most `notesPerItem` notes, so paging them in memory is bounded.
            let (shown, w) = try self.page(of: notes, page, c)
            guard let notesCode = ReplyCode.notes(of: kind), let emptyKey = TextKey.notesEmpty(of: kind),
                let headerKey = TextKey.notesHeader(of: kind)
            else { preconditionFailure("notes of a \(kind), which has no notes texts") }
            let data = JSONValue.object([(kind, .string(name)), ("notes", JSONShape.notes(Array(shown), tz: user.tz))])
            guard !shown.isEmpty else {
                return finishPage(
                    .success(notesCode, [t(c, emptyKey, ["name": name])], data: data), w,
                    listing: command, c)
            }
            var lines = [t(c, headerKey, ["name": name])]
            for (i, n) in zip(shown.indices, shown) {
                let author = n.author ?? t(c, .memberFormer)  // NULL: a deleted account
                let when = TimeText.human(n.at, now: clock.now, tz: user.tz, lang: c.lang)
                lines.append("  \(i + 1). \(author), \(when): \(n.text)")
            }
            return finishPage(.success(notesCode, lines, data: data), w, listing: command, c)

        case .noteDelete(let target, let number):
            let deleted: Note?
            let name: String
            switch try resolveNoteTarget(target, user: user, c) {
            case .routine(let r):
                deleted = try store.deleteNote(of: r.id, number: number)
                name = r.name
            case .event(let e):
                deleted = try store.deleteNote(of: e.id, number: number)
                name = e.title
            case .task(let task):
                deleted = try store.deleteNote(of: task.id, number: number)
                name = task.title
            }
            guard let deleted else {
                return .failure(.errorNotFound, t(c, .errorNoteNotFound, ["name": name, "n": "\(number)"]))
            }
            let args = ["name": name, "n": "\(number)", "text": deleted.text]
            let data = JSONValue.object([
                ("name", .string(name)), ("n", .int(Int64(number))), ("text", .string(deleted.text)),
            ])
            try raise(in: c, .noteDeleted, actor: user, recipients: members, args: args, data: data)
            return .success(.noteDeleted, [t(c, .noteDeleted, args)], data: data)

        case .noteEdit(let target, let number, let raw):
            let text = try cleaned(raw, limit: TextRules.noteLimit, c)
            let edited: Note?
            let name: String
            switch try resolveNoteTarget(target, user: user, c) {
            case .routine(let r):
                edited = try store.editNote(of: r.id, number: number, text: text, by: user.id, now: now)
                name = r.name
            case .event(let e):
                edited = try store.editNote(of: e.id, number: number, text: text, by: user.id, now: now)
                name = e.title
            case .task(let task):
                edited = try store.editNote(of: task.id, number: number, text: text, by: user.id, now: now)
                name = task.title
            }
            guard let edited else {
                return .failure(.errorNotFound, t(c, .errorNoteNotFound, ["name": name, "n": "\(number)"]))
            }
            let args = ["name": name, "n": "\(number)", "text": text]
            let data = JSONValue.object([
                ("name", .string(name)), ("n", .int(Int64(number))), ("text", .string(text)),
                ("was", .string(edited.text)),
            ])
            try raise(in: c, .noteEdited, actor: user, recipients: members, args: args, data: data)
            return .success(.noteEdited, [t(c, .noteEdited, args)], data: data)

        default:
            preconditionFailure("not a note command: \(command.verb)")
        }
    }

    fileprivate func resolveNoteTarget(
        _ target: NoteTarget, user: User, _ c: CommandContext
    ) throws -> Handlers.ResolvedNoteTarget {
        switch target {
        case .routine(let name): return .routine(try findRoutine(name, user: user, c))
        case .event(let ref): return .event(try findEvent(ref, user: user, c))
        case .task(let ref):
            if case .words(let words) = ref, let fallback = try fallbackTarget(words, user: user) {
                return try resolveNoteTarget(fallback, user: user, c)
            }
            return .task(try taskForNote(ref, user: user, c))
        }
    }

    /// A task reference as the task commands read it (listing number, `id:N`, or words matching one title).
    fileprivate func taskForNote(_ ref: TaskRef, user: User, _ c: CommandContext) throws -> TaskItem {
        let notFound = { (text: String) in
            ReplyError(
                reply: .failure(
                    .errorNotFound, self.t(c, .errorNotFound, ["ref": text]),
                    data: .object([("ref", .string(text))])))
        }
        switch ref {
        case .number(let n):
            return try task(atRow: n, user: user, c)
        case .id(let id):
            guard let task = try store.task(TaskID(id), in: user.space) else { throw notFound("id:\(id)") }
            return task
        case .words(let words):
            let matches = try store.tasks(matching: words, in: user.space)
            guard let first = matches.first else { throw notFound(words) }
            guard matches.count == 1 else {
                let candidates = matches.prefix(5).map { "\"\($0.title)\" (\($0.listName))" }.joined(separator: ", ")
                throw ReplyError(
                    reply: .failure(
                        .errorAmbiguous, t(c, .errorAmbiguous, ["ref": words, "candidates": candidates])))
            }
            return first
        case .context:
            guard let id = c.lastReminded, let task = try store.task(id, in: user.space) else {
                throw ReplyError(reply: .failure(.errorUsage, t(c, .errorNoContext)))
            }
            return task
        }
    }
}

extension Feature {
    /// A routine or event named by `words` when no task matches them (also for `describe` and `info`).
    func fallbackTarget(_ words: String, user: User) throws -> NoteTarget? {
        guard try store.tasks(matching: words, in: user.space).isEmpty else { return nil }
        let key = TextFold.key(words)
        let routines = try store.routines(in: user.space)
        if routines.contains(where: { TextFold.key($0.name) == key })
            || routines.filter({ r in key.split(separator: " ").allSatisfy { TextFold.key(r.name).contains($0) } })
                .count == 1
        {
            return .routine(words)
        }
        if try store.events(matching: words, in: user.space).count == 1 { return .event(words) }
        return nil
    }
}
