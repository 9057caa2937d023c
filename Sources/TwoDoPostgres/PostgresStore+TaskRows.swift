// The task SELECT on PostgreSQL (as SQLite's `Store.taskColumns`) and its decoding into `TaskItem`.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Every column a `TaskItem` needs: SQLite's own SELECT (`Store.taskColumns`), which is plain SQL both
    /// engines read alike.
    static let taskColumns = Store.taskColumns

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
        task.dueAt = try row.int("due_at")
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
