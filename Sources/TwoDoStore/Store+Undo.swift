// SQL on `undo_log`: each user's last changes as SQLite changesets, reversed by `undo`.

import TwoDoCore

extension Store {
    // Table `undo_log`: migration 8.

    /// The tables whose rows make up a space's content: what `undo` records and reverses. Users, spaces,
    /// invites, notifications, counters (kept by triggers) and the search index (likewise) are not recorded.
    package static let undoTables = [
        "lists", "tasks", "task_notes", "reminders", "routines", "routine_schedules", "routine_pauses",
        "routine_marks", "events", "event_exceptions", "item_notes", "schedule_reminders",
        "plan_entries",
    ]

    /// Rows the server itself moves on (a reminder's fired time): a reversal settles them in its own favour
    /// instead of refusing.
    package static let undoLenientTables: Set<String> = ["reminders", "schedule_reminders"]

    public func recordingChanges<T>(_ body: () throws -> T) throws -> (T, ChangeRecord) {
        let (result, changes) = try Changeset.record(on: db, tables: Store.undoTables, body)
        return (result, ChangeRecord(payload: changes.bytes))
    }

    public func pushUndo(_ record: ChangeRecord, user: UserID, space: SpaceID, verb: String, now: Int64) throws {
        guard !record.isEmpty else { return }
        // What the change was about is read from the changeset when it is undone, not here: every write pays
        // for recording, only an undo for naming (kind, effect and title stay empty in the row).
        try db.run(
            "INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes) VALUES (?, ?, ?, ?, '', '', '', ?)",
            .integer(user.rawValue), .integer(space.rawValue), .integer(now), .text(verb), .blob(record.payload))
        // Keep the newest `depth` entries of the user (older ones are also never undone past the age limit,
        // which `undoLatest` checks): one probe of the (user, id) index for the entry `depth` back.
        try db.run(
            """
            DELETE FROM undo_log WHERE user_id = ?1 AND id <=
                (SELECT id FROM undo_log WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
            """,
            .integer(user.rawValue), .integer(Int64(UndoLimits.depth)))
    }

    public func undoLatest(
        user: UserID, space: SpaceID, now: Int64, accept: (UndoReach) throws -> Bool
    ) throws -> UndoResult {
        let newest = try db.queryOne(
            """
            SELECT id, at, verb, changes FROM undo_log
            WHERE user_id = ? AND space_id = ? AND at >= ? ORDER BY id DESC LIMIT 1
            """,
            .integer(user.rawValue), .integer(space.rawValue), .integer(now - UndoLimits.maxAge)
        ) { row -> (Int64, Int64, String, [UInt8]) in
            (
                try row.requiredInt("id"), try row.requiredInt("at"), try row.requiredText("verb"),
                row.blob("changes") ?? []
            )
        }
        guard let (id, at, verb, bytes) = newest else { return .empty }
        // Named now, while its rows still read as the change left them (a title, a list's name).
        let item =
            (try? undoItem(of: Changeset(bytes: bytes), space: space))
            ?? UndoItem(kind: .task, effect: .changed, title: "")
        let entry = UndoEntry(id: id, at: at, verb: verb, item: item)
        try db.run("DELETE FROM undo_log WHERE id = ?", .integer(entry.id))
        let reverse = try Changeset(bytes: bytes).inverted()
        let changes = try reverse.changes()
        guard try rowsAreAsLeft(changes, space: space) else { return .conflict(entry) }
        let expected = Set(changes.map(\.key))
        // Applied inside a savepoint while recording: a cascade onto rows the entry does not know (a note the
        // partner added since to a task this undo would delete) shows as an extra change, and is refused. So is
        // whatever the schema refuses (a parent gone, another space's row, a name that is no member's).
        var overLimit = false
        let applied = try? savepoint { () throws -> Bool in
            let (result, touched) = try Changeset.record(on: db, tables: Store.undoTables) {
                try reverse.apply(on: db, lenientTables: Store.undoLenientTables)
            }
            guard result == .applied else { throw UndoRefused() }
            guard try touched.changes().allSatisfy({ expected.contains($0.key) }) else { throw UndoRefused() }
            guard try accept(reach(of: changes)) else {
                overLimit = true
                throw UndoRefused()
            }
            return true
        }
        if overLimit { return .overLimit(entry) }
        return applied == true ? .undone(entry) : .conflict(entry)
    }

