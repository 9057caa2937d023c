// Full-text search over a space: the FTS5 index of migration 7 (task titles and notes, routines, events).

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
    static func matchQuery(_ words: [String], space: SpaceID) -> String {
        let terms = words.map { word in
            "body : \"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (word.count > 1 ? "*" : "")
        }
        return (["space : \"\(space.rawValue)\""] + terms).joined(separator: " AND ")
    }

    /// The ids of the tasks a search finds (by title, rowid × 4, or by one of their notes, × 4 + 1) among
    /// the newest `searchHitLimit` index rows that match.
    private static let taskHits = """
        WITH hits(r) AS (
            SELECT rowid FROM search_index WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT \(searchHitLimit)),
        found(id) AS (
            SELECT r / 4 FROM hits WHERE r % 4 = 0
            UNION SELECT n.task_id FROM hits JOIN task_notes n ON n.id = hits.r / 4 WHERE hits.r % 4 = 1)
        """

    // `+t.space_id`: the space test must not drive the plan (walking the space's tasks and probing the hits
    // cost 11 ms for a rare word among 100,000 tasks); the hits do, by primary key.
    private static func taskFilter(_ filter: SearchFilter) -> String {
        var sql = " WHERE t.id IN (SELECT id FROM found) AND +t.space_id = ?"
        if filter.list != nil { sql += " AND +t.list_id = ?" }
        if filter.doneOnly { sql += " AND +t.done = 1" }
        return sql
    }

    private static func taskValues(_ words: [String], _ space: SpaceID, _ filter: SearchFilter) -> [SQLValue] {
        var values: [SQLValue] = [.text(matchQuery(words, space: space)), .integer(space.rawValue)]
        if let list = filter.list { values.append(.integer(list.rawValue)) }
        return values
    }

    /// Whether a search reads only part of what matches (more than `searchHitLimit` index rows).
    public func searchIsCapped(_ words: [String], in space: SpaceID) throws -> Bool {
        let n = try db.queryOne(
            "SELECT count(*) AS n FROM (SELECT rowid FROM search_index WHERE search_index MATCH ? LIMIT \(Store.searchHitLimit + 1))",
            .text(Store.matchQuery(words, space: space))
        ) { try $0.requiredInt("n") } ?? 0
        return n > Store.searchHitLimit
    }

    /// How many tasks of `space` match every word of `words` (folded), within `filter`.
    public func searchTaskCount(_ words: [String], in space: SpaceID, filter: SearchFilter) throws -> Int {
        let sql = Store.taskHits + " SELECT count(*) AS n FROM tasks t" + Store.taskFilter(filter)
        return Int(try db.queryOne(sql, Store.taskValues(words, space, filter)) { try $0.requiredInt("n") } ?? 0)
    }

    /// Rows `offset ..< offset + limit` of the tasks matching `words`: open before done, newest first.
    public func searchTasks(
        _ words: [String], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem] {
        let sql =
            Store.taskHits + Store.taskColumns + Store.taskFilter(filter)
            + " ORDER BY t.done, t.created_at DESC, t.id DESC LIMIT ? OFFSET ?"
        let values = Store.taskValues(words, space, filter) + [.integer(Int64(limit)), .integer(Int64(offset))]
        return try db.query(sql, values, map: Store.task(from:))
    }

    /// The routines of `space` whose name matches every word, newest first, at most `limit`, and how many match.
    public func searchRoutines(_ words: [String], in space: SpaceID, limit: Int) throws -> (ids: [RoutineID], total: Int) {
        let hits = try kindHits(words, space: space, kind: 2, table: "routines", limit: limit)
        return (hits.ids.map(RoutineID.init), hits.total)
    }

    /// The events of `space` whose title matches every word, newest first, at most `limit`, and how many match.
    public func searchEvents(_ words: [String], in space: SpaceID, limit: Int) throws -> (ids: [EventID], total: Int) {
        let hits = try kindHits(words, space: space, kind: 3, table: "events", limit: limit)
        return (hits.ids.map(EventID.init), hits.total)
    }

    private func kindHits(
        _ words: [String], space: SpaceID, kind: Int, table: String, limit: Int
    ) throws -> (ids: [Int64], total: Int) {
        let from = """
            FROM \(table) x WHERE +x.space_id = ? AND x.id IN (
                SELECT rowid / 4 FROM search_index WHERE search_index MATCH ? AND rowid % 4 = \(kind)
                ORDER BY rowid DESC LIMIT \(Store.searchHitLimit))
            """
        let query = Store.matchQuery(words, space: space)
        let total = try db.queryOne(
            "SELECT count(*) AS n " + from, .integer(space.rawValue), .text(query)
        ) { try $0.requiredInt("n") } ?? 0
        let ids = try db.query(
            "SELECT x.id AS id " + from + " ORDER BY x.id DESC LIMIT ?", .integer(space.rawValue), .text(query),
            .integer(Int64(limit))
        ) { try $0.requiredInt("id") }
        return (ids, Int(total))
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
