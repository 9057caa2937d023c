// namesGeneration: every change to users, spaces or lists moves it on (no hand-kept bumps), and task work does not.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store namesGeneration")
struct NamesGenerationTests {
    let temp = TempDB()

    /// Two members in separate spaces, each with a second list, and a task to work on.
    struct Fixture: Sendable {
        var alice: User
        var bob: User
        var aliceList: ListID
        var task: TaskID
    }

    /// One change made through the store's API, named for the test report.
    struct Mutation: Sendable, CustomTestStringConvertible {
        var name: String
        var run: @Sendable (Store, Fixture) throws -> Void
        var testDescription: String { name }
    }

    private func fixture() throws -> (Store, Fixture) {
        let store = try Store(path: temp.path, durable: false)
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let bob = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .tr, now: 0))
        let list = try store.addList(named: "Chores", in: alice.space, now: 0)
        _ = try store.addList(named: "Chores", in: bob.space, now: 0)
        let task = try store.addTask(title: "x", list: list, space: alice.space, by: alice.id, assignee: nil, now: 0)
        return (store, Fixture(alice: alice, bob: bob, aliceList: list, task: task))
    }

    static let nameChanges: [Mutation] = [
        Mutation(name: "createUser") { s, _ in _ = try s.createUser(name: "carol", passwordHash: "h", lang: .en, now: 1)
        },
        Mutation(name: "createSpace") { s, _ in _ = try s.createSpace(name: "Home", lang: .en, now: 1) },
        Mutation(name: "renameSpace") { s, f in try s.renameSpace(f.alice.space, to: "Home") },
        Mutation(name: "addList") { s, f in _ = try s.addList(named: "Garden", in: f.alice.space, now: 1) },
        Mutation(name: "renameList") { s, f in try s.renameList(f.aliceList, to: "Errands") },
        Mutation(name: "deleteList") { s, f in try s.deleteList(f.aliceList) },
        Mutation(name: "merge") { s, f in try s.merge(user: f.bob.id, from: f.bob.space, into: f.alice.space, now: 1) },
        Mutation(name: "leave") { s, f in _ = try s.leave(user: f.alice.id, lang: .en, now: 1) },
        Mutation(name: "setLanguage") { s, f in try s.setLanguage(.tr, for: f.alice.id) },
        Mutation(name: "setTimeZone") { s, f in try s.setTimeZone("Europe/Istanbul", for: f.alice.id) },
    ]

    static let taskWork: [Mutation] = [
        Mutation(name: "addTask") { s, f in
            _ = try s.addTask(
                title: "y", list: f.aliceList, space: f.alice.space, by: f.alice.id, assignee: nil, now: 1)
        },
        Mutation(name: "setDone") { s, f in try s.setDone(f.task, true, by: f.alice.id, now: 1) },
        Mutation(name: "setTitle") { s, f in try s.setTitle(f.task, "z", now: 1) },
        Mutation(name: "deleteTask") { s, f in try s.deleteTask(f.task) },
        Mutation(name: "addNote") { s, f in try s.addNote(to: f.task, by: f.alice.id, text: "n", now: 1) },
        Mutation(name: "addReminder") { s, f in
            try s.addReminder(task: f.task, kind: .at, offsetMinutes: nil, fireAt: 9)
        },
        Mutation(name: "addNotification") { s, f in
            try s.addNotification(for: f.alice.id, key: "k", args: [:], now: 1)
        },
    ]

    @Test("every change to users, spaces or lists moves it on", arguments: nameChanges)
    func nameChangesBump(mutation: Mutation) throws {
        let (store, f) = try fixture()
        let before = store.namesGeneration
        try mutation.run(store, f)
        #expect(store.namesGeneration != before)
    }

    @Test("task, note, reminder and notification work leaves it alone (the parser cache stays)", arguments: taskWork)
    func taskWorkKeeps(mutation: Mutation) throws {
        let (store, f) = try fixture()
        let before = store.namesGeneration
        try mutation.run(store, f)
        #expect(store.namesGeneration == before)
    }

    @Test("a rolled-back savepoint, write or turn moves it on: the undone change may have been a name")
    func rollbacksBump() throws {
        let (store, f) = try fixture()
        struct Boom: Error {}
        var seen = store.namesGeneration
        _ = try? store.savepoint { throw Boom() }
        #expect(store.namesGeneration != seen)
        seen = store.namesGeneration
        _ = try? store.write { _ in throw Boom() }
        #expect(store.namesGeneration != seen)
        let turn = try store.beginTurn()
        _ = try store.addList(named: "Undone", in: f.alice.space, now: 1)
        seen = store.namesGeneration
        turn.rollback()
        #expect(store.namesGeneration != seen)
        #expect(try store.list(named: "Undone", in: f.alice.space) == nil)
    }
}
