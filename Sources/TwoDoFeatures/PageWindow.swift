// One page of a listing: its number, how many pages there are, and the rows before and after it.

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