    /// What an applied reversal put back (see `UndoReach`): read from its changes, and for a task from the row.
    private func reach(of changes: [Changeset.Change]) throws -> UndoReach {
        var reach = UndoReach()
        for change in changes where change.operation != .delete {
            let names = try columnNames(change.table)
            func new(_ column: String) -> Int64? {
                guard let i = names.firstIndex(of: column), i < change.new.count, case .integer(let v)? = change.new[i]
                else { return nil }
                return v
            }
            switch change.table {
            case "tasks":
                let key = change.operation == .insert ? change.new.first : change.old.first
                guard case .integer(let id)?? = key else { continue }
                let row = try db.queryOne("SELECT list_id, parent_id FROM tasks WHERE id = ?", .integer(id)) {
                    ($0.int("list_id"), $0.int("parent_id"))
                }
                guard let (list, parent) = row else { continue }
                if let parent {
                    reach.parents.insert(TaskID(parent))
                } else if let list {
                    reach.lists.insert(ListID(list))
                }
            case "task_notes" where change.operation == .insert:
                if let task = new("task_id") { reach.noteTasks.insert(TaskID(task)) }
            case "item_notes" where change.operation == .insert:
                if let routine = new("routine_id") { reach.noteRoutines.insert(RoutineID(routine)) }
                if let event = new("event_id") { reach.noteEvents.insert(EventID(event)) }
            default:
                continue
            }
        }
        return reach
    }

    public func clearUndo(user: UserID) throws {
        try db.run("DELETE FROM undo_log WHERE user_id = ?", .integer(user.rawValue))
    }

    /// Whether every row a reversal touches is still as the change left it: a row to delete or update has the
    /// values the reversal expects (all of them for a delete, the changed ones for an update), a row to insert
    /// has not come back (or its id been taken). Rows of the lenient tables pass. Checked before applying
    /// because a reversal that deletes a parent first removes its children by cascade before their own checks.
    /// Every row the reversal writes must be of `space`, the entry's (lenient rows too): a row restored by its old
    /// id comes back only where it was.
    private func rowsAreAsLeft(_ changes: [Changeset.Change], space: SpaceID) throws -> Bool {
        let home = SQLValue.integer(space.rawValue)
        for change in changes {
            let lenient = Store.undoLenientTables.contains(change.table)
            let keyColumns = change.primaryKey.indices.filter { change.primaryKey[$0] }
            let keyValues = keyColumns.map { (change.operation == .insert ? change.new : change.old)[$0] ?? .null }
            let names = try columnNames(change.table)
            let spaceColumn = names.firstIndex(of: "space_id")
            let filter = keyColumns.map { "\(names[$0]) = ?" }.joined(separator: " AND ")
            let current = try db.queryOne("SELECT * FROM \(change.table) WHERE \(filter)", keyValues) { $0.values }
            switch change.operation {
            case .insert:
                if let spaceColumn, spaceColumn < change.new.count, change.new[spaceColumn] != home { return false }
                if current != nil && !lenient { return false }
            case .delete, .update:
                if let current, let spaceColumn, spaceColumn < current.count, current[spaceColumn] != home {
                    return false
                }
                if lenient { continue }
                guard let current, current.count == change.old.count else { return false }
                for (i, expected) in change.old.enumerated() {
                    if let expected, expected != current[i] { return false }
                }
            }
        }
        return true
    }

