// Rules for task titles, list names, notes and chat lines.

/// Why a piece of user text is not acceptable.
public enum TextProblem: Error, Sendable, Equatable {
    case empty
    case tooLong(limit: Int)
}

/// Limits on user-entered text.
public enum TextRules {
    /// The most characters a task title may have.
    public static let titleLimit = 200
    /// The most characters a list or couple name may have.
    public static let nameLimit = 60
    /// The most characters a note may have.
    public static let noteLimit = 1000
    /// The most characters a description (of a task, routine or event) may have.
    public static let descriptionLimit = 2000

    /// Trims `text` and checks it is non-empty and at most `limit` characters.
    public static func clean(_ text: String, limit: Int) throws(TextProblem) -> String {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= limit else { throw .tooLong(limit: limit) }
        return trimmed
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
