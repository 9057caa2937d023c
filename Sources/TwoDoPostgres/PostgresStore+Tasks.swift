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
}

extension PostgresStore: TaskStore {}
