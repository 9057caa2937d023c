// Undo's stack and naming on either engine: the `undo_log` rows, what a change was about, and what its reversal
// put back. How a change is recorded and reversed is each engine's (SQLite's changesets, PostgreSQL's captured
// jsonb rows); each reads its record into `UndoChange`s for the shared part.

import TwoDoCore

/// One recorded row change, as far as naming an undo and telling what its reversal put back need it.
package struct UndoChange {
    package enum Operation { case insert, update, delete }
    package let table: String
    package let operation: Operation
    /// The row's id (the inserted row's for an insert, else the row's before the change).
    package let id: Int64?
    /// The image's `name` and `title` columns (a list's or routine's name, a task's or event's title), where it
    /// carries them (the inserted row's for an insert, else the row's before the change).
    package let name: String?
    package let title: String?
    /// The owner a child row points at (from the same image).
    package let taskID: Int64?
    package let routineID: Int64?
    package let eventID: Int64?
    /// The row's space before and after the change, where the engine's record carries it.
    package let oldSpace: Int64?
    package let newSpace: Int64?

    package init(
        table: String, operation: Operation, id: Int64?, name: String?, title: String?, taskID: Int64?,
        routineID: Int64?, eventID: Int64?, oldSpace: Int64? = nil, newSpace: Int64? = nil
    ) {
        (self.table, self.operation, self.id, self.name, self.title) = (table, operation, id, name, title)
        (self.taskID, self.routineID, self.eventID) = (taskID, routineID, eventID)
        (self.oldSpace, self.newSpace) = (oldSpace, newSpace)
    }
}

extension SQLEngine {
    public func pushUndo(_ record: ChangeRecord, user: UserID, space: SpaceID, verb: String, now: Int64) throws {
        guard !record.isEmpty else { return }
        // What the change was about is read from the record when it is undone, not here: every write pays for
        // recording, only an undo for naming (kind, effect and title stay empty in the row).
        try write(
            "INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes) VALUES (?, ?, ?, ?, '', '', '', ?)",
            [.integer(user.rawValue), .integer(space.rawValue), .integer(now), .text(verb), .blob(record.payload)])
        // Keep the newest `depth` entries of the user (older ones are also never undone past the age limit,
        // which `undoLatest` checks): one probe of the (user, id) index for the entry `depth` back.
        try write(
            """
            DELETE FROM undo_log WHERE user_id = ?1 AND id <=
                (SELECT id FROM undo_log WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
            """, [.integer(user.rawValue), .integer(Int64(UndoLimits.depth))])
    }

    public func clearUndo(user: UserID) throws {
        try write("DELETE FROM undo_log WHERE user_id = ?", [.integer(user.rawValue)])
    }

    /// The user's newest entry in `space` young enough to undo at `now`: its id, time, verb and record.
    package func newestUndo(
        user: UserID, space: SpaceID, now: Int64
    ) throws -> (
        id: Int64, at: Int64, verb: String, changes: [UInt8]
    )? {
        try row(
            """
            SELECT id, at, verb, changes FROM undo_log
            WHERE user_id = ? AND space_id = ? AND at >= ? ORDER BY id DESC LIMIT 1
            """, [.integer(user.rawValue), .integer(space.rawValue), .integer(now - UndoLimits.maxAge)]
        ) { row in
            (
                try row.requiredInt("id"), try row.requiredInt("at"), try row.requiredText("verb"),
                try row.blob("changes") ?? []
            )
        }
    }

    /// Takes entry `id` off its user's stack (it is being undone, or cannot be); false when it was gone already
    /// (another node undoing the same entry at once: PostgreSQL's DELETE waits for it, then finds nothing).
    @discardableResult
    package func dropUndo(_ id: Int64) throws -> Bool {
        try write("DELETE FROM undo_log WHERE id = ?", [.integer(id)]) > 0
    }

