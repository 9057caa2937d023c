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

    public func undoLatest(
        user: UserID, space: SpaceID, now: Int64, accept: (UndoReach) throws -> Bool
    ) throws -> UndoResult {
        guard let newest = try newestUndo(user: user, space: space, now: now) else { return .empty }
        let forward = (try? undoChanges(Changeset(bytes: newest.changes).changes(), space: space)) ?? []
        // Named now, while its rows still read as the change left them (a title, a list's name).
        let item = (try? undoItem(of: forward, space: space)) ?? UndoItem(kind: .task, effect: .changed, title: "")
        let entry = UndoEntry(id: newest.id, at: newest.at, verb: newest.verb, item: item)
        try dropUndo(entry.id)
        let reverse = try Changeset(bytes: newest.changes).inverted()
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
            guard try accept(undoReach(of: forward)) else {
                overLimit = true
                throw UndoRefused()
            }
            return true
        }
        if overLimit { return .overLimit(entry) }
        return applied == true ? .undone(entry) : .conflict(entry)
    }

    /// A changeset's changes as the shared naming reads them: each row's id, name or title and owners from the
    /// image the change carries (an insert's new row, else the old one). An update carries only its key and
    /// changed columns, so its owners are read from the row as it is (in `space` only).
    private func undoChanges(_ changes: [Changeset.Change], space: SpaceID) throws -> [UndoChange] {
        try changes.map { change in
            let names = try columnNames(change.table)
            let image = change.operation == .insert ? change.new : change.old
            func value(_ column: String) -> SQLValue? {
                guard let i = names.firstIndex(of: column), i < image.count else { return nil }
                return image[i]
            }
            func int(_ column: String) -> Int64? {
                if case .integer(let v)? = value(column) { v } else { nil }
            }
            func text(_ column: String) -> String? {
                if case .text(let v)? = value(column) { v } else { nil }
            }
            var owners = (task: int("task_id"), routine: int("routine_id"), event: int("event_id"))
            let owned = ["task_id", "routine_id", "event_id"].contains { names.contains($0) && value($0) == nil }
            if change.operation == .update, owned, names.first == "id", let id = int("id") {
                let read = { (column: String) throws -> Int64? in
                    guard names.contains(column) else { return nil }
                    return try self.db.queryOne(
                        "SELECT \(column) AS owner FROM \(change.table) WHERE id = ? AND space_id = ?", .integer(id),
                        .integer(space.rawValue)
                    ) { $0.int("owner") } ?? nil
                }
                owners = (
                    try owners.task ?? read("task_id"), try owners.routine ?? read("routine_id"),
                    try owners.event ?? read("event_id")
                )
            }
            let operation: UndoChange.Operation =
                switch change.operation {
                case .insert: .insert
                case .update: .update
                case .delete: .delete
                }
            return UndoChange(
                table: change.table, operation: operation, id: int("id"), name: text("name"), title: text("title"),
                taskID: owners.task, routineID: owners.routine, eventID: owners.event)
        }
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

    /// The columns of `table`, in the order changesets number them.
    private func columnNames(_ table: String) throws -> [String] {
        if let names = columnNamesCache[table] { return names }
        let names = try columnNames(of: table)
        columnNamesCache[table] = names
        return names
    }
}

/// Thrown inside the undo savepoint to roll a refused reversal back.
private struct UndoRefused: Error {}
