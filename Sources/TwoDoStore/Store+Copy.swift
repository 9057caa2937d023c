// Copying rows of the content tables into another space, whatever columns later migrations add: what a
// partner who leaves a couple takes along (`Store.leave`).

import TwoDoCore

extension Store {
    /// Copies row `id` of `table`, with `overrides` (column → value) in place of the copied values; returns
    /// the copy's id. Every other column is copied as it is, so columns added by later migrations come along.
    func copyRow(_ table: String, id: Int64, overrides: [String: SQLValue]) throws -> Int64 {
        let columns = try db.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", .text(table)) {
            $0.text("name") ?? ""
        }.filter { $0 != "id" }
        var values: [SQLValue] = []
        let selected = columns.map { column -> String in
            guard let value = overrides[column] else { return column }
            values.append(value)
            return "?"
        }
        values.append(.integer(id))
        try db.run(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(selected.joined(separator: ", ")) FROM \(table) WHERE id = ?",
            values)
        return db.lastInsertID
    }

    /// The ids of `table`'s rows whose `column` is `value`, oldest first.
    func rowIDs(
        _ table: String, where column: String, is value: Int64, by author: (String, Int64)? = nil
    ) throws
        -> [Int64]
    {
        guard let (authorColumn, id) = author else {
            return try db.query("SELECT id FROM \(table) WHERE \(column) = ? ORDER BY id", .integer(value)) {
                $0.int("id") ?? 0
            }
        }
        return try db.query(
            "SELECT id FROM \(table) WHERE \(column) = ? AND \(authorColumn) = ? ORDER BY id", .integer(value),
            .integer(id)
        ) { $0.int("id") ?? 0 }
    }

    /// Copies into `target` the lists, tasks (with their notes and pending reminders), routines (with their
    /// schedules, pauses, marks, notes and pending reminders) and events (with their exceptions, notes and
    /// pending reminders) that `user` created in `source`. Only `user`'s own notes come along, and a
    /// completion or routine mark by someone else keeps its state but loses the name. Lists are matched by name (the source's default
    /// list to the target's); assignments to anyone but `user` are dropped. Returns the number of tasks copied.
    func copyCreations(of user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        let me = user.rawValue
        let targetDefault = try defaultList(in: target)
        var listMap: [Int64: Int64] = [:]
        var taskMap: [Int64: Int64] = [:]
        let hasParent =
            try db.queryOne(
                "SELECT 1 AS yes FROM pragma_table_info('tasks') WHERE name = 'parent_id'"
            ) { $0.int("yes") } != nil
        for list in try lists(in: source) {
            let tasks = try db.query(
                "SELECT id, assignee_id, completed_by FROM tasks WHERE list_id = ? AND created_by = ? ORDER BY id",
                .integer(list.id.rawValue), .integer(me)
            ) { ($0.int("id") ?? 0, $0.int("assignee_id"), $0.int("completed_by")) }
            guard !tasks.isEmpty else { continue }
            let destination: Int64
            if list.isDefault {
                destination = targetDefault.id.rawValue
            } else if let mapped = listMap[list.id.rawValue] {
                destination = mapped
            } else {
                destination = try addList(named: list.name, in: target, now: now).rawValue
                listMap[list.id.rawValue] = destination
            }
            let space = SQLValue.integer(target.rawValue)
            for (task, assignee, completer) in tasks {
                // The partner's name and words stay in the shared space (a copy may name only members of its
                // own space, migration 21): their assignment and completion lose the name, their notes and the
                // reminders meant for them (migration 14's `user_id`) are not copied.
                var overrides: [String: SQLValue] = ["space_id": space, "list_id": .integer(destination)]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                if let completer, completer != me { overrides["completed_by"] = .null }
                // A step's parent is set below, once every copy exists.
                overrides["parent_id"] = .null
                let copy = try copyRow("tasks", id: task, overrides: overrides)
                taskMap[task] = copy
                for note in try rowIDs("task_notes", where: "task_id", is: task, by: ("author_id", me)) {
                    _ = try copyRow("task_notes", id: note, overrides: ["task_id": .integer(copy), "space_id": space])
                }
                let reminders = try db.query(
                    "SELECT id FROM reminders WHERE task_id = ? AND (user_id IS NULL OR user_id = ?) ORDER BY id",
                    .integer(task), .integer(me)
                ) { $0.int("id") ?? 0 }
                for reminder in reminders {
                    _ = try copyRow(
                        "reminders", id: reminder, overrides: ["task_id": .integer(copy), "space_id": space])
                }
            }
        }
        if hasParent {
            // A step whose task was copied follows it; one whose task stayed behind becomes a task of its own.
            for (old, new) in taskMap {
                let parent = try db.queryOne("SELECT parent_id FROM tasks WHERE id = ?", .integer(old)) {
                    $0.int("parent_id")
                }
                guard let parent = parent ?? nil else { continue }
                try db.run(
                    "UPDATE tasks SET parent_id = ? WHERE id = ?", taskMap[parent].map { .integer($0) } ?? .null,
                    .integer(new))
            }
        }
        try db.run(
            "DELETE FROM reminders WHERE fired_at IS NOT NULL AND task_id IN (SELECT id FROM tasks WHERE space_id = ?)",
            .integer(target.rawValue))
        for (table, children) in [
            ("routines", ["routine_schedules", "routine_pauses", "routine_marks", "item_notes", "schedule_reminders"]),
            ("events", ["event_exceptions", "item_notes", "schedule_reminders"]),
        ] {
            let owner = table == "routines" ? "routine_id" : "event_id"
            let items = try db.query(
                "SELECT id, assignee_id FROM \(table) WHERE space_id = ? AND created_by = ? ORDER BY id",
                .integer(source.rawValue), .integer(me)
            ) { ($0.int("id") ?? 0, $0.int("assignee_id")) }
            for (item, assignee) in items {
                let space = SQLValue.integer(target.rawValue)
                var overrides: [String: SQLValue] = ["space_id": space]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                let copy = try copyRow(table, id: item, overrides: overrides)
                for child in children where child != "event_exceptions" {
                    let author: (String, Int64)? = child == "item_notes" ? ("author_id", me) : nil
                    for row in try rowIDs(child, where: owner, is: item, by: author) {
                        var childOverrides: [String: SQLValue] = [owner: .integer(copy), "space_id": space]
                        if child == "item_notes" {
                            childOverrides[table == "routines" ? "event_id" : "routine_id"] = .null
                        }
                        if child == "routine_marks" {
                            // A mark by the partner keeps its state but not their name.
                            let by = try db.queryOne("SELECT by_id FROM routine_marks WHERE id = ?", .integer(row)) {
                                $0.int("by_id")
                            }
                            if let by = by ?? nil, by != me { childOverrides["by_id"] = .null }
                        }
                        _ = try copyRow(child, id: row, overrides: childOverrides)
                    }
                }
                if children.contains("event_exceptions") {
                    // Keyed by (event, day): no id column of its own.
                    try db.run(
                        """
                        INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end, space_id)
                        SELECT ?, day, cancelled, new_date, new_time, new_end, ? FROM event_exceptions WHERE event_id = ?
                        """, .integer(copy), space, .integer(item))
                }
            }
        }
        try db.run(
            "DELETE FROM schedule_reminders WHERE fired_at IS NOT NULL AND (routine_id IN (SELECT id FROM routines WHERE space_id = ?) OR event_id IN (SELECT id FROM events WHERE space_id = ?))",
            .integer(target.rawValue), .integer(target.rawValue))
        return taskMap.count
    }
}
