// A line with no verb that opens with a date and a colon is an add: `Friday: dentist`, `yarın 9:30: toplantı`.

/// Reads `<date phrase>: <title>` with no verb as an `add` of the title with that date.
///
/// The colon must end the date phrase (`Friday:`, `tomorrow 9am:`, `cuma:`), and at least one word must
/// follow it. The rest of the line is read as an `add` title would be (slots at its end still count). A
/// colon after a word that is no date (`note: buy milk`, `Re: invoice`) gives no such reading, so the line
/// stays an unknown command as before. A lone dash after the date stands for the colon (`tuesday - call the
/// bank`, `cuma - dişçi`).
enum DateColonAdd {
    /// The most words a date phrase before the colon may have (`next friday at 9:30 pm:`).
    private static let maxWords = 6

    /// The add that `words` reads as, or nil when the line does not open with a date and a colon.
    static func parse(_ words: [Word], context: ParseContext) -> Result<Command, ParseError>? {
        guard words.count >= 2 else { return nil }
        // `tuesday - call the bank`: a lone dash after the date reads as its colon.
        if let dash = words.prefix(maxWords + 1).dropFirst().firstIndex(where: { isDash($0) }), dash + 1 < words.count,
            !words[dash - 1].text.hasSuffix(":")
        {
            let line = String(words[0..<dash].typed) + ": " + String(words[(dash + 1)...].typed)
            return parse(Word.split(line[...]), context: context)
        }
        for k in 1...Swift.min(maxWords, words.count - 1)
        where words[k - 1].text.utf8.count > 1 && words[k - 1].text.utf8.last == UInt8(ascii: ":") {
            let lex = Lexer(Array(words[0..<k]))
            guard let phrase = ScheduleParser.parse(lex, 0..<k, mode: .init(standalone: true, recurrence: true)),
                phrase.date != nil || phrase.recurrence != nil
            else { return nil }
            let turkish = lex[0].lang == .tr
            let result = AddParser.parse(words[...], turkish: turkish, list: nil, context: context)
            // The date must have been taken from the start, not left in the title.
            if case .success(.add(let title, _, _)) = result, title.contains(words[k - 1].text) { return nil }
            return result
        }
        return nil
    }

    /// Whether `word` is a lone dash (`-`, `–`, `—`).
    private static func isDash(_ word: Word) -> Bool {
        word.text == "-" || word.text == "\u{2013}" || word.text == "\u{2014}"
    }
}
