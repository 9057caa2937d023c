// Cuts reply text into IRC-sized lines: at newlines, then at spaces, never inside a UTF-8 character.

/// Splits text for IRC, whose lines are limited to 512 bytes including the sender's prefix.
public enum LineSplitter {
    /// The payload limit the bridge uses: well under 512 once `:nick!user@host PRIVMSG target :` is added.
    public static let defaultMaxBytes = 400

    /// The text as lines of at most `maxBytes` UTF-8 bytes each.
    ///
    /// Lines break at `\n`; a longer line breaks at the last space that fits, or, inside a long word,
    /// between characters (a grapheme cluster too big for a line between its scalars). Empty lines are
    /// dropped (IRC cannot send them) and CR, NUL and tabs become spaces.
    public static func split(_ text: String, maxBytes: Int = defaultMaxBytes) -> [String] {
        precondition(maxBytes >= 4, "a line must hold at least one UTF-8 scalar")
        var result: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(rawLine.map { $0 == "\r" || $0 == "\0" || $0 == "\t" ? " " : $0 })
            if line.allSatisfy({ $0 == " " }) { continue }
            result += pack(line, maxBytes: maxBytes)
        }
        return result
    }

    /// Greedily packs the space-separated words of one line into chunks.
    private static func pack(_ line: String, maxBytes: Int) -> [String] {
        if line.utf8.count <= maxBytes { return [line] }
        var chunks: [String] = []
        var current = ""
        var currentBytes = 0
        var first = true
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let wordBytes = word.utf8.count
            let needed = first ? wordBytes : currentBytes + 1 + wordBytes
            if needed <= maxBytes {
                if !first { current += " " }
                current += word
                currentBytes = needed
                first = false
                continue
            }
            // The word does not fit after what we have: close the chunk.
            if !current.allSatisfy({ $0 == " " }) { chunks.append(trimTrailingSpaces(current)) }
            current = ""
            currentBytes = 0
            first = true
            if wordBytes <= maxBytes {
                current = String(word)
                currentBytes = wordBytes
                first = current.isEmpty
            } else {
                var pieces = cut(word, maxBytes: maxBytes)
                let last = pieces.removeLast()
                chunks += pieces
                current = last
                currentBytes = last.utf8.count
                first = false
            }
        }
        if !current.allSatisfy({ $0 == " " }) { chunks.append(trimTrailingSpaces(current)) }
        return chunks
    }

    /// Cuts one long word between characters (between scalars for an oversized character).
    private static func cut(_ word: Substring, maxBytes: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var bytes = 0
        func append(_ text: String, _ size: Int) {
            if bytes + size > maxBytes {
                pieces.append(current)
                current = ""
                bytes = 0
            }
            current += text
            bytes += size
        }
        for character in word {
            let size = character.utf8.count
            if size <= maxBytes {
                append(String(character), size)
            } else {
                for scalar in character.unicodeScalars { append(String(scalar), scalar.utf8.count) }
            }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }

    private static func trimTrailingSpaces(_ text: String) -> String {
        var t = Substring(text)
        while t.last == " " { t = t.dropLast() }
        return String(t)
    }
}
