// Day and month names typed with one letter wrong, missing or extra, or two swapped (`perşmbe`, `pazartsi`,
// `decmber`, `fridya`).

/// Reads a folded word as a weekday or month name with one typing slip, when only one name is that close.
///
/// Only names of five letters or more, typed as five letters or more, are corrected, and the first letter
/// must be right, so short words (`cuma`, `mart`, `ekim`, `salı`) never are. A Turkish name may carry a
/// case ending after the slip (`perşmbeye`, `pazartsiye`). A few real words one letter from a name
/// (`sundae`, `match`, `frida`) are never read as names.
enum NameTypo {
    /// A name a typo may stand for: its folded spelling (bytes), its token, and whether endings follow.
    private struct Name {
        let bytes: [UInt8]
        let token: Token
    }

    /// Words one letter away from a name that are words in their own right.
    private static let realWords: Set<String> = [
        "sundae", "sundays", "match", "marsh", "marcy", "frida", "fridge", "subay", "kasik", "nisa", "aprils",
        "junes", "octobre", "augusta", "nissan", "sundry", "kasit",
    ]

    /// The names by their folded first byte.
    private static let byFirst: [UInt8: [Name]] = {
        var map: [UInt8: [Name]] = [:]
        for (key, token) in Vocabulary.fullNames where key.utf8.count >= 5 {
            let bytes = Array(key.utf8)
            map[bytes[0], default: []].append(Name(bytes: bytes, token: token))
        }
        return map
    }()

    /// The token `key` (a folded word with no apostrophe) stands for as a misspelt name, or nil.
    ///
    /// `ending` gives the Turkish ending a folded suffix spells, if it is one. Most title words are ruled
    /// out by their length and first letter without copying them.
    static func token(_ key: String, ending: (String) -> Ending?) -> Token? {
        let utf8 = key.utf8
        guard utf8.count >= 5, utf8.count <= 16, let first = utf8.first, let names = byFirst[first] else { return nil }
        // Letters only: digits and punctuation are never a slip in a name.
        guard utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return nil }
        var bytes = key
        return bytes.withUTF8 { q in match(q, names: names, key: key, ending: ending) }
    }

    /// `token(_:ending:)` on the folded word's bytes `q`.
    private static func match(
        _ q: UnsafeBufferPointer<UInt8>, names: [Name], key: String, ending: (String) -> Ending?
    ) -> Token? {
        var found: Token?
        for name in names {
            let n = name.bytes.count
            let turkish = name.token.lang == .tr
            let low = Swift.max(5, n - 1)
            let high = Swift.min(q.count, n + 1)
            guard low <= high else { continue }
            // The longest reading first: `perşembbe` is a slip in the whole word, not `perşembb` + `-e`.
            for cut in (low...high).reversed() {
                // An ending only after a Turkish name typed no longer than it (`pazarcı` is no `pazar`).
                guard cut == q.count || (turkish && cut <= n) else { continue }
                guard withinOne(q[0..<cut], name.bytes) else { continue }
                var token = name.token
                if cut < q.count {
                    guard let e = ending(String(decoding: q[cut..<q.count], as: UTF8.self)) else { continue }
                    token.ending = e
                }
                // Two different names within reach: ambiguous.
                if let f = found, f.kind != token.kind || f.ending != token.ending { return nil }
                found = token
                break
            }
        }
        guard let found, !realWords.contains(key) else { return nil }
        return found
    }

    /// Whether `a` and `b` differ by exactly one substitution, insertion, deletion or swap of two neighbouring
    /// letters (not zero).
    static func withinOne(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: [UInt8]) -> Bool {
        let la = a.count
        let lb = b.count
        guard abs(la - lb) <= 1 else { return false }
        var i = a.startIndex
        var j = 0
        while i < a.endIndex && j < lb && a[i] == b[j] {
            i += 1
            j += 1
        }
        if i == a.endIndex && j == lb { return false }
        if la == lb {
            if a[(i + 1)...].elementsEqual(b[(j + 1)...]) { return true }
            // Two neighbours swapped (`fridya`, `wendesday`, `perşmebe`): one slip of the fingers.
            return i + 1 < a.endIndex && j + 1 < lb && a[i] == b[j + 1] && a[i + 1] == b[j]
                && a[(i + 2)...].elementsEqual(b[(j + 2)...])
        }
        if la > lb { return a[(i + 1)...].elementsEqual(b[j...]) }
        return a[i...].elementsEqual(b[(j + 1)...])
    }
}
