// Copying rows of the content tables into another space, whatever columns later migrations add: what a
// partner who leaves a couple takes along (`leave`), on either engine.

import TwoDoCore

extension SQLEngine {
    /// The columns of `table` but `id`, in table order, each with the placeholder of a value put in its place:
    /// `?` on SQLite; `?::type` on PostgreSQL, where a parameter in a SELECT list has no type of its own.
    private func copyColumns(
        _ table: String, cache: inout [String: [(name: String, placeholder: String)]]
    ) throws
        -> [(name: String, placeholder: String)]
    {
        if let known = cache[table] { return known }
        let columns = try rows(SharedSQL.tableColumns, [.text(table)]) { row in
            let type = try row.requiredText("type")
            return (name: try row.requiredText("name"), placeholder: type.isEmpty ? "?" : "?::" + type)
        }.filter { $0.name != "id" }
        cache[table] = columns
        return columns
    }

    /// Copies row `id` of `table` (a constant name), with `overrides` (column → value) in place of the copied
    /// values; returns the copy's id. Every other column is copied as it is, so columns added by later
    /// migrations come along.
    private func copyRow(
        _ table: String, id: Int64, overrides: [String: SQLValue],
        cache: inout [String: [(name: String, placeholder: String)]]
    ) throws -> Int64 {
        let columns = try copyColumns(table, cache: &cache)
        var values: [SQLValue] = []
        let selected = columns.map { column -> String in
            guard let value = overrides[column.name] else { return column.name }
            values.append(value)
            return column.placeholder
        }
        values.append(.integer(id))
        let names = columns.map(\.name).joined(separator: ", ")
        return try insert(
            SQL(
                "INSERT INTO \(table) (\(names)) SELECT \(selected.joined(separator: ", ")) FROM \(table) WHERE id = ?"),
            values)
    }

    /// The ids of `table`'s rows whose `column` is `value` (and, when given, whose author column is the
    /// author), oldest first. Table and column names are constants of this file.
    private func rowIDs(
        _ table: String, where column: String, is value: Int64, by author: (String, Int64)? = nil
    ) throws -> [Int64] {
        guard let (authorColumn, id) = author else {
            return try rows(SQL("SELECT id FROM \(table) WHERE \(column) = ? ORDER BY id"), [.integer(value)]) {
                try $0.requiredInt("id")
            }
        }
        return try rows(
            SQL("SELECT id FROM \(table) WHERE \(column) = ? AND \(authorColumn) = ? ORDER BY id"),
            [.integer(value), .integer(id)]
        ) { try $0.requiredInt("id") }
    }

    /// Copies into `target` the lists, tasks (with their notes and pending reminders), routines (with their
    /// schedules, pauses, marks, notes and pending reminders) and events (with their exceptions, notes and
    /// pending reminders) that `user` created in `source`. Only `user`'s own notes come along, and a
    /// completion or routine mark by someone else keeps its state but loses the name. Lists are matched by
    /// name (the source's default list to the target's); assignments to anyone but `user` are dropped. Copies
    /// get their originals' search text (`copyText`). Returns the number of tasks copied.
    package func copyCreations(of user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        let me = user.rawValue
        var cache: [String: [(name: String, placeholder: String)]] = [:]
        let targetDefault = try defaultList(in: target).id.rawValue
        let space = SQLValue.integer(target.rawValue)
        var taskMap: [Int64: Int64] = [:]
        var taskOrder: [Int64] = []
        for list in try lists(in: source) {
            let tasks = try rows(
                "SELECT id, assignee_id, completed_by FROM tasks WHERE list_id = ? AND created_by = ? ORDER BY id",
                [.integer(list.id.rawValue), .integer(me)]
            ) { (try $0.requiredInt("id"), try $0.int("assignee_id"), try $0.int("completed_by")) }
            guard !tasks.isEmpty else { continue }
            let destination =
                list.isDefault ? targetDefault : try addList(named: list.name, in: target, now: now).rawValue
            for (task, assignee, completer) in tasks {
                // The partner's name and words stay in the shared space (a copy may name only members of its
                // own space, SQLite's migration 21, PostgreSQL's 2): their assignment and completion lose the
                // name, their notes and the reminders meant for them are not copied. A step's parent is set
                // below, once every copy exists.
                var overrides: [String: SQLValue] = [
                    "space_id": space, "list_id": .integer(destination), "parent_id": .null,
                ]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                if let completer, completer != me { overrides["completed_by"] = .null }
                let copy = try copyRow("tasks", id: task, overrides: overrides, cache: &cache)
                taskMap[task] = copy
                taskOrder.append(task)
                try copyText(.task, from: task, to: copy, space: target)
                for note in try rowIDs("task_notes", where: "task_id", is: task, by: ("author_id", me)) {
                    let copied = try copyRow(
                        "task_notes", id: note, overrides: ["task_id": .integer(copy), "space_id": space],
                        cache: &cache)
                    try copyText(.taskNote, from: note, to: copied, space: target)
                }
                let reminders = try rows(
                    "SELECT id FROM reminders WHERE task_id = ? AND (user_id IS NULL OR user_id = ?) ORDER BY id",
                    [.integer(task), .integer(me)]
                ) { try $0.requiredInt("id") }
                for reminder in reminders {
                    _ = try copyRow(
                        "reminders", id: reminder, overrides: ["task_id": .integer(copy), "space_id": space],
                        cache: &cache)
                }
            }
        }
        // A step whose task was copied follows it; one whose task stayed behind becomes a task of its own.
        for old in taskOrder {
            let parent = try row("SELECT parent_id FROM tasks WHERE id = ?", [.integer(old)]) {
                try $0.int("parent_id")
            }
            guard let new = taskMap[old], let parent = parent ?? nil else { continue }
            try write("UPDATE tasks SET parent_id = ? WHERE id = ?", [.bind(taskMap[parent]), .integer(new)])
        }
        try write(
            "DELETE FROM reminders WHERE fired_at IS NOT NULL AND task_id IN (SELECT id FROM tasks WHERE space_id = ?)",
            [space])
        try copySchedules(of: me, from: source, into: target, cache: &cache)
        return taskMap.count
    }

