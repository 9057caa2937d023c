// One page of each long listing (LIMIT/OFFSET on the listing's index order) and the indexed counts that
// go with it and with the space limits.

import Foundation
import TwoDoCore

extension Store {
    /// Tasks `offset ..< offset + limit` of a list, in `tasks(in:)` order (open first, then by creation).
    ///
    /// The page's ids are picked from the `tasks_list_order` index alone, so rows skipped by a deep page cost an
    /// index step each, not a row read and four joins.
    public func tasks(in list: ListID, offset: Int, limit: Int) throws -> [TaskItem] {
        try db.query(
            Store.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks WHERE list_id = ? ORDER BY done, created_at, id LIMIT ? OFFSET ?)
                 ORDER BY t.done, t.created_at, t.id
                """,
            .integer(list.rawValue), .integer(Int64(limit)), .integer(Int64(offset)), map: Store.task(from:))
    }

    /// The open and done task counts of a list (from the `tasks_list_order` index).
    public func taskCounts(in list: ListID) throws -> (open: Int, done: Int) {
        try db.queryOne(
            "SELECT count(*) AS n, coalesce(sum(done), 0) AS done FROM tasks WHERE list_id = ?", .integer(list.rawValue)
        ) { (Int(try $0.requiredInt("n") - $0.requiredInt("done")), Int(try $0.requiredInt("done"))) } ?? (0, 0)
    }

    /// Open tasks of a space due in `from ..< before`, optionally only those assigned to `assignee`, soonest
    /// first; rows `offset ..< offset + limit` of that order.
    public func dueTasks(
        in space: SpaceID, from: Int64, before: Int64, assignee: UserID?, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        let who = assignee.map { SQLValue.integer($0.rawValue) } ?? .null
        // The ids come from the `tasks_due` index order; only the page's rows are read and joined.
        return try db.query(
            Store.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks WHERE space_id = ? AND done = 0 AND due_at >= ? AND due_at < ?
                 AND (? IS NULL OR assignee_id = ?) ORDER BY due_at, id LIMIT ? OFFSET ?) ORDER BY t.due_at, t.id
                """,
            .integer(space.rawValue), .integer(from), .integer(before), who, who, .integer(Int64(limit)),
            .integer(Int64(offset)), map: Store.task(from:))
    }

    /// How many open tasks `dueTasks(in:from:before:assignee:…)` pages through (from the `tasks_due` index).
    public func dueTaskCount(in space: SpaceID, from: Int64, before: Int64, assignee: UserID?) throws -> Int {
        let who = assignee.map { SQLValue.integer($0.rawValue) } ?? .null
        return Int(
            try db.queryOne(
                """
                SELECT count(*) AS n FROM tasks WHERE space_id = ? AND done = 0 AND due_at >= ? AND due_at < ?
                AND (? IS NULL OR assignee_id = ?)
                """, .integer(space.rawValue), .integer(from), .integer(before), who, who
            ) { try $0.requiredInt("n") } ?? 0)
    }

    /// Open tasks of a space without a due date (optionally only `assignee`'s), list by list (the default list
    /// first: it is always a space's first list), each by creation; one page of them, from the `tasks_undated` index.
    public func undatedTasks(in space: SpaceID, assignee: UserID?, offset: Int, limit: Int) throws -> [TaskItem] {
        let who = assignee.map { SQLValue.integer($0.rawValue) } ?? .null
        return try db.query(
            Store.taskColumns + """
                 WHERE t.id IN (SELECT id FROM tasks WHERE space_id = ? AND done = 0 AND due_at IS NULL
                 AND (? IS NULL OR assignee_id = ?) ORDER BY list_id, created_at, id LIMIT ? OFFSET ?)
                 ORDER BY t.list_id, t.created_at, t.id
                """,
            .integer(space.rawValue), who, who, .integer(Int64(limit)), .integer(Int64(offset)), map: Store.task(from:))
    }

    /// How many open tasks `undatedTasks(in:assignee:offset:limit:)` pages through.
    public func undatedTaskCount(in space: SpaceID, assignee: UserID?) throws -> Int {
        let who = assignee.map { SQLValue.integer($0.rawValue) } ?? .null
        return Int(
            try db.queryOne(
                "SELECT count(*) AS n FROM tasks WHERE space_id = ? AND done = 0 AND due_at IS NULL AND (? IS NULL OR assignee_id = ?)",
                .integer(space.rawValue), who, who
            ) { try $0.requiredInt("n") } ?? 0)
    }

    /// A user's notifications, newest first: rows `offset ..< offset + limit`.
    public func notifications(for user: UserID, offset: Int, limit: Int) throws -> [InboxItem] {
        try db.query(
            "SELECT id, created_at, key, args, is_read FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
            .integer(user.rawValue), .integer(Int64(limit)), .integer(Int64(offset))
        ) { row in
            let data = Data(try row.requiredText("args").utf8)
            let args = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] ?? [:]
            return InboxItem(
                id: try row.requiredInt("id"), at: try row.requiredInt("created_at"), key: try row.requiredText("key"),
                args: args,
                isRead: try row.requiredInt("is_read") == 1)
        }
    }

    /// How many notifications a user has (from the `notifications_user` index).
    public func notificationCount(for user: UserID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM notifications WHERE user_id = ?", .integer(user.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// What a space holds, for the space limits (each an indexed count).
    public func counts(of space: SpaceID) throws -> SpaceCounts {
        let s = SQLValue.integer(space.rawValue)
        return try db.queryOne(
            """
            SELECT coalesce((SELECT tasks FROM space_task_counts WHERE space_id = ?), 0) AS tasks,
                   (SELECT count(*) FROM lists WHERE space_id = ?) AS lists,
                   (SELECT count(*) FROM routines WHERE space_id = ?) AS routines,
                   (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NULL)
                   + (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NOT NULL) AS events
            """, s, s, s, s, s
        ) {
            SpaceCounts(
                tasks: Int(try $0.requiredInt("tasks")), lists: Int(try $0.requiredInt("lists")),
                routines: Int(try $0.requiredInt("routines")), events: Int(try $0.requiredInt("events")))
        } ?? SpaceCounts(tasks: 0, lists: 0, routines: 0, events: 0)
    }

    /// The number of lists of a space.
    public func listCount(in space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM lists WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// The number of routines of a space (from the `routines_space` index).
    public func routineCount(in space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM routines WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// The number of events of a space (from the two partial indexes, one-off and repeating).
    public func indexedEventCount(in space: SpaceID) throws -> Int {
        let s = SQLValue.integer(space.rawValue)
        return Int(
            try db.queryOne(
                """
                SELECT (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NULL)
                     + (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NOT NULL) AS n
                """, s, s
            ) { try $0.requiredInt("n") } ?? 0)
    }

    /// The number of tasks of a space (kept by triggers in `space_task_counts`: one row read).
    public func taskCount(inSpace space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT tasks AS n FROM space_task_counts WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// The number of open tasks of a list (from the `tasks_list_order` index).
    public func openTaskCount(in list: ListID) throws -> Int {
        // Kept by triggers in `list_open_counts`: one row read, not a count of the list's index.
        Int(
            try db.queryOne("SELECT open AS n FROM list_open_counts WHERE list_id = ?", .integer(list.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// The number of notes on a task, a routine or an event (from their note indexes).
    public func noteCount(task: TaskID? = nil, routine: RoutineID? = nil, event: EventID? = nil) throws -> Int {
        let (sql, id): (String, Int64)
        if let task {
            (sql, id) = ("SELECT count(*) AS n FROM task_notes WHERE task_id = ?", task.rawValue)
        } else if let routine {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE routine_id = ?", routine.rawValue)
        } else if let event {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE event_id = ?", event.rawValue)
        } else {
            preconditionFailure("noteCount needs one item")
        }
        return Int(try db.queryOne(sql, .integer(id)) { try $0.requiredInt("n") } ?? 0)
    }

    /// The open tasks the joined default list would hold after merging `source` into `target` (the default
    /// lists join; other lists move whole, so no other list grows).
    public func mergedDefaultOpenCount(from source: SpaceID, into target: SpaceID) throws -> Int {
        let a = try openTaskCount(in: defaultList(in: source).id)
        let b = try openTaskCount(in: defaultList(in: target).id)
        return a + b
    }
}
