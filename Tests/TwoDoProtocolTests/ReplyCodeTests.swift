// ReplyCode: the shape of every code, and each code's catalog key present in every language.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoText

@Suite("ReplyCode")
struct ReplyCodeTests {
    @Test("every code's key is in every catalog, non-empty", arguments: ReplyCode.allCases)
    func keyInCatalogs(code: ReplyCode) throws {
        for lang in Language.allCases {
            let table = try #require(Catalog.tables[lang])
            let text = try #require(table[code.key.rawValue], "\(code.rawValue): no \(code.key.rawValue) in \(lang)")
            #expect(!text.isEmpty)
        }
    }

    @Test("codes are lowercase dotted words", arguments: ReplyCode.allCases)
    func shape(code: ReplyCode) {
        let words = code.rawValue.split(separator: ".", omittingEmptySubsequences: false)
        #expect(words.count <= 2)
        #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) || $0 == "_" } })
    }

    @Test("a code that is itself a catalog key uses that key", arguments: ReplyCode.allCases)
    func ownKeyWhenThereIsOne(code: ReplyCode) {
        if let own = TextKey(rawValue: code.rawValue) { #expect(code.key == own) }
    }

    @Test(
        "codes whose text has another key name their main one",
        arguments: [
            (ReplyCode.taskDue, TextKey.taskDueSet), (.taskPriority, .taskPrioritySet), (.taskRepeat, .taskRepeatSet),
            (.taskList, .taskListHeader), (.help, .helpIndex), (.export, .exportDone), (.stats, .statsLine),
            (.errorLimitJoin, .errorLimitJoinTasks), (.inboxList, .inboxHeader), (.who, .whoPartnerOnline),
            (.calendar, .calendarEventsHeader), (.agendaWeek, .agendaWeekHeader),
        ])
    func mainKey(code: ReplyCode, key: TextKey) {
        #expect(code.key == key)
    }

    @Test(
        "the codes the server picks at run time are all cases",
        arguments: [
            "json.on", "json.off", "error.password_dictionary", "error.password_name", "error.password_simple",
            "error.password_same", "error.limit_list_tasks", "error.limit_tasks", "error.limit_lists",
            "error.limit_routines", "error.limit_events", "error.limit_notes", "error.invite_invalid",
            "error.invite_expired", "error.invite_used", "error.routine_already_paused", "error.routine_not_paused",
            "routine.paused", "routine.resumed", "routine.notes", "event.notes", "event.edited", "event.moved",
            "task.reopened", "task.edited", "task.moved", "task.assigned", "task.noted", "task.snoozed",
            "error.storage", "error.internal",
        ])
    func dynamicCodes(raw: String) {
        #expect(ReplyCode(rawValue: raw) != nil)
    }

    @Test("a code's message is its key with the arguments")
    func message() {
        let message = ReplyCode.taskAdded.message(["title": "milk", "list": "Inbox"])
        #expect(message == Message(.taskAdded, ["title": "milk", "list": "Inbox"]))
        #expect(message != Message(.taskAdded, ["title": "milk"]))
        #expect(ReplyCode.pong.message() == Message(.pong))
    }
}
