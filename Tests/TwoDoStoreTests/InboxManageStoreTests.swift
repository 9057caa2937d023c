// Unit tests for managing the inbox in storage: one notification deleted by id, positions, muted kinds.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Inbox management storage")
struct InboxManageStoreTests {
    let temp = TempDB()

    @Test("positions count from the newest; deleting takes one row of its own user only")
    func deleteOne() throws {
        let store = try Store(path: temp.path, durable: false)
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let bob = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .tr, now: 0))
        for i in 0..<3 { try store.addNotification(for: alice.id, key: "k\(i)", args: ["i": "\(i)"], now: Int64(i)) }
        try store.addNotification(for: bob.id, key: "b", args: [:], now: 5)
        let second = try #require(try store.notificationID(for: alice.id, position: 2))
        #expect(try store.notificationID(for: alice.id, position: 0) == nil)
        #expect(try store.notificationID(for: alice.id, position: 4) == nil)
        let bobs = try #require(try store.notificationID(for: bob.id, position: 1))
        #expect(try store.deleteNotification(bobs, for: alice.id) == nil)  // another user's row
        let deleted = try #require(try store.deleteNotification(second, for: alice.id))
        #expect(deleted.key == "k1")
        #expect(deleted.args == ["i": "1"])
        #expect(try store.deleteNotification(second, for: alice.id) == nil)  // already gone
        #expect(try store.notifications(for: alice.id).map(\.key) == ["k2", "k0"])
        #expect(try store.notificationCount(for: bob.id) == 1)
    }

    @Test("muted kinds are per user, set and cleared idempotently, and reported as changes")
    func mutedKinds() throws {
        let store = try Store(path: temp.path, durable: false)
        let alice = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let bob = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .tr, now: 0))
        #expect(try store.mutedKinds(of: alice.id).isEmpty)
        #expect(try store.setMuted(.chat, true, for: alice.id))
        #expect(try !store.setMuted(.chat, true, for: alice.id))
        #expect(try store.setMuted(.reminders, true, for: alice.id))
        #expect(try store.mutedKinds(of: alice.id) == [.chat, .reminders])
        #expect(try store.mutedKinds(of: bob.id).isEmpty)
        #expect(try store.setMuted(.chat, false, for: alice.id))
        #expect(try !store.setMuted(.partner, false, for: alice.id))
        #expect(try store.mutedKinds(of: alice.id) == [.reminders])
        #expect(try store.deleteUser(alice.id))  // the rows go with the account
        #expect(try store.mutedKinds(of: alice.id).isEmpty)
    }
}
