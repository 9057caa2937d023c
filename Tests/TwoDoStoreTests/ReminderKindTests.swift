// Reminder kinds: every kind survives the reminders table, and a kind this build does not know fails loudly.

import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("ReminderKind in the store")
struct ReminderKindTests {
    let temp = TempDB()

    /// A store with one user and one task to hang reminders on.
    private func taskStore() throws -> (Store, TaskID) {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let task = try store.addTask(
            title: "x", list: store.defaultList(in: a.space).id, space: a.space, by: a.id, assignee: nil, now: 0)
        return (store, task)
    }

    @Test(
        "the stored spellings are the ones older files hold",
        arguments: [
            (ReminderKind.due, "due"), (.before, "before"), (.at, "at"), (.nag, "nag"),
        ])
    func rawValues(kind: ReminderKind, stored: String) {
        #expect(kind.rawValue == stored)
        #expect(ReminderKind(rawValue: stored) == kind)
    }

    @Test("the delivery priority is due, before, at, nag")
    func priority() {
        #expect(ReminderKind.allCases == [.due, .before, .at, .nag])
    }

    @Test("each kind comes back from pending and due reads as the same kind", arguments: ReminderKind.allCases)
    func roundTrip(kind: ReminderKind) throws {
        let (store, task) = try taskStore()
        try store.addReminder(task: task, kind: kind, offsetMinutes: kind == .before ? 15 : nil, fireAt: 100)
        #expect(try store.pendingReminders(of: task).map(\.kind) == [kind])
        #expect(try store.remindersDue(before: 100, limit: 10).map(\.kind) == [kind])
        #expect(try store.remindersDue(of: task, before: 100).map(\.kind) == [kind])
        try store.cancelReminders(of: task, kinds: ReminderKind.allCases.filter { $0 != kind })
        #expect(try store.pendingReminders(of: task).count == 1)
        try store.cancelReminders(of: task, kinds: [kind])
        #expect(try store.pendingReminders(of: task).isEmpty)
    }

    @Test("a kind this build does not know throws, naming the column and the value")
    func unknownKindThrows() throws {
        let (store, task) = try taskStore()
        try store.db.run(
            "INSERT INTO reminders (task_id, kind, fire_at, space_id) VALUES (?1, 'someday', 5, (SELECT space_id FROM tasks WHERE id = ?1))",
            .integer(task.rawValue))
        let error = #expect(throws: DatabaseError.self) { try store.pendingReminders(of: task) }
        #expect(error?.message.contains("kind") == true)
        #expect(error?.message.contains("someday") == true)
    }
}
