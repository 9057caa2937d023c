// `note <words> <text>` without a colon: the ways to split the words into a reference and a note.

/// The readings of a colon-less `note` line, for the handler to try against the user's tasks.
public enum NoteSplit {
    /// The most leading words tried as a reference (a reference longer than this needs the colon).
    public static let maxReferenceWords = 24

    /// One split: the leading words as a task reference and the rest as the note's text.
    public struct Reading: Sendable, Equatable {
        /// The reference words as typed, a trailing Turkish case ending removed (`süt'e` → `süt`).
        public let reference: String
        /// The note text as typed (never empty).
        public let text: String
    }

    /// Every split of `line` that leaves at least one word of text, the shortest reference first.
    ///
    /// A longer reference only narrows a shorter one (a title matching all of its words matches the words
    /// before them too), so the handler walks these in order and stops at the first that matches nothing.
    public static func readings(_ line: String) -> [Reading] {
        let words = Word.split(Substring(line))
        guard words.count >= 2 else { return [] }
        let longest = Swift.min(words.count - 1, maxReferenceWords)
        return (1...longest).map { n in
            Reading(
                reference: String(TurkishSuffix.strippingApostropheEnding(words[0..<n].typed)),
                text: String(words[n...].typed))
        }
    }
}