    /// What a changeset was about: the first changed list, routine, event or task (in that order: deleting a list
    /// deletes its tasks, and the list is the item), else the task, routine or event a changed note, reminder,
    /// mark or exception hangs on.
    private func undoItem(of changes: Changeset, space: SpaceID) throws -> UndoItem? {
        let all = try changes.changes()
        let owners: [(table: String, kind: UndoItem.Kind, name: String)] = [
            ("lists", .list, "name"), ("routines", .routine, "name"), ("events", .event, "title"),
            ("tasks", .task, "title"),
        ]
        for owner in owners {
            guard let change = all.first(where: { $0.table == owner.table }) else { continue }
            let effect: UndoItem.Effect =
                switch change.operation {
                case .insert: .created
                case .delete: .deleted
                case .update: .changed
                }
            let id = (change.operation == .insert ? change.new : change.old).first ?? nil
            let title = try itemTitle(owner.table, column: owner.name, id: id, change: change, space: space)
            return UndoItem(kind: owner.kind, effect: effect, title: title)
        }
        // Something hanging on an item: name the item, which itself did not change.
        let parents: [(table: String, column: String, owner: String, kind: UndoItem.Kind, name: String)] = [
            ("task_notes", "task_id", "tasks", .task, "title"), ("reminders", "task_id", "tasks", .task, "title"),
            ("plan_entries", "task_id", "tasks", .task, "title"),
            ("routine_marks", "routine_id", "routines", .routine, "name"),
            ("routine_schedules", "routine_id", "routines", .routine, "name"),
            ("routine_pauses", "routine_id", "routines", .routine, "name"),
            ("event_exceptions", "event_id", "events", .event, "title"),
            ("item_notes", "routine_id", "routines", .routine, "name"),
            ("item_notes", "event_id", "events", .event, "title"),
            ("schedule_reminders", "routine_id", "routines", .routine, "name"),
            ("schedule_reminders", "event_id", "events", .event, "title"),
        ]
        for parent in parents {
            for change in all where change.table == parent.table {
                let owner = try ownerID(of: change, table: parent.table, column: parent.column, space: space)
                guard let owner else { continue }
                // Only the user's own space is read: an id never names another space's row (migration 21), and
                // a name is never shown from one even so.
                let title = try db.queryOne(
                    "SELECT \(parent.name) AS name FROM \(parent.owner) WHERE id = ? AND space_id = ?",
                    .integer(owner), .integer(space.rawValue)
                ) { $0.text("name") }
                guard let title = title ?? nil else { continue }
                return UndoItem(kind: parent.kind, effect: .changed, title: title)
            }
        }
        return nil
    }

    /// The title or name of a changed owner row: from the change itself when it carries it (an insert or a
    /// delete carries every column), else as the row reads now.
    private func itemTitle(
        _ table: String, column: String, id: SQLValue?, change: Changeset.Change, space: SpaceID
    ) throws -> String {
        let values = change.operation == .insert ? change.new : change.old
        if change.operation != .update, let index = try columnIndex(table, column), index < values.count,
            case .text(let title)? = values[index]
        {
            return title
        }
        guard case .integer(let rowID)? = id else { return "" }
        let title = try db.queryOne(
            "SELECT \(column) AS name FROM \(table) WHERE id = ? AND space_id = ?", .integer(rowID),
            .integer(space.rawValue)
        ) { $0.text("name") }
        return (title ?? nil) ?? ""
    }

    /// The owner id a child row of `table` points at through `column` (from the change, or the row itself).
    private func ownerID(of change: Changeset.Change, table: String, column: String, space: SpaceID) throws -> Int64? {
        let values = change.operation == .insert ? change.new : change.old
        let columns = try columnNames(table)
        guard let index = columns.firstIndex(of: column) else { return nil }
        // An insert or a delete carries every column; an update its key and changed columns (the owner is
        // there when it is part of the key, as in `event_exceptions`).
        if index < values.count, case .integer(let id)? = values[index] { return id }
        guard change.operation == .update, columns.first == "id", case .integer(let rowID)? = change.old.first ?? nil
        else { return nil }
        return try db.queryOne(
            "SELECT \(column) AS owner FROM \(table) WHERE id = ? AND space_id = ?", .integer(rowID),
            .integer(space.rawValue)
        ) { $0.int("owner") } ?? nil
    }

    /// The position of `column` in `table` (as changesets number them).
    private func columnIndex(_ table: String, _ column: String) throws -> Int? {
        try columnNames(table).firstIndex(of: column)
    }

    /// The columns of `table`, in the order changesets number them.
    private func columnNames(_ table: String) throws -> [String] {
        if let names = columnNamesCache[table] { return names }
        let names = try db.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", .text(table)) {
            $0.text("name") ?? ""
        }
        columnNamesCache[table] = names
        return names
    }
}

/// Thrown inside the undo savepoint to roll a refused reversal back.
private struct UndoRefused: Error {}