    /// The routine and event part of `copyCreations`.
    private func copySchedules(
        of me: Int64, from source: SpaceID, into target: SpaceID,
        cache: inout [String: [(name: String, placeholder: String)]]
    ) throws {
        let space = SQLValue.integer(target.rawValue)
        for (table, children) in [
            ("routines", ["routine_schedules", "routine_pauses", "routine_marks", "item_notes", "schedule_reminders"]),
            ("events", ["event_exceptions", "item_notes", "schedule_reminders"]),
        ] {
            let owner = table == "routines" ? "routine_id" : "event_id"
            let items = try rows(
                SQL("SELECT id, assignee_id FROM \(table) WHERE space_id = ? AND created_by = ? ORDER BY id"),
                [.integer(source.rawValue), .integer(me)]
            ) { (try $0.requiredInt("id"), try $0.int("assignee_id")) }
            for (item, assignee) in items {
                var overrides: [String: SQLValue] = ["space_id": space]
                if let assignee, assignee != me { overrides["assignee_id"] = .null }
                let copy = try copyRow(table, id: item, overrides: overrides, cache: &cache)
                try copyText(table == "routines" ? .routine : .event, from: item, to: copy, space: target)
                for child in children where child != "event_exceptions" {
                    let author: (String, Int64)? = child == "item_notes" ? ("author_id", me) : nil
                    for id in try rowIDs(child, where: owner, is: item, by: author) {
                        var childOverrides: [String: SQLValue] = [owner: .integer(copy), "space_id": space]
                        if child == "item_notes" {
                            childOverrides[table == "routines" ? "event_id" : "routine_id"] = .null
                        }
                        if child == "routine_marks" {
                            // A mark by the partner keeps its state but not their name.
                            let by = try row("SELECT by_id FROM routine_marks WHERE id = ?", [.integer(id)]) {
                                try $0.int("by_id")
                            }
                            if let by = by ?? nil, by != me { childOverrides["by_id"] = .null }
                        }
                        let copied = try copyRow(child, id: id, overrides: childOverrides, cache: &cache)
                        if child == "item_notes" { try copyText(.itemNote, from: id, to: copied, space: target) }
                    }
                }
                if children.contains("event_exceptions") {
                    // Keyed by (event, day): no id column of its own.
                    try write(
                        """
                        INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end, space_id)
                        SELECT ?, day, cancelled, new_date, new_time, new_end, ? FROM event_exceptions WHERE event_id = ?
                        """, [.integer(copy), space, .integer(item)])
                }
            }
        }
        try write(
            """
            DELETE FROM schedule_reminders WHERE fired_at IS NOT NULL AND (routine_id IN (SELECT id FROM routines
            WHERE space_id = ?1) OR event_id IN (SELECT id FROM events WHERE space_id = ?1))
            """, [space])
    }
}

extension SharedSQL {
    /// A table's columns (`name`) with their types (`type`: PostgreSQL's, for a cast; empty on SQLite), in
    /// table order.
    static let tableColumns = SQL { d in
        switch d {
        case .sqlite: "SELECT name, '' AS type FROM pragma_table_info(?) ORDER BY cid"
        case .postgres:
            """
            SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
            WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum
            """
        }
    }
}
