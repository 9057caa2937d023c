// The one rule for invisible and direction-changing characters in anything a user types.

/// Finds characters that must never reach another person's terminal from user text.
///
/// TwoDo refuses (never strips or rewrites) a line holding any of them, naming the first one
/// (`U+202E`), because the sender cannot see them and the receiver cannot either:
/// - bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069), the marks U+200E, U+200F and
///   U+061C: an override reverses the text after it, the server's own words included;
/// - the byte-order mark U+FEFF and every other invisible format (`Cf`) character, such as U+200B,
///   U+2060 or the soft hyphen U+00AD;
/// - tag characters U+E0000–E007F, except inside an emoji tag sequence (a subdivision flag such as
///   Scotland's, which starts with U+1F3F4);
/// - the line and paragraph separators U+2028 and U+2029, which break a line in some terminals.
///
/// Kept: the zero-width joiner U+200D (emoji sequences such as couple-with-heart, and scripts that need it), the
/// zero-width non-joiner U+200C (Persian, Indic), variation selectors (U+FE0F: emoji presentation),
/// combining accents and every letter.
public enum UserText {
    /// The first forbidden scalar in `text`, or nil when the text may be stored and relayed.
    ///
    /// Besides the characters `isForbidden` names, joiners and variation selectors must sit where they do
    /// something: a ZWJ or ZWNJ between two non-ASCII scalars (`👩‍👧`, `می‌خواهم`, Indic conjuncts), a
    /// variation selector right after a character it can select (not after another selector or a
    /// joiner). So a run of invisible joiners or selectors (kilobytes inside one "character") is refused.
    public static func firstForbidden(in text: some StringProtocol) -> Unicode.Scalar? {
        // Plain ASCII (almost every command) cannot hold any of them; C0 controls are the framer's job.
        // The contiguous path is a plain byte loop; the generic one walks the view an index at a time.
        let ascii =
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
        if ascii { return nil }
        var previous: UInt32?
        var pendingJoiner: Unicode.Scalar?  // a joiner waiting to see what follows it
        var sawTag = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if let joiner = pendingJoiner {
                guard v >= 0x80, !isJoiner(v) else { return joiner }
                pendingJoiner = nil
            }
            switch v {
            case 0x200C, 0x200D:
                guard let previous, previous >= 0x80, !isJoiner(previous) else { return scalar }
                pendingJoiner = scalar
            case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
                guard let previous, !isVariationSelector(previous), !isJoiner(previous) else { return scalar }
            case 0xE0020...0xE007F:
                sawTag = true  // decided below, by grapheme: allowed only in an emoji tag sequence
            default:
                if isForbidden(scalar) { return scalar }
            }
            previous = v
        }
        if let joiner = pendingJoiner { return joiner }
        guard sawTag else { return nil }
        for character in text {
            let inFlag = character.unicodeScalars.first?.value == 0x1F3F4
            if let tag = character.unicodeScalars.first(where: { (0xE0020...0xE007F).contains($0.value) }), !inFlag {
                return tag
            }
        }
        return nil
    }

    private static func isJoiner(_ v: UInt32) -> Bool { v == 0x200C || v == 0x200D }
    private static func isVariationSelector(_ v: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
    }

    /// Whether `scalar` is forbidden in user text; tags are allowed only inside a flag's tag sequence.
    public static func isForbidden(_ scalar: Unicode.Scalar, inFlagSequence: Bool = false) -> Bool {
        let v = scalar.value
        if v < 0x80 { return false }
        switch v {
        case 0x200C, 0x200D: return false  // ZWNJ, ZWJ: needed by scripts and emoji sequences
        case 0xE0020...0xE007F: return !inFlagSequence  // tag characters (the emoji flag sequences use these)
        case 0xE0000...0xE001F: return true
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0xFEFF: return true  // bidi controls, BOM
        // Prepended concatenation marks (Arabic number signs and the like) are Cf but visible.
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD: return false
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// `U+202E`: how an error names a scalar.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
