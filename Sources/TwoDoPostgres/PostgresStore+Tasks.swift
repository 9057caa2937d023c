// TaskStore's tasks on PostgreSQL: reads in display order, lookup by title, every change, due dates.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// The tasks of a list (not their steps): open ones first, then done ones; each by creation time.
    public func tasks(in list: ListID) throws -> [TaskItem] {
        try taskItems(
            " WHERE t.list_id = $1 AND t.parent_id IS NULL ORDER BY t.done, t.created_at, t.id",
            [.integer(list.rawValue)])
    }

    /// Every task of a space (not their steps), list by list, in display order.
    public func tasks(inSpace space: SpaceID) throws -> [TaskItem] {
        try taskItems(
            " WHERE t.space_id = $1 AND t.parent_id IS NULL ORDER BY l.is_default DESC, l.id, t.done, t.created_at, t.id",
            [.integer(space.rawValue)])
    }

    /// The task with this id, only if it belongs to `space` (the isolation check for every reference).
    public func task(_ id: TaskID, in space: SpaceID) throws -> TaskItem? {
        try taskItems(" WHERE t.id = $1 AND t.space_id = $2", [.integer(id.rawValue), .integer(space.rawValue)]).first
    }

    /// Tasks of a space whose folded title contains every folded word of `query`, open first; a task whose
    /// whole title is `query` wins alone. The same steps as SQLite's: up to three words tested in SQL, the
    /// rest on at most `limit × 50` rows read, so both engines answer alike.
    public func tasks(matching query: String, in space: SpaceID, limit: Int = 20) throws -> [TaskItem] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let exact = try taskItems(
            " WHERE t.space_id = $1 AND t.title_key = $2 ORDER BY t.done, t.created_at, t.id LIMIT $3",
            [.integer(space.rawValue), .text(key), .integer(Int64(limit))])
        if !exact.isEmpty { return exact }
        let sqlWords = Array(words.prefix(3))
        let condition = sqlWords.indices.map { "strpos(t.title_key, $\($0 + 2)) > 0" }.joined(separator: " AND ")
        let rest = words.dropFirst(sqlWords.count)
        let read = Int64(rest.isEmpty ? limit : limit * 50)
        let candidates = try taskAreaRows(
            Rows.taskColumns
                + " WHERE t.space_id = $1 AND \(condition) ORDER BY t.done, t.created_at, t.id LIMIT $\(sqlWords.count + 2)",
            [.integer(space.rawValue)] + sqlWords.map(PGValue.text) + [.integer(read)]
        ) { (try Rows.task(from: $0), try $0.requiredText("title_key")) }
        return candidates.filter { c in rest.allSatisfy { c.1.contains($0) } }.prefix(limit).map(\.0)
    }

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

    /// Marks a task done by `user`, or open again when `done` is false.
    public func setDone(_ task: TaskID, _ done: Bool, by user: UserID, now: Int64) throws {
        if done {
            try taskAreaRun(
                "UPDATE tasks SET done = 1, completed_by = $1, completed_at = $2, updated_at = $2 WHERE id = $3",
                [.integer(user.rawValue), .integer(now), .integer(task.rawValue)])
        } else {
            try taskAreaRun(
                "UPDATE tasks SET done = 0, completed_by = NULL, completed_at = NULL, updated_at = $1 WHERE id = $2",
                [.integer(now), .integer(task.rawValue)])
        }
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

    /// Moves a task, with its steps, to another list of the same space.
    public func move(_ task: TaskID, to list: ListID, now: Int64) throws {
        try taskAreaRun(
            "UPDATE tasks SET list_id = $1, updated_at = $2 WHERE id = $3 OR parent_id = $3",
            [.integer(list.rawValue), .integer(now), .integer(task.rawValue)])
    }

    /// Assigns a task to a member, or to nobody.
    public func assign(_ task: TaskID, to user: UserID?, now: Int64) throws {
        try taskAreaRun(
            "UPDATE tasks SET assignee_id = $1, updated_at = $2 WHERE id = $3",
            [user.map { .integer($0.rawValue) } ?? .null, .integer(now), .integer(task.rawValue)])
    }

    /// Deletes a task with its notes, reminders, plan entry and steps (ON DELETE CASCADE; search rows by trigger).
    public func deleteTask(_ task: TaskID) throws {
        try taskAreaRun("DELETE FROM tasks WHERE id = $1", [.integer(task.rawValue)])
    }

    // MARK: Time: due dates, priority, recurrence, nags

    /// Sets or clears a task's due date. `scheduled` is the rule's occurrence date (nil: same as the due date).
    public func setDue(_ task: TaskID, _ due: DueDate?, scheduled: LocalDate?, now: Int64) throws {
        try taskAreaRun(
            """
            UPDATE tasks SET due_date = $1, due_time = $2, due_tz = $3, due_at = $4, scheduled_date = $5, updated_at = $6
            WHERE id = $7
            """,
            [
                due.map { .text($0.date.description) } ?? .null, due?.time.map { .text($0.description) } ?? .null,
                due.map { .text($0.tz) } ?? .null, due.map { .integer($0.instant) } ?? .null,
                (scheduled ?? due?.date).map { .text($0.description) } ?? .null, .integer(now), .integer(task.rawValue),
            ])
    }

    /// Sets a task's priority.
    public func setPriority(_ task: TaskID, _ priority: Priority, now: Int64) throws {
        try taskAreaRun(
            "UPDATE tasks SET priority = $1, updated_at = $2 WHERE id = $3",
            [.text(priority.rawValue), .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears a task's recurrence rule (stored as SQLite stores it: `RecurrenceCoding`'s JSON).
    public func setRecurrence(_ task: TaskID, _ rule: Recurrence?, now: Int64) throws {
        try taskAreaRun(
            "UPDATE tasks SET recurrence = $1, updated_at = $2 WHERE id = $3",
            [rule.map { .text(RecurrenceCoding.encode($0)) } ?? .null, .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears the nag interval.
    public func setNag(_ task: TaskID, minutes: Int?, now: Int64) throws {
        try taskAreaRun(
            "UPDATE tasks SET nag_minutes = $1, updated_at = $2 WHERE id = $3",
            [minutes.map { .integer(Int64($0)) } ?? .null, .integer(now), .integer(task.rawValue)])
    }

    /// The number of open tasks due before `endOfToday` and, of those, overdue at `now` (the `tasks_due` index).
    public func dueCounts(in space: SpaceID, now: Int64, endOfToday: Int64) throws -> (overdue: Int, today: Int) {
        try taskAreaRow(
            """
            SELECT count(*) FILTER (WHERE due_at < $1) AS overdue, count(*) FILTER (WHERE due_at >= $1) AS today
            FROM tasks WHERE space_id = $2 AND done = 0 AND due_at IS NOT NULL AND due_at < $3
            """, [.integer(now), .integer(space.rawValue), .integer(endOfToday)]
        ) { (Int(try $0.int("overdue") ?? 0), Int(try $0.int("today") ?? 0)) } ?? (0, 0)
    }

    /// The task of a reminder with its space, whatever the space (the timer is not a user).
    public func taskForReminder(_ task: TaskID) throws -> (TaskItem, SpaceID)? {
        guard
            let space = try taskAreaRow(
                "SELECT space_id FROM tasks WHERE id = $1", [.integer(task.rawValue)],
                map: {
                    SpaceID(try $0.requiredInt("space_id"))
                }),
            let item = try self.task(task, in: space)
        else { return nil }
        return (item, space)
    }
}

extension PostgresStore: TaskStore {}
