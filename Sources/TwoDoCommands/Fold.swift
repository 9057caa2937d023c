// The folding key the parser compares words with: TextFold's key with typographic apostrophes made plain.

import TwoDoCore

/// Folding keys for every case- and accent-insensitive comparison the parser makes.
enum Fold {
    /// `TextFold.key(text)` with `’` (U+2019) replaced by `'`, so `Market’e` and `Market'e` compare equal.
    static func key(_ text: some StringProtocol) -> String {
        // ASCII fast path, the same result as TextFold (only A–Z change): most command words are ASCII.
        let utf8 = text.utf8
        if utf8.count <= 32 && utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return String(text) }
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
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
