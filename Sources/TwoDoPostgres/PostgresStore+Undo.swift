// UndoStore on PostgreSQL: content changes captured by row triggers as jsonb, kept per user in `undo_log`,
// reversed by `twodo_undo_apply` unless someone changed the same rows since (PostgresSchema+Undo.swift).

import TwoDoCore
import TwoDoStore

extension PostgresStore: UndoStore {
    /// The content tables, parents first: SQLite's `Store.undoTables`, what is recorded and reversed, and the
    /// order deleted rows come back in. The capture triggers of PostgresSchema+Undo.swift are on the same tables
    /// (`UndoStoreTests` checks that the two lists agree).
    static var undoTables: [String] { Store.undoTables }

    /// Rows the server itself moves on (a reminder's fired time): settled in the reversal's favour.
    static var undoLenientTables: [String] { Store.undoLenientTables.sorted() }

    /// `undoTables` and `undoLenientTables` as PostgreSQL array literals, bound as parameters.
    private static let undoTablesArray = "{" + undoTables.joined(separator: ",") + "}"
    private static let undoLenientArray = "{" + undoLenientTables.joined(separator: ",") + "}"

    /// Runs `body` with the capture triggers on, then takes the rows it changed as the record: the net change
    /// per row (an insert later updated is one insert; an insert later deleted, or an update back to the old
    /// values, nothing), in the order first changed, as a JSON array of `{t, old, new}` (UTF-8 bytes).
    ///
    /// A recording inside another (as SQLite's `ChangeRecorder` allows) records into both: it reads the rows
    /// captured since it began and leaves them, and the switch on, for the enclosing one.
    public func recordingChanges<T>(_ body: () throws -> T) throws -> (T, ChangeRecord) {
        // The switch is transaction-local: outside the turn's transaction, the recording gets one of its own.
        guard connection.isInTransaction else { return try write { try $0.recordingChanges(body) } }
        let start = try connection.execute(
            """
            SELECT current_setting('twodo.recording', true) IS NOT DISTINCT FROM 'on' AS nested,
                   coalesce((SELECT max(seq) FROM undo_capture WHERE backend = pg_backend_pid()), 0) AS mark,
                   set_config('twodo.recording', 'on', true) AS recording
            """)
        let nested = try start.bool(0, "nested") == true
        let mark = try start.requiredInt(0, "mark")
        let result: T
        do {
            result = try body()
        } catch {
            if !nested && !connection.isInFailedTransaction {
                _ = try? connection.execute("SELECT set_config('twodo.recording', 'off', true)")
                _ = try? connection.execute("DELETE FROM undo_capture WHERE backend = pg_backend_pid()")
            }
            throw error
        }
        if !nested { try connection.execute("SELECT set_config('twodo.recording', 'off', true)") }
        let taken = try connection.execute(
            """
            WITH taken AS (
                \(nested ? PostgresStore.peekCaptured : PostgresStore.takeCaptured)
            ), net AS (
                SELECT tbl, min(seq) AS first, (array_agg(old ORDER BY seq))[1] AS old,
                       (array_agg(new ORDER BY seq DESC))[1] AS new
                FROM taken GROUP BY tbl, twodo_undo_key(tbl, coalesce(old, new))
            )
            SELECT jsonb_agg(jsonb_build_object('t', tbl, 'old', old, 'new', new) ORDER BY first)::text AS changes
            FROM net WHERE old IS DISTINCT FROM new
            """, [.integer(mark)])
        let changes = taken.string(0, 0).map { Array($0.utf8) } ?? []
        return (result, ChangeRecord(payload: changes))
    }

    /// The rows this backend captured after `$1`, taken away (the outermost recording).
    private static let takeCaptured =
        "DELETE FROM undo_capture WHERE backend = pg_backend_pid() AND seq > $1 RETURNING seq, tbl, old, new"
    /// The rows this backend captured after `$1`, left for the enclosing recording.
    private static let peekCaptured =
        "SELECT seq, tbl, old, new FROM undo_capture WHERE backend = pg_backend_pid() AND seq > $1"

    public func pushUndo(_ record: ChangeRecord, user: UserID, space: SpaceID, verb: String, now: Int64) throws {
        guard !record.isEmpty else { return }
        // Named when undone, as SQLite's store does (kind, effect and title stay empty in the row).
        try connection.execute(
            """
            INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes)
            VALUES ($1, $2, $3, $4, '', '', '', $5)
            """,
            [.integer(user.rawValue), .integer(space.rawValue), .integer(now), .text(verb), .bytea(record.payload)])
        // The newest `depth` entries of the user stay: one probe of (user_id, id) for the entry `depth` back.
        try connection.execute(
            """
            DELETE FROM undo_log WHERE user_id = $1 AND id <=
                (SELECT id FROM undo_log WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)
            """, [.integer(user.rawValue), .integer(Int64(UndoLimits.depth))])
    }

