// The 1-3-5 board, the backlog and the midnight rollover on `plan_entries`, written once for both engines.
// `Rows.taskColumns` joins the entry (as `pe`), so every task read carries it.

import TwoDoCore

extension SQLEngine {
    /// The tasks on `user`'s board for `date` (deferred entries excluded), in no particular order.
    public func planBoard(of user: UserID, on date: LocalDate) throws -> [TaskItem] {
        try rows(SharedSQL.planBoard, [.integer(user.rawValue), .text(date.description)], map: Rows.task)
    }

    /// How many entries (done ones included, deferred excluded) fill a bucket of a region of a day, not counting
    /// `excluding`.
    public func planCount(
        of user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket, excluding task: TaskID?
    ) throws -> Int {
        try count(
            """
            SELECT count(*) AS n FROM plan_entries WHERE user_id = ? AND plan_date = ? AND region = ?
                AND bucket = ? AND status <> 'deferred' AND task_id <> ?
            """, .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
            .integer(task?.rawValue ?? -1))
    }

    /// Puts `task` on `user`'s board (creating or replacing its entry), last in its bucket, with `status`.
    public func plan(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket,
        status: PlanStatus, now: Int64
    ) throws {
        precondition(status == .todo || status == .inProgress, "a board entry is to do or in progress")
        let last = try count(
            """
            SELECT coalesce(max(position), 0) AS n FROM plan_entries
            WHERE user_id = ? AND plan_date = ? AND region = ? AND bucket = ? AND task_id <> ?
            """, .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
            .integer(task.rawValue))
        let values: [SQLValue] = [
            .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
            .integer(Int64(last + 1)), .text(status.rawValue),
        ]
        // An update keeps the entry's row id (so `undo` sees one changed row, not a delete and an insert).
        let changed = try write(
            """
            UPDATE plan_entries SET user_id = ?, plan_date = ?, region = ?, bucket = ?, position = ?, status = ?,
                deferred_at = NULL WHERE task_id = ?
            """, values + [.integer(task.rawValue)])
        guard changed == 0 else { return }
        try write(SharedSQL.planEntry, values + [.integer(now), .integer(task.rawValue)])
    }

    /// Changes the stored status of a task's entry; `deferred` also empties its bucket and dates the deferral.
    public func setPlanStatus(_ task: TaskID, _ status: PlanStatus, now: Int64) throws {
        precondition(status != .done, "done is the task's flag")
        if status == .deferred {
            try write(SharedSQL.deferEntry, [.integer(now), .integer(task.rawValue)])
        } else {
            try write(
                "UPDATE plan_entries SET status = ? WHERE task_id = ?",
                [.text(status.rawValue), .integer(task.rawValue)])
        }
    }

    /// Sends `task` to `user`'s backlog, creating an entry for `date` when it had none.
    public func deferToBacklog(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, now: Int64
    ) throws {
        let changed = try write(SharedSQL.deferEntry, [.integer(now), .integer(task.rawValue)])
        guard changed == 0 else { return }
        try write(
            SharedSQL.deferredEntry,
            [
                .integer(user.rawValue), .text(date.description), .text(region.rawValue), .integer(now), .integer(now),
                .integer(task.rawValue),
            ])
    }

    /// Numbers the entries of `tasks` 1, 2, … in that order (one bucket's new order).
    public func setPlanOrder(_ tasks: [TaskID]) throws {
        for (i, task) in tasks.enumerated() {
            try write(
                "UPDATE plan_entries SET position = ? WHERE task_id = ? AND position <> ?",
                [.integer(Int64(i + 1)), .integer(task.rawValue), .integer(Int64(i + 1))])
        }
    }

    /// Takes a task off every plan.
    public func unplan(_ task: TaskID) throws {
        try write("DELETE FROM plan_entries WHERE task_id = ?", [.integer(task.rawValue)])
    }

    /// How many open tasks wait in `user`'s backlog.
    public func backlogCount(of user: UserID) throws -> Int {
        try count(
            """
            SELECT count(*) AS n FROM plan_entries p JOIN tasks t ON t.id = p.task_id
            WHERE p.user_id = ? AND p.status = 'deferred' AND t.done = 0
            """, .integer(user.rawValue))
    }

