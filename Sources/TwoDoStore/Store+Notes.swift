// SQL on `task_notes` and `item_notes`: notes on tasks, routines and events, listed, counted and deleted by number.

import TwoDoCore

extension Store {
    // Table `task_notes`: migration 1. Table `item_notes` (notes on routines and events): migration 3.

    /// Attaches a note to a task.
    public func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws {
        try db.run(
            // The note's space is its task's (migration 21: the composite key and the member check hold it there).
            """
            INSERT INTO task_notes (task_id, author_id, created_at, body, space_id)
            SELECT id, ?, ?, ?, space_id FROM tasks WHERE id = ?
            """, .integer(user.rawValue), .integer(now), .text(text), .integer(task.rawValue))
        try touch(task, now: now)
    }

    /// The notes of a task, oldest first.
    public func notes(of task: TaskID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM task_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.task_id = ? ORDER BY n.id",
            .integer(task.rawValue)
        ) { Note(author: $0.text("author"), at: try $0.requiredInt("created_at"), text: try $0.requiredText("body")) }
    }

    /// Attaches a note to a routine or an event.
    public func addNote(
        routine: RoutineID? = nil, event: EventID? = nil, by user: UserID, text: String, now: Int64
    ) throws {
        try db.run(
            """
            INSERT INTO item_notes (routine_id, event_id, author_id, created_at, body, space_id)
            SELECT ?1, ?2, ?3, ?4, ?5, coalesce(
                (SELECT space_id FROM routines WHERE id = ?1), (SELECT space_id FROM events WHERE id = ?2))
            """,
            routine.map { .integer($0.rawValue) } ?? .null, event.map { .integer($0.rawValue) } ?? .null,
            .integer(user.rawValue), .integer(now), .text(text))
    }

    /// The notes of a routine, oldest first.
    public func notes(of routine: RoutineID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.routine_id = ? ORDER BY n.id",
            .integer(routine.rawValue), map: Store.note)
    }

    /// The notes of an event, oldest first.
    public func notes(of event: EventID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.event_id = ? ORDER BY n.id",
            .integer(event.rawValue), map: Store.note)
    }

    private static func note(_ row: Row) throws -> Note {
        Note(author: row.text("author"), at: try row.requiredInt("created_at"), text: try row.requiredText("body"))
    }

    /// Deletes the `number`-th note (1-based, oldest first) of a task; returns it, or nil when there is none.
    public func deleteNote(of task: TaskID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM task_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.task_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM task_notes WHERE id = ?", owner: task.rawValue, number: number)
    }

    /// Deletes the `number`-th note of a routine; returns it, or nil when there is none.
    public func deleteNote(of routine: RoutineID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.routine_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM item_notes WHERE id = ?", owner: routine.rawValue, number: number)
    }

    /// Deletes the `number`-th note of an event; returns it, or nil when there is none.
    public func deleteNote(of event: EventID, number: Int) throws -> Note? {
        try deleteNumbered(
            "SELECT n.id, u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.event_id = ? ORDER BY n.id LIMIT 1 OFFSET ?",
            "DELETE FROM item_notes WHERE id = ?", owner: event.rawValue, number: number)
    }

    private func deleteNumbered(_ select: String, _ delete: String, owner: Int64, number: Int) throws -> Note? {
        guard number >= 1 else { return nil }
        guard
            let (id, note) = try db.queryOne(
                select, .integer(owner), .integer(Int64(number - 1)),
                map: { (try $0.requiredInt("id"), try Store.note($0)) })
        else { return nil }
        try db.run(delete, .integer(id))
        return note
    }

    /// The number of notes on a task, a routine or an event (from their note indexes).
    public func noteCount(task: TaskID? = nil, routine: RoutineID? = nil, event: EventID? = nil) throws -> Int {
        let (sql, id): (String, Int64)
        if let task {
            (sql, id) = ("SELECT count(*) AS n FROM task_notes WHERE task_id = ?", task.rawValue)
        } else if let routine {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE routine_id = ?", routine.rawValue)
        } else if let event {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE event_id = ?", event.rawValue)
        } else {
            preconditionFailure("noteCount needs one item")
        }
        return Int(try db.queryOne(sql, .integer(id)) { try $0.requiredInt("n") } ?? 0)
    }
}
