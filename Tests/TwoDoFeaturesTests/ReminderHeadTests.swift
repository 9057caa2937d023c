// The loop's timer head: a storage failure is an error, never "nothing pending" (that stopped every reminder
// until the next change).

import Testing
import TwoDoCore
import TwoDoFeatures
@testable import TwoDoStore

@Suite("The reminder timer's head")
struct ReminderHeadTests {
    @Test("a failed read of the next reminder time throws instead of answering nil")
    func failureIsNotNothing() throws {
        let h = try HandlerHarness()
        guard let sqlite = h.store as? Store else { return }  // the failure is made by renaming an SQLite table
        let (alice, _) = try h.couple()
        try h.run("add call mum tomorrow 9am", as: alice.1)
        #expect(try h.handlers.nextReminderTime() != nil)
        try sqlite.db.execute("ALTER TABLE reminders RENAME TO reminders_away")
        #expect(throws: (any Error).self) { _ = try h.handlers.nextReminderTime() }
        try sqlite.db.execute("ALTER TABLE reminders_away RENAME TO reminders")
        #expect(try h.handlers.nextReminderTime() != nil)
    }
}
