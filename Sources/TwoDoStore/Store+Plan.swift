// SQL on `plan_entries`: the 1-3-5 board, the backlog and the midnight rollover.

import TwoDoCore

extension Store {
    // Table `plan_entries`: migration 13. `Rows.taskColumns` joins it (as `pe`), so every task read carries
    // its entry.

    public func planBoard(of user: UserID, on date: LocalDate) throws -> [TaskItem] {
        try db.query(
            Rows.taskColumns + """
                 WHERE t.id IN (SELECT task_id FROM plan_entries
                     WHERE user_id = ? AND plan_date = ? AND status <> 'deferred')
                """, .integer(user.rawValue), .text(date.description), map: Rows.task(from:))
    }

    public func planCount(
        of user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket, excluding task: TaskID?
    ) throws -> Int {
        Int(
            try db.queryOne(
                """
                SELECT count(*) AS n FROM plan_entries WHERE user_id = ? AND plan_date = ? AND region = ?
                    AND bucket = ? AND status <> 'deferred' AND task_id <> ?
                """, .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
                .integer(task?.rawValue ?? -1)
            ) { try $0.requiredInt("n") } ?? 0)
    }

    public func plan(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket,
        status: PlanStatus, now: Int64
    ) throws {
        precondition(status == .todo || status == .inProgress, "a board entry is to do or in progress")
        let last =
            try db.queryOne(
                """
                SELECT coalesce(max(position), 0) AS last FROM plan_entries
                WHERE user_id = ? AND plan_date = ? AND region = ? AND bucket = ? AND task_id <> ?
                """, .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
                .integer(task.rawValue)
            ) { try $0.requiredInt("last") } ?? 0
        // An update keeps the entry's row id (so `undo` sees one changed row, not a delete and an insert).
        let changed = try db.run(
            """
            UPDATE plan_entries SET user_id = ?, plan_date = ?, region = ?, bucket = ?, position = ?, status = ?,
                deferred_at = NULL WHERE task_id = ?
            """, .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
            .integer(last + 1), .text(status.rawValue), .integer(task.rawValue))
        guard changed == 0 else { return }
        try db.run(
            """
            INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, planned_at, space_id)
            SELECT id, ?, ?, ?, ?, ?, ?, ?, space_id FROM tasks WHERE id = ?
            """, .integer(user.rawValue), .text(date.description), .text(region.rawValue),
            .text(bucket.rawValue), .integer(last + 1), .text(status.rawValue), .integer(now), .integer(task.rawValue))
    }

    public func setPlanStatus(_ task: TaskID, _ status: PlanStatus, now: Int64) throws {
        precondition(status != .done, "done is the task's flag")
        if status == .deferred {
            try db.run(
                "UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = ? WHERE task_id = ?",
                .integer(now), .integer(task.rawValue))
        } else {
            try db.run(
                "UPDATE plan_entries SET status = ? WHERE task_id = ?", .text(status.rawValue),
                .integer(task.rawValue))
        }
    }

    public func deferToBacklog(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, now: Int64
    ) throws {
        let changed = try db.run(
            """
            UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = ?
            WHERE task_id = ?
            """, .integer(now), .integer(task.rawValue))
        guard changed == 0 else { return }
        try db.run(
            """
            INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, deferred_at,
                planned_at, space_id)
            SELECT id, ?, ?, ?, NULL, 0, 'deferred', ?, ?, space_id FROM tasks WHERE id = ?
            """, .integer(user.rawValue), .text(date.description), .text(region.rawValue),
            .integer(now), .integer(now), .integer(task.rawValue))
    }

    public func setPlanOrder(_ tasks: [TaskID]) throws {
        for (i, task) in tasks.enumerated() {
            try db.run(
                "UPDATE plan_entries SET position = ? WHERE task_id = ? AND position <> ?", .integer(Int64(i + 1)),
                .integer(task.rawValue), .integer(Int64(i + 1)))
        }
    }

    public func unplan(_ task: TaskID) throws {
        try db.run("DELETE FROM plan_entries WHERE task_id = ?", .integer(task.rawValue))
    }

    public func backlogCount(of user: UserID) throws -> Int {
        Int(
            try db.queryOne(
                """
                SELECT count(*) AS n FROM plan_entries p JOIN tasks t ON t.id = p.task_id
                WHERE p.user_id = ? AND p.status = 'deferred' AND t.done = 0
                """, .integer(user.rawValue)
            ) { try $0.requiredInt("n") } ?? 0)
    }

    public func backlog(of user: UserID, offset: Int, limit: Int) throws -> [TaskItem] {
        try db.query(
            Rows.taskColumns + """
                 WHERE pe.user_id = ? AND pe.status = 'deferred' AND t.done = 0
                ORDER BY pe.deferred_at DESC, pe.id DESC LIMIT ? OFFSET ?
                """, .integer(user.rawValue), .integer(Int64(limit)), .integer(Int64(offset)),
            map: Rows.task(from:))
    }

    public func rolloverZones() throws -> [(tz: String, earliest: LocalDate)] {
        try db.query(
            """
            SELECT u.tz AS tz, min(p.plan_date) AS earliest FROM plan_entries p
            JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
            WHERE p.status IN ('todo', 'in_progress') AND t.done = 0 GROUP BY u.tz
            """
        ) { (tz: try $0.requiredText("tz"), earliest: try $0.requiredDate("earliest")) }
    }

    public func rollOver(
        zone tz: String, before today: LocalDate, now: Int64, limit: Int
    ) throws
        -> [(user: UserID, count: Int, earliest: LocalDate)]
    {
        let people = try db.query(
            """
            SELECT p.user_id AS user_id, min(p.plan_date) AS earliest FROM plan_entries p
            JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
            WHERE u.tz = ? AND p.status IN ('todo', 'in_progress') AND p.plan_date < ? AND t.done = 0
            GROUP BY p.user_id ORDER BY p.user_id LIMIT ?
            """, .text(tz), .text(today.description), .integer(Int64(limit))
        ) { (user: UserID(try $0.requiredInt("user_id")), earliest: try $0.requiredDate("earliest")) }
        var moved: [(user: UserID, count: Int, earliest: LocalDate)] = []
        for person in people {
            let count = try db.run(
                """
                UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = ?
                WHERE user_id = ? AND plan_date < ? AND status IN ('todo', 'in_progress')
                    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = plan_entries.task_id AND t.done = 1)
                """, .integer(now), .integer(person.user.rawValue), .text(today.description))
            if count > 0 { moved.append((person.user, count, person.earliest)) }
        }
        return moved
    }
}
