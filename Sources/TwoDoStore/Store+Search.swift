// Full-text search over a space: the FTS5 index of migrations 7 and 9 (tasks, routines and events by their title or
// name and description, and by their notes).

import TwoDoCore

extension Store {
    /// The most index rows one search reads, newest first: a word that every row has (or a one-letter one)
    /// costs at most this much, about 5 ms, instead of the whole index.
    public static let searchHitLimit = 2_000

    /// The FTS5 query: the space's rows whose folded text has every word (as a word prefix; a one-character
    /// word as a whole word, so `a` does not read every word that starts with it).
    ///
    /// Each word is quoted (inner quotes doubled), so nothing a person types is FTS syntax: `OR`, `NEAR`,
    /// `*`, `:` and `"` are only text. The space is its own column, so no title can pose as another space;
    /// the SQL that uses the query checks the owning row's space as well. The `kind` column is not asked for:
    /// a search wants every kind and the rowid says which a row is, and an OR over the five kinds' doclists
    /// cost 1.2 ms of the 1.6 ms the index took for a word every task has (100,000 tasks).
    static func matchQuery(_ words: [String], space: SpaceID) -> String {
        let terms = words.map { word in
            "body : \"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (word.count > 1 ? "*" : "")
        }
        return (["space : \"\(space.rawValue)\""] + terms).joined(separator: " AND ")
    }

    /// Moves up to `limit` rows of the text written since the last flush (`search_pending`, oldest first)
    /// into the index, as one batch.
    ///
    /// Cheap when nothing waits (one probe of an empty table). A search flushes everything first, so its
    /// answer sees every change; the loop flushes about once a second, a bounded batch per turn.
    /// - Returns: how many rows moved (`limit` means more may wait).
    @discardableResult
    public func flushSearchIndex(limit: Int = .max) throws -> Int {
        guard
            try db.queryOne("SELECT EXISTS (SELECT 1 FROM search_pending) AS n", map: { try $0.requiredInt("n") }) == 1
        else { return 0 }
        let bound = Int64(min(limit, Int(Int32.max)))
        let moved = try db.run(
            """
            INSERT OR REPLACE INTO search_index (rowid, space, kind, body)
                SELECT id, space, kind, body FROM search_pending ORDER BY id LIMIT ?
            """, .integer(bound))
        try db.run(
            "DELETE FROM search_pending WHERE id IN (SELECT id FROM search_pending ORDER BY id LIMIT ?)",
            .integer(bound))
        return moved
    }

    /// Whether at least `count` rows wait in `search_pending` (reads at most `count` of them).
    public func searchBacklog(atLeast count: Int) throws -> Bool {
        (try db.queryOne(
            "SELECT count(*) AS n FROM (SELECT 1 FROM search_pending LIMIT ?)", .integer(Int64(count))
        ) { try $0.requiredInt("n") }).map { $0 >= count } ?? false
    }

