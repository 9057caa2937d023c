// What a partner who leaves a couple takes along, on PostgreSQL: their creations copied into their new space,
// whatever columns later migrations add (Store+Copy's rules, row for row).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// The columns of `table` except `id`, with their SQL types, in table order (from the catalog).
    private func copyColumns(
        _ table: String, cache: inout [String: [(name: String, type: String)]]
    ) throws
        -> [(name: String, type: String)]
    {
        if let known = cache[table] { return known }
        let result = try connection.execute(
            """
            SELECT attname, format_type(atttypid, atttypmod) AS type FROM pg_attribute
            WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id' ORDER BY attnum
            """, [.text(table)])
        let columns = try (0..<result.rowCount).map {
            (name: try result.requiredString($0, "attname"), type: try result.requiredString($0, "type"))
        }
        cache[table] = columns
        return columns
    }

    /// Copies row `id` of `table` (a constant name) with `overrides` (column → value) in place of the copied
    /// values; returns the copy's id. Every other column is copied as it is.
    private func copyRow(
        _ table: String, id: Int64, overrides: [String: PGValue],
        cache: inout [String: [(name: String, type: String)]]
    ) throws -> Int64 {
        let columns = try copyColumns(table, cache: &cache)
        var values: [PGValue] = []
        let selected = columns.map { column -> String in
            guard let value = overrides[column.name] else { return column.name }
            values.append(value)
            // A parameter in a SELECT list has no type of its own: the column's, from the catalog.
            return "$\(values.count)::\(column.type)"
        }
        values.append(.integer(id))
        let names = columns.map(\.name).joined(separator: ", ")
        let result = try connection.execute(
            "INSERT INTO \(table) (\(names)) SELECT \(selected.joined(separator: ", ")) FROM \(table) WHERE id = $\(values.count) RETURNING id",
            values)
        return try result.requiredInt(0, "id")
    }

    /// Gives copy `new` of item `old` the search row of the original (same folded text) in `space`;
    /// `kind` is the row id's kind (`SearchKind`).
    private func copySearchRow(_ kind: SearchKind, from old: Int64, to new: Int64, space: SpaceID) throws {
        try connection.execute(
            """
            INSERT INTO search_index (id, space, kind, body)
            SELECT $1, $2, kind, body FROM search_index WHERE id = $3
            ON CONFLICT (id) DO UPDATE SET space = EXCLUDED.space, body = EXCLUDED.body
            """, [.integer(new * 8 + kind.rawValue), .integer(space.rawValue), .integer(old * 8 + kind.rawValue)])
    }

    /// The ids of `table`'s rows whose `column` is `value` (and, when given, whose author column is the
    /// author), oldest first. Table and column names are constants of this file.
    private func rowIDs(
        _ table: String, where column: String, is value: Int64, by author: (String, Int64)? = nil
    )
        throws -> [Int64]
    {
        let result: PGResult
        if let (authorColumn, id) = author {
            result = try connection.execute(
                "SELECT id FROM \(table) WHERE \(column) = $1 AND \(authorColumn) = $2 ORDER BY id",
                [.integer(value), .integer(id)])
        } else {
            result = try connection.execute(
                "SELECT id FROM \(table) WHERE \(column) = $1 ORDER BY id", [.integer(value)])
        }
        return try (0..<result.rowCount).map { try result.requiredInt($0, "id") }
    }

    /// Copies into `target` the lists, tasks (with their notes and pending reminders), routines (with their
    /// schedules, pauses, marks, notes and pending reminders) and events (with their exceptions, notes and
    /// pending reminders) that `user` created in `source`, as SQLite's `copyCreations`: only `user`'s own
    /// notes come along, a completion or routine mark by someone else keeps its state but loses the name,
    /// lists are matched by name (the source's default list to the target's), assignments to anyone but
    /// `user` are dropped. Copies get their originals' search rows. Returns the number of tasks copied.
    func copyCreations(of user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        let me = user.rawValue
        var cache: [String: [(name: String, type: String)]] = [:]
        let targetDefault = try defaultList(in: target).id.rawValue
        var taskMap: [Int64: Int64] = [:]
        var taskOrder: [Int64] = []
        let lists = try connection.execute(
            "SELECT id, name, is_default FROM lists WHERE space_id = $1 ORDER BY is_default DESC, id",
            [.integer(source.rawValue)])
        for row in 0..<lists.rowCount {
            let list = try lists.requiredInt(row, "id")
            let tasks = try connection.execute(
                "SELECT id, assignee_id, completed_by FROM tasks WHERE list_id = $1 AND created_by = $2 ORDER BY id",
                [.integer(list), .integer(me)])
            guard tasks.rowCount > 0 else { continue }
            let destination =
                try lists.requiredInt(row, "is_default") == 1
                ? targetDefault
                : try addList(named: try lists.requiredString(row, "name"), in: target, now: now).rawValue
            for t in 0..<tasks.rowCount {
                let task = try tasks.requiredInt(t, "id")
                // The partner's name and words stay in the shared space (a copy may name only members of its own
                // space, migration 2): their assignment and completion lose the name, their notes and the reminders
                // meant for them are not copied. A step's parent is set below, once every copy exists.
                let space = PGValue.integer(target.rawValue)
                var overrides: [String: PGValue] = [
                    "space_id": space, "list_id": .integer(destination), "parent_id": .null,
                ]
                if let assignee = try tasks.int(t, "assignee_id"), assignee != me { overrides["assignee_id"] = .null }
                if let completer = try tasks.int(t, "completed_by"), completer != me {
                    overrides["completed_by"] = .null
                }
                let copy = try copyRow("tasks", id: task, overrides: overrides, cache: &cache)
                taskMap[task] = copy
                taskOrder.append(task)
                try copySearchRow(.task, from: task, to: copy, space: target)
                for note in try rowIDs("task_notes", where: "task_id", is: task, by: ("author_id", me)) {
                    let copied = try copyRow(
                        "task_notes", id: note, overrides: ["task_id": .integer(copy), "space_id": space], cache: &cache
                    )
                    try copySearchRow(.note, from: note, to: copied, space: target)
                }
                let reminders = try connection.execute(
                    "SELECT id FROM reminders WHERE task_id = $1 AND (user_id IS NULL OR user_id = $2) ORDER BY id",
                    [.integer(task), .integer(me)])
                for r in 0..<reminders.rowCount {
                    _ = try copyRow(
                        "reminders", id: try reminders.requiredInt(r, "id"),
                        overrides: ["task_id": .integer(copy), "space_id": space], cache: &cache)
                }
            }
        }
        // A step whose task was copied follows it; one whose task stayed behind becomes a task of its own.
        for old in taskOrder {
            guard let new = taskMap[old],
                let parent = try connection.execute("SELECT parent_id FROM tasks WHERE id = $1", [.integer(old)]).int(
                    0, 0)
            else { continue }
            try connection.execute(
                "UPDATE tasks SET parent_id = $1 WHERE id = $2",
                [taskMap[parent].map { .integer($0) } ?? .null, .integer(new)])
        }
        try connection.execute(
            "DELETE FROM reminders WHERE fired_at IS NOT NULL AND task_id IN (SELECT id FROM tasks WHERE space_id = $1)",
            [.integer(target.rawValue)])
        try copySchedules(of: me, from: source, into: target, cache: &cache)
        return taskMap.count
    }

    /// The routine and event part of `copyCreations`.
    private func copySchedules(
        of me: Int64, from source: SpaceID, into target: SpaceID, cache: inout [String: [(name: String, type: String)]]
    ) throws {
        for (table, children) in [
            ("routines", ["routine_schedules", "routine_pauses", "routine_marks", "item_notes", "schedule_reminders"]),
            ("events", ["event_exceptions", "item_notes", "schedule_reminders"]),
        ] {
            let owner = table == "routines" ? "routine_id" : "event_id"
            let kind: SearchKind = table == "routines" ? .routine : .event
            let items = try connection.execute(
                "SELECT id, assignee_id FROM \(table) WHERE space_id = $1 AND created_by = $2 ORDER BY id",
                [.integer(source.rawValue), .integer(me)])
            for row in 0..<items.rowCount {
                let item = try items.requiredInt(row, "id")
                let space = PGValue.integer(target.rawValue)
                var overrides: [String: PGValue] = ["space_id": space]
                if let assignee = try items.int(row, "assignee_id"), assignee != me { overrides["assignee_id"] = .null }
                let copy = try copyRow(table, id: item, overrides: overrides, cache: &cache)
                try copySearchRow(kind, from: item, to: copy, space: target)
                for child in children where child != "event_exceptions" {
                    let author: (String, Int64)? = child == "item_notes" ? ("author_id", me) : nil
                    for id in try rowIDs(child, where: owner, is: item, by: author) {
                        var childOverrides: [String: PGValue] = [owner: .integer(copy), "space_id": space]
                        if child == "item_notes" {
                            childOverrides[table == "routines" ? "event_id" : "routine_id"] = .null
                        }
                        if child == "routine_marks" {
                            // A mark by the partner keeps its state but not their name.
                            let by = try connection.execute(
                                "SELECT by_id FROM routine_marks WHERE id = $1", [.integer(id)])
                            if let by = try by.int(0, "by_id"), by != me { childOverrides["by_id"] = .null }
                        }
                        let copied = try copyRow(child, id: id, overrides: childOverrides, cache: &cache)
                        if child == "item_notes" { try copySearchRow(.itemNote, from: id, to: copied, space: target) }
                    }
                }
                if children.contains("event_exceptions") {
                    // Keyed by (event, day): no id column of its own.
                    try connection.execute(
                        """
                        INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end, space_id)
                        SELECT $1, day, cancelled, new_date, new_time, new_end, $3 FROM event_exceptions
                        WHERE event_id = $2
                        """, [.integer(copy), .integer(item), space])
                }
            }
        }
        try connection.execute(
            """
            DELETE FROM schedule_reminders WHERE fired_at IS NOT NULL AND (routine_id IN (SELECT id FROM routines WHERE
            space_id = $1) OR event_id IN (SELECT id FROM events WHERE space_id = $1))
            """, [.integer(target.rawValue)])
    }
}
