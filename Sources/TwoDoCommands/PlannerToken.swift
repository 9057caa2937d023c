// Words of a routine/event/calendar line: as typed, folded, and with a Turkish case ending cut off.

import TwoDoCore

/// One word of a routine, event or calendar command.
///
/// Self-contained on purpose (it does not share the task parser's word type), so these commands keep
/// working while the rest of the command language is rewritten.
struct PlannerToken: Sendable {
    /// The word as typed, a slice of the line.
    let text: Substring
    /// The folded key (Turkish-aware, accents dropped, `’` made `'`), trailing `,` `;` `.` removed
    /// unless the word is only digits and dots (`24.12.`).
    let key: String
    /// `key` up to its first apostrophe: `cuma'ya` → `cuma`, `14:30'da` → `14:30`.
    let stem: String
    /// The ending after the apostrophe (`ya`, `da`), empty when there is none.
    let ending: String
    /// Whether a comma ended the word as typed (`mon, wed`).
    let hadComma: Bool

    init(_ text: Substring) {
        self.text = text
        var folded = TextFold.key(text)
        if folded.unicodeScalars.contains("\u{2019}") { folded = folded.replacingAll("\u{2019}", with: "'") }
        var comma = false
        while let last = folded.last,
            last == "," || last == ";" || (last == "." && !folded.dropLast().allSatisfy { $0.isNumber || $0 == "." })
        {
            if last == "," { comma = true }
            folded.removeLast()
        }
        key = folded
        hadComma = comma
        if let apostrophe = folded.firstIndex(of: "'") {
            stem = String(folded[..<apostrophe])
            ending = String(folded[folded.index(after: apostrophe)...])
        } else {
            stem = folded
            ending = ""
        }
    }

    /// Splits a line at runs of spaces.
    static func split(_ line: Substring) -> [PlannerToken] {
        line.split(separator: " ", omittingEmptySubsequences: true).map { PlannerToken($0) }
    }
}

extension String {
    /// Every `target` character replaced by `replacement`.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

extension ArraySlice where Element == PlannerToken {
    /// The text as typed from the first word to the last (inner spacing kept).
    var typedText: String {
        guard let first, let last else { return "" }
        return String(first.text.base[first.text.startIndex..<last.text.endIndex])
    }
}
