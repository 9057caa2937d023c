// The engine-neutral surface of search: which items of a space match every word.

import TwoDoCore

/// Full-text search of one space. Words arrive folded (`TextFold.key`); each matches as a word prefix,
/// every word must match, and nothing of another space is ever returned (an engine checks the owning
/// row's space, whatever its index holds). Reads only; runs inside the turn's transaction.
public protocol SearchStore: AnyObject {
    /// Moves text written since the last flush into the index (see `Store.flushSearchIndex`); a search calls
    /// it first, so its answer sees every change.
    @discardableResult
    func flushSearchIndex(limit: Int) throws -> Int
    /// Whether at least `count` rows wait for the index (false where nothing ever waits).
    func searchBacklog(atLeast count: Int) throws -> Bool
    /// The newest matching items of `space` (at most `Store.searchHitLimit` index rows), by kind.
    func searchHits(_ words: [String], in space: SpaceID) throws -> SearchHits
    /// How many of the hit tasks are in `space` and pass `filter`.
    func searchTaskCount(_ hits: [TaskID], in space: SpaceID, filter: SearchFilter) throws -> Int
    /// One window of the hit tasks: open before done, newest first.
    /// One window of the hit tasks with how many there are in all (one pass over the hits, not two).
    func searchPage(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> (total: Int, tasks: [TaskItem])
    func searchTasks(
        _ hits: [TaskID], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem]
}
