// The task area's additions to the PostgreSQL schema: the index that walks one space's search rows newest first.

extension PostgresSchema {
    /// Part of version 1 (appended to `version1` in `PostgresMigrations.all`).
    ///
    /// `search_index_newest`: a search reads the newest `Store.searchHitLimit` matching rows of one space, so
    /// the walk `space = $1 ORDER BY id DESC` stops early when a word is common (the trigram index serves the
    /// rare words, where a walk would read the whole space).
    ///
    /// `tasks_list_page`: a list's tasks (not steps) in display order. SQLite's `tasks_list_order` (list_id,
    /// parent_id, done, created_at, id) gives that order there, but PostgreSQL does not treat `parent_id IS NULL`
    /// as pinning the column, so it sorted the whole list for every page (measured: a seq scan and a sort of
    /// 10,000 rows for a page at offset 9,000); this partial index hands out pages, keyset pages and the counts
    /// of `taskCounts(in:)` and `lists(in:)` in order, index-only.
    static let taskArea = """
        CREATE INDEX search_index_newest ON search_index(space, id);
        CREATE INDEX tasks_list_page ON tasks(list_id, done, created_at, id) WHERE parent_id IS NULL;
        """
}
