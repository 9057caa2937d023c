// EventName: each pushed event's catalog key, `event.<name>` (reminders aside), present in every language.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoText

@Suite("EventName")
struct EventNameTests {
    @Test("every event's key is in every catalog, non-empty", arguments: EventName.allCases)
    func keyInCatalogs(event: EventName) throws {
        for lang in Language.allCases {
            let table = try #require(Catalog.tables[lang])
            let text = try #require(table[event.key.rawValue], "\(event.rawValue): no \(event.key.rawValue) in \(lang)")
            #expect(!text.isEmpty)
        }
    }

    @Test("a partner event is worded by event.<name>; a reminder by reminder.due", arguments: EventName.allCases)
    func keyRule(event: EventName) {
        let expected = event == .reminderDue ? "reminder.due" : "event." + event.rawValue
        #expect(event.key.rawValue == expected)
    }

    @Test("a partner event's text names the actor in both languages", arguments: EventName.allCases)
    func namesActor(event: EventName) {
        guard event != .reminderDue else { return }
        for lang in Language.allCases {
            #expect(Catalog.text(event.key, lang).contains("{actor}"), "\(event.key.rawValue) in \(lang)")
        }
    }

    @Test("an event's message is its key with the arguments")
    func message() {
        #expect(EventName.chatMessage.message(["text": "hi"]) == Message(.eventChatMessage, ["text": "hi"]))
    }
}
