// SQL on `tasks` (and the trigger-kept `space_task_counts`): listing, paging, search, every change, due dates.

import TwoDoCore

extension Store {
    // Table `tasks`: migration 1 (created), 2 (due date, priority, recurrence, nag columns), 5 (index
    // `tasks_undated`), 6 (counting triggers into `space_task_counts` and `list_open_counts`), 10 (`parent_id`:
    // steps, which list and view reads leave out with `parent_id IS NULL`; their SQL is in `Store+Steps.swift`), 11 (`description`).

    /// The tasks of a list: open ones first, then done ones; within each by creation time.
    public func tasks(in list: ListID) throws -> [TaskItem] {
        try db.query(
            Rows.taskColumns + " WHERE t.list_id = ? AND t.parent_id IS NULL ORDER BY t.done, t.created_at, t.id",
            .integer(list.rawValue),
            map: Rows.task(from:))
    }

    /// Every task of a space (not their steps), list by list, in display order.
    public func tasks(inSpace space: SpaceID) throws -> [TaskItem] {
        try db.query(
            Rows.taskColumns
                + " WHERE t.space_id = ? AND t.parent_id IS NULL ORDER BY l.is_default DESC, l.id, t.done, t.created_at, t.id",
            .integer(space.rawValue), map: Rows.task(from:))
    }

    /// The task with this id, only if it belongs to `space` (the isolation check for every reference).
    public func task(_ id: TaskID, in space: SpaceID) throws -> TaskItem? {
        try db.queryOne(
            Rows.taskColumns + " WHERE t.id = ? AND t.space_id = ?", .integer(id.rawValue), .integer(space.rawValue),
            map: Rows.task(from:))
    }

