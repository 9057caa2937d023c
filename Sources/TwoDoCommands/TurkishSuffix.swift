// Turkish case endings that users attach to names and references (`Market'e`, `süt'ü`, `#3'ü`).

/// The accusative and dative endings the parser understands, in folded form, and the titles an object in the
/// accusative may stand for (`accusativeReadings`, which the server tries when a task's name matches nothing).
public enum TurkishSuffix {
    /// Dative endings ("to"): `-e -a -ye -ya -ne -na`, folded.
    static let dative: [String] = ["e", "a", "ye", "ya", "ne", "na"]
    /// Accusative endings ("the ..."): `-i -ı -u -ü -yi -yı -yu -yü -ni -nı -nu -nü`, folded.
    static let accusative: [String] = ["i", "u", "yi", "yu", "ni", "nu"]

    /// Endings that may follow an apostrophe and are removed from references.
    private static let afterApostrophe: Set<String> = Set(dative + accusative)

    /// Whether `text` may contain `'` or another apostrophe (`’`, `ʼ`, …; checked on bytes, without walking
    /// characters).
    static func hasApostrophe(_ text: Substring) -> Bool {
        text.utf8.contains { $0 == 0x27 || $0 == 0xE2 || $0 == 0xCA || $0 == 0xC2 }
    }

    /// `text` without a trailing apostrophe case ending (`süt'ü` → `süt`, `3’e` → `3`); unchanged otherwise.
    ///
    /// Only Turkish case endings are removed, so `mom's` stays `mom's`.
    static func strippingApostropheEnding(_ text: Substring) -> Substring {
        guard hasApostrophe(text),
            let mark = text.lastIndex(where: {
                $0 == "'" || ($0.unicodeScalars.first.map(Fold.apostrophes.contains) ?? false)
            }),
            mark > text.startIndex
        else { return text }
        let ending = text[text.index(after: mark)...]
        guard afterApostrophe.contains(Fold.key(ending)) else { return text }
        return text[..<mark]
    }

    /// A best guess at `word` without a dative ending, used only when no known name decided it.
    ///
    /// `Ofis'e` → `Ofis`, `ofise` → `ofis`, `odaya` → `oda`; a word that ends otherwise is kept.
    static func strippingDativeGuess(_ word: Substring) -> Substring {
        let stripped = strippingApostropheEnding(word)
        if stripped.endIndex != word.endIndex { return stripped }
        let key = Fold.key(word)
        let characters = word.count
        guard key.count == characters else { return word }
        if characters > 3 && (key.hasSuffix("ye") || key.hasSuffix("ya")) { return word.dropLast(2) }
        if characters > 2 && (key.hasSuffix("e") || key.hasSuffix("a")) { return word.dropLast() }
        return word
    }

    /// Folded starts of nouns that make a compound with a weekday before them in any case (`cuma namazı`,
    /// `cuma namazına`, `cuma hutbesi`).
    private static let compoundStems = ["namaz", "hutbe", "mesai"]

    /// Folded possessive nouns that make a compound with a weekday before them (`pazar pazarı`, `pazartesi
    /// yemeği`), besides those ending in `-sı/-si/-su/-sü`. The same nouns in another case (`pikniğe git`)
    /// are objects, and the weekday dates them.
    private static let compoundNouns: Set<String> = [
        "pazari", "pazarini", "yemegi", "yemegini", "maci", "macini", "tatili", "izni", "piknigi", "ayini",
        "ibadeti", "sabahi", "ogleni", "aksami", "okulu", "nobeti", "sinavi",
    ]

    /// Words after a weekday that tie it to the title rather than date it (`pazar için sebze`, `cuma ile`).
    private static let tyingWords: Set<String> = ["icin", "gibi", "ile", "ve", "veya", "ya", "de", "da", "ki"]

