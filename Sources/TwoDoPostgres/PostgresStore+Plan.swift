// PlanStore on PostgreSQL: the 1-3-5 board, the backlog and the midnight rollover, on `plan_entries`.

import TwoDoCore
import TwoDoStore

extension PostgresStore: PlanStore {
    /// The tasks on `user`'s board for `date` (deferred entries excluded), in no particular order.
    public func planBoard(of user: UserID, on date: LocalDate) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE t.id = ANY(ARRAY(SELECT task_id FROM plan_entries
                 WHERE user_id = $1 AND plan_date = $2 AND status <> 'deferred'))
            """, [.integer(user.rawValue), .text(date.description)])
    }

    /// How many entries (done ones included, deferred excluded) fill a bucket of a region of a day, not counting
    /// `excluding`.
    public func planCount(
        of user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket, excluding task: TaskID?
    ) throws -> Int {
        try taskAreaCount(
            """
            SELECT count(*) AS n FROM plan_entries WHERE user_id = $1 AND plan_date = $2 AND region = $3
                AND bucket = $4 AND status <> 'deferred' AND task_id <> $5
            """,
            [
                .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
                .integer(task?.rawValue ?? -1),
            ])
    }

    /// Puts `task` on `user`'s board (creating or replacing its entry), last in its bucket, with `status`.
    public func plan(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket,
        status: PlanStatus, now: Int64
    ) throws {
        precondition(status == .todo || status == .inProgress, "a board entry is to do or in progress")
        let last = try taskAreaCount(
            """
            SELECT coalesce(max(position), 0) AS n FROM plan_entries
            WHERE user_id = $1 AND plan_date = $2 AND region = $3 AND bucket = $4 AND task_id <> $5
            """,
            [
                .integer(user.rawValue), .text(date.description), .text(region.rawValue), .text(bucket.rawValue),
                .integer(task.rawValue),
            ])
        // An update keeps the entry's row id (so `undo` sees one changed row, not a delete and an insert).
        let values: [PGValue] = [
            .integer(task.rawValue), .integer(user.rawValue), .text(date.description), .text(region.rawValue),
            .text(bucket.rawValue), .integer(Int64(last + 1)), .text(status.rawValue),
        ]
        let changed = try taskAreaRun(
            """
            UPDATE plan_entries SET user_id = $2, plan_date = $3, region = $4, bucket = $5, position = $6, status = $7,
                deferred_at = NULL WHERE task_id = $1
            """, values)
        guard changed == 0 else { return }
        try taskAreaRun(
            """
            INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, planned_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """, values + [.integer(now)])
    }

    /// Changes the stored status of a task's entry; `deferred` also empties its bucket and dates the deferral.
    public func setPlanStatus(_ task: TaskID, _ status: PlanStatus, now: Int64) throws {
        precondition(status != .done, "done is the task's flag")
        if status == .deferred {
            try taskAreaRun(
                "UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = $1 WHERE task_id = $2",
                [.integer(now), .integer(task.rawValue)])
        } else {
            try taskAreaRun(
                "UPDATE plan_entries SET status = $1 WHERE task_id = $2",
                [.text(status.rawValue), .integer(task.rawValue)])
        }
    }

    /// Sends `task` to `user`'s backlog, creating an entry for `date` when it had none.
    public func deferToBacklog(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, now: Int64
    ) throws {
        let changed = try taskAreaRun(
            "UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = $1 WHERE task_id = $2",
            [.integer(now), .integer(task.rawValue)])
        guard changed == 0 else { return }
        try taskAreaRun(
            """
            INSERT INTO plan_entries (task_id, user_id, plan_date, region, bucket, position, status, deferred_at,
                planned_at) VALUES ($1, $2, $3, $4, NULL, 0, 'deferred', $5, $5)
            """,
            [
                .integer(task.rawValue), .integer(user.rawValue), .text(date.description), .text(region.rawValue),
                .integer(now),
            ])
    }

    /// Numbers the entries of `tasks` 1, 2, … in that order (one bucket's new order).
    public func setPlanOrder(_ tasks: [TaskID]) throws {
        for (i, task) in tasks.enumerated() {
            try taskAreaRun(
                "UPDATE plan_entries SET position = $1 WHERE task_id = $2 AND position <> $1",
                [.integer(Int64(i + 1)), .integer(task.rawValue)])
        }
    }

    /// Takes a task off every plan.
    public func unplan(_ task: TaskID) throws {
        try taskAreaRun("DELETE FROM plan_entries WHERE task_id = $1", [.integer(task.rawValue)])
    }

    /// How many open tasks wait in `user`'s backlog.
    public func backlogCount(of user: UserID) throws -> Int {
        try taskAreaCount(
            """
            SELECT count(*) AS n FROM plan_entries p JOIN tasks t ON t.id = p.task_id
            WHERE p.user_id = $1 AND p.status = 'deferred' AND t.done = 0
            """, [.integer(user.rawValue)])
    }

    /// Rows `offset ..< offset + limit` of `user`'s backlog (open tasks only), newest deferral first.
    public func backlog(of user: UserID, offset: Int, limit: Int) throws -> [TaskItem] {
        try taskItems(
            """
             WHERE pe.user_id = $1 AND pe.status = 'deferred' AND t.done = 0
             ORDER BY pe.deferred_at DESC, pe.id DESC LIMIT $2 OFFSET $3
            """, [.integer(user.rawValue), .integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// For each time zone of people with open entries, the earliest day planned (zones in byte order, as SQLite
    /// groups them).
    public func rolloverZones() throws -> [(tz: String, earliest: LocalDate)] {
        try taskAreaRows(
            """
            SELECT u.tz AS tz, min(p.plan_date) AS earliest FROM plan_entries p
            JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
            WHERE p.status IN ('todo', 'in_progress') AND t.done = 0 GROUP BY u.tz ORDER BY u.tz COLLATE "C"
            """
        ) { row in
            guard let earliest = try row.date("earliest") else {
                throw PGRow.unreadable("earliest", "NULL", as: "date")
            }
            return (tz: try row.requiredText("tz"), earliest: earliest)
        }
    }

    /// Defers the open entries of at most `limit` people of zone `tz` planned before `today`; returns each person
    /// with how many moved and the earliest day they were planned for.
    public func rollOver(
        zone tz: String, before today: LocalDate, now: Int64, limit: Int
    ) throws
        -> [(user: UserID, count: Int, earliest: LocalDate)]
    {
        let people = try taskAreaRows(
            """
            SELECT p.user_id AS user_id, min(p.plan_date) AS earliest FROM plan_entries p
            JOIN users u ON u.id = p.user_id JOIN tasks t ON t.id = p.task_id
            WHERE u.tz = $1 AND p.status IN ('todo', 'in_progress') AND p.plan_date < $2 AND t.done = 0
            GROUP BY p.user_id ORDER BY p.user_id LIMIT $3
            """, [.text(tz), .text(today.description), .integer(Int64(limit))]
        ) { row in
            guard let earliest = try row.date("earliest") else {
                throw PGRow.unreadable("earliest", "NULL", as: "date")
            }
            return (user: UserID(try row.requiredInt("user_id")), earliest: earliest)
        }
        var moved: [(user: UserID, count: Int, earliest: LocalDate)] = []
        for person in people {
            let count = try taskAreaRun(
                """
                UPDATE plan_entries SET status = 'deferred', bucket = NULL, position = 0, deferred_at = $1
                WHERE user_id = $2 AND plan_date < $3 AND status IN ('todo', 'in_progress')
                    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = plan_entries.task_id AND t.done = 1)
                """, [.integer(now), .integer(person.user.rawValue), .text(today.description)])
            if count > 0 { moved.append((person.user, count, person.earliest)) }
        }
        return moved
    }
}
