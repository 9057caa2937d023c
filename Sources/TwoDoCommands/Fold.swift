// The folding key the parser compares words with: TextFold's key with typographic apostrophes made plain.

import TwoDoCore

/// Folding keys for every case- and accent-insensitive comparison the parser makes.
enum Fold {
    /// `TextFold.key(text)` with `’` (U+2019) replaced by `'`, so `Market’e` and `Market'e` compare equal.
    static func key(_ text: some StringProtocol) -> String {
        let folded = TextFold.key(text)
        // U+2019 encodes as E2 80 99; a key without an 0xE2 byte cannot contain it.
        guard folded.utf8.contains(0xE2) else { return folded }
        var out = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            out.append(scalar == "\u{2019}" ? "'" : scalar)
        }
        return String(out)
    }
}
