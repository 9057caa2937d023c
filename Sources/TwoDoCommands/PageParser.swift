// The page clause of listing commands: `show groceries page 3`, `göster market sayfa 3`, `ajanda 2. sayfa`.

/// Finds a page clause at the end of a line whose rest is a listing command.
///
/// The clause is only special after a listing (`show`, the views, `inbox`, `events`, `routines`, `lists`,
/// `notes`): `add read page 3 of the contract` and `add read page 3` add those titles.
enum PageParser {
    /// The folded words that introduce a page number.
    private static let pageWords: Set<String> = ["page", "sayfa"]

    /// The paged command, a `.badValue(verb: "page", …)` for a listing with a page that is no positive whole
    /// number (`page 0`, `page -1`, `page two`), or nil when the line has no page clause after a listing.
    static func parse(_ line: String, context: ParseContext) -> Result<Command, ParseError>? {
        // Cheap test first: most lines have no page clause, and this runs before every parse.
        guard let (cut, number) = clause(line[...]) else { return nil }
        guard case .success(let command) = Parser.parseLine(String(line[..<cut]), context: context),
            command.isPagedListing
        else { return nil }
        guard let page = pageNumber(number) else { return .failure(.badValue(verb: "page", value: String(number))) }
        return .success(.paged(command, page: page))
    }

    /// Where the clause starts and the typed page number: `… page N`, `… sayfa N` or `… N. sayfa`.
    private static func clause(_ line: Substring) -> (String.Index, Substring)? {
        let trimmed = line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)]
        guard let lastSpace = trimmed.lastIndex(of: " ") else { return nil }
        let last = trimmed[trimmed.index(after: lastSpace)...]
        let head = trimmed[..<lastSpace]
        let headEnd = head.lastIndex { $0 != " " }.map { head.index(after: $0) } ?? head.startIndex
        let beforeStart = head[..<headEnd].lastIndex(of: " ").map { head.index(after: $0) } ?? head.startIndex
        let before = head[beforeStart..<headEnd]
        guard !before.isEmpty, beforeStart > line.startIndex else { return nil }
        if before.utf8.count <= 5, pageWords.contains(Fold.key(before)) { return (beforeStart, last) }
        if last.utf8.count <= 6, Fold.key(last) == "sayfa", before.hasSuffix("."), before.count > 1 {
            return (beforeStart, before.dropLast())
        }
        return nil
    }

    /// A page number: ASCII digits, at least 1; more digits than `Int` holds make `Int.max` (past any last page).
    private static func pageNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = text.drop { $0 == "0" }
        let n = digits.utf8.count > 18 ? Int.max : Int(digits) ?? 0
        return n >= 1 ? n : nil
    }
}
