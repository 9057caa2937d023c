// The task SELECT on PostgreSQL (as SQLite's `Store.taskColumns`) and its decoding into `TaskItem`.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Every column a `TaskItem` needs, as SQLite's `Store.taskColumns` (the same joins and subqueries).
    static let taskColumns = """
        SELECT t.id, t.list_id, l.name AS list_name, t.title, t.done, a.name AS assignee, c.name AS created_by,
               t.created_at, t.updated_at, d.name AS completed_by, t.completed_at,
               t.due_date, t.due_time, t.due_tz, t.scheduled_date, t.priority, t.recurrence, t.nag_minutes,
               (SELECT count(*) FROM task_notes n WHERE n.task_id = t.id) AS note_count,
               t.parent_id, p.title AS parent_title,
               (SELECT count(*) FROM tasks s WHERE s.parent_id = t.id) AS step_total,
               (SELECT count(*) FROM tasks s WHERE s.parent_id = t.id AND s.done = 1) AS step_done, t.title_key,
               l.icon AS list_icon, t.description,
               pe.user_id AS plan_user_id, pu.name AS plan_user, pe.plan_date, pe.region AS plan_region,
               pe.bucket AS plan_bucket, pe.position AS plan_position, pe.status AS plan_status, pe.deferred_at
        FROM tasks t
        JOIN lists l ON l.id = t.list_id
        LEFT JOIN tasks p ON p.id = t.parent_id
        LEFT JOIN users a ON a.id = t.assignee_id
        LEFT JOIN users c ON c.id = t.created_by
        LEFT JOIN users d ON d.id = t.completed_by
        LEFT JOIN plan_entries pe ON pe.task_id = t.id
        LEFT JOIN users pu ON pu.id = pe.user_id
        """

    /// The task in a row read with `taskColumns`.
    static func task(from row: PGRow) throws -> TaskItem {
        var task = TaskItem(
            id: TaskID(try row.requiredInt("id")), list: ListID(try row.requiredInt("list_id")),
            listName: try row.requiredText("list_name"),
            title: try row.requiredText("title"), isDone: try row.requiredInt("done") == 1,
            assignee: try row.text("assignee"),
            createdBy: try row.text("created_by"), createdAt: try row.requiredInt("created_at"),
            updatedAt: try row.requiredInt("updated_at"),
            completedBy: try row.text("completed_by"), completedAt: try row.int("completed_at"), noteCount: 0)
        if let date = try row.date("due_date") {
            task.due = DueDate(date: date, time: try row.time("due_time"), tz: try row.text("due_tz") ?? "UTC")
        }
        task.scheduledDate = try row.date("scheduled_date")
        task.priority = try row.required("priority", as: Priority.self)
        task.recurrence = try row.recurrence("recurrence")
        task.nagMinutes = try row.int("nag_minutes").map(Int.init)
        task.noteCount = Int(try row.requiredInt("note_count"))
        task.parent = try row.int("parent_id").map(TaskID.init)
        task.parentTitle = try row.text("parent_title")
        task.steps = StepProgress(
            done: Int(try row.requiredInt("step_done")), total: Int(try row.requiredInt("step_total")))
        task.listIcon = try row.text("list_icon")
        task.description = try row.text("description")
        task.plan = try plan(from: row)
        return task
    }

    /// The plan entry of a row read with `taskColumns`, nil when the task is on no plan.
    static func plan(from row: PGRow) throws -> TaskPlan? {
        guard let user = try row.int("plan_user_id") else { return nil }
        guard let date = try row.date("plan_date") else {
            throw DatabaseError(postgres: "column plan_date is NULL", sqlState: "22004", sql: nil)
        }
        return TaskPlan(
            user: UserID(user), userName: try row.text("plan_user") ?? "?", date: date,
            region: try row.required("plan_region", as: PlanRegion.self),
            bucket: try row.text("plan_bucket").flatMap(PlanBucket.init(rawValue:)),
            position: Int(try row.int("plan_position") ?? 0),
            stored: try row.required("plan_status", as: PlanStatus.self), deferredAt: try row.int("deferred_at"))
    }

    /// Every row of `sql` run with `values`, each mapped by `map`.
    func taskAreaRows<T>(
        _ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T
    ) throws -> [T] {
        let result = try connection.execute(sql, values)
        return try (0..<result.rowCount).map { try map(PGRow(result: result, row: $0)) }
    }

    /// The first row of `sql` mapped by `map`, nil when there is none.
    func taskAreaRow<T>(_ sql: String, _ values: [PGValue] = [], map: (PGRow) throws -> T) throws -> T? {
        let result = try connection.execute(sql, values)
        return result.rowCount == 0 ? nil : try map(PGRow(result: result, row: 0))
    }

    /// The integer in column `n` of the first row of `sql` (0 when there is no row or it is NULL).
    func taskAreaCount(_ sql: String, _ values: [PGValue] = []) throws -> Int {
        let result = try connection.execute(sql, values)
        guard result.rowCount > 0, let n = try result.int(0, "n") else { return 0 }
        return Int(n)
    }

    /// Runs a write; returns how many rows it touched.
    @discardableResult
    func taskAreaRun(_ sql: String, _ values: [PGValue] = []) throws -> Int {
        try connection.execute(sql, values).affectedRows
    }

    /// The tasks `sql` (appended to `taskColumns`) selects.
    func taskItems(_ tail: String, _ values: [PGValue]) throws -> [TaskItem] {
        try taskAreaRows(PostgresStore.taskColumns + tail, values, map: PostgresStore.task(from:))
    }
}
