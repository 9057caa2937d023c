// A list's icon: one emoji shown before the list's name (`🛒 Groceries`), and the rule that checks it.

/// The icon a list may carry: exactly one emoji grapheme, checked scalar by scalar.
///
/// Accepted: a single emoji (`🛒`, `❤`, `❤️`), with a skin tone (`👍🏽`), a ZWJ sequence (`👨‍👩‍👧`), a flag
/// (`🇹🇷`, `🏴󠁧󠁢󠁳󠁣󠁴󠁿`) or a keycap (`1️⃣`). Refused: letters and digits (`a`, `1`), two emoji, a lone or
/// dangling joiner, invisible and bidi characters, combining marks on letters, and anything over
/// `maxBytes` (a grapheme may carry any number of marks, so counting characters is not enough).
public enum ListIcon {
    /// The longest icon stored, in UTF-8 bytes (the longest real emoji sequences are under 40).
    public static let maxBytes = 64

    /// `icon` trimmed of spaces if it is one emoji; nil otherwise.
    public static func validated(_ icon: String) -> String? {
        var text = Substring(icon)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        guard !text.isEmpty, text.utf8.count <= maxBytes, text.count == 1, UserText.firstForbidden(in: text) == nil
        else { return nil }
        let scalars = Array(text.unicodeScalars)
        return isKeycap(scalars) || isFlag(scalars) || isTagFlag(scalars) || isEmojiSequence(scalars)
            ? String(text) : nil
    }

    /// `name` with its icon before it, as people see a list: `🛒 Groceries`, or just `Groceries`.
    public static func label(_ name: String, icon: String?) -> String {
        guard let icon else { return name }
        return icon + " " + name
    }

    private static let zwj: UInt32 = 0x200D
    private static let emojiSelector: UInt32 = 0xFE0F
    private static let textSelector: UInt32 = 0xFE0E

    /// `1️⃣`, `#⃣`: a digit, `#` or `*`, an optional emoji selector, the enclosing keycap.
    private static func isKeycap(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count == 2 || s.count == 3, s.last?.value == 0x20E3 else { return false }
        let base = s[0]
        guard ("0"..."9").contains(base) || base == "#" || base == "*" else { return false }
        return s.count == 2 || s[1].value == emojiSelector
    }

    /// Two regional indicators: a country flag (`🇹🇷`).
    private static func isFlag(_ s: [Unicode.Scalar]) -> Bool {
        s.count == 2 && s.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
    }

    /// A black flag followed by tag letters and the cancel tag (`🏴󠁧󠁢󠁳󠁣󠁴󠁿`, Scotland).
    private static func isTagFlag(_ s: [Unicode.Scalar]) -> Bool {
        guard s.count >= 3, s[0].value == 0x1F3F4, s[s.count - 1].value == 0xE007F else { return false }
        return s[1..<(s.count - 1)].allSatisfy { (0xE0020...0xE007E).contains($0.value) }
    }

    /// Emoji joined by ZWJ, each with at most a presentation selector and a skin tone after it.
    private static func isEmojiSequence(_ s: [Unicode.Scalar]) -> Bool {
        let parts = s.split(separator: Unicode.Scalar(zwj)!, omittingEmptySubsequences: false)
        return parts.allSatisfy(isEmojiPart)
    }

    /// One emoji of a sequence: a base (no ASCII: `1` and `#` are emoji only as keycaps, no lone regional
    /// indicator) and at most two of the selector and skin tone modifiers.
    private static func isEmojiPart(_ part: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let base = part.first, base.value > 0x7F, base.properties.isEmoji,
            !(0x1F1E6...0x1F1FF).contains(base.value)
        else { return false }
        let rest = part.dropFirst()
        guard rest.count <= 2 else { return false }
        return rest.allSatisfy {
            $0.value == emojiSelector || $0.value == textSelector || $0.properties.isEmojiModifier
        }
    }
}

extension TaskList {
    /// The list's name as people see it, its icon first (`🛒 Groceries`).
    public var label: String { ListIcon.label(name, icon: icon) }
}

extension TaskItem {
    /// The task's list as people see it, its icon first (`🛒 Groceries`).
    public var listLabel: String { ListIcon.label(listName, icon: listIcon) }
}
