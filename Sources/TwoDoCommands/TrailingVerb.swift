// Turkish verb-last lines: `#3 bitti`, `markete süt ekle`, `süt ekle markete`, `#3 geri al`.

/// Finds a Turkish verb at the end of a line whose first word is not a verb.
enum TrailingVerb {
    /// A verb found at the end (or just before a trailing list phrase) of a line.
    struct Match {
        /// The verb.
        let verb: Verb
        /// The words that are the verb's arguments (those before the verb).
        let args: ArraySlice<Word>
        /// The list named by a dative phrase after the verb (`süt ekle markete`), if any.
        let list: String?
    }

    /// The verb-last reading of `words`, if there is one. Call only when the first word is no verb.
    ///
    /// A line may end in `ekle`, `bitti`, `tamam`, `tamamla`, `yapıldı`, `sil`, `taşı`, `ata`, `göster`,
    /// `listele`, `tekrarla`, `hatırlat`, `dürt`, `dürtme`, `ertele` or `geri al`; `ekle` and `taşı` may
    /// also be followed by a dative phrase or a `#<list>` word naming a known list.
    static func find(in words: [Word], context: ParseContext) -> Match? {
        let n = words.count
        guard n >= 2 else { return nil }
        // Line-final verbs are short; a long last word is ruled out without folding it.
        if words[n - 1].text.utf8.count <= VerbTable.maxWordBytes {
            if n >= 3 && words[n - 1].key == "al" && words[n - 2].key == "geri" {
                return Match(verb: .undone, args: words[0..<(n - 2)], list: nil)
            }
            // The day plan's two-word verbs: `3'ü sonraya bırak`, `3'ü plandan çıkar`.
            if n >= 3, let verb = pairs[words[n - 2].key + " " + words[n - 1].key] {
                return Match(verb: verb, args: words[0..<(n - 2)], list: nil)
            }
            if let verb = VerbTable.lineFinal[words[n - 1].key] {
                return Match(verb: verb, args: words[0..<(n - 1)], list: nil)
            }
        }
        guard !context.lists.isEmpty else { return nil }
        let lowest = Swift.max(1, n - 1 - context.lists.maxWords)
        var i = n - 2
        while i >= lowest {
            let key = words[i].text.utf8.count <= 16 ? words[i].key : ""
            if key == "ekle" || key == "tasi", let list = listAfterVerb(words[(i + 1)..<n], context: context) {
                return Match(verb: key == "ekle" ? .add : .move, args: words[0..<i], list: list)
            }
            i -= 1
        }
        return nil
    }

    /// Two-word line-final verbs besides `geri al`, by the folding keys of both words.
    private static let pairs: [String: Verb] = [
        "sonraya birak": .deferTask, "sonraya at": .deferTask, "plandan cikar": .unplan,
    ]

    /// The known list named by a dative phrase (`markete`) or a single `#<list>` word after the verb.
    private static func listAfterVerb(_ words: ArraySlice<Word>, context: ParseContext) -> String? {
        if words.count == 1, words[words.startIndex].text.utf8.first == UInt8(ascii: "#") {
            let name = Word(words[words.startIndex].text.dropFirst())
            return context.lists.match([name][...], as: .bare)
        }
        return context.lists.match(words, as: .dative)
    }
}
