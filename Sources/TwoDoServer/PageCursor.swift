// What a connection remembers of its last paged listing so that `more` can show the next page.

import TwoDoCommands

/// The last paged listing of a connection: the command that made it and the page shown last.
///
/// Bounded: one command (at most one line's worth of arguments) and two numbers; the rows are fetched
/// again for each page, so `more` shows the listing as it is now.
struct PageCursor {
    /// The listing command without its page clause (`show groceries`, `agenda`, `inbox` …).
    var listing: Command
    /// The page shown last (1-based).
    var page: Int
    /// How many pages the listing had then.
    var pages: Int
}

/// A connection's paging state: bounded (two commands and two numbers), whatever the listings hold.
struct PagingState {
    /// The listing `more` continues; nil before any paged listing.
    var cursor: PageCursor?
    /// Rows of the numbered listing before `lastListing[0]`: `#n` is `lastListing[n - offset - 1]`.
    var offset = 0
    /// The task listing `lastListing` is a page of, so `#n` on another of its pages is fetched by row.
    var numbered: Command?
}

/// One page of a listing: which page, of how many, over how many rows.
struct PageWindow {
    /// Rows per page.
    static let size = 50

    /// The page (1-based).
    let number: Int
    /// How many pages the listing has (at least 1, so an empty listing has one empty page).
    let pages: Int
    /// Rows in the whole listing.
    let total: Int

    /// Rows before this page.
    var offset: Int { (number - 1) * PageWindow.size }
    /// Rows after this page.
    var remaining: Int { max(0, total - offset - PageWindow.size) }

    /// The window for page `number` of `total` rows; nil when the page is past the last one.
    init?(page number: Int, total: Int) {
        let pages = max(1, (total + PageWindow.size - 1) / PageWindow.size)
        guard number >= 1, number <= pages else { return nil }
        self.number = number
        self.pages = pages
        self.total = total
    }
}
