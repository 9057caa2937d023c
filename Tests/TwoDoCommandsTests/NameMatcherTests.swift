// Tests of matching typed phrases to known names with Turkish case endings.

import Testing

@testable import TwoDoCommands

/// Tests of `NameMatcher` and of `ParseContext` keeping its matchers current.
@Suite("NameMatcher")
struct NameMatcherTests {
    /// Names with a multi-word list, a prefix of it, and short names whose datives look like words.
    static let matcher = NameMatcher(["Market", "Alışveriş Listesi", "Alışveriş", "Ev", "İş"])

    @Test(
        "Phrases and the names they match",
        arguments: [
            ("market", NameMatcher.GrammaticalCase.bare, "market"),
            ("MARKET", .bare, "MARKET"),
            ("market listesi", .bare, "market"),
            ("markete", .dative, "market"),
            ("Market'e", .dative, "Market"),
            ("market’e", .dative, "market"),
            ("marketi", .accusative, "market"),
            ("alışveriş listesine", .dative, "alışveriş listesi"),
            ("alışveriş listesi'ne", .dative, "alışveriş listesi"),
            ("Alisveris Listesine", .dative, "Alisveris Listesi"),
            ("alışverişe", .dative, "alışveriş"),
            ("eve", .dative, "ev"),
            ("işe", .dative, "iş"),
            ("ISE", .dative, "IS"),
            ("markete", .bare, nil),
            ("marketing", .dative, nil),
            ("pazar", .bare, nil),
        ] as [(String, NameMatcher.GrammaticalCase, String?)])
    func match(_ phrase: String, _ grammaticalCase: NameMatcher.GrammaticalCase, _ expected: String?) {
        let words = Word.split(phrase[...])
        #expect(Self.matcher.match(words[...], as: grammaticalCase) == expected)
    }

    @Test("A list matcher answers with the known name, however it was typed")
    func knownSpelling() {
        let lists = NameMatcher(["Market", "Alışveriş Listesi"], knownSpelling: true)
        for (phrase, expected) in [
            ("MARKETE", "Market"), ("market'e", "Market"), ("alisveris listesine", "Alışveriş Listesi"),
            ("ALIŞVERİŞ LİSTESİNE", "Alışveriş Listesi"), ("bahçeye", nil),
        ] as [(String, String?)] {
            #expect(lists.match(Word.split(phrase[...])[...], as: .dative) == expected, "\(phrase)")
        }
    }

    @Test("A context rebuilds its matchers when names change")
    func contextUpdates() {
        var context = ParseContext(listNames: ["Inbox"])
        #expect(
            Parser.parse("add milk to groceries", context: context)
                == .success(.add(title: "milk to groceries", list: nil, details: TaskDetails())))
        context.listNames.append("Groceries")
        #expect(
            Parser.parse("add milk to groceries", context: context)
                == .success(.add(title: "milk", list: "Groceries", details: TaskDetails())))
        context.memberNames = ["bob"]
        #expect(Parser.parse("#3 boba ata", context: context) == .success(.assign(.number(3), to: .member("bob"))))
    }
}
