// A search's hits and its page of tasks, written once for both engines: the rows the engine's own text index
// found sorted into tasks, routines and events, and the hit tasks filtered by space, list and state, counted
// and paged, then read whole.

import TwoDoCore

extension SQLEngine {
    /// The hits of the newest `Store.searchHitLimit` rows of an engine's own text index (`rows`, newest first,
    /// one more read to tell a capped search), sorted into tasks (found by title or by a note), routines and
    /// events (by name or by a note), each once. A row's id says what it is: id × 8 + 0 task, 1 task note,
    /// 2 routine, 3 event, 4 item note.
    package func searchHits(fromIndexRows rows: [Int64]) throws -> SearchHits {
        var hits = SearchHits(capped: rows.count > Store.searchHitLimit)
        var taskIDs: [Int64] = []
        var noteIDs: [Int64] = []
        var itemNoteIDs: [Int64] = []
        for r in rows.prefix(Store.searchHitLimit) {
            switch r % 8 {
            case 0: taskIDs.append(r / 8)
            case 1: noteIDs.append(r / 8)
            case 2: hits.routines.append(RoutineID(r / 8))
            case 3: hits.events.append(EventID(r / 8))
            default: itemNoteIDs.append(r / 8)
            }
        }
        if !itemNoteIDs.isEmpty {
            // A routine or event found by one of its notes comes after those found by name, each once.
            let owners = try self.rows(SharedSQL.itemNoteOwners, [dialect.ids(itemNoteIDs)]) {
                (try $0.int("routine_id"), try $0.int("event_id"))
            }
            var routines = Set(hits.routines)
            var events = Set(hits.events)
            for (routine, event) in owners {
                if let r = routine.map(RoutineID.init), routines.insert(r).inserted { hits.routines.append(r) }
                if let e = event.map(EventID.init), events.insert(e).inserted { hits.events.append(e) }
            }
        }
        guard !noteIDs.isEmpty else {
            hits.tasks = taskIDs.map(TaskID.init)  // one index row per task title: already each once
            return hits
        }
        taskIDs += try self.rows(SharedSQL.taskNoteOwners, [dialect.ids(noteIDs)]) { try $0.requiredInt("id") }
        var seen: Set<Int64> = []
        hits.tasks = taskIDs.filter { seen.insert($0).inserted }.map(TaskID.init)
        return hits
    }

    /// How many of the hit tasks are in `space` and pass `filter`.
    public func searchTaskCount(_ hits: [TaskID], in space: SpaceID, filter: SearchFilter) throws -> Int {
        guard !hits.isEmpty else { return 0 }
        return try searchTaskCount(dialect.ids(hits.map(\.rawValue)), in: space, filter: filter)
    }

    private func searchTaskCount(_ hits: SQLValue, in space: SpaceID, filter: SearchFilter) throws -> Int {
        let sql = SQL { "SELECT count(*) AS n" + SharedSQL.taskFilter(filter, $0) }
        return Int(try row(sql, SharedSQL.taskFilterValues(hits, space, filter)) { try $0.requiredInt("n") } ?? 0)
    }

