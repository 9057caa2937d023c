// Helpers that turn a run of words back into text: as typed, single-spaced, or folded.

extension ArraySlice where Element == Word {
    /// The text as typed from the first word to the last, inner spacing kept; empty when there are no words.
    var typed: Substring {
        guard let first, let last else { return "" }
        return first.text.base[first.text.startIndex..<last.text.endIndex]
    }

    /// `typed` as a `String`.
    var typedText: String { String(typed) }

    /// The words as typed, joined by single spaces.
    var spaced: String {
        if count == 1 { return String(self[startIndex].text) }
        var out = ""
        for word in self {
            if !out.isEmpty { out.append(" ") }
            out.append(contentsOf: word.text)
        }
        return out
    }

    /// The folding keys of the words, joined by single spaces.
    var key: String {
        if count == 1 { return self[startIndex].key }
        var out = ""
        for word in self {
            if !out.isEmpty { out.append(" ") }
            out.append(word.key)
        }
        return out
    }
}
