// StepStore on PostgreSQL: a task's steps (rows of `tasks` with a `parent_id`), counted, added, completed, copied.

import TwoDoCore
import TwoDoStore

extension PostgresStore: StepStore {
    /// The steps of a task, oldest first (from the `tasks_steps` index).
    public func steps(of task: TaskID) throws -> [TaskItem] {
        try taskItems(" WHERE t.parent_id = $1 ORDER BY t.created_at, t.id", [.integer(task.rawValue)])
    }

    /// How many steps a task has, and how many are done (from the `tasks_steps` index).
    public func stepCounts(of task: TaskID) throws -> StepProgress {
        try taskAreaRow(
            "SELECT count(*) AS n, count(*) FILTER (WHERE done <> 0) AS done FROM tasks WHERE parent_id = $1",
            [.integer(task.rawValue)]
        ) { StepProgress(done: Int(try $0.requiredInt("done")), total: Int(try $0.requiredInt("n"))) }
            ?? StepProgress(done: 0, total: 0)
    }

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

    /// Marks every open step of a task done by `user`; returns how many.
    @discardableResult
    public func completeSteps(of task: TaskID, by user: UserID, now: Int64) throws -> Int {
        try taskAreaRun(
            """
            UPDATE tasks SET done = 1, completed_by = $1, completed_at = $2, updated_at = $2
            WHERE parent_id = $3 AND done = 0
            """, [.integer(user.rawValue), .integer(now), .integer(task.rawValue)])
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
