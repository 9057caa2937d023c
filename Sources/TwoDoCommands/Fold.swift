// The folding key the parser compares words with: TextFold's key with typographic apostrophes made plain.

import TwoDoCore

/// Folding keys for every case- and accent-insensitive comparison the parser makes.
enum Fold {
    /// The apostrophes phones and keyboards type besides `'`: `’` (U+2019), `‘` (U+2018), `ʼ` (U+02BC) and
    /// `´` (U+00B4).
    static let apostrophes: Set<Unicode.Scalar> = ["\u{2019}", "\u{2018}", "\u{02BC}", "\u{00B4}"]

    /// `TextFold.key(text)` with every apostrophe in `apostrophes` replaced by `'`, so `Market’e`,
    /// `Haziranʼa` and `Market'e` compare equal.
    static func key(_ text: some StringProtocol) -> String {
        // ASCII fast path, the same result as TextFold (only A–Z change): most command words are ASCII.
        let utf8 = text.utf8
        if utf8.count <= 32 && utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(text) }
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let folded = TextFold.key(text)
        // U+2019 and U+2018 encode as E2 80 99/98, U+02BC as CA BC, U+00B4 as C2 B4.
        guard folded.utf8.contains(where: { $0 == 0xE2 || $0 == 0xCA || $0 == 0xC2 }) else { return folded }
        var out = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            out.append(apostrophes.contains(scalar) ? "'" : scalar)
        }
        return String(out)
    }
}
