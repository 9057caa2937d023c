// The engine-neutral surface of search: which items of a space match every word.

import TwoDoCore

/// Full-text search of one space. Words arrive folded (`TextFold.key`); each matches as a word prefix,
/// every word must match, and nothing of another space is ever returned (an engine checks the owning
/// row's space, whatever its index holds). Reads only; runs inside the turn's transaction.
public protocol SearchStore: AnyObject {
    /// Whether more rows match than one search reads (`Store.searchHitLimit`): the answer then covers the
    /// newest of them and says so.
    func searchIsCapped(_ words: [String], in space: SpaceID) throws -> Bool
    /// How many tasks match (by title or by one of their notes), within `filter`.
    func searchTaskCount(_ words: [String], in space: SpaceID, filter: SearchFilter) throws -> Int
    /// One window of the matching tasks: open before done, newest first.
    func searchTasks(
        _ words: [String], in space: SpaceID, filter: SearchFilter, offset: Int, limit: Int
    ) throws -> [TaskItem]
    /// The newest matching routines (at most `limit`) and how many match.
    func searchRoutines(_ words: [String], in space: SpaceID, limit: Int) throws -> (ids: [RoutineID], total: Int)
    /// The newest matching events (at most `limit`) and how many match.
    func searchEvents(_ words: [String], in space: SpaceID, limit: Int) throws -> (ids: [EventID], total: Int)
}
