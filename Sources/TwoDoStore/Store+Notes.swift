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
}
