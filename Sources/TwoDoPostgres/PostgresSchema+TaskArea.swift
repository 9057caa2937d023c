// The task area's additions to the PostgreSQL schema: the index that walks one space's search rows newest first.

extension PostgresSchema {
    /// Part of version 1 (appended to `version1` in `PostgresMigrations.all`).
    ///
    /// `search_index_newest`: a search reads the newest `Store.searchHitLimit` matching rows of one space; this
    /// lets the planner walk `space = $1 ORDER BY id DESC` and stop early when it expects a word to be common.
    /// (Measured with 4 spaces of 5,000 rows, analyzed: a rare word goes through the trigram index, 0.05 ms; a
    /// common one reads the space's rows through `search_index_space` and keeps the newest, 2 ms; the planner
    /// underestimates the word-start LIKE, so it seldom picks this walk.)
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
