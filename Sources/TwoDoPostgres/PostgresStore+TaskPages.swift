// TaskStore's pages, counts and notes on PostgreSQL: keyset and offset pages, due and undated views, task notes.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // MARK: Notes

    /// Attaches a note to a task (and its folded text to the search index, in the task's space).
    public func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws {
        let added = try taskAreaRow(
            """
            INSERT INTO task_notes (task_id, author_id, created_at, body) VALUES ($1, $2, $3, $4)
            RETURNING id, (SELECT space_id FROM tasks WHERE id = $1) AS space_id
            """, [.integer(task.rawValue), .integer(user.rawValue), .integer(now), .text(text)]
        ) { (try $0.requiredInt("id"), try $0.requiredInt("space_id")) }
        if let (id, space) = added { try indexSearchText(.note, id: id, space: SpaceID(space), title: text) }
        try taskAreaRun("UPDATE tasks SET updated_at = $1 WHERE id = $2", [.integer(now), .integer(task.rawValue)])
    }
}
