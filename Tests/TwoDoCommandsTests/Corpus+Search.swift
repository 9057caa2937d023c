// Search rows: `search`/`find` and `ara`/`bul`, with their filters and page clause, in both languages.

import TwoDoCommands

extension Corpus {
    /// English search lines and their expected parses (filters stay in the text; the handler reads them).
    static let englishSearch: [Row] = [
        ok("search milk", .search("milk")),
        ok("SEARCH oat milk", .search("oat milk")),
        ok("find the plumber's number", .search("the plumber's number")),
        ok("search #groceries milk", .search("#groceries milk")),
        ok("search done milk", .search("done milk")),
        ok("search milk page 2", .paged(.search("milk"), page: 2)),
        ok("search \"fix sink\" OR NEAR(x)", .search("\"fix sink\" OR NEAR(x)")),
        fail("search", .usage(verb: "search")),
        fail("find", .usage(verb: "search")),
    ]

    /// Turkish search lines and their expected parses.
    static let turkishSearch: [Row] = [
        ok("ara süt", .search("süt")),
        ok("ARA SÜT", .search("SÜT")),
        ok("bul tesisatçının numarası", .search("tesisatçının numarası")),
        ok("ara #market süt", .search("#market süt")),
        ok("ara yapılan süt", .search("yapılan süt")),
        ok("ara süt sayfa 2", .paged(.search("süt"), page: 2)),
        fail("ara", .usage(verb: "search")),
        fail("bul", .usage(verb: "search")),
    ]
}

extension Corpus {
    /// Quoted task references: the quoted title is words, even when it looks like a number.
    static let quotedReferences: [Row] = [
        ok("done \"salt and pepper\"", .done(.words("salt and pepper"))),
        ok("delete “fix sink”", .delete(.words("fix sink"))),
        ok("done \"42\"", .done(.words("42"))),
        ok("undone 'milk'", .undone(.words("milk"))),
        ok("\"fix sink\" sil", .delete(.words("fix sink"))),
        ok("\"tuz ve karabiber\" bitti", .done(.words("tuz ve karabiber"))),
        fail("done \"\"", .usage(verb: "done")),
        fail("done \"   \"", .usage(verb: "done")),
    ]
}

extension Corpus {
    /// `undo` and Turkish `geri al` alone; `geri al` with a reference still reopens a task.
    static let undoRows: [Row] = [
        ok("undo", .undo),
        ok("UNDO", .undo),
        ok("GERİ AL", .undo),
        ok("Geri Al", .undo),
        ok("geri al #4", .undone(.number(4))),
        ok("#4 geri al", .undone(.number(4))),
        ok("geri al süt", .undone(.words("süt"))),
        ok("reopen 7", .undone(.number(7))),
        fail("undo 3", .usage(verb: "undo")),
        fail("undo the last thing", .usage(verb: "undo")),
    ]
}
