// Turkish-aware case and accent folding used for every name and title comparison.

import Foundation

/// Folds text into a search key: case-insensitive the Turkish-aware way and accent-insensitive.
///
/// `I`, `İ`, `ı` and `i` all fold to `i`, so "INBOX" (typed with a Turkish keyboard or not),
/// "ınbox" and "İnbox" match, and Turkish letters fold to their bare Latin base (`ş`→`s`, `ğ`→`g`).
/// This is deliberately not `lowercased()` (which turns "İ" into "i̇") and not Foundation's
/// diacritic folding without a locale (which turns "İşçi" into "ısci").
public enum TextFold {
    /// Returns the folding key of `text`.
    public static func key(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            appendFolded(scalar, to: &out)
        }
        return String(out)
    }

    /// The search key of `text`: its NFKC form (compatibility characters as what they stand for: `ﬁ` is `fi`,
    /// full-width `ＡＢＣ` is `ABC`, `①` is `1`), folded as `key(_:)` does.
    ///
    /// Only the search index and search queries use it. Names and titles keep `key(_:)`, whose stored keys
    /// (unique list names, title keys) must not change under existing rows.
    public static func searchKey(_ text: some StringProtocol) -> String {
        key(String(text).precomposedStringWithCompatibilityMapping)
    }

    /// Whether `text` folds to exactly `key` (which must itself be a folded key).
    public static func matches(_ text: some StringProtocol, key: String) -> Bool {
        Self.key(text) == key
    }

    private static func appendFolded(_ s: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        let v = s.value
        if v < 0x80 {
            if v >= 0x41 && v <= 0x5A {
                out.append(Unicode.Scalar(v + 0x20)!)
            } else {
                out.append(s)
            }
            return
        }
        switch v {
        case 0x130, 0x131: out.append("i")  // İ ı
        case 0xC7, 0xE7: out.append("c")  // Ç ç
        case 0x11E, 0x11F: out.append("g")  // Ğ ğ
        case 0xD6, 0xF6: out.append("o")  // Ö ö
        case 0x15E, 0x15F: out.append("s")  // Ş ş
        case 0xDC, 0xFC: out.append("u")  // Ü ü
        case 0x300...0x36F: return  // combining marks (accents typed as separate scalars)
        default:
            // Other letters: lowercase, then drop accents through canonical decomposition.
            let lowered = String(s).lowercased()
            for d in lowered.decomposedStringWithCanonicalMapping.unicodeScalars
            where !(0x300...0x36F).contains(d.value) {
                out.append(d)
            }
        }
    }
}
