// TextKey against the catalogs: every case is in en and tr, and every catalog key is a case.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoText

@Suite("TextKey")
struct TextKeyTests {
    @Test("every key exists in every catalog", arguments: Language.allCases)
    func keysInCatalog(lang: Language) throws {
        let table = try #require(Catalog.tables[lang])
        let missing = TextKey.allCases.filter { table[$0.rawValue] == nil }.map(\.rawValue)
        #expect(missing.isEmpty, "not in strings_\(lang.rawValue).json: \(missing)")
    }

    @Test("every catalog key is a TextKey (run scripts/generate-text-keys.py)", arguments: Language.allCases)
    func noOrphans(lang: Language) throws {
        let table = try #require(Catalog.tables[lang])
        let orphans = table.keys.filter { TextKey(rawValue: $0) == nil }.sorted()
        #expect(orphans.isEmpty, "strings_\(lang.rawValue).json keys without a case: \(orphans)")
    }

    @Test("the enum is the whole catalog, no more and no less")
    func sameCount() throws {
        let en = try #require(Catalog.tables[.en])
        #expect(TextKey.allCases.count == en.count)
        #expect(TextKey.allCases.count > 400)
    }

    @Test(
        "case names follow the key in lowerCamelCase",
        arguments: [
            (TextKey.taskAdded, "task.added"), (.errorNotFound, "error.not_found"), (.greeting, "greeting"),
            (.usageAgendaWeek, "usage.agenda week"), (.dateProblemInThePast, "date_problem.inThePast"),
            (.eventTaskAddedDetails, "event.task.added_details"), (.routineStateDone, "routine.state.done"),
        ])
    func names(key: TextKey, raw: String) {
        #expect(key.rawValue == raw)
        #expect(TextKey(rawValue: raw) == key)
    }
}
