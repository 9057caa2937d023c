// Tests of the edit distance and of verb suggestions for unknown first words.

import Testing

@testable import TwoDoCommands

/// Tests of `Suggester`.
@Suite("Suggester")
struct SuggesterTests {
    @Test(
        "Optimal string alignment distance",
        arguments: [
            ("", "", 0), ("add", "add", 0), ("ad", "add", 1), ("shwo", "show", 1), ("ekel", "ekle", 1),
            ("kitten", "sitting", 3), ("abc", "", 3), ("ca", "abc", 3), ("listele", "listeler", 1),
        ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggester.distance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == expected)
        #expect(Suggester.distance(Array(b.unicodeScalars), Array(a.unicodeScalars)) == expected)
    }

    @Test(
        "Nearest spelling within the length-scaled limit",
        arguments: [
            ("ad", "add"), ("shwo", "show"), ("GÖSTR", "göster"), ("ekel", "ekle"), ("xyzzy", nil),
            ("q", nil), ("lgoin", "login"), ("statz", "stats"), ("mlik", nil),
        ] as [(String, String?)])
    func nearest(_ word: String, _ expected: String?) {
        #expect(Suggester.nearest(to: Word(word[...]), testClock: false) == expected)
    }

    @Test("clock is only suggested with the test clock on")
    func clock() {
        #expect(Suggester.nearest(to: Word("clok"), testClock: true) == "clock")
        #expect(Suggester.nearest(to: Word("clok"), testClock: false) == nil)
    }

    @Test(
        "Typos of the schedule, view, routine, event and calendar verbs suggest them",
        arguments: [
            ("nagg", "nag"), ("unang", "unnag"), ("priorty", "priority"), ("repaet", "repeat"), ("snoze", "snooze"),
            ("overdu", "overdue"), ("todya", "today"), ("tomorow", "tomorrow"), ("upcomng", "upcoming"),
            ("agneda", "agenda"), ("mnie", "mine"), ("inbx", "inbox"), ("rutinn", "rutin"), ("etkinlk", "etkinlik"),
            ("takvm", "takvim"), ("calender", "calendar"), ("evnets", "events"), ("routnes", "routines"),
            ("weekstrat", "weekstart"), ("habbit", "habit"), ("ertle", "ertele"), ("hatrlat", "hatırlat"),
            ("öncelk", "öncelik"), ("tekrala", "tekrarla"), ("gecikenlr", "gecikenler"), ("ajnda", "ajanda"),
            ("benimkilr", "benimkiler"), ("bildirimlr", "bildirimler"), ("rutinlr", "rutinler"),
            ("etkinliklr", "etkinlikler"), ("alışkanlk", "alışkanlık"),
        ] as [(String, String)])
    func newVerbs(_ word: String, _ expected: String) {
        #expect(Suggester.nearest(to: Word(word[...]), testClock: false) == expected)
    }

    @Test("every one-word spelling of every verb is a suggestion candidate")
    func everySpelling() {
        let words =
            VerbTable.spellings.map(\.text).filter { !$0.contains(" ") && $0.count >= 2 }
            + PlannerParser.spellings
        for text in words {
            let suggestion = Suggester.nearest(to: Word(text[...]), testClock: true)
            #expect(suggestion.map { Fold.key($0) } == Fold.key(text), "\(text) → \(suggestion ?? "nil")")
        }
    }
}
