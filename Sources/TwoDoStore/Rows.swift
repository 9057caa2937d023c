// One decoder per row type, with the column list it reads: both engines select with these lists and decode
// with these functions, so a SELECT cannot drift from its decoder or from the other engine's.

import Foundation
import TwoDoCore

/// The shared column lists and row decoders. Each decoder takes `some RowReader` (generic, specialized to
/// each engine's row); SQLite's decoders read columns in SELECT order, which makes each lookup by name its
/// statement's first guess.
package enum Rows {
    // MARK: Tasks

    /// Every column a `TaskItem` needs, with their joins (plain SQL, no parameters).
    package static let taskColumns = """
        SELECT t.id, t.list_id, l.name AS list_name, t.title, t.done, a.name AS assignee, c.name AS created_by,
               t.created_at, t.updated_at, d.name AS completed_by, t.completed_at,
               t.due_date, t.due_time, t.due_tz, t.scheduled_date, t.priority, t.recurrence, t.nag_minutes,
               (SELECT count(*) FROM task_notes n WHERE n.task_id = t.id) AS note_count,
               t.parent_id, p.title AS parent_title,
               (SELECT count(*) FROM tasks s WHERE s.parent_id = t.id) AS step_total,
               (SELECT count(*) FROM tasks s WHERE s.parent_id = t.id AND s.done = 1) AS step_done, t.title_key,
               l.icon AS list_icon, t.description,
               pe.user_id AS plan_user_id, pu.name AS plan_user, pe.plan_date, pe.region AS plan_region,
               pe.bucket AS plan_bucket, pe.position AS plan_position, pe.status AS plan_status, pe.deferred_at,
               t.due_at
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
    package static func task(from row: some RowReader) throws -> TaskItem {
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
        task.nagMinutes = try row.intValue("nag_minutes")
        task.noteCount = Int(try row.requiredInt("note_count"))
        task.parent = try row.int("parent_id").map(TaskID.init)
        task.parentTitle = try row.text("parent_title")
        let stepTotal = Int(try row.requiredInt("step_total"))  // read in SELECT order
        task.steps = StepProgress(done: Int(try row.requiredInt("step_done")), total: stepTotal)
        task.listIcon = try row.text("list_icon")
        task.description = try row.text("description")
        task.plan = try plan(from: row)
        task.dueAt = try row.int("due_at")
        return task
    }

    /// The plan entry of a row read with `taskColumns`, nil when the task is on no plan.
    package static func plan(from row: some RowReader) throws -> TaskPlan? {
        guard let user = try row.int("plan_user_id") else { return nil }
        // Read in SELECT order (`taskColumns`).
        let userName = try row.text("plan_user") ?? "?"
        let date = try row.requiredDate("plan_date")
        let region = try row.required("plan_region", as: PlanRegion.self)
        let bucket = try row.text("plan_bucket").flatMap(PlanBucket.init(rawValue:))
        let position = try row.intValue("plan_position") ?? 0
        let status = try row.required("plan_status", as: PlanStatus.self)
        return TaskPlan(
            user: UserID(user), userName: userName, date: date, region: region, bucket: bucket, position: position,
            stored: status, deferredAt: try row.int("deferred_at"))
    }

    // MARK: Lists

    /// A space's lists with their counts (`list_open_counts`, kept by triggers), default list first.
    package static let listsWithCounts = """
        SELECT l.id, l.name, l.is_default, l.icon, coalesce(c.open, 0) AS open_count, coalesce(c.done, 0) AS done_count
        FROM lists l LEFT JOIN list_open_counts c ON c.list_id = l.id
        """

    /// A list read with `listsWithCounts`.
    package static func listWithCounts(from row: some RowReader) throws -> TaskList {
        TaskList(
            id: ListID(try row.requiredInt("id")), name: try row.requiredText("name"),
            isDefault: try row.requiredInt("is_default") == 1,
            openCount: Int(try row.requiredInt("open_count")), doneCount: Int(try row.requiredInt("done_count")),
            icon: try row.text("icon"))
    }

    /// A list read from `id, name, is_default, icon` (no counts).
    package static func list(from row: some RowReader) throws -> TaskList {
        TaskList(
            id: ListID(try row.requiredInt("id")), name: try row.requiredText("name"),
            isDefault: try row.requiredInt("is_default") == 1, icon: try row.text("icon"))
    }

    // MARK: Users

    /// The columns of a `User`.
    package static let userColumns = "id, name, lang, tz, space_id, display_name"

    /// A user read with `userColumns`.
    package static func user(from row: some RowReader) throws -> User {
        User(
            id: UserID(try row.requiredInt("id")), name: try row.requiredText("name"),
            lang: try row.required("lang", as: Language.self), tz: try row.requiredText("tz"),
            space: SpaceID(try row.requiredInt("space_id")), displayName: try row.text("display_name"))
    }

    // MARK: Notes

    /// A note's columns over a notes table aliased `n` (`task_notes` or `item_notes`), with its author.
    package static func noteColumns(from table: String) -> String {
        "SELECT u.name AS author, n.created_at, n.body FROM \(table) n LEFT JOIN users u ON u.id = n.author_id"
    }

    /// A note read with `noteColumns`.
    package static func note(from row: some RowReader) throws -> Note {
        Note(author: try row.text("author"), at: try row.requiredInt("created_at"), text: try row.requiredText("body"))
    }

    // MARK: Notifications

    /// The columns of an inbox item (`notifications`).
    package static let inboxColumns = "id, created_at, key, args, is_read"

    /// A `notifications` row read with `inboxColumns`; arguments that do not parse read as none.
    package static func inboxItem(from row: some RowReader) throws -> InboxItem {
        let data = Data(try row.requiredText("args").utf8)
        let args = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] ?? [:]
        return InboxItem(
            id: try row.requiredInt("id"), at: try row.requiredInt("created_at"), key: try row.requiredText("key"),
            args: args, isRead: try row.requiredInt("is_read") == 1)
    }

    // MARK: Reminders

    /// The columns of a due task reminder (`reminders`).
    package static let dueReminderColumns = "SELECT id, task_id, kind, fire_at, user_id FROM reminders"

    /// A reminder read with `dueReminderColumns`.
    package static func dueReminder(from row: some RowReader) throws -> DueReminder {
        DueReminder(
            id: try row.requiredInt("id"), task: TaskID(try row.requiredInt("task_id")),
            kind: try row.required("kind", as: ReminderKind.self), fireAt: try row.requiredInt("fire_at"),
            user: try row.int("user_id").map(UserID.init))
    }

    /// The columns of a due event or routine reminder (`schedule_reminders`).
    package static let dueScheduleReminderColumns =
        "SELECT id, event_id, routine_id, day, fire_at FROM schedule_reminders"

    /// A reminder read with `dueScheduleReminderColumns`.
    package static func dueScheduleReminder(from row: some RowReader) throws -> DueScheduleReminder {
        DueScheduleReminder(
            id: try row.requiredInt("id"), event: try row.int("event_id").map(EventID.init),
            routine: try row.int("routine_id").map(RoutineID.init), day: try row.requiredDate("day"),
            fireAt: try row.requiredInt("fire_at"))
    }
}
