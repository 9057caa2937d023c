// What a connection remembers of its last paged listing so that `more` can show the next page.

import TwoDoCommands

/// The last paged listing of a connection: the command that made it and the page shown last.
///
/// Bounded: one command (at most one line's worth of arguments) and two numbers; the rows are fetched
/// again for each page, so `more` shows the listing as it is now.
public struct PageCursor {
    /// The listing command without its page clause (`show groceries`, `agenda`, `inbox` …).
    var listing: Command
    /// The page shown last (1-based).
    var page: Int
    /// How many pages the listing had then.
    var pages: Int
}

/// A connection's paging state: bounded (one command and three numbers), whatever the listings hold.
public struct PagingState {
    /// No listing shown yet.
    public init() {}

    /// The listing `more` continues; nil before any paged listing.
    var cursor: PageCursor?
    /// Rows of the numbered listing before `lastListing[0]`: `#n` is `lastListing[n - offset - 1]`.
    var offset = 0
}