    public func undoLatest(
        user: UserID, space: SpaceID, now: Int64, accept: (UndoReach) throws -> Bool
    ) throws -> UndoResult {
        guard connection.isInTransaction else {
            return try write { try $0.undoLatest(user: user, space: space, now: now, accept: accept) }
        }
        let newest = try connection.execute(
            """
            SELECT id, at, verb, changes FROM undo_log
            WHERE user_id = $1 AND space_id = $2 AND at >= $3 ORDER BY id DESC LIMIT 1
            """, [.integer(user.rawValue), .integer(space.rawValue), .integer(now - UndoLimits.maxAge)])
        guard newest.rowCount == 1 else { return .empty }
        let id = try newest.requiredInt(0, "id")
        let json = String(decoding: try newest.bytes(0, "changes") ?? [], as: UTF8.self)
        guard json.hasPrefix("[") else {
            // Not this engine's encoding (a row copied from SQLite's undo_log, a changeset): consumed, unreversed.
            try connection.execute("DELETE FROM undo_log WHERE id = $1", [.integer(id)])
            return .conflict(
                UndoEntry(
                    id: id, at: try newest.requiredInt(0, "at"), verb: try newest.requiredString(0, "verb"),
                    item: UndoItem(kind: .task, effect: .changed, title: "")))
        }
        let changes = try undoChanges(json)
        // Named now, while its rows still read as the change left them (a title, a list's name).
        let item =
            try undoItem(of: changes, space: space) ?? UndoItem(kind: .task, effect: .changed, title: "")
        let entry = UndoEntry(
            id: id, at: try newest.requiredInt(0, "at"), verb: try newest.requiredString(0, "verb"), item: item)
        // Another node undoing the same user's entry at once: the DELETE waits for it, finds the entry gone,
        // and this undo goes on to the next one (as it would have, had it come second).
        if try connection.execute("DELETE FROM undo_log WHERE id = $1", [.integer(id)]).affectedRows == 0 {
            return try undoLatest(user: user, space: space, now: now, accept: accept)
        }
        // A row restored by its id comes back only where it was: every image of the entry is of its space.
        let home = space.rawValue
        guard changes.allSatisfy({ ($0.oldSpace ?? home) == home && ($0.newSpace ?? home) == home }) else {
            return .conflict(entry)
        }
        var overLimit = false
        do {
            try savepoint {
                // Whatever the schema refuses (a parent gone, another space's row, a name that is no member's)
                // makes the function answer false, having changed nothing.
                let applied = try connection.execute(
                    "SELECT twodo_undo_apply($1::jsonb, $2::text[], $3::text[]) AS ok",
                    [.text(json), .text(PostgresStore.undoTablesArray), .text(PostgresStore.undoLenientArray)])
                guard try applied.bool(0, "ok") == true else { throw UndoRefused() }
                guard try accept(reach(of: changes)) else {
                    overLimit = true
                    throw UndoRefused()
                }
            }
        } catch is UndoRefused {
            return overLimit ? .overLimit(entry) : .conflict(entry)
        }
        try reindexUndone(changes)
        if changes.contains(where: { $0.table == "lists" }) { noteNamesChanged() }
        return .undone(entry)
    }

