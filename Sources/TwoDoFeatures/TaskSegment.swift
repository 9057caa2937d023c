// A run of tasks under one heading of a paged task listing, counted and fetched a page at a time.

import TwoDoCore

/// A run of tasks of one heading in a paged task listing (`Overdue`, `Today` … or a whole list), fetched by page.
struct TaskSegment {
    /// The catalog key (or already localized title) of the heading.
    let key: String
    /// How many tasks the run has.
    let count: Int
    /// Rows `offset ..< offset + limit` of the run (a page asked for by number).
    let fetch: (_ offset: Int, _ limit: Int) throws -> [TaskItem]
    /// At most `limit` rows of the run after `last`, a row it held when it was shown (`more`: a keyset read
    /// from the row's sort key, so a deep page costs what the first does).
    let fetchAfter: (_ last: TaskItem, _ limit: Int) throws -> [TaskItem]
}
