// Moving or copying many tasks in one transaction without the per-row counter trigger, keeping the counters exact.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Runs `body` with the per-row task counter trigger (`twodo_tasks_counted`) off for this transaction's
    /// statements, then on again; `body` keeps `space_task_counts` and `list_open_counts` itself.
    ///
    /// Why: the trigger updates the same one or two counter rows once per moved row, and PostgreSQL cannot
    /// prune the row versions one open transaction leaves behind, so each update walks all the earlier ones
    /// (merging 4,000 tasks spent 0.52 s in the trigger, growing with the square of the count). Outside a
    /// transaction `body` runs inside one of its own (`write`), so the switch holds for all of it.
    func withoutRowCounting<T>(_ body: () throws -> T) throws -> T {
        guard connection.isInTransaction else { return try write { _ in try withoutRowCounting(body) } }
        try setRowCounting(false)
        do {
            let result = try body()
            try setRowCounting(true)
            return result
        } catch {
            // A failed statement leaves the transaction aborted; its savepoint's rollback restores the setting.
            if !connection.isInFailedTransaction { try? setRowCounting(true) }
            throw error
        }
    }

    /// Turns the per-row counting on or off until the transaction ends (`set_config(…, true)`).
    private func setRowCounting(_ on: Bool) throws {
        try connection.execute("SELECT set_config('twodo.bulk_counts', $1, true)", [.text(on ? "off" : "on")])
    }

    /// Adds `tasks` to a space's task counter and `open` and `done` to a list's counters: relative updates
    /// under the counter rows' locks, as the trigger makes them, so a partner's concurrent change on another
    /// node is neither lost nor counted twice.
    func addToCounters(space: SpaceID, tasks: Int, list: ListID, open: Int, done: Int) throws {
        if tasks != 0 {
            try connection.execute(
                """
                INSERT INTO space_task_counts AS c (space_id, tasks) VALUES ($1, $2)
                ON CONFLICT (space_id) DO UPDATE SET tasks = c.tasks + EXCLUDED.tasks
                """, [.integer(space.rawValue), .integer(Int64(tasks))])
        }
        try connection.execute(
            """
            INSERT INTO list_open_counts AS c (list_id, open, done) VALUES ($1, $2, $3)
            ON CONFLICT (list_id) DO UPDATE SET open = c.open + EXCLUDED.open, done = c.done + EXCLUDED.done
            """, [.integer(list.rawValue), .integer(Int64(open)), .integer(Int64(done))])
    }

    /// Sets the counters of a space no one else can see yet (made in this transaction) from its rows.
    func recountNewSpace(_ space: SpaceID) throws {
        try connection.execute(
            """
            INSERT INTO space_task_counts AS c (space_id, tasks)
            SELECT $1, count(*) FROM tasks WHERE space_id = $1
            ON CONFLICT (space_id) DO UPDATE SET tasks = EXCLUDED.tasks
            """, [.integer(space.rawValue)])
        try connection.execute(
            """
            INSERT INTO list_open_counts AS c (list_id, open, done)
            SELECT l.id, (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL),
                (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done <> 0 AND t.parent_id IS NULL)
            FROM lists l WHERE l.space_id = $1
            ON CONFLICT (list_id) DO UPDATE SET open = EXCLUDED.open, done = EXCLUDED.done
            """, [.integer(space.rawValue)])
    }
}