    /// Rows `offset ..< offset + limit` of the hit tasks, and how many hit tasks pass `filter` in all.
    ///
    /// Two statements, the count and the page: one with `count(*) OVER ()` had to keep every hit's row for the
    /// window and took 2.3 ms for 2,000 hits where the two take 0.95 ms together (SQLite).
    public func searchPage(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> (total: Int, tasks: [TaskItem]) {
        guard !hits.isEmpty else { return (0, []) }
        let list = dialect.ids(hits.map(\.rawValue))
        // Without a filter every hit counts: the index rows are the space's own tasks (kept in the same
        // transaction as every change), so the count needs no second pass over the hits.
        let total = filter == SearchFilter() ? hits.count : try searchTaskCount(list, in: space, filter: filter)
        guard offset < total else { return (total, []) }
        return (total, try searchTasks(list, in: space, filter: filter, offset: offset, limit: limit))
    }

    /// Rows `offset ..< offset + limit` of the hit tasks in `space` passing `filter`: open before done, newest
    /// first. The window's ids come from the tasks table alone; whole rows are read for those few only.
    public func searchTasks(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        guard !hits.isEmpty else { return [] }
        return try searchTasks(
            dialect.ids(hits.map(\.rawValue)), in: space, filter: filter, offset: offset, limit: limit)
    }

    private func searchTasks(
        _ hits: SQLValue, in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        let sql = SQL {
            "SELECT t.id AS id" + SharedSQL.taskFilter(filter, $0)
                + " ORDER BY t.done, t.created_at DESC, t.id DESC LIMIT ? OFFSET ?"
        }
        let values =
            SharedSQL.taskFilterValues(hits, space, filter) + [self.limit(limit), .integer(Int64(max(offset, 0)))]
        let ids = try rows(sql, values) { try $0.requiredInt("id") }
        // The page's rows in one statement (not one per row), put back in the order just found.
        return try tasks(ids: ids, in: space)
    }

    /// Whole rows of `ids` in `space`, in the order given, read in one statement.
    package func tasks(ids: [Int64], in space: SpaceID) throws -> [TaskItem] {
        guard !ids.isEmpty else { return [] }
        let rows = try rows(
            SharedSQL.tasksByIDs, [dialect.ids(ids), .integer(space.rawValue)], map: Rows.task)
        let byID = Dictionary(rows.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}

extension SharedSQL {
    static let itemNoteOwners = SQL { d in
        "SELECT routine_id, event_id FROM item_notes WHERE \(d.isIn("id")) ORDER BY id DESC"
    }
    static let taskNoteOwners = SQL { d in "SELECT task_id AS id FROM task_notes WHERE \(d.isIn("id")) ORDER BY id DESC"
    }

    /// The FROM and WHERE of the hit tasks in a space passing `filter` (values: `taskFilterValues`).
    ///
    /// The hits drive the plan, by primary key: on SQLite `json_each(?) h JOIN tasks t ON t.id = h.value` (a
    /// scan of the ids and one rowid probe each; `t.id IN (SELECT value FROM json_each(?))` first built a
    /// temporary index of the ids, twice the time), and `+t.space_id`: the space test must not drive the plan
    /// (walking the space's tasks and probing the hits cost 11 ms for a rare word among 100,000 tasks).
    static func taskFilter(_ filter: SearchFilter, _ d: SQLDialect) -> String {
        var sql = " FROM \(d.idTable("h")) JOIN tasks t ON t.id = h.value WHERE \(d.unindexed("t.space_id")) = ?"
        if filter.list != nil { sql += " AND \(d.unindexed("t.list_id")) = ?" }
        if filter.doneOnly { sql += " AND \(d.unindexed("t.done")) = 1" }
        return sql
    }

    /// The bound values of `taskFilter`: the hits as one list value (built once per search page: 2,000 ids),
    /// the space, the list.
    static func taskFilterValues(_ hits: SQLValue, _ space: SpaceID, _ filter: SearchFilter) -> [SQLValue] {
        var values: [SQLValue] = [hits, .integer(space.rawValue)]
        if let list = filter.list { values.append(.integer(list.rawValue)) }
        return values
    }

    /// Whole rows of a list of ids, if in the space. The ids drive the plan, as in `taskFilter`: without the
    /// `+`, once `tasks_space` was gone SQLite walked the space's 100,000 entries of `tasks_due` instead of
    /// probing the page's 50 ids (12 ms per search page instead of 1; `QueryPlanTests`).
    package static let tasksByIDs = SQL { d in
        Rows.taskColumns + " WHERE \(d.isIn("t.id")) AND \(d.unindexed("t.space_id")) = ?"
    }
}
