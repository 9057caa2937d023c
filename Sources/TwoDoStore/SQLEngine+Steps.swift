// A task's steps (rows of `tasks` with a `parent_id`) as both engines read, add, complete and copy them.

import TwoDoCore

extension SQLEngine {
    /// The steps of a task, oldest first (from the `tasks_steps` index).
    public func steps(of task: TaskID) throws -> [TaskItem] {
        try rows(SharedSQL.stepsOfTask, [.integer(task.rawValue)], map: Rows.task)
    }

    /// How many steps a task has, and how many are done (from the `tasks_steps` index alone).
    public func stepCounts(of task: TaskID) throws -> StepProgress {
        try row(
            "SELECT count(*) AS n, coalesce(sum(done), 0) AS done FROM tasks WHERE parent_id = ?",
            [.integer(task.rawValue)]
        ) { StepProgress(done: Int(try $0.requiredInt("done")), total: Int(try $0.requiredInt("n"))) }
            ?? StepProgress(done: 0, total: 0)
    }

    /// Adds an open step in the parent's list and space (PostgreSQL: and its title to the search index).
    public func addStep(
        title: String, under parent: TaskItem, space: SpaceID, by user: UserID, now: Int64
    ) throws -> TaskID {
        precondition(parent.parent == nil, "a step has no steps")
        return TaskID(
            try insert(
                .task,
                """
                INSERT INTO tasks (space_id, list_id, parent_id, title, title_key, done, created_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)
                """,
                [
                    .integer(space.rawValue), .integer(parent.list.rawValue), .integer(parent.id.rawValue),
                    .text(title), .text(TextFold.key(title)), .integer(user.rawValue), .integer(now), .integer(now),
                ], title: title, description: nil) ?? 0)
    }

    /// Copies the steps of `source` under `target`, open, in their order: an INSERT … SELECT … ORDER BY takes
    /// ids in the order its rows come (SQLite's rowids, PostgreSQL's identity values). PostgreSQL indexes the
    /// copies' titles from what the INSERT returns.
    public func copySteps(from source: TaskID, to target: TaskID, by user: UserID, now: Int64) throws {
        try updateText(
            .task, title: "title", SharedSQL.stepCopies,
            [
                .integer(user.rawValue), .integer(now), .integer(now), .integer(target.rawValue),
                .integer(source.rawValue),
            ])
    }

    /// Marks every open step of a task done by `user`; returns how many.
    @discardableResult
    public func completeSteps(of task: TaskID, by user: UserID, now: Int64) throws -> Int {
        try write(
            """
            UPDATE tasks SET done = 1, completed_by = ?, completed_at = ?, updated_at = ?
            WHERE parent_id = ? AND done = 0
            """, [.integer(user.rawValue), .integer(now), .integer(now), .integer(task.rawValue)])
    }
}

extension SharedSQL {
    static let stepCopies = SQL { d in
        """
        INSERT INTO tasks (space_id, list_id, parent_id, title, title_key, done, created_by, created_at, updated_at)
        SELECT p.space_id, p.list_id, p.id, s.title, s.title_key, 0, ?, ?, ?
        FROM tasks s JOIN tasks p ON p.id = ? WHERE s.parent_id = ? ORDER BY s.created_at, s.id
        """ + d.returning("id, space_id, title, description")
    }
    static let stepsOfTask = SQL(Rows.taskColumns + " WHERE t.parent_id = ? ORDER BY t.created_at, t.id")
}
