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
    /// the SQL that uses the query checks the owning row's space as well.
    static func matchQuery(_ words: [String], space: SpaceID, kinds: String) -> String {
        let terms = words.map { word in
            "body : \"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (word.count > 1 ? "*" : "")
        }
        let kind = "(" + kinds.map { "kind : \($0)" }.joined(separator: " OR ") + ")"
        return (["space : \"\(space.rawValue)\"", kind] + terms).joined(separator: " AND ")
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

    /// One pass over the index: the newest `searchHitLimit` rows of `space` whose text has every word, sorted
    /// into tasks (found by title or by a note), routines and events.
    public func searchHits(_ words: [String], in space: SpaceID) throws -> SearchHits {
        let rows = try db.query(
            "SELECT rowid AS r FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT ?",
            .text(Store.matchQuery(words, space: space, kinds: "tnrei")), .integer(Int64(Store.searchHitLimit + 1))
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
        var seen: Set<Int64> = []
        hits.tasks = taskIDs.filter { seen.insert($0).inserted }.map(TaskID.init)
        return hits
    }

    /// `[1,2,3]`: ids handed to SQL as one bound value (`json_each`), however many there are.
    static func jsonList(_ ids: [Int64]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

    // `+t.space_id`: the space test must not drive the plan (walking the space's tasks and probing the hits
    // cost 11 ms for a rare word among 100,000 tasks); the hits do, by primary key.
    private static func taskFilter(_ filter: SearchFilter) -> String {
        var sql = " WHERE t.id IN (SELECT value FROM json_each(?)) AND +t.space_id = ?"
        if filter.list != nil { sql += " AND +t.list_id = ?" }
        if filter.doneOnly { sql += " AND +t.done = 1" }
        return sql
    }

    private static func taskValues(_ hits: [TaskID], _ space: SpaceID, _ filter: SearchFilter) -> [SQLValue] {
        var values: [SQLValue] = [.text(jsonList(hits.map(\.rawValue))), .integer(space.rawValue)]
        if let list = filter.list { values.append(.integer(list.rawValue)) }
        return values
    }

    /// How many of the hit tasks are in `space` and pass `filter`.
    public func searchTaskCount(_ hits: [TaskID], in space: SpaceID, filter: SearchFilter) throws -> Int {
        guard !hits.isEmpty else { return 0 }
        let sql = "SELECT count(*) AS n FROM tasks t" + Store.taskFilter(filter)
        return Int(try db.queryOne(sql, Store.taskValues(hits, space, filter)) { try $0.requiredInt("n") } ?? 0)
    }

    /// Rows `offset ..< offset + limit` of the hit tasks, and how many hit tasks pass `filter` in all, counted by
    /// a window function in the same pass (a page past the end counts them on its own).
    public func searchPage(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> (total: Int, tasks: [TaskItem]) {
        guard !hits.isEmpty else { return (0, []) }
        let sql =
            "SELECT t.id AS id, count(*) OVER () AS total FROM tasks t" + Store.taskFilter(filter)
            + " ORDER BY t.done, t.created_at DESC, t.id DESC LIMIT ? OFFSET ?"
        let values = Store.taskValues(hits, space, filter) + [.integer(Int64(limit)), .integer(Int64(offset))]
        let window = try db.query(sql, values) { (try $0.requiredInt("id"), try $0.requiredInt("total")) }
        guard let total = window.first?.1 else {
            return (try searchTaskCount(hits, in: space, filter: filter), [])
        }
        return (Int(total), try tasks(ids: window.map(\.0), in: space))
    }

    /// Whole rows of `ids` in `space`, in the order given, read in one statement.
    private func tasks(ids: [Int64], in space: SpaceID) throws -> [TaskItem] {
        guard !ids.isEmpty else { return [] }
        let rows = try db.query(
            Store.taskColumns + " WHERE t.id IN (SELECT value FROM json_each(?)) AND t.space_id = ?",
            .text("[" + ids.map(String.init).joined(separator: ",") + "]"), .integer(space.rawValue),
            map: Store.task(from:))
        let byID = Dictionary(rows.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Rows `offset ..< offset + limit` of the hit tasks in `space` passing `filter`: open before done, newest
    /// first. The window's ids come from the tasks table alone; whole rows are read for those few only.
    public func searchTasks(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        guard !hits.isEmpty else { return [] }
        let sql =
            "SELECT t.id AS id FROM tasks t" + Store.taskFilter(filter)
            + " ORDER BY t.done, t.created_at DESC, t.id DESC LIMIT ? OFFSET ?"
        let values = Store.taskValues(hits, space, filter) + [.integer(Int64(limit)), .integer(Int64(offset))]
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
