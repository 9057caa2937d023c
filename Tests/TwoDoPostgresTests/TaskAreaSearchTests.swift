// SearchStore on both engines: word-prefix matching over folded text, notes and descriptions, pages, the cap.

import Testing
import TwoDoCore

@testable import TwoDoStore

@testable import TwoDoPostgres

@Suite("Task area: search, both engines")
struct TaskAreaSearchTests {
    /// The titles of the hit tasks of `words` (folded as `search` folds them), sorted.
    private func found(_ store: any TaskAreaStore, _ words: [String], _ space: SpaceID) throws -> [String] {
        try store.flushSearchIndex(limit: .max)
        let hits = try store.searchHits(words.map { TextFold.key($0) }, in: space)
        return try store.searchTasks(hits.tasks, in: space, filter: SearchFilter(), offset: 0, limit: 100).map(\.title)
            .sorted()
    }

    @Test("each word is a word prefix, every word must match, folded the Turkish-aware way", arguments: Engine.all)
    func wordPrefixes(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        for title in [
            "Süt al", "Ispanak ve ŞEKER", "call mom", "buy almond-milk", "a b c", "banana", "milkshake", "100% juice",
            "under_score test", "Ärger mit café", "a_b",
        ] {
            _ = try store.addTask(title: title, list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        }
        #expect(try found(store, ["sut"], u.space) == ["Süt al"])
        #expect(try found(store, ["SÜ"], u.space) == ["Süt al"])
        #expect(try found(store, ["ıspa", "seker"], u.space) == ["Ispanak ve ŞEKER"])
        #expect(try found(store, ["ispanak", "mom"], u.space).isEmpty)
        #expect(try found(store, ["milk"], u.space) == ["buy almond-milk", "milkshake"])
        #expect(try found(store, ["ilk"], u.space).isEmpty)  // inside a word: no
        #expect(try found(store, ["nana"], u.space).isEmpty)
        #expect(try found(store, ["a"], u.space) == ["a b c", "a_b"])  // one letter: a whole word only
        #expect(try found(store, ["b"], u.space) == ["a b c", "a_b"])
        #expect(try found(store, ["al"], u.space) == ["Süt al", "buy almond-milk"])
        #expect(try found(store, ["100"], u.space) == ["100% juice"])
        #expect(try found(store, ["%"], u.space).isEmpty)
        #expect(try found(store, ["score"], u.space) == ["under_score test"])
        #expect(try found(store, ["arger", "cafe"], u.space) == ["Ärger mit café"])
        #expect(try found(store, ["_"], u.space).isEmpty)
        #expect(try found(store, ["zzz"], u.space).isEmpty)
    }

    @Test("notes and descriptions find their task; every change is seen; deletes are forgotten", arguments: Engine.all)
    func notesAndDescriptions(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let id = try store.addTask(title: "groceries", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        try store.addNote(to: id, by: u.id, text: "oat milk please", now: 2)
        try store.addNote(to: id, by: u.id, text: "and oat flakes", now: 3)
        #expect(try found(store, ["oat"], u.space) == ["groceries"])
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["oat"], in: u.space).tasks == [id])  // two notes, one task
        try store.setDescription(of: id, to: "from the market", now: 4)
        #expect(try found(store, ["market", "groc"], u.space) == ["groceries"])
        try store.setTitle(id, "shopping", now: 5)
        #expect(try found(store, ["groceries"], u.space).isEmpty)
        #expect(try found(store, ["shop", "market"], u.space) == ["shopping"])
        try store.setDescription(of: id, to: nil, now: 6)
        #expect(try found(store, ["market"], u.space).isEmpty)
        _ = try store.deleteNote(of: id, number: 1)
        #expect(try found(store, ["milk"], u.space).isEmpty)
        #expect(try found(store, ["flakes"], u.space) == ["shopping"])
        let step = try store.addStep(
            title: "find the stall", under: try #require(try store.task(id, in: u.space)), space: u.space, by: u.id,
            now: 7)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["stall"], in: u.space).tasks == [step])
        try store.deleteTask(id)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["flakes"], in: u.space) == SearchHits())
        #expect(try store.searchHits(["stall"], in: u.space) == SearchHits())
    }

    @Test(
        "search pages are consecutive slices of open-before-done, newest-first order; counts and filters agree",
        arguments: Engine.all)
    func searchPages(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let v = try store.seedNewcomer("bob")
        let inbox = try store.defaultList(in: u.space)
        let errands = try store.addList(named: "Errands", in: u.space, now: 0)
        var ids: [TaskID] = []
        for i in 0..<57 {
            ids.append(
                try store.addTask(
                    title: "chore \(i)", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        let elsewhere = try store.addTask(
            title: "chore in errands", list: errands, space: u.space, by: u.id, assignee: nil, now: 1)
        let other = try store.addTask(
            title: "chore elsewhere", list: try store.defaultList(in: v.space).id, space: v.space, by: v.id,
            assignee: nil, now: 5)
        for i in [3, 10, 40] { try store.setDone(ids[i], true, by: u.id, now: 100) }
        try store.flushSearchIndex(limit: .max)
        let hits = try store.searchHits(["chore"], in: u.space)
        #expect(Set(hits.tasks) == Set(ids + [elsewhere]) && !hits.capped)
        #expect(hits.tasks.first == elsewhere)  // newest row first
        let expected =
            ids.enumerated().filter { ![3, 10, 40].contains($0.offset) }.map(\.element).reversed()
            + [ids[40], ids[10], ids[3]]
        var paged: [TaskID] = []
        for offset in stride(from: 0, to: 60, by: 20) {
            let (total, page) = try store.searchPage(
                hits.tasks, in: u.space, filter: SearchFilter(list: inbox.id), offset: offset, limit: 20)
            #expect(total == 57)
            paged += page.map(\.id)
        }
        #expect(paged == Array(expected))
        #expect(
            try store.searchPage(hits.tasks, in: u.space, filter: SearchFilter(), offset: 0, limit: 100).total == 58)
        let foreign = try store.searchPage(
            [other] + hits.tasks, in: u.space, filter: SearchFilter(), offset: 0, limit: 100)
        #expect(!foreign.tasks.map(\.id).contains(other) && foreign.tasks.count == 58)
        #expect(
            try store.searchTaskCount([other] + hits.tasks, in: u.space, filter: SearchFilter(list: inbox.id)) == 57)
        let (doneTotal, done) = try store.searchPage(
            hits.tasks, in: u.space, filter: SearchFilter(doneOnly: true), offset: 0, limit: 20)
        #expect(doneTotal == 3 && done.map(\.id) == [ids[40], ids[10], ids[3]])
        let past = try store.searchPage(
            hits.tasks, in: u.space, filter: SearchFilter(list: inbox.id), offset: 57, limit: 20)
        #expect(past.total == 57 && past.tasks.isEmpty)
        #expect(try store.searchPage([], in: u.space, filter: SearchFilter(), offset: 0, limit: 20).total == 0)
        #expect(try store.searchTaskCount([], in: u.space, filter: SearchFilter()) == 0)
    }

    @Test(
        "a word every row has reads the newest `searchHitLimit` rows only, and says it was capped",
        arguments: Engine.all)
    func cap(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        var ids: [TaskID] = []
        try store.inTurn {
            for i in 0...Store.searchHitLimit {
                ids.append(
                    try store.addTask(title: "row \(i)", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1))
            }
        }
        try store.flushSearchIndex(limit: .max)
        let clock = ContinuousClock()
        var hits = SearchHits()
        let took = try clock.measure { hits = try store.searchHits(["row"], in: u.space) }
        print("[\(engine)] searchHits over \(ids.count) matching rows: \(took)")
        #expect(hits.capped && hits.tasks.count == Store.searchHitLimit)
        #expect(hits.tasks == Array(ids.reversed().prefix(Store.searchHitLimit)))
        let one = try store.searchHits(["1999"], in: u.space)
        #expect(!one.capped && one.tasks == [ids[1999]])
    }

    @Test(
        "routines are found by name or by a note, each once, those by name first; never another space's",
        arguments: Engine.all)
    func routines(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let v = try store.seedNewcomer("bob")
        let yoga = try store.seedRoutine("Yoga", in: u.space)
        let water = try store.seedRoutine("Water plants", in: u.space)
        let run = try store.seedRoutine("Run", in: u.space)
        try store.seedNote(on: run, in: u.space, text: "yoga mat after the run")
        try store.seedNote(on: water, in: u.space, text: "yoga? no, the ficus")
        try store.seedNote(on: water, in: u.space, text: "and yoga again")
        _ = try store.seedRoutine("Yoga too", in: v.space)
        _ = try store.addTask(
            title: "buy a yoga mat", list: store.defaultList(in: u.space).id, space: u.space, by: u.id, assignee: nil,
            now: 1)
        try store.flushSearchIndex(limit: .max)
        let hits = try store.searchHits(["yoga"], in: u.space)
        #expect(hits.routines == [yoga, water, run])
        #expect(hits.tasks.count == 1 && hits.events.isEmpty && !hits.capped)
        #expect(try store.searchHits(["ficus"], in: u.space).routines == [water])
        #expect(try store.searchHits(["ficus"], in: v.space) == SearchHits())
        #expect(try store.searchHits(["yoga", "mat"], in: u.space).routines == [run])
    }

    @Test("scripts and symbols: words of any script, digits, emoji and apostrophes", arguments: Engine.all)
    func scripts(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        for title in ["Купить молоко", "牛奶", "2x eggs", "🍞 bread", "Ayşe'nin doğum günü", "naïve café"] {
            _ = try store.addTask(title: title, list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        }
        #expect(try found(store, ["мол"], u.space) == ["Купить молоко"])
        #expect(try found(store, ["олоко"], u.space).isEmpty)
        #expect(try found(store, ["2x"], u.space) == ["2x eggs"])
        #expect(try found(store, ["egg"], u.space) == ["2x eggs"])
        #expect(try found(store, ["bread"], u.space) == ["🍞 bread"])
        #expect(try found(store, ["aysenin"], u.space).isEmpty)
        #expect(try found(store, ["ayse", "nin", "dog"], u.space) == ["Ayşe'nin doğum günü"])
        #expect(try found(store, ["naive"], u.space) == ["naïve café"])
    }

    @Test("the folded text in the index is its words, single-spaced")
    func bodyWords() {
        #expect(PostgresStore.searchWords("buy almond-milk, 2x!") == "buy almond milk 2x")
        #expect(PostgresStore.searchWords("  ") == "")
        #expect(PostgresStore.searchWords("under_score") == "under score")
        #expect(PostgresStore.likePatterns("a")! == ("%a%", "% a %"))
        #expect(PostgresStore.likePatterns("ab")! == ("%ab%", "% ab%"))
        #expect(PostgresStore.likePatterns("-") == nil)
    }

    /// The titles of the hit tasks of `text`, whose words are read as `search` reads them (NFKC, then the fold).
    private func searched(_ store: any TaskAreaStore, _ text: String, _ space: SpaceID) throws -> [String] {
        let words = TextFold.searchKey(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
        return try found(store, words, space)
    }

    @Test("search folds NFKC: file finds ﬁle, abc finds ＡＢＣ, and the other way round", arguments: Engine.all)
    func compatibilityForms(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        for title in ["ﬁle the taxes", "ＡＢＣ corp invoice", "plain file", "room ①", "Ⅸ. chapter", "ŞEKER ＳＵ"] {
            _ = try store.addTask(title: title, list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        }
        #expect(try searched(store, "file", u.space) == ["plain file", "ﬁle the taxes"])
        #expect(try searched(store, "ﬁle", u.space) == ["plain file", "ﬁle the taxes"])
        #expect(try searched(store, "abc", u.space) == ["ＡＢＣ corp invoice"])
        #expect(try searched(store, "ＡＢ", u.space) == ["ＡＢＣ corp invoice"])
        #expect(try searched(store, "1", u.space) == ["room ①"])
        #expect(try searched(store, "ix", u.space) == ["Ⅸ. chapter"])
        #expect(try searched(store, "seker su", u.space) == ["ŞEKER ＳＵ"])
        // Folding does not join what an invisible character split: no false hit.
        #expect(try searched(store, "fi\u{200B}le", u.space).isEmpty)
    }

    @Test("a database whose search text was folded before NFKC is refolded by its migration", arguments: Engine.all)
    func refoldMigration(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        _ = try store.addTask(title: "ﬁle the taxes", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        _ = try store.addTask(title: "ＡＢＣ corp", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        try store.flushSearchIndex(limit: .max)
        // Put the index back as the old fold (no NFKC) wrote it, then run the migration.
        switch store {
        case let sqlite as Store:
            try sqlite.db.inTransaction {
                for (title, now) in [("ﬁle the taxes", "file the taxes"), ("ＡＢＣ corp", "abc corp")] {
                    _ = try sqlite.db.run(
                        "UPDATE search_index SET body = ? WHERE body = ?", .text(TextFold.key(title)), .text(now))
                }
            }
            #expect(try found(store, ["file"], u.space).isEmpty)
            try sqlite.db.inTransaction { try sqlite.db.execute(Migrations.searchNFKC) }
        case let pg as PostgresStore:
            try pg.connection.execute(
                "UPDATE search_index SET body = $1 WHERE body = $2",
                [.text(PostgresStore.searchWords(TextFold.key("ﬁle the taxes"))), .text("file the taxes")])
            try pg.connection.execute(
                "UPDATE search_index SET body = $1 WHERE body = $2",
                [.text(PostgresStore.searchWords(TextFold.key("ＡＢＣ corp"))), .text("abc corp")])
            #expect(try found(store, ["file"], u.space).isEmpty)
            try pg.connection.execute(
                "UPDATE schema_version SET version = $1", [.integer(Int64(PostgresMigrations.searchFoldVersion - 1))])
            try PostgresMigrations.migrate(pg.connection)
            #expect(try PostgresMigrations.version(pg.connection) == PostgresMigrations.currentVersion)
        default:
            Issue.record("unknown engine")
        }
        #expect(try found(store, ["file"], u.space) == ["ﬁle the taxes"])
        #expect(try found(store, ["abc"], u.space) == ["ＡＢＣ corp"])
    }
}
