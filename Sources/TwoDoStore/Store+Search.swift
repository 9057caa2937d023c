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
        return try searchHits(fromIndexRows: rows)
    }

    /// `[1,2,3]`: ids handed to SQL as one bound value (`json_each`), however many there are.
    static func jsonList(_ ids: [Int64]) -> String { SQLDialect.idList(ids, open: "[", close: "]") }

    /// The FROM and WHERE of the hit tasks passing `filter`, as SQLite runs it (`SharedSQL.taskFilter`).
    package static func taskFilter(_ filter: SearchFilter) -> String { SharedSQL.taskFilter(filter, .sqlite) }

    /// Whole rows of a JSON list of ids, if in the space, as SQLite runs it (`SharedSQL.tasksByIDs`).
    package static var tasksByIDs: String { SharedSQL.tasksByIDs.text }
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
