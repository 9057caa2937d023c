// Tasks: ordered listing, lookup by id within a space, word search, and every change a command makes.

import TwoDoCore

extension Store {
    static let taskColumns = """
        SELECT t.id, t.list_id, l.name AS list_name, t.title, t.done, a.name AS assignee, c.name AS created_by,
               t.created_at, t.updated_at, d.name AS completed_by, t.completed_at,
               t.due_date, t.due_time, t.due_tz, t.scheduled_date, t.priority, t.recurrence, t.nag_minutes,
               (SELECT count(*) FROM task_notes n WHERE n.task_id = t.id) AS note_count, t.title_key
        FROM tasks t
        JOIN lists l ON l.id = t.list_id
        LEFT JOIN users a ON a.id = t.assignee_id
        LEFT JOIN users c ON c.id = t.created_by
        LEFT JOIN users d ON d.id = t.completed_by
        """

    static func task(from row: Row) throws -> TaskItem {
        // Columns are read in SELECT order, so each lookup by name is the statement's first guess.
        var task = TaskItem(
            id: TaskID(try row.requiredInt("id")), list: ListID(try row.requiredInt("list_id")),
            listName: try row.requiredText("list_name"),
            title: try row.requiredText("title"), isDone: try row.requiredInt("done") == 1,
            assignee: row.text("assignee"),
            createdBy: row.text("created_by"), createdAt: try row.requiredInt("created_at"),
            updatedAt: try row.requiredInt("updated_at"),
            completedBy: row.text("completed_by"), completedAt: row.int("completed_at"), noteCount: 0)
        if let date = row.text("due_date").flatMap(LocalDate.init(iso:)) {
            task.due = DueDate(
                date: date, time: row.text("due_time").flatMap(LocalTime.init(iso:)), tz: row.text("due_tz") ?? "UTC")
        }
        task.scheduledDate = row.text("scheduled_date").flatMap(LocalDate.init(iso:))
        task.priority = Priority(rawValue: try row.requiredText("priority")) ?? .none
        task.recurrence = row.text("recurrence").flatMap(RecurrenceCoding.decode)
        task.nagMinutes = row.int("nag_minutes").map(Int.init)
        task.noteCount = Int(try row.requiredInt("note_count"))
        return task
    }

    /// The tasks of a list: open ones first, then done ones; within each by creation time.
    public func tasks(in list: ListID) throws -> [TaskItem] {
        try db.query(
            Store.taskColumns + " WHERE t.list_id = ? ORDER BY t.done, t.created_at, t.id", .integer(list.rawValue),
            map: Store.task(from:))
    }

    /// Every task of a space, list by list, in display order.
    public func tasks(inSpace space: SpaceID) throws -> [TaskItem] {
        try db.query(
            Store.taskColumns + " WHERE t.space_id = ? ORDER BY l.is_default DESC, l.id, t.done, t.created_at, t.id",
            .integer(space.rawValue), map: Store.task(from:))
    }

    /// The task with this id, only if it belongs to `space` (the isolation check for every reference).
    public func task(_ id: TaskID, in space: SpaceID) throws -> TaskItem? {
        try db.queryOne(
            Store.taskColumns + " WHERE t.id = ? AND t.space_id = ?", .integer(id.rawValue), .integer(space.rawValue),
            map: Store.task(from:))
    }

    /// Tasks of a space whose folded title contains every folded word of `query`; open tasks first. A task
    /// whose whole title is `query` wins alone. At most `limit` tasks are read, however many match: a
    /// space of 100,000 "task …" titles costs no more than one of twenty.
    public func tasks(matching query: String, in space: SpaceID, limit: Int = 20) throws -> [TaskItem] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let exact = try db.query(
            Store.taskColumns + " WHERE t.space_id = ? AND t.title_key = ? ORDER BY t.done, t.created_at, t.id LIMIT ?",
            .integer(space.rawValue), .text(key), .integer(Int64(limit)), map: Store.task(from:))
        if !exact.isEmpty { return exact }
        // Up to three words are tested in SQL (fixed statements); any further words on the rows read.
        let sqlWords = Array(words.prefix(3))
        let condition = sqlWords.map { _ in "instr(t.title_key, ?) > 0" }.joined(separator: " AND ")
        let rest = words.dropFirst(sqlWords.count)
        let candidates: [(TaskItem, String)]
        let sql =
            Store.taskColumns + " WHERE t.space_id = ? AND \(condition) ORDER BY t.done, t.created_at, t.id LIMIT ?"
        let map = { (row: Row) in (try Store.task(from: row), try row.requiredText("title_key")) }
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

    /// Moves a task to another list of the same space.
    public func move(_ task: TaskID, to list: ListID, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET list_id = ?, updated_at = ? WHERE id = ?", .integer(list.rawValue), .integer(now),
            .integer(task.rawValue))
    }

    /// Assigns a task to a member, or to nobody.
    public func assign(_ task: TaskID, to user: UserID?, now: Int64) throws {
        try db.run(
            "UPDATE tasks SET assignee_id = ?, updated_at = ? WHERE id = ?",
            user.map { .integer($0.rawValue) } ?? .null, .integer(now), .integer(task.rawValue))
    }

    /// Deletes a task and its notes.
    public func deleteTask(_ task: TaskID) throws {
        try db.run("DELETE FROM tasks WHERE id = ?", .integer(task.rawValue))
    }

    /// Attaches a note to a task.
    public func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws {
        try db.run(
            "INSERT INTO task_notes (task_id, author_id, created_at, body) VALUES (?, ?, ?, ?)",
            .integer(task.rawValue), .integer(user.rawValue), .integer(now), .text(text))
        try db.run("UPDATE tasks SET updated_at = ? WHERE id = ?", .integer(now), .integer(task.rawValue))
    }

    /// The notes of a task, oldest first.
    public func notes(of task: TaskID) throws -> [Note] {
        try db.query(
            "SELECT u.name AS author, n.created_at, n.body FROM task_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.task_id = ? ORDER BY n.id",
            .integer(task.rawValue)
        ) { Note(author: $0.text("author"), at: try $0.requiredInt("created_at"), text: try $0.requiredText("body")) }
    }
}