    /// One pass over the index: the newest `searchHitLimit` rows of `space` whose text has every word, sorted
    /// into tasks (found by title or by a note), routines and events.
    public func searchHits(_ words: [String], in space: SpaceID) throws -> SearchHits {
        let rows = try db.query(
            "SELECT rowid AS r FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT ?",
            .text(Store.matchQuery(words, space: space)), .integer(Int64(Store.searchHitLimit + 1))
        ) { try $0.requiredInt("r") }
        var hits = SearchHits(capped: rows.count > Store.searchHitLimit)
        var taskIDs: [Int64] = []
        var noteIDs: [Int64] = []
        var itemNoteIDs: [Int64] = []
        // The rowid says what a row is (migration 11): id × 8 + 0 task, 1 task note, 2 routine, 3 event, 4 item note.
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
            let owners = try db.query(
                "SELECT routine_id, event_id FROM item_notes WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC",
                .text(Store.jsonList(itemNoteIDs))
            ) { ($0.int("routine_id"), $0.int("event_id")) }
            var routines = Set(hits.routines)
            var events = Set(hits.events)
            for (routine, event) in owners {
                if let r = routine.map(RoutineID.init), routines.insert(r).inserted { hits.routines.append(r) }
                if let e = event.map(EventID.init), events.insert(e).inserted { hits.events.append(e) }
            }
        }
        if !noteIDs.isEmpty {
            taskIDs += try db.query(
                "SELECT DISTINCT task_id AS id FROM task_notes WHERE id IN (SELECT value FROM json_each(?))",
                .text(Store.jsonList(noteIDs))
            ) { try $0.requiredInt("id") }
        }
        if noteIDs.isEmpty {
            hits.tasks = taskIDs.map(TaskID.init)  // one index row per task title: already each once
        } else {
            var seen: Set<Int64> = []
            hits.tasks = taskIDs.filter { seen.insert($0).inserted }.map(TaskID.init)
        }
        return hits
    }

    /// `[1,2,3]`: ids handed to SQL as one bound value (`json_each`), however many there are.
    ///
    /// Written digit by digit into one buffer: a search hands over up to 2,000 ids, and a `String` per id
    /// joined afterwards was half of the page query's time.
    static func jsonList(_ ids: [Int64]) -> String {
        // At most 20 characters per id and its comma, and the two brackets.
        String(unsafeUninitializedCapacity: 2 + ids.count * 21) { buffer in
            var at = 0
            buffer[at] = UInt8(ascii: "[")
            at += 1
            for (i, id) in ids.enumerated() {
                if i > 0 {
                    buffer[at] = UInt8(ascii: ",")
                    at += 1
                }
                if id < 0 {
                    buffer[at] = UInt8(ascii: "-")
                    at += 1
                }
                var n = id.magnitude
                var width = 1
                while n >= 10 {
                    n /= 10
                    width += 1
                }
                n = id.magnitude
                for k in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[k] = UInt8(ascii: "0") + UInt8(n % 10)
                    n /= 10
                }
                at += width
            }
            buffer[at] = UInt8(ascii: "]")
            return at + 1
        }
    }

    // The hits drive the plan, by primary key: `json_each(?) h JOIN tasks t ON t.id = h.value` (a scan of the
    // ids and one rowid probe each; `t.id IN (SELECT value FROM json_each(?))` first built a temporary index of
    // the ids, twice the time). `+t.space_id`: the space test must not drive the plan (walking the space's tasks
    // and probing the hits cost 11 ms for a rare word among 100,000 tasks).
    package static func taskFilter(_ filter: SearchFilter) -> String {
        var sql = " FROM json_each(?) h JOIN tasks t ON t.id = h.value WHERE +t.space_id = ?"
        if filter.list != nil { sql += " AND +t.list_id = ?" }
        if filter.doneOnly { sql += " AND +t.done = 1" }
        return sql
    }

    /// The bound values of `taskFilter`: the hits as one JSON list (built once per search page: 2,000 ids), the
    /// space, the list.
    private static func taskValues(_ hitsJSON: String, _ space: SpaceID, _ filter: SearchFilter) -> [SQLValue] {
        var values: [SQLValue] = [.text(hitsJSON), .integer(space.rawValue)]
        if let list = filter.list { values.append(.integer(list.rawValue)) }
        return values
    }

    /// How many of the hit tasks are in `space` and pass `filter`.
    public func searchTaskCount(_ hits: [TaskID], in space: SpaceID, filter: SearchFilter) throws -> Int {
        guard !hits.isEmpty else { return 0 }
        return try searchTaskCount(Store.jsonList(hits.map(\.rawValue)), in: space, filter: filter)
    }

    private func searchTaskCount(_ hitsJSON: String, in space: SpaceID, filter: SearchFilter) throws -> Int {
        let sql = "SELECT count(*) AS n" + Store.taskFilter(filter)
        return Int(try db.queryOne(sql, Store.taskValues(hitsJSON, space, filter)) { try $0.requiredInt("n") } ?? 0)
    }

    /// Rows `offset ..< offset + limit` of the hit tasks, and how many hit tasks pass `filter` in all.
    ///
    /// Two statements, the count and the page: one with `count(*) OVER ()` had to keep every hit's row for the
    /// window and took 2.3 ms for 2,000 hits where the two take 0.95 ms together.
    public func searchPage(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> (total: Int, tasks: [TaskItem]) {
        guard !hits.isEmpty else { return (0, []) }
        let json = Store.jsonList(hits.map(\.rawValue))
        // Without a filter every hit counts: the index rows are the space's own tasks (its `space` column, kept by
        // triggers in the same transaction as every change), so the count needs no second pass over the hits.
        let total =
            filter == SearchFilter() ? hits.count : try searchTaskCount(json, in: space, filter: filter)
        guard offset < total else { return (total, []) }
        return (total, try searchTasks(json, in: space, filter: filter, offset: offset, limit: limit))
    }

    /// Whole rows of a JSON list of ids, if in the space. `+t.space_id`, as in `taskFilter`: the ids drive the plan.
    /// Without the `+`, once `tasks_space` was gone (migration 19) SQLite walked the space's 100,000 entries of
    /// `tasks_due` instead of probing the page's 50 ids (12 ms per search page instead of 1; `QueryPlanTests`).
    package static let tasksByIDs =
        Store.taskColumns + " WHERE t.id IN (SELECT value FROM json_each(?)) AND +t.space_id = ?"

    /// Whole rows of `ids` in `space`, in the order given, read in one statement.
    private func tasks(ids: [Int64], in space: SpaceID) throws -> [TaskItem] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            Store.tasksByIDs, .text(Store.jsonList(ids)), .integer(space.rawValue), map: Store.task(from:))
        let byID = Dictionary(rows.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Rows `offset ..< offset + limit` of the hit tasks in `space` passing `filter`: open before done, newest
    /// first. The window's ids come from the tasks table alone; whole rows are read for those few only.
    public func searchTasks(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        guard !hits.isEmpty else { return [] }
        return try searchTasks(
            Store.jsonList(hits.map(\.rawValue)), in: space, filter: filter, offset: offset, limit: limit)
    }

    private func searchTasks(
        _ hitsJSON: String, in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        let sql =
            "SELECT t.id AS id" + Store.taskFilter(filter)
            + " ORDER BY t.done, t.created_at DESC, t.id DESC LIMIT ? OFFSET ?"
        let values = Store.taskValues(hitsJSON, space, filter) + [.integer(Int64(limit)), .integer(Int64(offset))]
        let ids = try db.query(sql, values) { try $0.requiredInt("id") }
        // The page's rows in one statement (not one per row), put back in the order just found.
        return try tasks(ids: ids, in: space)
    }
}

/// What one search found in a space, newest first within each kind.
public struct SearchHits: Sendable, Equatable {
    /// Tasks whose title, description or one of whose notes matched (each once).
    public var tasks: [TaskID] = []
    /// Routines and events whose name, description or one of whose notes matched (each once).
    public var routines: [RoutineID] = []
    public var events: [EventID] = []
    /// More rows matched than one search reads (`Store.searchHitLimit`): these are the newest.
    public var capped: Bool

    public init(tasks: [TaskID] = [], routines: [RoutineID] = [], events: [EventID] = [], capped: Bool = false) {
        self.tasks = tasks
        self.routines = routines
        self.events = events
        self.capped = capped
    }
}

/// Which tasks a search may return.
public struct SearchFilter: Sendable, Equatable {
    /// Only tasks of this list (`search #groceries milk`).
    public var list: ListID?
    /// Only done tasks (`search done milk`).
    public var doneOnly: Bool

    public init(list: ListID? = nil, doneOnly: Bool = false) {
        self.list = list
        self.doneOnly = doneOnly
    }
}