    /// Tasks of a space whose folded title contains every folded word of `query`; open tasks first. A task
    /// whose whole title is `query` wins alone. At most `limit` tasks are read, however many match: a
    /// space of 100,000 "task …" titles costs no more than one of twenty.
    public func tasks(matching query: String, in space: SpaceID, limit: Int = 20) throws -> [TaskItem] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let exact = try db.query(
            Rows.taskColumns + " WHERE t.space_id = ? AND t.title_key = ? ORDER BY t.done, t.created_at, t.id LIMIT ?",
            .integer(space.rawValue), .text(key), .integer(Int64(limit)), map: Rows.task(from:))
        if !exact.isEmpty { return exact }
        // Up to three words are tested in SQL (fixed statements); any further words on the rows read.
        let sqlWords = Array(words.prefix(3))
        let condition = sqlWords.map { _ in "instr(t.title_key, ?) > 0" }.joined(separator: " AND ")
        let rest = words.dropFirst(sqlWords.count)
        let candidates: [(TaskItem, String)]
        let sql =
            Rows.taskColumns + " WHERE t.space_id = ? AND \(condition) ORDER BY t.done, t.created_at, t.id LIMIT ?"
        let map = { (row: Row) in (try Rows.task(from: row), try row.requiredText("title_key")) }
        let read = Int64(rest.isEmpty ? limit : limit * 50)
        switch sqlWords.count {
        case 1:
            candidates = try db.query(sql, .integer(space.rawValue), .text(sqlWords[0]), .integer(read), map: map)
        case 2:
            candidates = try db.query(
                sql, .integer(space.rawValue), .text(sqlWords[0]), .text(sqlWords[1]), .integer(read), map: map)
        default:
            candidates = try db.query(
                sql, .integer(space.rawValue), .text(sqlWords[0]), .text(sqlWords[1]), .text(sqlWords[2]),
                .integer(read), map: map)
        }
        return candidates.filter { c in rest.allSatisfy { c.1.contains($0) } }.prefix(limit).map(\.0)
    }

    /// Adds a task.
    public func addTask(
        title: String, list: ListID, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> TaskID {
        try db.run(
            """
            INSERT INTO tasks (space_id, list_id, title, title_key, done, assignee_id, created_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)
            """,
            .integer(space.rawValue), .integer(list.rawValue), .text(title), .text(TextFold.key(title)),
            assignee.map { .integer($0.rawValue) } ?? .null, .integer(user.rawValue), .integer(now), .integer(now))
        return TaskID(db.lastInsertID)
    }

    /// Marks a task done by `user`, or open again when `done` is false.
    public func setDone(_ task: TaskID, _ done: Bool, by user: UserID, now: Int64) throws {
        if done {
            try db.run(
                "UPDATE tasks SET done = 1, completed_by = ?, completed_at = ?, updated_at = ? WHERE id = ?",
                .integer(user.rawValue), .integer(now), .integer(now), .integer(task.rawValue))
        } else {
            try db.run(
                "UPDATE tasks SET done = 0, completed_by = NULL, completed_at = NULL, updated_at = ? WHERE id = ?",
                .integer(now), .integer(task.rawValue))
        }
    }

    /// Changes a task's title.
    public func setTitle(_ task: TaskID, _ title: String, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET title = ?, title_key = ?, updated_at = ? WHERE id = ?",
            .text(title), .text(TextFold.key(title)), .integer(now), .integer(task.rawValue))
    }

    /// Sets or clears (nil) a task's description.
    public func setDescription(of task: TaskID, to text: String?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET description = ?, updated_at = ? WHERE id = ?", text.map { .text($0) } ?? .null,
            .integer(now), .integer(task.rawValue))
    }

    /// Moves a task, with its steps, to another list of the same space.
    public func move(_ task: TaskID, to list: ListID, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET list_id = ?, updated_at = ? WHERE id = ? OR parent_id = ?", .integer(list.rawValue),
            .integer(now), .integer(task.rawValue), .integer(task.rawValue))
    }

    /// Assigns a task to a member, or to nobody.
    public func assign(_ task: TaskID, to user: UserID?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET assignee_id = ?, updated_at = ? WHERE id = ?",
            user.map { .integer($0.rawValue) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Deletes a task with its notes, reminders and steps (ON DELETE CASCADE).
    public func deleteTask(_ task: TaskID) throws {
        try db.run("DELETE FROM tasks WHERE id = ?", .integer(task.rawValue))
    }

    /// Records that a task changed now (a note was added to it).
    func touch(_ task: TaskID, now: Int64) throws {
        try db.run("UPDATE tasks SET updated_at = ? WHERE id = ?", .integer(now), .integer(task.rawValue))
    }

    /// Moves every task of one list into another list of `space`; returns how many moved (merging spaces).
    func moveTasks(from list: ListID, to destination: ListID, space: SpaceID) throws -> Int {
        try db.run(
            "UPDATE tasks SET list_id = ?, space_id = ? WHERE list_id = ?",
            .integer(destination.rawValue), .integer(space.rawValue), .integer(list.rawValue))
    }

    /// Unassigns every task assigned to `user` (who is leaving the couple).
    func unassignTasks(of user: UserID) throws {
        try db.run("UPDATE tasks SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
    }

    // MARK: Time: due dates, priority, recurrence, nags

    /// Sets or clears a task's due date. `scheduled` is the rule's occurrence date (nil: same as the due date).
    public func setDue(_ task: TaskID, _ due: DueDate?, scheduled: LocalDate? = nil, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET due_date = ?, due_time = ?, due_tz = ?, due_at = ?, scheduled_date = ?, updated_at = ? WHERE id = ?",
            due.map { .text($0.date.description) } ?? .null, due?.time.map { .text($0.description) } ?? .null,
            due.map { .text($0.tz) } ?? .null, due.map { .integer($0.instant) } ?? .null,
            (scheduled ?? due?.date).map { .text($0.description) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Sets a task's priority.
    public func setPriority(_ task: TaskID, _ priority: Priority, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET priority = ?, updated_at = ? WHERE id = ?", .text(priority.rawValue), .integer(now),
            .integer(task.rawValue))
    }

    /// Sets or clears a task's recurrence rule.
    public func setRecurrence(_ task: TaskID, _ rule: Recurrence?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET recurrence = ?, updated_at = ? WHERE id = ?",
            rule.map { .text(RecurrenceCoding.encode($0)) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Sets or clears the nag interval.
    public func setNag(_ task: TaskID, minutes: Int?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET nag_minutes = ?, updated_at = ? WHERE id = ?",
            minutes.map { .integer(Int64($0)) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// The number of open tasks due before `end` and, of those, overdue at `now`.
    public func dueCounts(in space: SpaceID, now: Int64, endOfToday: Int64) throws -> (overdue: Int, today: Int) {
        try db.queryOne(
            """
            SELECT sum(due_at < ?) AS overdue, sum(due_at >= ? AND due_at < ?) AS today
            FROM tasks WHERE space_id = ? AND done = 0 AND due_at IS NOT NULL AND due_at < ?
            """,
            .integer(now), .integer(now), .integer(endOfToday), .integer(space.rawValue), .integer(endOfToday)
        ) { (Int($0.int("overdue") ?? 0), Int($0.int("today") ?? 0)) } ?? (0, 0)
    }

    /// The space of a task, whatever it is (the reminder timer is no user).
    func spaceOfTask(_ task: TaskID) throws -> SpaceID? {
        try db.queryOne("SELECT space_id FROM tasks WHERE id = ?", .integer(task.rawValue)) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// The task of a reminder with its space, regardless of space (the timer is not a user).
    public func taskForReminder(_ task: TaskID) throws -> (TaskItem, SpaceID)? {
        guard
            let space = try spaceOfTask(task),
            let item = try self.task(task, in: space)
        else { return nil }
        return (item, space)
    }

    // MARK: Pages and counts

    /// At most `limit` tasks of a list after `cursor`, in the order `tasks(in:)` shows them (open first,
    /// then done; each by creation). A keyset read: each page costs the same however deep it is, and a task
    /// added or removed between pages never makes another appear twice.
    public func tasks(in list: ListID, after cursor: TaskCursor?, limit: Int) throws -> [TaskItem] {
        guard let cursor else { return try tasks(in: list, offset: 0, limit: limit) }
        return try db.query(
            Rows.taskColumns + " WHERE t.id IN (" + Store.listKeysetIDs + ") ORDER BY t.done, t.created_at, t.id",
            .integer(list.rawValue), .integer(cursor.isDone ? 1 : 0), .integer(cursor.createdAt),
            .integer(cursor.id.rawValue), .integer(Int64(limit)), map: Rows.task(from:))
    }

    /// The ids of a keyset page of a list: a range of `tasks_list_order` after the cursor. Picked apart from the
    /// rows (as the offset pages are), since with the joins around it SQLite sorted every row after the cursor.
    package static let listKeysetIDs = """
        SELECT id FROM tasks WHERE list_id = ? AND parent_id IS NULL AND (done, created_at, id) > (?, ?, ?)
        ORDER BY done, created_at, id LIMIT ?
        """

    /// The ids of a keyset page of a due view: a range of `tasks_due` after the last row's `(due_at, id)`.
    /// `?6`: the limit; `{who}`: see `whose`.
    package static let dueKeysetIDs = """
        SELECT id FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3
        AND (due_at, id) > (?4, ?5){who} ORDER BY due_at, id LIMIT ?6
        """

    /// The ids of a keyset page of the undated tasks: a range of `tasks_undated` after the last row's
    /// `(list_id, created_at, id)`. `?5`: the limit; `{who}`: see `whose`.
    package static let undatedKeysetIDs = """
        SELECT id FROM tasks INDEXED BY tasks_undated WHERE space_id = ?1 AND done = 0 AND due_at IS NULL AND parent_id IS NULL
        AND (list_id, created_at, id) > (?2, ?3, ?4){who} ORDER BY list_id, created_at, id LIMIT ?5
        """

    /// `sql` with its `{who}` made ` AND assignee_id = ?N` (the assignee bound as the last parameter) or removed.
    ///
    /// Two statements, not one `(? IS NULL OR assignee_id = ?)`: that condition names a column no index of the
    /// views holds, so even without an assignee SQLite read the row of every task it counted or skipped. The
    /// agenda's count over a space of 100,000 undated tasks took 19 ms that way; without the column the count
    /// and the skipped rows stay in `tasks_undated` / `tasks_due`. (The undated statements name their index:
    /// SQLite otherwise took `tasks_due` for `due_at IS NULL` and read every row to test `parent_id`.)
    package static func whose(_ sql: String, _ assignee: UserID?, _ values: [SQLValue]) -> (String, [SQLValue]) {
        guard let assignee else { return (sql.replacingOccurrences(of: "{who}", with: ""), values) }
        return (
            sql.replacingOccurrences(of: "{who}", with: " AND assignee_id = ?\(values.count + 1)"),
            values + [.integer(assignee.rawValue)]
        )
    }

    /// Tasks `offset ..< offset + limit` of a list, in `tasks(in:)` order (open first, then by creation).
    ///
    /// The page's ids are picked from the `tasks_list_order` index alone, so rows skipped by a deep page cost an
    /// index step each, not a row read and four joins.
    public func tasks(in list: ListID, offset: Int, limit: Int) throws -> [TaskItem] {
        try db.query(
            Rows.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks WHERE list_id = ? AND parent_id IS NULL ORDER BY done, created_at, id
                 LIMIT ? OFFSET ?)
                 ORDER BY t.done, t.created_at, t.id
                """,
            .integer(list.rawValue), .integer(Int64(limit)), .integer(Int64(offset)), map: Rows.task(from:))
    }

    /// The open and done task counts of a list (kept by triggers in `list_open_counts`: one row read).
    public func taskCounts(in list: ListID) throws -> (open: Int, done: Int) {
        try db.queryOne("SELECT open, done FROM list_open_counts WHERE list_id = ?", .integer(list.rawValue)) {
            (Int(try $0.requiredInt("open")), Int(try $0.requiredInt("done")))
        } ?? (0, 0)
    }

    /// Open tasks of a space due in `from ..< before`, optionally only those assigned to `assignee`, soonest
    /// first; rows `offset ..< offset + limit` of that order.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        // The ids come from the `tasks_due` index order; only the page's rows are read and joined.
        let (sql, values) = Store.whose(
            Rows.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3
                 {who} ORDER BY due_at, id LIMIT ?4 OFFSET ?5) ORDER BY t.due_at, t.id
                """, assignee,
            [
                .integer(space.rawValue), .integer(from), .integer(before), .integer(Int64(limit)),
                .integer(Int64(offset)),
            ])
        return try db.query(sql, values, map: Rows.task(from:))
    }

    /// The tasks `dueTasks(in:from:before:assignee:offset:limit:)` orders, after `last`: a range of the
    /// `tasks_due` index from the last row's `(due_at, id)`, so page 2,000 costs what page 2 does.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws -> [TaskItem] {
        let (sql, values) = Store.whose(
            Rows.taskColumns + " WHERE t.id IN (" + Store.dueKeysetIDs + ") ORDER BY t.due_at, t.id", assignee,
            [
                .integer(space.rawValue), .integer(from), .integer(before), .integer(last.dueAt ?? from),
                .integer(last.id.rawValue), .integer(Int64(limit)),
            ])
        return try db.query(sql, values, map: Rows.task(from:))
    }

    /// How many open tasks `dueTasks(in:from:before:assignee:…)` pages through (from the `tasks_due` index).
    public func dueTaskCount(in space: SpaceID, from: Int64, before: Int64, assignee: UserID?) throws -> Int {
        let (sql, values) = Store.whose(
            "SELECT count(*) AS n FROM tasks WHERE space_id = ?1 AND done = 0 AND due_at >= ?2 AND due_at < ?3{who}",
            assignee, [.integer(space.rawValue), .integer(from), .integer(before)])
        return Int(try db.queryOne(sql, values) { try $0.requiredInt("n") } ?? 0)
    }

    /// Open tasks of a space without a due date (optionally only `assignee`'s), list by list (the default list
    /// first: it is always a space's first list), each by creation; one page of them, from the `tasks_undated` index.
    public func undatedTasks(in space: SpaceID, assignee: UserID?, offset: Int, limit: Int) throws -> [TaskItem] {
        let (sql, values) = Store.whose(
            Rows.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks INDEXED BY tasks_undated WHERE space_id = ?1 AND done = 0 AND due_at IS NULL
                 AND parent_id IS NULL{who} ORDER BY list_id, created_at, id LIMIT ?2 OFFSET ?3)
                 ORDER BY t.list_id, t.created_at, t.id
                """, assignee, [.integer(space.rawValue), .integer(Int64(limit)), .integer(Int64(offset))])
        return try db.query(sql, values, map: Rows.task(from:))
    }

    /// The tasks `undatedTasks(in:assignee:offset:limit:)` orders, after `last`: a range of the `tasks_undated`
    /// index from the last row's `(list_id, created_at, id)`.
    public func undatedTasks(
        in space: SpaceID, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws
        -> [TaskItem]
    {
        let (sql, values) = Store.whose(
            Rows.taskColumns + " WHERE t.id IN (" + Store.undatedKeysetIDs
                + ") ORDER BY t.list_id, t.created_at, t.id",
            assignee,
            [
                .integer(space.rawValue), .integer(last.list.rawValue), .integer(last.createdAt),
                .integer(last.id.rawValue), .integer(Int64(limit)),
            ])
        return try db.query(sql, values, map: Rows.task(from:))
    }

    /// How many open tasks `undatedTasks(in:assignee:offset:limit:)` pages through.
    public func undatedTaskCount(in space: SpaceID, assignee: UserID?) throws -> Int {
        let (sql, values) = Store.whose(
            "SELECT count(*) AS n FROM tasks INDEXED BY tasks_undated WHERE space_id = ?1 AND done = 0 AND due_at IS NULL AND parent_id IS NULL{who}",
            assignee, [.integer(space.rawValue)])
        return Int(try db.queryOne(sql, values) { try $0.requiredInt("n") } ?? 0)
    }

    /// The number of tasks of a space (kept by triggers in `space_task_counts`: one row read).
    public func taskCount(inSpace space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT tasks AS n FROM space_task_counts WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }
}
