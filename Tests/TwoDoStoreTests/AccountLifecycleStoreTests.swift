// Deleting users and storing reset codes: references set NULL, a lone member's space gone, one code per user.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Account lifecycle in the store")
struct AccountLifecycleStoreTests {
    let temp = TempDB()

    @Test("deleting a partner keeps the shared items with NULL authorship and frees the name")
    func deletePartner() throws {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "$y$x", lang: .en, now: 1))
        let b = try #require(try store.createUser(name: "bob", passwordHash: "$y$x", lang: .en, now: 1))
        try store.merge(user: b.id, from: b.space, into: a.space, now: 2)
        let list = try store.defaultList(in: a.space).id
        let task = try store.addTask(title: "milk", list: list, space: a.space, by: b.id, assignee: b.id, now: 3)
        try store.addNote(to: task, by: b.id, text: "oat", now: 4)
        try store.setDone(task, true, by: b.id, now: 5)
        try store.setResetCode(hash: "$y$code", expiresAt: 100, for: b.id)

        #expect(try store.deleteUser(b.id) == false)
        #expect(try store.user(b.id) == nil)
        #expect(try store.resetCode(of: b.id) == nil)
        let kept = try #require(try store.task(task, in: a.space))
        #expect(kept.createdBy == nil && kept.completedBy == nil && kept.assignee == nil)
        #expect(try store.notes(of: task).map(\.author) == [nil])
        #expect(try store.members(of: a.space).map(\.name) == ["alice"])
        #expect(try store.createUser(name: "Bob", passwordHash: "$y$x", lang: .en, now: 6) != nil)
        #expect(try store.integrityProblems().isEmpty)
        let violations = try store.db.query("PRAGMA foreign_key_check") { _ in 1 }
        #expect(violations.isEmpty)
    }

    @Test("deleting a member alone deletes their space and everything in it")
    func deleteAlone() throws {
        let store = try Store(path: temp.path, durable: false)
        let c = try #require(try store.createUser(name: "carol", passwordHash: "$y$x", lang: .tr, now: 1))
        let list = try store.defaultList(in: c.space).id
        _ = try store.addTask(title: "süt", list: list, space: c.space, by: c.id, assignee: nil, now: 2)
        #expect(try store.deleteUser(c.id) == true)
        #expect(try store.spaceName(c.space) == nil)
        #expect(try store.tasks(inSpace: c.space).isEmpty)
        #expect(try store.lists(in: c.space).isEmpty)
        let violations = try store.db.query("PRAGMA foreign_key_check") { _ in 1 }
        #expect(violations.isEmpty)
    }

    @Test("a request and a code share one row; a new code replaces the old; clearing forgets both")
    func resetRows() throws {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "$y$x", lang: .en, now: 1))
        #expect(try store.resetRequestTime(of: a.id) == nil)
        try store.recordResetRequest(for: a.id, now: 10)
        try store.setResetCode(hash: "one", expiresAt: 20, for: a.id)
        try store.setResetCode(hash: "two", expiresAt: 30, for: a.id)
        #expect(try store.resetRequestTime(of: a.id) == 10)
        #expect(try store.resetCode(of: a.id)?.hash == "two")
        #expect(try store.resetCode(of: a.id)?.expiresAt == 30)
        try store.clearReset(of: a.id)
        #expect(try store.resetCode(of: a.id) == nil && store.resetRequestTime(of: a.id) == nil)
    }
}
