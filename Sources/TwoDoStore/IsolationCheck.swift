// The isolation invariants as queries both engines run: every row of a space reaches only rows of its space, and
// names only its members. The schema enforces them (migration 21); these find any row that slipped past.

/// Queries that each count the rows breaking one isolation rule, in SQL both SQLite and PostgreSQL run.
package enum IsolationCheck {
    /// (what the rule is, a query whose single column `n` counts the rows that break it).
    package static let queries: [(rule: String, sql: String)] = {
        var all: [(String, String)] = [
            (
                "a task's list is of its space",
                "SELECT count(*) AS n FROM tasks x WHERE NOT EXISTS (SELECT 1 FROM lists p WHERE p.id = x.list_id AND p.space_id = x.space_id)"
            ),
            (
                "a step's task is of its space",
                "SELECT count(*) AS n FROM tasks x WHERE x.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tasks p WHERE p.id = x.parent_id AND p.space_id = x.space_id)"
            ),
            (
                "a user's space exists",
                "SELECT count(*) AS n FROM users x WHERE NOT EXISTS (SELECT 1 FROM spaces p WHERE p.id = x.space_id)"
            ),
            (
                "an undo entry is its user's, in the user's space",
                "SELECT count(*) AS n FROM undo_log x WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id AND u.space_id = x.space_id)"
            ),
        ]
        let children: [(String, String, String)] = [
            ("task_notes", "task_id", "tasks"), ("reminders", "task_id", "tasks"), ("plan_entries", "task_id", "tasks"),
            ("routine_schedules", "routine_id", "routines"), ("routine_pauses", "routine_id", "routines"),
            ("routine_marks", "routine_id", "routines"), ("event_exceptions", "event_id", "events"),
            ("item_notes", "routine_id", "routines"), ("item_notes", "event_id", "events"),
            ("schedule_reminders", "routine_id", "routines"), ("schedule_reminders", "event_id", "events"),
        ]
        for (child, column, parent) in children {
            all.append(
                (
                    "\(child).\(column) is a row of its space",
                    "SELECT count(*) AS n FROM \(child) x WHERE x.\(column) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(parent) p WHERE p.id = x.\(column) AND p.space_id = x.space_id)"
                ))
        }
        let people: [(String, String)] = [
            ("tasks", "created_by"), ("tasks", "assignee_id"), ("tasks", "completed_by"), ("task_notes", "author_id"),
            ("routines", "created_by"), ("routines", "assignee_id"), ("routine_marks", "by_id"),
            ("events", "created_by"), ("events", "assignee_id"), ("item_notes", "author_id"),
            ("plan_entries", "user_id"), ("reminders", "user_id"),
        ]
        for (table, column) in people {
            all.append(
                (
                    "\(table).\(column) is a member of the row's space",
                    "SELECT count(*) AS n FROM \(table) x WHERE x.\(column) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.\(column) AND u.space_id = x.space_id)"
                ))
        }
        // Not isolation, but checked with it after every random step: the counters `lists` and `show` read.
        all.append(
            (
                "a list's counted open and done tasks are its tasks",
                "SELECT count(*) AS n FROM lists l LEFT JOIN list_open_counts c ON c.list_id = l.id WHERE coalesce(c.open, 0) <> (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done = 0 AND t.parent_id IS NULL) OR coalesce(c.done, 0) <> (SELECT count(*) FROM tasks t WHERE t.list_id = l.id AND t.done <> 0 AND t.parent_id IS NULL)"
            ))
        return all
    }()
}

extension SQLEngine {
    /// Each isolation rule some row breaks, with how many rows break it (empty: the database is sound).
    package func isolationViolations() throws -> [String: Int] {
        var broken: [String: Int] = [:]
        for (rule, sql) in IsolationCheck.queries {
            let n = try count(SQL(sql))
            if n > 0 { broken[rule] = Int(n) }
        }
        return broken
    }
}
