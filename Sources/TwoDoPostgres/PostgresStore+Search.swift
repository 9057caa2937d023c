// SearchStore on PostgreSQL: every word as a word prefix over the folded `search_index`, newest first, capped.

import TwoDoCore
import TwoDoStore

extension PostgresStore: SearchStore {
    /// Nothing waits: the mutators write the folded text in their own transaction (`indexSearchText`) and
    /// triggers remove and move rows, so a search always sees every change. Always 0.
    @discardableResult
    public func flushSearchIndex(limit: Int) throws -> Int { 0 }

    /// Nothing waits here (see `flushSearchIndex`).
    public func searchBacklog(atLeast count: Int) throws -> Bool { false }

    /// The two LIKE patterns of one query word: "somewhere in the text" (which pg_trgm's index serves) and
    /// "at the start of a word" (over `' ' || body || ' '`, the body's words being single-space separated);
    /// a one-character word must be a whole word, as in SQLite's FTS5 query. The word is read into words
    /// the way the body was (`searchWords`): a word with punctuation inside is a phrase, as FTS5 reads it.
    /// Nil when the word has no letter or digit (it matches nothing).
    static func likePatterns(_ word: String) -> (anywhere: String, start: String)? {
        let words = searchWords(word)
        guard !words.isEmpty else { return nil }
        var escaped = ""
        for c in words {
            if c == "\\" || c == "%" || c == "_" { escaped.append("\\") }
            escaped.append(c)
        }
        return ("%" + escaped + "%", "% " + escaped + (word.count > 1 ? "%" : " %"))
    }

    /// One pass over the index: the newest `Store.searchHitLimit` rows of `space` whose text has every word,
    /// sorted into tasks (by title or by a note), routines and events (by name or by a note), each once.
    public func searchHits(_ words: [String], in space: SpaceID) throws -> SearchHits {
        var values: [PGValue] = [.integer(space.rawValue)]
        var sql = "SELECT id FROM search_index WHERE space = $1"
        for word in words {
            guard let (anywhere, start) = PostgresStore.likePatterns(word) else { return SearchHits() }
            values += [.text(anywhere), .text(start)]
            sql += " AND body LIKE $\(values.count - 1) AND (' ' || body || ' ') LIKE $\(values.count)"
        }
        values.append(.integer(Int64(Store.searchHitLimit + 1)))
        sql += " ORDER BY id DESC LIMIT $\(values.count)"
        let rows = try taskAreaRows(sql, values) { try $0.requiredInt("id") }
        return try searchHits(fromIndexRows: rows)
    }
}