    /// What an applied reversal put back (see `UndoReach`): the reversal writes the old image of every row the
    /// change deleted or updated; a task's list and parent are read from the row as it is now.
    private func reach(of changes: [UndoChange]) throws -> UndoReach {
        var reach = UndoReach()
        for change in changes where change.operation != .insert {
            switch change.table {
            case "tasks":
                guard let id = change.id else { continue }
                let row = try connection.execute("SELECT list_id, parent_id FROM tasks WHERE id = $1", [.integer(id)])
                guard row.rowCount == 1 else { continue }
                if let parent = try row.int(0, "parent_id") {
                    reach.parents.insert(TaskID(parent))
                } else if let list = try row.int(0, "list_id") {
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

    public func clearUndo(user: UserID) throws {
        try connection.execute("DELETE FROM undo_log WHERE user_id = $1", [.integer(user.rawValue)])
    }

    /// One recorded row change, as far as naming and re-indexing need it.
    private struct UndoChange {
        enum Operation { case insert, update, delete }
        let table: String
        let operation: Operation
        /// The row's id (the inserted row's for an insert, else the row before the change).
        let id: Int64?
        /// The image's `name` or `title` column (a list's, routine's, task's or event's), if it has one.
        let name: String?
        let title: String?
        /// The owner a child row points at.
        let taskID: Int64?
        let routineID: Int64?
        let eventID: Int64?
        /// The space of the row before and after the change, where the image has one.
        let oldSpace: Int64?
        let newSpace: Int64?
    }

    /// The changes of a payload, in its order (decoded by the server, which wrote the JSON).
    private func undoChanges(_ json: String) throws -> [UndoChange] {
        guard !json.isEmpty else { return [] }
        let result = try connection.execute(
            """
            SELECT c->>'t' AS tbl,
                   CASE WHEN jsonb_typeof(c->'old') <> 'object' THEN 'I'
                        WHEN jsonb_typeof(c->'new') <> 'object' THEN 'D' ELSE 'U' END AS op,
                   i->>'id' AS id, i->>'name' AS name, i->>'title' AS title, i->>'task_id' AS task_id,
                   i->>'routine_id' AS routine_id, i->>'event_id' AS event_id,
                   c->'old'->>'space_id' AS old_space, c->'new'->>'space_id' AS new_space
            FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(c, ord),
                 LATERAL (SELECT CASE WHEN jsonb_typeof(c->'old') = 'object' THEN c->'old' ELSE c->'new' END AS i) x
            ORDER BY ord
            """, [.text(json)])
        return try (0..<result.rowCount).map { r in
            let op = try result.requiredString(r, "op")
            return UndoChange(
                table: try result.requiredString(r, "tbl"),
                operation: op == "I" ? .insert : op == "D" ? .delete : .update,
                id: try result.int(r, "id"), name: try result.string(r, "name"), title: try result.string(r, "title"),
                taskID: try result.int(r, "task_id"), routineID: try result.int(r, "routine_id"),
                eventID: try result.int(r, "event_id"), oldSpace: try result.int(r, "old_space"),
                newSpace: try result.int(r, "new_space"))
        }
    }

    /// What a change was about, as SQLite's store names it: the first changed list, routine, event or task
    /// (in that order), else the task, routine or event a changed note, reminder, mark or exception hangs on.
    private func undoItem(of changes: [UndoChange], space: SpaceID) throws -> UndoItem? {
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
            if change.operation == .update, let id = change.id {
                title = try ownerTitle(owner.table, column: owner.column, id: id, space: space) ?? ""
            }
            return UndoItem(kind: owner.kind, effect: effect, title: title ?? "")
        }
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
        let result = try connection.execute(
            "SELECT \(column) AS name FROM \(table) WHERE id = $1 AND space_id = $2",
            [.integer(id), .integer(space.rawValue)])
        return result.rowCount == 0 ? nil : result.string(0, 0)
    }

    /// Writes the search text of every searchable row the reversal brought back or changed (deleted rows'
    /// text goes by trigger): the fold is Swift's, so no trigger can.
    private func reindexUndone(_ changes: [UndoChange]) throws {
        for change in changes where change.operation != .insert {
            guard let id = change.id else { continue }
            let kind: SearchKind
            let sql: String
            switch change.table {
            case "tasks":
                kind = .task
                sql = "SELECT space_id, title, description FROM tasks WHERE id = $1"
            case "routines":
                kind = .routine
                sql = "SELECT space_id, name AS title, description FROM routines WHERE id = $1"
            case "events":
                kind = .event
                sql = "SELECT space_id, title, description FROM events WHERE id = $1"
            case "task_notes":
                kind = .taskNote
                sql = """
                    SELECT t.space_id, n.body AS title, NULL AS description FROM task_notes n
                    JOIN tasks t ON t.id = n.task_id WHERE n.id = $1
                    """
            case "item_notes":
                kind = .itemNote
                sql = """
                    SELECT coalesce(r.space_id, e.space_id) AS space_id, n.body AS title, NULL AS description
                    FROM item_notes n LEFT JOIN routines r ON r.id = n.routine_id LEFT JOIN events e ON e.id = n.event_id
                    WHERE n.id = $1
                    """
            default: continue
            }
            let row = try connection.execute(sql, [.integer(id)])
            guard row.rowCount == 1, let space = try row.int(0, "space_id") else { continue }
            try indexSearchText(
                kind, id: id, space: SpaceID(space), title: try row.requiredString(0, "title"),
                description: try row.string(0, "description"))
        }
    }
}

/// Thrown inside the undo savepoint to roll a refused reversal back.
private struct UndoRefused: Error {}
