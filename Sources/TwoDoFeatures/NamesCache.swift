// What every command reads from users, spaces and lists, kept while none of them changes.

import TwoDoCommands
import TwoDoCore
import TwoDoStore

/// The parser's name context, users, members and default lists per space, all valid for one value of the
/// store's `namesGeneration`, which moves on every change to users, spaces or lists, on every rollback, and
/// (PostgreSQL) at every turn. Reading them on every command cost about a sixth of a command's CPU before
/// the parser's names were cached, and ~6% after (PERFORMANCE §17).
struct NamesCache {
    var contexts: [SpaceID: ParseContext] = [:]
    var users: [UserID: User] = [:]
    var members: [SpaceID: [User]] = [:]
    var defaultLists: [SpaceID: TaskList] = [:]
    private var generation: UInt64 = 0
    /// Entries of each kind kept at most: a server whose names never change still forgets, so what it keeps
    /// stays bounded whatever the number of accounts.
    static let limit = 10_000

    /// Empties it when `store`'s names have moved on since it was filled (or it grew to `limit`).
    mutating func refresh(_ store: any TwoDoStorage) {
        let now = store.namesGeneration
        if now != generation || users.count >= NamesCache.limit || contexts.count >= NamesCache.limit
            || members.count >= NamesCache.limit || defaultLists.count >= NamesCache.limit
        {
            self = NamesCache()
            generation = now
        }
    }
}
