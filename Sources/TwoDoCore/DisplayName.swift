// The rules for display names: what partners see instead of a login name, and what it may not pretend to be.

/// Why a proposed display name is refused.
public enum DisplayNameProblem: Error, Sendable, Equatable {
    /// Empty after trimming, or longer than `DisplayName.maxLength` characters.
    case length
    /// It holds an invisible, default-ignorable, format or direction-changing code point.
    case invisible(Unicode.Scalar)
    /// It is, or looks like, a word that names the service, its staff or people in the grammar.
    case reserved(String)
    /// It is, or looks like, another member's login or display name (`name` is the one it resembles).
    case lookalike(String)
}

/// Display names: free text (spaces and punctuation allowed) of 1–40 characters, compared by their TR39
/// confusable skeleton with the punctuation and spaces left out, so `B.o.b`, `BOB`, `Ь0b` and `ｂｏｂ` all
/// look like `bob`.
public enum DisplayName {
    /// The most characters a display name may have.
    public static let maxLength = 40

    /// Words a display name may not be or look like as a whole: the service, its operators, and the words
    /// the grammar uses for people (`UserName.reserved`), in English and Turkish.
    public static let reservedWholes: Set<String> = Set(
        [
            "twodo", "two do", "system", "server", "admin", "administrator", "root", "support", "help", "helpdesk",
            "moderator", "mod", "staff", "official", "operator", "sysop", "bot", "security", "everybody",
            "sistem", "sunucu", "yönetici", "yonetici", "destek", "yardım", "yardim", "moderatör", "görevli",
            "yetkili", "resmi", "güvenlik",
        ].map { skeleton($0) }
    ).union(UserName.reserved.map { skeleton($0) })

    /// Words no word of a display name may be or look like (`TwoDo Support`, `admin ayşe`): the ones that claim
    /// to speak for the service.
    public static let reservedWords: Set<String> = Set(
        [
            "twodo", "admin", "administrator", "root", "sysop", "moderator", "system", "server", "support",
            "sistem", "sunucu", "yönetici", "yonetici", "moderatör", "destek", "yetkili",
        ].map { skeleton($0) })

    /// Checks `typed` (trimmed of spaces and tabs) against the rules that need no other name.
    /// - Returns: the display name to store, trimmed.
    /// - Throws: `.length`, `.invisible` or `.reserved`.
    public static func validate(_ typed: String) throws(DisplayNameProblem) -> String {
        // Before anything else, so a 100,000-character line costs one bounded scan.
        if let scalar = UserName.invisible(in: typed) { throw .invisible(scalar) }
        let trimmed = typed.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= maxLength * 8, trimmed.count <= maxLength else {
            throw .length
        }
        let whole = skeleton(trimmed)
        if reservedWholes.contains(whole) { throw .reserved(trimmed) }
        let words = trimmed.split { $0 == " " || $0 == "\t" || $0 == "." || $0 == "-" || $0 == "_" || $0 == "," }
        for word in words where reservedWords.contains(skeleton(String(word))) { throw .reserved(trimmed) }
        return trimmed
    }

    /// The name among `others` (login or display names of the other members) that `display` is or looks
    /// like, or nil.
    public static func resemblance(of display: String, among others: [String]) -> String? {
        let mine = skeleton(display)
        return others.first { skeleton($0) == mine }
    }

    /// The confusable skeleton a display name is compared by: NFKC, folded, without spaces, punctuation and
    /// symbols (`B.o.b` is `bob`), then TR39's skeleton (`Ь0b` is `bob`). Login names go through the same.
    public static func skeleton(_ text: String) -> String {
        let normalized = UserName.normalized(text)
        let kept = String(
            String.UnicodeScalarView(
                normalized.unicodeScalars.filter {
                    let p = $0.properties
                    return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
                }))
        // A name of nothing but punctuation keeps itself, so `...` is not everybody's skeleton.
        return UserName.skeleton(kept.isEmpty ? normalized : kept)
    }
}
