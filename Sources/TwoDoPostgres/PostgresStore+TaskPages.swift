// TaskStore's pages, counts and notes on PostgreSQL: keyset and offset pages, due and undated views, task notes.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// At most `limit` tasks of a list after `cursor`, in `tasks(in:)` order. A keyset read on the
    /// `tasks_list_order` index: each page costs the same however deep, and a task added or removed between
    /// pages never makes another appear twice.
    public func tasks(in list: ListID, after cursor: TaskCursor?, limit: Int) throws -> [TaskItem] {
        guard let cursor else { return try tasks(in: list, offset: 0, limit: limit) }
        return try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE list_id = $1 AND parent_id IS NULL
             AND (done, created_at, id) > ($2, $3, $4) ORDER BY done, created_at, id LIMIT $5))
             ORDER BY t.done, t.created_at, t.id
            """,
            [
                .integer(list.rawValue), .integer(cursor.isDone ? 1 : 0), .integer(cursor.createdAt),
                .integer(cursor.id.rawValue), .integer(Int64(limit)),
            ])
    }

    /// Tasks `offset ..< offset + limit` of a list, in `tasks(in:)` order; the page's ids come from the
    /// `tasks_list_page` index alone, so skipped rows are never joined.
    ///
    /// `t.id = ANY(ARRAY(subquery))`, here and in every page below: the ids are computed once (an InitPlan)
    /// and the page's rows fetched by primary key. With SQLite's `t.id IN (subquery)` PostgreSQL chose a hash
    /// semi join that joined every task of the database first (15 ms for 10,000 tasks, against 1 ms).
    public func tasks(in list: ListID, offset: Int, limit: Int) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE list_id = $1 AND parent_id IS NULL ORDER BY done, created_at, id
             LIMIT $2 OFFSET $3))
             ORDER BY t.done, t.created_at, t.id
            """, [.integer(list.rawValue), .integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// The open and done task counts of a list (an index-only count on `tasks_list_order`).
    public func taskCounts(in list: ListID) throws -> (open: Int, done: Int) {
        try taskAreaRow("SELECT open, done FROM list_open_counts WHERE list_id = $1", [.integer(list.rawValue)]) {
            (Int(try $0.requiredInt("open")), Int(try $0.requiredInt("done")))
        } ?? (0, 0)
    }

    /// Open tasks of a space due in `from ..< before` (optionally `assignee`'s), soonest first; one page.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE space_id = $1 AND done = 0 AND due_at >= $2 AND due_at < $3
             AND ($4::bigint IS NULL OR assignee_id = $4) ORDER BY due_at, id LIMIT $5 OFFSET $6)) ORDER BY t.due_at, t.id
            """,
            [
                .integer(space.rawValue), .integer(from), .integer(before),
                assignee.map { .integer($0.rawValue) } ?? .null,
                .integer(Int64(limit)), .integer(Int64(offset)),
            ])
    }

    /// The tasks `dueTasks(…offset:limit:)` orders, after `last`'s `(due_at, id)`: a keyset page.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE space_id = $1 AND done = 0 AND due_at >= $2 AND due_at < $3
             AND (due_at, id) > ($4, $5) AND ($6::bigint IS NULL OR assignee_id = $6) ORDER BY due_at, id LIMIT $7))
             ORDER BY t.due_at, t.id
            """,
            [
                .integer(space.rawValue), .integer(from), .integer(before), .integer(last.dueAt ?? from),
                .integer(last.id.rawValue), assignee.map { .integer($0.rawValue) } ?? .null, .integer(Int64(limit)),
            ])
    }

    /// How many open tasks `dueTasks` pages through (from the `tasks_due` index).
    public func dueTaskCount(in space: SpaceID, from: Int64, before: Int64, assignee: UserID?) throws -> Int {
        try taskAreaCount(
            """
            SELECT count(*) AS n FROM tasks WHERE space_id = $1 AND done = 0 AND due_at >= $2 AND due_at < $3
            AND ($4::bigint IS NULL OR assignee_id = $4)
            """,
            [
                .integer(space.rawValue), .integer(from), .integer(before),
                assignee.map { .integer($0.rawValue) } ?? .null,
            ])
    }

    /// Open tasks of a space without a due date (optionally `assignee`'s), list by list, each by creation;
    /// one page, from the `tasks_undated` index.
    public func undatedTasks(in space: SpaceID, assignee: UserID?, offset: Int, limit: Int) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE space_id = $1 AND done = 0 AND due_at IS NULL
             AND parent_id IS NULL AND ($2::bigint IS NULL OR assignee_id = $2) ORDER BY list_id, created_at, id
             LIMIT $3 OFFSET $4))
             ORDER BY t.list_id, t.created_at, t.id
            """,
            [
                .integer(space.rawValue), assignee.map { .integer($0.rawValue) } ?? .null, .integer(Int64(limit)),
                .integer(Int64(offset)),
            ])
    }

    /// The tasks `undatedTasks(…offset:limit:)` orders, after `last`'s `(list_id, created_at, id)`: a keyset page.
    public func undatedTasks(
        in space: SpaceID, assignee: UserID?, after last: TaskItem, limit: Int
    ) throws
        -> [TaskItem]
    {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT id FROM tasks WHERE space_id = $1 AND done = 0 AND due_at IS NULL
             AND parent_id IS NULL AND (list_id, created_at, id) > ($2, $3, $4)
             AND ($5::bigint IS NULL OR assignee_id = $5) ORDER BY list_id, created_at, id LIMIT $6))
             ORDER BY t.list_id, t.created_at, t.id
            """,
            [
                .integer(space.rawValue), .integer(last.list.rawValue), .integer(last.createdAt),
                .integer(last.id.rawValue), assignee.map { .integer($0.rawValue) } ?? .null, .integer(Int64(limit)),
            ])
    }

    /// How many open tasks `undatedTasks` pages through.
    public func undatedTaskCount(in space: SpaceID, assignee: UserID?) throws -> Int {
        try taskAreaCount(
            """
            SELECT count(*) AS n FROM tasks WHERE space_id = $1 AND done = 0 AND due_at IS NULL AND parent_id IS NULL
            AND ($2::bigint IS NULL OR assignee_id = $2)
            """, [.integer(space.rawValue), assignee.map { .integer($0.rawValue) } ?? .null])
    }

    /// The number of tasks of a space (steps included): one row of `space_task_counts`, kept by the trigger.
    public func taskCount(inSpace space: SpaceID) throws -> Int {
        try taskAreaCount("SELECT tasks AS n FROM space_task_counts WHERE space_id = $1", [.integer(space.rawValue)])
    }

    // MARK: Notes

    /// Attaches a note to a task (and its folded text to the search index, in the task's space).
    public func addNote(to task: TaskID, by user: UserID, text: String, now: Int64) throws {
        let added = try taskAreaRow(
            """
            INSERT INTO task_notes (task_id, author_id, created_at, body) VALUES ($1, $2, $3, $4)
            RETURNING id, (SELECT space_id FROM tasks WHERE id = $1) AS space_id
            """, [.integer(task.rawValue), .integer(user.rawValue), .integer(now), .text(text)]
        ) { (try $0.requiredInt("id"), try $0.requiredInt("space_id")) }
        if let (id, space) = added { try indexSearchText(.note, id: id, space: SpaceID(space), title: text) }
        try taskAreaRun("UPDATE tasks SET updated_at = $1 WHERE id = $2", [.integer(now), .integer(task.rawValue)])
    }
}
