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
                "SELECT id, assignee_id FROM tasks WHERE list_id = ? AND created_by = ? ORDER BY id",
                .integer(list.id.rawValue), .integer(me)
            ) { ($0.int("id") ?? 0, $0.int("assignee_id")) }
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
            for (task, assignee) in tasks {
                var overrides: [String: SQLValue] = [
                    "space_id": .integer(target.rawValue), "list_id": .integer(destination),
                ]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                let copy = try copyRow("tasks", id: task, overrides: overrides)
                taskMap[task] = copy
                // The partner's name and words stay in the shared space: their completions lose the name,
                // their notes are not copied.
                try db.run(
                    "UPDATE tasks SET completed_by = NULL WHERE id = ? AND completed_by <> ?", .integer(copy),
                    .integer(me))
                for note in try rowIDs("task_notes", where: "task_id", is: task, by: ("author_id", me)) {
                    _ = try copyRow("task_notes", id: note, overrides: ["task_id": .integer(copy)])
                }
                for reminder in try rowIDs("reminders", where: "task_id", is: task) {
                    _ = try copyRow("reminders", id: reminder, overrides: ["task_id": .integer(copy)])
                }
                // A reminder meant for the partner (migration 14's `user_id`) is not the leaver's to keep.
                try db.run(
                    "DELETE FROM reminders WHERE task_id = ? AND user_id IS NOT NULL AND user_id <> ?", .integer(copy),
                    .integer(me))
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
                var overrides: [String: SQLValue] = ["space_id": .integer(target.rawValue)]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                let copy = try copyRow(table, id: item, overrides: overrides)
                for child in children where child != "event_exceptions" {
                    let author: (String, Int64)? = child == "item_notes" ? ("author_id", me) : nil
                    for row in try rowIDs(child, where: owner, is: item, by: author) {
                        var childOverrides: [String: SQLValue] = [owner: .integer(copy)]
                        if child == "item_notes" {
                            childOverrides[table == "routines" ? "event_id" : "routine_id"] = .null
                        }
                        _ = try copyRow(child, id: row, overrides: childOverrides)
                    }
                }
                if table == "routines" {
                    try db.run(
                        "UPDATE routine_marks SET by_id = NULL WHERE routine_id = ? AND by_id <> ?", .integer(copy),
                        .integer(me))
                }
                if children.contains("event_exceptions") {
                    // Keyed by (event, day): no id column of its own.
                    try db.run(
                        """
                        INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end)
                        SELECT ?, day, cancelled, new_date, new_time, new_end FROM event_exceptions WHERE event_id = ?
                        """, .integer(copy), .integer(item))
                }
            }
        }
        try db.run(
            "DELETE FROM schedule_reminders WHERE fired_at IS NOT NULL AND (routine_id IN (SELECT id FROM routines WHERE space_id = ?) OR event_id IN (SELECT id FROM events WHERE space_id = ?))",
            .integer(target.rawValue), .integer(target.rawValue))
        return taskMap.count
    }
}
