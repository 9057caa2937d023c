// "Did you mean ...?": the nearest verb spelling to an unknown first word, by edit distance.

/// Suggests the verb a mistyped first word was probably meant to be.
enum Suggester {
    private struct Candidate: Sendable {
        let text: String
        let key: [Unicode.Scalar]
        /// `mask(key)`, for a cheap lower bound on the distance.
        let mask: UInt64
        let isClock: Bool
        /// The spelling's language: true Turkish, false English.
        let isTurkish: Bool
    }

    /// The Turkish heads of the routine, event and calendar commands (the others are English).
    private static let turkishHeads: Set<String> = [
        "rutin", "rutinler", "alışkanlık", "alışkanlıklar", "etkinlik", "etkinlikler", "takvim",
    ]

    /// One-word spellings (not `?`), in table order so ties go to the earlier spelling, then the first
    /// words of the routine, event and calendar commands (`VerbTable.heads`).
    private static let candidates: [Candidate] = {
        let verbs: [Candidate] = VerbTable.spellings.compactMap { s in
            guard !s.text.contains(" "), s.text != "?" else { return nil }
            let key = Array(Fold.key(s.text).unicodeScalars)
            return Candidate(
                text: s.text, key: key, mask: mask(key), isClock: s.verb == .clock, isTurkish: s.isTurkish)
        }
        let planner = VerbTable.heads.filter(\.suggested).map { text, _, _ in
            let key = Array(Fold.key(text).unicodeScalars)
            return Candidate(
                text: text, key: key, mask: mask(key), isClock: false, isTurkish: turkishHeads.contains(text))
        }
        return verbs + planner
    }()

    /// A 64-bit set of the symbols in `key` (by value modulo 64).
    ///
    /// Each symbol of one word missing from the other's set needs its own edit, so the number of such
    /// symbols on either side is a lower bound on the distance.
    private static func mask(_ key: [Unicode.Scalar]) -> UInt64 {
        var m: UInt64 = 0
        for s in key { m |= 1 << UInt64(s.value & 63) }
        return m
    }

    /// The spelling nearest to `word`, or nil when none is close.
    ///
    /// Close means an optimal-string-alignment (Damerau–Levenshtein) distance of at most 2 between
    /// folding keys, or at most 1 when the typed word has 4 characters or fewer. One-character
    /// words get no suggestion. `clock` is only suggested when the test clock is on.
    /// `turkish`: only spellings of that language (nil: either).
    static func nearest(to word: Word, testClock: Bool, turkish: Bool? = nil) -> String? {
        let length = word.text.count
        guard length >= 2, length <= 24 else { return nil }
        let limit = length <= 4 ? 1 : 2
        let typed = Array(word.key.unicodeScalars)
        let typedMask = mask(typed)
        var best: String?
        var bestDistance = limit + 1
        for c in candidates where (testClock || !c.isClock) && (turkish == nil || c.isTurkish == turkish) {
            guard abs(c.key.count - typed.count) < bestDistance,
                (typedMask & ~c.mask).nonzeroBitCount < bestDistance,
                (c.mask & ~typedMask).nonzeroBitCount < bestDistance
            else { continue }
            let d = distance(typed, c.key, limit: bestDistance - 1)
            if d < bestDistance {
                bestDistance = d
                best = c.text
            }
        }
        return best
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and transpositions
    /// of adjacent symbols each cost 1.
    ///
    /// Stops early once the distance must exceed `limit`, then returns some value greater than `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // Three rows (two back, one back, current) in one scratch buffer, rotated by offset.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var back2 = 0
            var back1 = width
            var now = 2 * width
            for j in 0..<width {
                rows[back2 + j] = 0
                rows[back1 + j] = j
            }
            for i in 1...a.count {
                rows[now] = i
                var rowMin = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = Swift.min(rows[back1 + j] + 1, rows[now + j - 1] + 1, rows[back1 + j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        d = Swift.min(d, rows[back2 + j - 2] + 1)
                    }
                    rows[now + j] = d
                    rowMin = Swift.min(rowMin, d)
                }
                // Every later cell is at least the minimum of this row or the one before it.
                if rowMin > limit && i > 1 {
                    var previousMin = Int.max
                    for j in 0..<width { previousMin = Swift.min(previousMin, rows[back1 + j]) }
                    if previousMin > limit { return limit &+ 1 }
                }
                (back2, back1, now) = (back1, now, back2)
            }
            return rows[back1 + b.count]
        }
    }
}
