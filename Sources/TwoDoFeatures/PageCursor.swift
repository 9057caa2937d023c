// What a connection remembers of its last paged listing so that `more` can show the next page.

import TwoDoCommands
import TwoDoCore

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
    /// Where the next page starts, for listings read by key (`show`, the time views); nil for the others.
    var resume: PageResume?
}

/// The position just after the last row a page showed: `more` reads the next page from there by key, never by
/// counting rows from the start (OFFSET), so its cost does not grow with the page number.
///
/// Bounded: one row (its title at most one line long).
struct PageResume {
    /// The run (heading) of the listing that row was in; 0 for a listing of one run.
    var segment: Int
    /// The row as it was shown: its sort columns (done, created, due instant, list, id) are the key.
    var last: TaskItem
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
