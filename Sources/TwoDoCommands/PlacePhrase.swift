// A place named in a line (`Kadıköy'de`, `Moda Sahili'nde`, `at Luigi's`): never a date, a time or a list.

/// Finds places: a capitalized name with a Turkish locative ending after an apostrophe (`Kadıköy'de`,
/// `Moda'da`, `Sahili'nde`, with the capitalized words before it: `Moda Sahili'nde`), or English `at` before
/// capitalized words (`at Luigi's`, `at Moda`). No word of a place is a grammar word: `Aralık'ta` is a month,
/// `at Noon` a time, and they stay dates and times.
///
/// The product has no place on a task, so an `add` keeps the place in its title, right after the title words,
/// even when dates and times come between them (`kahvaltı yarın Kadıköy'de` adds "kahvaltı Kadıköy'de",
/// tomorrow; `kahve yarın Moda'da bob için ekle` adds "kahve Moda'da" for bob). An event has one: `etkinlik ekle kahvaltı yarın 10'da Kadıköy'de` puts "Kadıköy" there, as `at
/// <place>` and `yer <yer>` do.
enum PlacePhrase {
    /// The most words a place may span (`at` included).
    static let maxWords = 4

    /// Locative endings after an apostrophe (`'de`, `'da`, `'te`, `'ta`, and `'nde`, `'nda` after a possessive:
    /// `Sahili'nde`), folded.
    private static let locative: Set<String> = ["de", "da", "te", "ta", "nde", "nda"]

    /// Whether `word` may be part of a place's name: capitalized, and no grammar word (stem or whole).
    private static func isNameWord(_ word: Word) -> Bool {
        guard word.text.first?.isUppercase == true, word.text.utf8.count <= 64 else { return false }
        return word.token.kind == .other && word.stemToken.kind == .other
    }

    /// Whether `word` ends a Turkish place: a name with a locative ending after an apostrophe (`Kadıköy'de`).
    static func isLocativeName(_ word: Word) -> Bool {
        TurkishSuffix.hasApostrophe(word.text) && isNameWord(word) && locative.contains(word.caseEnding)
            && !word.stem.isEmpty
    }

    /// The Turkish place that starts at `i` and ends before `end`: where it ends and the place as typed without
    /// its ending (`Moda Sahili'nde` → "Moda Sahili"); nil when the words there are no such place.
    static func turkish(_ t: [Word], _ i: Int, end: Int) -> (next: Int, name: String)? {
        var j = i
        while j < end, j < i + maxWords - 1 {
            let word = t[j]
            if isLocativeName(word) {
                guard let mark = word.text.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
                let last = String(word.text[..<mark])
                let head = t[i..<j].spaced
                return (j + 1, head.isEmpty ? last : head + " " + last)
            }
            guard isNameWord(word), !TurkishSuffix.hasApostrophe(word.text) else { return nil }
            j += 1
        }
        return nil
    }

    /// The last place in `words` after its first word (Turkish `Kadıköy'de`, `Moda Sahili'nde`; English `at
    /// Luigi's`, its capitalized words up to the first other word), or nil.
    static func last(in words: ArraySlice<Word>) -> Range<Int>? {
        guard words.count >= 2 else { return nil }
        let first = words.startIndex + 1
        var j = words.endIndex - 1
        while j >= first {
            if isLocativeName(words[j]) {
                var start = j
                while start - 1 >= first, start > j + 1 - maxWords, isNameWord(words[start - 1]),
                    !TurkishSuffix.hasApostrophe(words[start - 1].text)
                {
                    start -= 1
                }
                return start..<(j + 1)
            }
            if words[j].key == "at", j + 1 < words.endIndex, isNameWord(words[j + 1]) {
                var end = j + 1
                while end < words.endIndex, end < j + maxWords, isNameWord(words[end]) { end += 1 }
                return j..<end
            }
            j -= 1
        }
        return nil
    }
}
