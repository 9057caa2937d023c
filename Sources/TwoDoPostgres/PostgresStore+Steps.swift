// StepStore on PostgreSQL: a task's steps (rows of `tasks` with a `parent_id`), counted, added, completed, copied.

import TwoDoCore
import TwoDoStore

extension PostgresStore: StepStore {
    /// Adds an open step in the parent's list and space (and its title to the search index, as every task's).
    public func addStep(
        title: String, under parent: TaskItem, space: SpaceID, by user: UserID, now: Int64
    ) throws -> TaskID {
        precondition(parent.parent == nil, "a step has no steps")
        let id =
            try taskAreaRow(
                """
                INSERT INTO tasks (space_id, list_id, parent_id, title, title_key, done, created_by, created_at, updated_at)
                VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $7) RETURNING id
                """,
                [
                    .integer(space.rawValue), .integer(parent.list.rawValue), .integer(parent.id.rawValue),
                    .text(title),
                    .text(TextFold.key(title)), .integer(user.rawValue), .integer(now),
                ]
            ) { try $0.requiredInt("id") } ?? 0
        try indexSearchText(.task, id: id, space: space, title: title)
        return TaskID(id)
    }

    /// Copies the steps of `source` under `target`, open, in their order (an INSERT … SELECT … ORDER BY takes
    /// identity values in the order its rows come, so ids follow the steps' order as SQLite's rowids do).
    public func copySteps(from source: TaskID, to target: TaskID, by user: UserID, now: Int64) throws {
        let added = try taskAreaRows(
            """
            INSERT INTO tasks (space_id, list_id, parent_id, title, title_key, done, created_by, created_at, updated_at)
            SELECT p.space_id, p.list_id, p.id, s.title, s.title_key, 0, $1, $2, $2
            FROM tasks s JOIN tasks p ON p.id = $3 WHERE s.parent_id = $4 ORDER BY s.created_at, s.id
            RETURNING id, space_id, title
            """, [.integer(user.rawValue), .integer(now), .integer(target.rawValue), .integer(source.rawValue)]
        ) { (try $0.requiredInt("id"), try $0.requiredInt("space_id"), try $0.requiredText("title")) }
        for (id, space, title) in added { try indexSearchText(.task, id: id, space: SpaceID(space), title: title) }
    }
}