    /// What a change was about: the first changed list, routine, event or task (in that order: deleting a list
    /// deletes its tasks, and the list is the item), else the task, routine or event a changed note, reminder,
    /// mark or exception hangs on. Read while the rows still read as the change left them.
    package func undoItem(of changes: [UndoChange], space: SpaceID) throws -> UndoItem? {
        let owners: [(table: String, kind: UndoItem.Kind, column: String)] = [
            ("lists", .list, "name"), ("routines", .routine, "name"), ("events", .event, "title"),
            ("tasks", .task, "title"),
        ]
        for owner in owners {
            guard let change = changes.first(where: { $0.table == owner.table }) else { continue }
            let effect: UndoItem.Effect =
                switch change.operation {
                case .insert: .created
                case .delete: .deleted
                case .update: .changed
                }
            // An insert or a delete carries the title; an update's is read as the row is now.
            var title = owner.column == "name" ? change.name : change.title
            if change.operation == .update {
                title = try change.id.flatMap {
                    try ownerTitle(owner.table, column: owner.column, id: $0, space: space)
                }
            }
            return UndoItem(kind: owner.kind, effect: effect, title: title ?? "")
        }
        // Something hanging on an item: name the item, which itself did not change.
        let parents: [(table: String, owner: KeyPath<UndoChange, Int64?>, ownerTable: String, kind: UndoItem.Kind)] = [
            ("task_notes", \.taskID, "tasks", .task), ("reminders", \.taskID, "tasks", .task),
            ("plan_entries", \.taskID, "tasks", .task), ("routine_marks", \.routineID, "routines", .routine),
            ("routine_schedules", \.routineID, "routines", .routine),
            ("routine_pauses", \.routineID, "routines", .routine),
            ("event_exceptions", \.eventID, "events", .event), ("item_notes", \.routineID, "routines", .routine),
            ("item_notes", \.eventID, "events", .event), ("schedule_reminders", \.routineID, "routines", .routine),
            ("schedule_reminders", \.eventID, "events", .event),
        ]
        for parent in parents {
            for change in changes where change.table == parent.table {
                guard let owner = change[keyPath: parent.owner] else { continue }
                let column = parent.ownerTable == "routines" ? "name" : "title"
                guard let title = try ownerTitle(parent.ownerTable, column: column, id: owner, space: space) else {
                    continue
                }
                return UndoItem(kind: parent.kind, effect: .changed, title: title)
            }
        }
        return nil
    }

    /// The name or title of an owner row as it reads now (`table` and `column` are constants of `undoItem`).
    /// Only `space` is read: an id never names another space's row, and a name is never shown from one even so.
    private func ownerTitle(_ table: String, column: String, id: Int64, space: SpaceID) throws -> String? {
        try row(
            SQL("SELECT \(column) AS name FROM \(table) WHERE id = ? AND space_id = ?"),
            [.integer(id), .integer(space.rawValue)]
        ) { try $0.text("name") } ?? nil
    }

    /// What an applied reversal of `changes` put back (see `UndoReach`): the old image of every row the change
    /// deleted or updated; a task's list and parent are read from the row as it is now.
    package func undoReach(of changes: [UndoChange]) throws -> UndoReach {
        var reach = UndoReach()
        for change in changes where change.operation != .insert {
            switch change.table {
            case "tasks":
                guard let id = change.id else { continue }
                let task = try row("SELECT list_id, parent_id FROM tasks WHERE id = ?", [.integer(id)]) {
                    (try $0.int("list_id"), try $0.int("parent_id"))
                }
                guard let (list, parent) = task else { continue }
                if let parent {
                    reach.parents.insert(TaskID(parent))
                } else if let list {
                    reach.lists.insert(ListID(list))
                }
            case "task_notes" where change.operation == .delete:
                if let task = change.taskID { reach.noteTasks.insert(TaskID(task)) }
            case "item_notes" where change.operation == .delete:
                if let routine = change.routineID { reach.noteRoutines.insert(RoutineID(routine)) }
                if let event = change.eventID { reach.noteEvents.insert(EventID(event)) }
            default:
                continue
            }
        }
        return reach
    }
}
