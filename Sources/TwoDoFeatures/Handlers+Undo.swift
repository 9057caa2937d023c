// undo: each user's last changes, recorded as they are made and taken back newest first.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// Runs `command`; when it is an undoable change that succeeded, pushes what it changed on the user's
    /// undo stack (in the command's savepoint, so the entry commits with the change or not at all).
    func dispatchRecordingUndo(_ command: Command, on c: Session, user: User?, tag: String?) throws -> Handled {
        guard let user, command.isUndoable else { return try dispatch(command, on: c, user: user, tag: tag) }
        let (handled, record) = try store.recordingChanges { try dispatch(command, on: c, user: user, tag: tag) }
        if case .outcome(let outcome?) = handled, outcome.reply.ok, !record.isEmpty {
            try store.pushUndo(record, user: user.id, space: user.space, verb: command.verb, now: clock.now)
        }
        return handled
    }

    /// `undo` / `geri al`: reverses the user's newest change unless someone changed the same rows since.
    func undo(user: User, on c: Session) throws -> Reply {
        switch try store.undoLatest(user: user.id, space: user.space, now: clock.now) {
        case .empty:
            return .failure(.errorNothingToUndo, t(c, .errorNothingToUndo))
        case .conflict(let entry):
            return .failure(
                .errorUndoConflict,
                t(c, .errorUndoConflict, ["verb": verbName(entry.verb, c.lang), "title": entry.item.title]),
                data: Handlers.undoData(entry))
        case .undone(let entry):
            remindersChanged = true
            let members = try store.members(of: user.space)
            let (replyKey, eventKey): (TextKey, TextKey) =
                switch entry.item.effect {
                case .created: (.changeUndoneCreated, .eventChangeUndoneCreated)
                case .deleted: (.changeUndoneDeleted, .eventChangeUndoneDeleted)
                case .changed: (.changeUndone, .eventChangeUndone)
                }
            let data = Handlers.undoData(entry)
            try raise(
                .changeUndone, key: eventKey, actor: user, recipients: members, args: ["title": entry.item.title],
                data: data, localArgs: { lang, _ in ["verb": self.verbName(entry.verb, lang)] })
            return .success(
                .changeUndone, [t(c, replyKey, ["verb": verbName(entry.verb, c.lang), "title": entry.item.title])],
                data: data)
        }
    }

    /// A verb as people say it in `lang` (`verb.done`: "done", "bitti"), or the English verb.
    func verbName(_ verb: String, _ lang: Language) -> String {
        TextKey.verbName(verb).map { Catalog.text($0, lang) } ?? verb
    }

    /// The JSON of an undo entry: what kind of item, which, what the change was and did.
    static func undoData(_ entry: UndoEntry) -> JSONValue {
        .object([
            ("verb", .string(entry.verb)), ("kind", .string(entry.item.kind.rawValue)),
            ("title", .string(entry.item.title)), ("effect", .string(entry.item.effect.rawValue)),
        ])
    }
}
