// A task's steps (rows of `tasks` with a `parent_id`) as both engines read and complete them. Adding and
// copying stay each engine's: PostgreSQL indexes each new title for its search.

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
    static let stepsOfTask = SQL(Rows.taskColumns + " WHERE t.parent_id = ? ORDER BY t.created_at, t.id")
}