    /// Rows `offset ..< offset + limit` of `user`'s backlog (open tasks only), newest deferral first.
    public func backlog(of user: UserID, offset: Int, limit: Int) throws -> [TaskItem] {
        try rows(
            SharedSQL.backlog, [.integer(user.rawValue), self.limit(limit), .integer(Int64(max(offset, 0)))],
            map: Rows.task)
    }

    /// For each time zone of people with open entries, the earliest day planned (zones in byte order).
    public func rolloverZones() throws -> [(tz: String, earliest: LocalDate)] {
        try rows(SharedSQL.rolloverZones, []) {
            (tz: try $0.requiredText("tz"), earliest: try $0.requiredDate("earliest"))
        }
    }

    /// Defers the open entries of at most `limit` people of zone `tz` planned before `today`; returns each person
    /// with how many moved and the earliest day they were planned for.
    public func rollOver(
        zone tz: String, before today: LocalDate, now: Int64, limit: Int
    ) throws -> [(user: UserID, count: Int, earliest: LocalDate)] {
        let people = try rows(
            """
            SELECT p.user_id AS user_id, min(p.plan_date) AS earliest FROM plan_entries p
            JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
            WHERE u.tz = ? AND p.status IN ('todo', 'in_progress') AND p.plan_date < ? AND t.done = 0
            GROUP BY p.user_id ORDER BY p.user_id LIMIT ?
            """, [.text(tz), .text(today.description), self.limit(limit)]
        ) { (user: UserID(try $0.requiredInt("user_id")), earliest: try $0.requiredDate("earliest")) }
        var moved: [(user: UserID, count: Int, earliest: LocalDate)] = []
        for person in people {
            let count = try write(
                """
                UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = ?
                WHERE user_id = ? AND plan_date < ? AND status IN ('todo', 'in_progress')
                    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = plan_entries.task_id AND t.done = 1)
                """, [.integer(now), .integer(person.user.rawValue), .text(today.description)])
            if count > 0 { moved.append((person.user, count, person.earliest)) }
        }
        return moved
    }
}

extension SharedSQL {
    /// PostgreSQL reads the board's few ids into an array first (its planner otherwise joined the whole entry
    /// table); SQLite's `IN` probes them by key.
    static let planBoard = SQL { d in
        let entries = "SELECT task_id FROM plan_entries WHERE user_id = ? AND plan_date = ? AND status <> 'deferred'"
        return Rows.taskColumns
            + (d == .sqlite ? " WHERE t.id IN (\(entries))" : " WHERE t.id = ANY(ARRAY(\(entries)))")
    }
    /// A new entry on a board: user, day, region, bucket, position, status, planned at; the task last.
    static let planEntry = SQL { d in
        """
        INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, planned_at\(d.ownerSpace))
        SELECT id, ?, ?, ?, ?, ?, ?, ?\(d.ownerSpace) FROM tasks WHERE id = ?
        """
    }
    /// A new entry in a backlog: user, day, region, deferred at, planned at; the task last.
    static let deferredEntry = SQL { d in
        """
        INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, deferred_at,
            planned_at\(d.ownerSpace))
        SELECT id, ?, ?, ?, NULL, 0, 'deferred', ?, ?\(d.ownerSpace) FROM tasks WHERE id = ?
        """
    }
    static let deferEntry: SQL =
        "UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = ? WHERE task_id = ?"
    static let backlog = SQL(
        Rows.taskColumns + """
             WHERE pe.user_id = ? AND pe.status = 'deferred' AND t.done = 0
             ORDER BY pe.deferred_at DESC, pe.id DESC LIMIT ? OFFSET ?
            """)
    /// Zones in byte order on both engines (`COLLATE "C"`: PostgreSQL's default collation sorts by locale).
    static let rolloverZones = SQL { d in
        """
        SELECT u.tz AS tz, min(p.plan_date) AS earliest FROM plan_entries p
        JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
        WHERE p.status IN ('todo', 'in_progress') AND t.done = 0 GROUP BY u.tz
        """ + (d == .sqlite ? "" : " ORDER BY u.tz COLLATE \"C\"")
    }
}
