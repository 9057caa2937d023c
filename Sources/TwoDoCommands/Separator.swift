// The words that separate two arguments: `to`, `->`, `=>`, `→`, `>` (accepted in both languages).

/// Separator words between two arguments, as in `edit 3 to milk` or `liste adlandır Market -> Pazar`.
///
/// Arrows are unambiguous; `to` may also occur inside titles, so each command decides which
/// occurrence splits (see the individual parsers).
enum Separator {
    private static let arrows: Set<String> = ["->", "=>", "\u{2192}", ">"]

    /// Whether `key` is an arrow separator (`->`, `=>`, `→`, `>`).
    static func isArrow(_ key: String) -> Bool { arrows.contains(key) }

    /// Whether `key` is any separator: an arrow or `to`.
    static func isSeparator(_ key: String) -> Bool { key == "to" || arrows.contains(key) }

    /// Indices of separators strictly inside `args` (never the first or last word).
    static func inner(_ args: ArraySlice<Word>) -> [Int] {
        guard args.count >= 3 else { return [] }
        var out: [Int] = []
        // Every separator is at most 3 bytes long; longer words need no folding to be ruled out.
        for i in (args.startIndex + 1)..<(args.endIndex - 1)
        where args[i].text.utf8.count <= 3 && isSeparator(args[i].key) {
            out.append(i)
        }
        return out
    }

    /// The preferred split for `<a> SEP <b>` when neither side is known: the first arrow, else the first `to`.
    static func preferred(_ indices: [Int], in args: ArraySlice<Word>) -> Int? {
        indices.first { isArrow(args[$0].key) } ?? indices.first
    }
}
