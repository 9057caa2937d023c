// A space's tasks as both engines read and change them: lists in display order, lookup by id and by title,
// the pages (offset and keyset) of a list and of the due and undated views and their counts, and every change
// but moving them in bulk (PostgreSQL keeps its counters by hand there).

import TwoDoCore

extension SQLEngine {
    /// The tasks of a list (not their steps): open ones first, then done ones; within each by creation time.
    public func tasks(in list: ListID) throws -> [TaskItem] {
        try rows(SharedSQL.tasksOfList, [.integer(list.rawValue)], map: Rows.task)
    }

    /// Every task of a space (not their steps), list by list, in display order.
    public func tasks(inSpace space: SpaceID) throws -> [TaskItem] {
        try rows(SharedSQL.tasksOfSpace, [.integer(space.rawValue)], map: Rows.task)
    }

    /// The task with this id, only if it belongs to `space` (the isolation check for every reference).
    public func task(_ id: TaskID, in space: SpaceID) throws -> TaskItem? {
        try row(SharedSQL.taskByID, [.integer(id.rawValue), .integer(space.rawValue)], map: Rows.task)
    }

    /// Tasks of a space whose folded title contains every folded word of `query`; open tasks first. A task
    /// whose whole title is `query` wins alone. At most `limit` tasks are read, however many match: a
    /// space of 100,000 "task …" titles costs no more than one of twenty.
    public func tasks(matching query: String, in space: SpaceID, limit: Int) throws -> [TaskItem] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let exact = try rows(
            SharedSQL.tasksByTitle, [.integer(space.rawValue), .text(key), self.limit(limit)], map: Rows.task)
        if !exact.isEmpty { return exact }
        // Up to three words are tested in SQL (fixed statements); any further words on the rows read.
        let sqlWords = Array(words.prefix(3))
        let rest = words.dropFirst(sqlWords.count)
        let read = rest.isEmpty ? limit : limit * 50
        let candidates = try rows(
            SharedSQL.tasksByTitleWords[sqlWords.count - 1],
            [.integer(space.rawValue)] + sqlWords.map(SQLValue.text) + [self.limit(read)]
        ) { (try Rows.task(from: $0), try $0.requiredText("title_key")) }
        return candidates.filter { c in rest.allSatisfy { c.1.contains($0) } }.prefix(limit).map(\.0)
    }

    /// The number of open tasks due before `endOfToday` and, of those, overdue at `now` (the `tasks_due` index).
    public func dueCounts(in space: SpaceID, now: Int64, endOfToday: Int64) throws -> (overdue: Int, today: Int) {
        try row(
            """
            SELECT count(*) FILTER (WHERE due_at < ?) AS overdue, count(*) FILTER (WHERE due_at >= ?) AS today
            FROM tasks WHERE space_id = ? AND done = 0 AND due_at IS NOT NULL AND due_at < ?
            """, [.integer(now), .integer(now), .integer(space.rawValue), .integer(endOfToday)]
        ) { (try $0.intValue("overdue") ?? 0, try $0.intValue("today") ?? 0) } ?? (0, 0)
    }

    /// The space of a task, whatever it is (the reminder timer is no user).
    package func spaceOfTask(_ task: TaskID) throws -> SpaceID? {
        try row("SELECT space_id FROM tasks WHERE id = ?", [.integer(task.rawValue)]) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// The task of a reminder with its space, regardless of space (the timer is not a user).
    public func taskForReminder(_ task: TaskID) throws -> (TaskItem, SpaceID)? {
        guard let space = try spaceOfTask(task), let item = try self.task(task, in: space) else { return nil }
        return (item, space)
    }

    // MARK: Changes

    /// Adds a task (PostgreSQL: and its title to the search index).
    public func addTask(
        title: String, list: ListID, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> TaskID {
        TaskID(
            try insert(
                .task,
                """
                INSERT INTO tasks (space_id, list_id, title, title_key, done, assignee_id, created_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)
                """,
                [
                    .integer(space.rawValue), .integer(list.rawValue), .text(title), .text(TextFold.key(title)),
                    .bind(assignee?.rawValue), .integer(user.rawValue), .integer(now), .integer(now),
                ], title: title, description: nil) ?? 0)
    }

    /// Attaches a note to a task (PostgreSQL: and its text to the search index, in the task's space), and
    /// records that the task changed now.
    public func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws {
        _ = try insert(
            .taskNote, SharedSQL.taskNote,
            [.integer(user.rawValue), .integer(now), .text(text), .integer(task.rawValue)],
            title: text, description: nil)
        try write("UPDATE tasks SET updated_at = ? WHERE id = ?", [.integer(now), .integer(task.rawValue)])
    }

    /// Marks a task done by `user`, or open again when `done` is false.
    public func setDone(_ task: TaskID, _ done: Bool, by user: UserID, now: Int64) throws {
        if done {
            try write(
                "UPDATE tasks SET done = 1, completed_by = ?, completed_at = ?, updated_at = ? WHERE id = ?",
                [.integer(user.rawValue), .integer(now), .integer(now), .integer(task.rawValue)])
        } else {
            try write(
                "UPDATE tasks SET done = 0, completed_by = NULL, completed_at = NULL, updated_at = ? WHERE id = ?",
                [.integer(now), .integer(task.rawValue)])
        }
    }

    /// Changes a task's title (and its search text).
    public func setTitle(_ task: TaskID, _ title: String, now: Int64) throws {
        try updateText(
            .task, title: "title", SharedSQL.taskTitle,
            [.text(title), .text(TextFold.key(title)), .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears (nil) a task's description (and its search text).
    public func setDescription(of task: TaskID, to text: String?, now: Int64) throws {
        try updateText(
            .task, title: "title", SharedSQL.taskDescription, [.bind(text), .integer(now), .integer(task.rawValue)])
    }

    /// Moves a task, with its steps, to another list of the same space.
    public func move(_ task: TaskID, to list: ListID, now: Int64) throws {
        try write(
            "UPDATE tasks SET list_id = ?, updated_at = ? WHERE id = ? OR parent_id = ?",
            [.integer(list.rawValue), .integer(now), .integer(task.rawValue), .integer(task.rawValue)])
    }

    /// Assigns a task to a member, or to nobody.
    public func assign(_ task: TaskID, to user: UserID?, now: Int64) throws {
        try write(
            "UPDATE tasks SET assignee_id = ?, updated_at = ? WHERE id = ?",
            [.bind(user?.rawValue), .integer(now), .integer(task.rawValue)])
    }

    /// Deletes a task with its notes, reminders, plan entry and steps (ON DELETE CASCADE; its search rows go
    /// by trigger).
    public func deleteTask(_ task: TaskID) throws {
        try write("DELETE FROM tasks WHERE id = ?", [.integer(task.rawValue)])
    }

    /// Sets or clears a task's due date. `scheduled` is the rule's occurrence date (nil: same as the due date).
    public func setDue(_ task: TaskID, _ due: DueDate?, scheduled: LocalDate?, now: Int64) throws {
        try write(
            """
            UPDATE tasks SET due_date = ?, due_time = ?, due_tz = ?, due_at = ?, scheduled_date = ?, updated_at = ?
            WHERE id = ?
            """,
            [
                .bind(due?.date.description), .bind(due?.time?.description), .bind(due?.tz), .bind(due?.instant),
                .bind((scheduled ?? due?.date)?.description), .integer(now), .integer(task.rawValue),
            ])
    }

    /// Sets a task's priority.
    public func setPriority(_ task: TaskID, _ priority: Priority, now: Int64) throws {
        try write(
            "UPDATE tasks SET priority = ?, updated_at = ? WHERE id = ?",
            [.text(priority.rawValue), .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears a task's recurrence rule (`RecurrenceCoding`'s JSON on both engines).
    public func setRecurrence(_ task: TaskID, _ rule: Recurrence?, now: Int64) throws {
        try write(
            "UPDATE tasks SET recurrence = ?, updated_at = ? WHERE id = ?",
            [.bind(rule.map(RecurrenceCoding.encode)), .integer(now), .integer(task.rawValue)])
    }

    /// Sets or clears the nag interval.
    public func setNag(_ task: TaskID, minutes: Int?, now: Int64) throws {
        try write(
            "UPDATE tasks SET nag_minutes = ?, updated_at = ? WHERE id = ?",
            [.bind(minutes), .integer(now), .integer(task.rawValue)])
    }

    // MARK: Pages and counts

    /// At most `limit` tasks of a list after `cursor`, in the order `tasks(in:)` shows them (open first,
    /// then done; each by creation). A keyset read: each page costs the same however deep it is, and a task
    /// added or removed between pages never makes another appear twice.
    public func tasks(in list: ListID, after cursor: TaskCursor?, limit: Int) throws -> [TaskItem] {
        guard let cursor else { return try tasks(in: list, offset: 0, limit: limit) }
        return try rows(
            SharedSQL.listKeysetPage,
            [
                .integer(list.rawValue), .integer(cursor.isDone ? 1 : 0), .integer(cursor.createdAt),
                .integer(cursor.id.rawValue), self.limit(limit),
            ], map: Rows.task)
    }

    /// Tasks `offset ..< offset + limit` of a list, in `tasks(in:)` order (open first, then by creation).
    ///
    /// The page's ids are picked from the list's index alone, so rows skipped by a deep page cost an index step
    /// each, not a row read and four joins.
    public func tasks(in list: ListID, offset: Int, limit: Int) throws -> [TaskItem] {
        try rows(
            SharedSQL.listPage, [.integer(list.rawValue), self.limit(limit), .integer(Int64(max(offset, 0)))],
            map: Rows.task)
    }

    /// The open and done task counts of a list (kept by triggers in `list_open_counts`: one row read).
    public func taskCounts(in list: ListID) throws -> (open: Int, done: Int) {
        try row("SELECT open, done FROM list_open_counts WHERE list_id = ?", [.integer(list.rawValue)]) {
            (Int(try $0.requiredInt("open")), Int(try $0.requiredInt("done")))
        } ?? (0, 0)
    }

    /// Open tasks of a space due in `from ..< before`, optionally only those assigned to `assignee`, soonest
    /// first; rows `offset ..< offset + limit` of that order. The ids come from the `tasks_due` index order;
    /// only the page's rows are read and joined.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        let (sql, values) = SharedSQL.whose(
            { d in
                Rows.taskColumns + " WHERE "
                    + d.taskIDs(
                        """
                        SELECT id FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3{who}
                        ORDER BY due_at, id LIMIT ?4 OFFSET ?5
                        """) + " ORDER BY t.due_at, t.id"
            }, assignee,
            [
                .integer(space.rawValue), .integer(from), .integer(before), self.limit(limit),
                .integer(Int64(max(offset, 0))),
            ])
        return try rows(sql, values, map: Rows.task)
    }

    /// The tasks `dueTasks(in:from:before:assignee:offset:limit:)` orders, after `last`: a range of the
    /// `tasks_due` index from the last row's `(due_at, id)`, so page 2,000 costs what page 2 does.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws -> [TaskItem] {
        let (sql, values) = SharedSQL.whose(
            { d in Rows.taskColumns + " WHERE " + d.taskIDs(SharedSQL.dueKeysetIDs) + " ORDER BY t.due_at, t.id" },
            assignee,
            [
                .integer(space.rawValue), .integer(from), .integer(before), .integer(last.dueAt ?? from),
                .integer(last.id.rawValue), self.limit(limit),
            ])
        return try rows(sql, values, map: Rows.task)
    }

    /// How many open tasks `dueTasks(in:from:before:assignee:…)` pages through (from the `tasks_due` index).
    public func dueTaskCount(in space: SpaceID, from: Int64, before: Int64, assignee: UserID?) throws -> Int {
        let (sql, values) = SharedSQL.whose(
            { _ in
                "SELECT count(*) AS n FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3{who}"
            },
            assignee, [.integer(space.rawValue), .integer(from), .integer(before)])
        return Int(try row(sql, values) { try $0.requiredInt("n") } ?? 0)
    }

    /// Open tasks of a space without a due date (optionally only `assignee`'s), list by list (the default list
    /// first: it is always a space's first list), each by creation; one page of them, from the `tasks_undated` index.
    public func undatedTasks(in space: SpaceID, assignee: UserID?, offset: Int, limit: Int) throws -> [TaskItem] {
        let (sql, values) = SharedSQL.whose(
            { d in
                Rows.taskColumns + " WHERE "
                    + d.taskIDs(
                        """
                        SELECT id FROM tasks\(d.indexedBy("tasks_undated")) WHERE space_id = ?1 AND done = 0
                        AND due_at IS NULL AND parent_id IS NULL{who} ORDER BY list_id, created_at, id LIMIT ?2 OFFSET ?3
                        """) + " ORDER BY t.list_id, t.created_at, t.id"
            }, assignee, [.integer(space.rawValue), self.limit(limit), .integer(Int64(max(offset, 0)))])
        return try rows(sql, values, map: Rows.task)
    }

    /// The tasks `undatedTasks(in:assignee:offset:limit:)` orders, after `last`: a range of the `tasks_undated`
    /// index from the last row's `(list_id, created_at, id)`.
    public func undatedTasks(
        in space: SpaceID, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws -> [TaskItem] {
        let (sql, values) = SharedSQL.whose(
            { d in
                Rows.taskColumns + " WHERE " + d.taskIDs(SharedSQL.undatedKeysetIDs(d))
                    + " ORDER BY t.list_id, t.created_at, t.id"
            }, assignee,
            [
                .integer(space.rawValue), .integer(last.list.rawValue), .integer(last.createdAt),
                .integer(last.id.rawValue), self.limit(limit),
            ])
        return try rows(sql, values, map: Rows.task)
    }

    /// How many open tasks `undatedTasks(in:assignee:offset:limit:)` pages through.
    public func undatedTaskCount(in space: SpaceID, assignee: UserID?) throws -> Int {
        let (sql, values) = SharedSQL.whose(
            { d in
                "SELECT count(*) AS n FROM tasks\(d.indexedBy("tasks_undated")) WHERE space_id = ?1 AND done = 0"
                    + " AND due_at IS NULL AND parent_id IS NULL{who}"
            }, assignee, [.integer(space.rawValue)])
        return Int(try row(sql, values) { try $0.requiredInt("n") } ?? 0)
    }

    /// The number of tasks of a space (kept by triggers in `space_task_counts`: one row read).
    public func taskCount(inSpace space: SpaceID) throws -> Int {
        try count("SELECT tasks AS n FROM space_task_counts WHERE space_id = ?", .integer(space.rawValue))
    }
}

extension SQLDialect {
    /// `t.id` is one of the ids `subquery` picks (a page's, from one index range): SQLite probes them with
    /// `IN`; PostgreSQL computes them once into an array and fetches the rows by key (with `IN` it chose a hash
    /// semi join that joined every task of the database first: 15 ms for 10,000 tasks, against 1 ms).
    package func taskIDs(_ subquery: String) -> String {
        self == .sqlite ? "t.id IN (\(subquery))" : "t.id = ANY(ARRAY(\(subquery)))"
    }

    /// SQLite's ` INDEXED BY index` (it otherwise took `tasks_due` for `due_at IS NULL` and read every row to
    /// test `parent_id`); PostgreSQL plans by its statistics.
    package func indexedBy(_ index: String) -> String { self == .sqlite ? " INDEXED BY \(index)" : "" }
}

extension SharedSQL {
    /// A task's note: author, time, text; the task last. Its space is its task's (SQLite: copied here, held by
    /// the composite key and the member check of migration 21; PostgreSQL: its `a_space` trigger).
    static let taskNote = SQL { d in
        """
        INSERT INTO task_notes (task_id, author_id, created_at, body\(d.ownerSpace))
        SELECT id, ?, ?, ?\(d.ownerSpace) FROM tasks WHERE id = ?
        """
    }
    static let taskTitle = SQL { d in
        "UPDATE tasks SET title = ?, title_key = ?, updated_at = ? WHERE id = ?"
            + d.returning("id, space_id, title, description")
    }
    static let taskDescription = SQL { d in
        "UPDATE tasks SET description = ?, updated_at = ? WHERE id = ?"
            + d.returning("id, space_id, title, description")
    }
    static let tasksOfList = SQL(
        Rows.taskColumns + " WHERE t.list_id = ? AND t.parent_id IS NULL ORDER BY t.done, t.created_at, t.id")
    static let tasksOfSpace = SQL(
        Rows.taskColumns
            + " WHERE t.space_id = ? AND t.parent_id IS NULL ORDER BY l.is_default DESC, l.id, t.done, t.created_at, t.id"
    )
    static let taskByID = SQL(Rows.taskColumns + " WHERE t.id = ? AND t.space_id = ?")
    static let tasksByTitle = SQL(
        Rows.taskColumns + " WHERE t.space_id = ? AND t.title_key = ? ORDER BY t.done, t.created_at, t.id LIMIT ?")
    /// The tasks whose folded title holds one, two or three words (`?` each), open first, at most `?`.
    static let tasksByTitleWords = (1...3).map { n in
        SQL { d in
            let condition = (0..<n).map { _ in d.contains("t.title_key", "?") }.joined(separator: " AND ")
            return Rows.taskColumns
                + " WHERE t.space_id = ? AND \(condition) ORDER BY t.done, t.created_at, t.id LIMIT ?"
        }
    }
    static let listKeysetPage = SQL { d in
        Rows.taskColumns + " WHERE " + d.taskIDs(listKeysetIDs) + " ORDER BY t.done, t.created_at, t.id"
    }
    static let listPage = SQL { d in
        Rows.taskColumns + " WHERE "
            + d.taskIDs(
                "SELECT id FROM tasks WHERE list_id = ? AND parent_id IS NULL ORDER BY done, created_at, id LIMIT ? OFFSET ?"
            )
            + " ORDER BY t.done, t.created_at, t.id"
    }

    /// The ids of a keyset page of a list: a range of the list's index after the cursor. Picked apart from the
    /// rows (as the offset pages are), since with the joins around it SQLite sorted every row after the cursor.
    static let listKeysetIDs = """
        SELECT id FROM tasks WHERE list_id = ? AND parent_id IS NULL AND (done, created_at, id) > (?, ?, ?)
        ORDER BY done, created_at, id LIMIT ?
        """

    /// The ids of a keyset page of a due view: a range of `tasks_due` after the last row's `(due_at, id)`.
    /// `?6`: the limit; `{who}`: see `whose`.
    static let dueKeysetIDs = """
        SELECT id FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3
        AND (due_at, id) > (?4, ?5){who} ORDER BY due_at, id LIMIT ?6
        """

    /// The ids of a keyset page of the undated tasks: a range of `tasks_undated` after the last row's
    /// `(list_id, created_at, id)`. `?5`: the limit; `{who}`: see `whose`.
    static func undatedKeysetIDs(_ d: SQLDialect) -> String {
        """
        SELECT id FROM tasks\(d.indexedBy("tasks_undated")) WHERE space_id = ?1 AND done = 0 AND due_at IS NULL AND parent_id IS NULL
        AND (list_id, created_at, id) > (?2, ?3, ?4){who} ORDER BY list_id, created_at, id LIMIT ?5
        """
    }

    /// `sql` with its `{who}` made ` AND assignee_id = ?N` (the assignee bound as the last parameter) or removed.
    ///
    /// Two statements, not one `(? IS NULL OR assignee_id = ?)`: that condition names a column no index of the
    /// views holds, so even without an assignee SQLite read the row of every task it counted or skipped. The
    /// agenda's count over a space of 100,000 undated tasks took 19 ms that way; without the column the count
    /// and the skipped rows stay in `tasks_undated` / `tasks_due`.
    static func whose(_ sql: String, _ assignee: UserID?, _ values: [SQLValue]) -> (String, [SQLValue]) {
        guard let assignee else { return (sql.replacingOccurrences(of: "{who}", with: ""), values) }
        return (
            sql.replacingOccurrences(of: "{who}", with: " AND assignee_id = ?\(values.count + 1)"),
            values + [.integer(assignee.rawValue)]
        )
    }

    /// `whose` for a statement the dialects spell differently.
    static func whose(
        _ sql: (SQLDialect) -> String, _ assignee: UserID?, _ values: [SQLValue]
    ) -> (SQL, [SQLValue]) {
        (SQL { whose(sql($0), assignee, values).0 }, whose("", assignee, values).1)
    }
}
