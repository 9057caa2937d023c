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

    public func undoLatest(
        user: UserID, space: SpaceID, now: Int64, accept: (UndoReach) throws -> Bool
    ) throws -> UndoResult {
        guard connection.isInTransaction else {
            return try write { try $0.undoLatest(user: user, space: space, now: now, accept: accept) }
        }
        guard let newest = try newestUndo(user: user, space: space, now: now) else { return .empty }
        let id = newest.id
        let json = String(decoding: newest.changes, as: UTF8.self)
        guard json.hasPrefix("[") else {
            // Not this engine's encoding (a row copied from SQLite's undo_log, a changeset): consumed, unreversed.
            try dropUndo(id)
            return .conflict(
                UndoEntry(
                    id: id, at: newest.at, verb: newest.verb, item: UndoItem(kind: .task, effect: .changed, title: "")))
        }
        let changes = try undoChanges(json)
        // Named now, while its rows still read as the change left them (a title, a list's name).
        let item =
            try undoItem(of: changes, space: space) ?? UndoItem(kind: .task, effect: .changed, title: "")
        let entry = UndoEntry(id: id, at: newest.at, verb: newest.verb, item: item)
        // Another node undoing the same user's entry at once: the DELETE waits for it, finds the entry gone,
        // and this undo goes on to the next one (as it would have, had it come second).
        if try !dropUndo(id) {
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
                guard try accept(undoReach(of: changes)) else {
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

    /// Writes the search text of every searchable row the reversal brought back or changed (deleted rows'
    /// text goes by trigger): the fold is Swift's, so no trigger can.
    private func reindexUndone(_ changes: [UndoChange]) throws {
        for change in changes where change.operation != .insert {
            guard let id = change.id else { continue }
            let kind: SearchKind
            switch change.table {
            case "tasks": kind = .task
            case "routines": kind = .routine
            case "events": kind = .event
            case "task_notes": kind = .taskNote
            case "item_notes": kind = .itemNote
            default: continue
            }
            guard let source = PostgresStore.searchSources.first(where: { $0.kind == kind }) else { continue }
            let sql = source.sql + " WHERE \(source.id) = $1"
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
