// The task area's additions to the PostgreSQL schema: the index that walks one space's search rows newest first.

extension PostgresSchema {
    /// Part of version 1 (appended to `version1` in `PostgresMigrations.all`).
    ///
    /// `search_index_newest`: a search reads the newest `Store.searchHitLimit` matching rows of one space, so
    /// the walk `space = $1 ORDER BY id DESC` stops early when a word is common (the trigram index serves the
    /// rare words, where a walk would read the whole space).
    static let taskArea = """
        CREATE INDEX search_index_newest ON search_index(space, id);
        """
}
