// TaskStore's tasks on PostgreSQL: reads in display order, lookup by title, every change, due dates.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Adds a task, and its folded text to the search index.
    public func addTask(
        title: String, list: ListID, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> TaskID {
        let id =
            try taskAreaRow(
                """
                INSERT INTO tasks (space_id, list_id, title, title_key, done, assignee_id, created_by, created_at, updated_at)
                VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $7) RETURNING id
                """,
                [
                    .integer(space.rawValue), .integer(list.rawValue), .text(title), .text(TextFold.key(title)),
                    assignee.map { .integer($0.rawValue) } ?? .null, .integer(user.rawValue), .integer(now),
                ]
            ) { try $0.requiredInt("id") } ?? 0
        try indexSearchText(.task, id: id, space: space, title: title)
        return TaskID(id)
    }

    /// Changes a task's title (and its search text).
    public func setTitle(_ task: TaskID, _ title: String, now: Int64) throws {
        try reindexTask(
            "UPDATE tasks SET title = $1, title_key = $2, updated_at = $3 WHERE id = $4 RETURNING id, space_id, title, description",
            [.text(title), .text(TextFold.key(title)), .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears (nil) a task's description (and its search text).
    public func setDescription(of task: TaskID, to text: String?, now: Int64) throws {
        try reindexTask(
            "UPDATE tasks SET description = $1, updated_at = $2 WHERE id = $3 RETURNING id, space_id, title, description",
            [text.map(PGValue.text) ?? .null, .integer(now), .integer(task.rawValue)])
    }

    /// Runs an UPDATE of a task's text that returns the row, and rewrites its search text.
    private func reindexTask(_ sql: String, _ values: [PGValue]) throws {
        let changed = try taskAreaRows(sql, values) {
            (
                try $0.requiredInt("id"), try $0.requiredInt("space_id"), try $0.requiredText("title"),
                try $0.text("description")
            )
        }
        for (id, space, title, description) in changed {
            try indexSearchText(.task, id: id, space: SpaceID(space), title: title, description: description)
        }
    }
}

extension PostgresStore: TaskStore {}