    /// Whether `next`, the word after a weekday name at the start of a Turkish title, keeps that weekday in
    /// the title: a noun with a possessive ending that forms a compound with it (`cuma namazı`, `pazar
    /// alışverişi`, `pazartesi toplantısı`), or a postposition (`pazar için`). An object or a verb phrase
    /// (`cumartesi çimleri biç`, `çarşamba toplantı notları`) does not.
    static func keepsWeekday(before next: Word) -> Bool {
        let key = next.bareKey
        if tyingWords.contains(key) { return true }
        if key.utf8.count >= 4, key.hasSuffix("si") || key.hasSuffix("su") { return true }
        return compoundNouns.contains(key) || compoundStems.contains { key.hasPrefix($0) }
    }

    /// The accusative endings read off the last word of a task's name as typed, in the order tried: after a
    /// vowel `-yı -yi -yu -yü` and `-nı -ni -nu -nü`, after a consonant `-ı -i -u -ü`, as typed (any case).
    private static let objectEndings = ["yı", "yi", "yu", "yü", "nı", "ni", "nu", "nü", "ı", "i", "u", "ü"]

    /// Consonants softened before a vowel ending, by their dictionary form: `kitabı` is `kitap`, `ağacı` `ağaç`,
    /// `köpeği` `köpek`, `kanadı` `kanat` (`rengi` → `renk` is the `ng` case, handled apart).
    private static let hardened: [Character: Character] = ["b": "p", "c": "ç", "ğ": "k", "d": "t"]

    /// The names an object in the accusative may stand for, to try in this order when the words as typed match
    /// no task (`sütü aldım` is about "süt"); empty when the last word (4 letters or more) has no such ending.
    ///
    /// First the last word without its ending (`sütü` → `süt`, `elmayı` → `elma`, `annemi` → `annem`). Then,
    /// where a vowel ending follows a softened consonant, the word as the dictionary has it: `kitabı` → `kitap`,
    /// `ağacı` → `ağaç`, `köpeği` → `köpek` (and `katalog` for `kataloğu`), `kanadı` → `kanat`, `rengi` → `renk`;
    /// a word never ends in `ğ` and seldom in `b` or `c`, so for those the dictionary form comes first (`kitabı`
    /// finds "kitap" before a "kitabevi"). And `-nı`/`-yı` also read as the stem's letter and `-ı` (`fırını` → `fırın`,
    /// `köyü` → `köy`).
    /// Only the last word changes; the others are kept as typed.
    public static func accusativeReadings(of words: String) -> [String] {
        guard let last = words.split(separator: " ").last, last.count >= 4 else { return [] }
        let head = words.dropLast(last.count)
        let letters = last.map(lowercased)
        guard let ending = objectEndings.first(where: { letters.reversed().starts(with: Array($0).reversed()) })
        else { return [] }
        var readings = [String(head + last.dropLast(ending.count))]
        if ending.count == 2 {
            // `fırını`, `köyü`: the `n` or `y` may be the stem's (`fırın` + `ı`, `köy` + `ü`), no buffer letter.
            readings.append(String(head + last.dropLast(1)))
        }
        guard ending.count == 1 else { return readings }
        let stem = last.dropLast(1)
        let soft = letters[letters.count - 2]
        let typed = stem[stem.index(before: stem.endIndex)]
        func restored(_ hard: Character) -> String {
            let letter = typed == soft ? hard : Character(String(hard).uppercased())
            return String(head + stem.dropLast() + String(letter))
        }
        if let hard = hardened[soft] {
            let dictionary = [restored(hard)] + (soft == "ğ" ? [restored("g")] : [])
            readings = soft == "d" ? readings + dictionary : dictionary + readings
        } else if soft == "g", letters[letters.count - 3] == "n" {
            readings.append(restored("k"))
        }
        return readings
    }

    /// A letter in lower case, the Turkish way for `I` and `İ`.
    private static func lowercased(_ c: Character) -> Character {
        switch c {
        case "I": "ı"
        case "İ": "i"
        default: String(c).lowercased().first ?? c
        }
    }

}
