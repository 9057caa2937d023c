// NotificationStore on both engines: arguments round-trip, newest first, pages, read marks, pruning, mutes.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("Notifications on both engines")
struct AccountNotificationTests {
    static let argumentSets: [[String: String]] = [
        ["title": "pay rent", "list": "Bills"],
        ["title": #"say "hi" \ back"#, "text": "line\nbreak\ttab\r\u{1}\u{1f}"],
        ["title": "İşçi ğüşöç 🧾 / slash", "actor": "bob", "sql": "'); DROP TABLE users; --"],
        [:],
    ]

    @Test("arguments read back exactly", arguments: Engine.all, argumentSets)
    func argumentsRoundTrip(engine: Engine, args: [String: String]) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let user = try makeAccountUser(store, "alice")
        try store.addNotification(for: user.id, key: "reminder.due", args: args, now: 10)
        let items = try store.notifications(for: user.id, offset: 0, limit: 50)
        #expect(items.count == 1)
        #expect(items.first?.args == args)
        #expect(items.first?.at == 10 && items.first?.key == "reminder.due" && items.first?.isRead == false)
        // Both engines store the same text: a JSON object with sorted keys.
        #expect(Store.encodeArguments(["b": "2", "a": "1"]) == #"{"a":"1","b":"2"}"#)
        #expect(try store.column("SELECT args FROM notifications") == [Store.encodeArguments(args)])
    }

    @Test("PostgreSQL: the inbox's counts and pages read the per-user index")
    func countsUseTheIndex() throws {
        guard let store = try Engine.makePostgresStore() else { return }
        let user = try makeAccountUser(store, "alice")
        try store.raw("SET enable_seqscan = off")
        for sql in [
            "SELECT count(*) FROM notifications WHERE user_id = $1 AND is_read = 0",
            "SELECT count(*) FROM notifications WHERE user_id = $1",
            "SELECT id FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET 0",
        ] {
            let plan = try store.column("EXPLAIN " + sql, [.int(user.id.rawValue)]).compactMap { $0 }.joined()
            // `notifications_user (user_id, is_read, id)` or `notifications_newest (user_id, id)`.
            #expect(plan.contains("notifications_user") || plan.contains("notifications_newest"), "\(sql): \(plan)")
        }
    }

    @Test(
        "the inbox keeps the newest Store.inboxLimit, counts what it dropped, and clear resets the count",
        arguments: Engine.all)
    func inboxCap(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let user = try makeAccountUser(store, "alice")
        let other = try makeAccountUser(store, "bob")
        try store.addNotification(for: other.id, key: "bob's", args: [:], now: 1)
        let total = Store.inboxLimit + 3
        for i in 0..<total { try store.addNotification(for: user.id, key: "k\(i)", args: [:], now: Int64(i)) }
        #expect(try store.notificationCount(for: user.id) == Store.inboxLimit)
        #expect(try store.droppedNotificationCount(for: user.id) == 3)
        #expect(try store.notifications(for: user.id, offset: 0, limit: 1).first?.key == "k\(total - 1)")
        #expect(try store.notifications(for: user.id, offset: Store.inboxLimit - 1, limit: 5).map(\.key) == ["k3"])
        // Another user's inbox is untouched.
        #expect(try store.notificationCount(for: other.id) == 1)
        #expect(try store.droppedNotificationCount(for: other.id) == 0)
        #expect(try store.clearNotifications(for: user.id) == Store.inboxLimit)
        #expect(try store.droppedNotificationCount(for: user.id) == 0)
    }

    @Test(
        "read marks the newest n; a user's notifications older than 30 days are pruned, newer ones kept",
        arguments: Engine.all)
    func readAndPrune(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let user = try makeAccountUser(store, "alice")
        let day: Int64 = 86_400
        for i in 0..<3 { try store.addNotification(for: user.id, key: "k\(i)", args: [:], now: Int64(i) * day) }
        #expect(try store.markNotificationsRead(for: user.id, newest: 1) == 1)
        #expect(try store.unreadCount(for: user.id) == 2)
        #expect(try store.notifications(for: user.id, offset: 0, limit: 50).map(\.isRead) == [true, false, false])
        try store.pruneNotifications(for: user.id, now: 31 * day)  // day 0 is older than 30 days; day 1 is exactly 30
        #expect(try store.notifications(for: user.id, offset: 0, limit: 50).map(\.key) == ["k2", "k1"])
        #expect(try store.markNotificationsRead(for: user.id, newest: nil) == 1)
        #expect(try store.unreadCount(for: user.id) == 0)
    }

    @Test(
        "newest first; pages follow that order; counts are per user; delivered-live ones are read",
        arguments: Engine.all)
    func pages(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        for i in 0..<7 { try store.addNotification(for: alice.id, key: "k\(i)", args: [:], now: 5, read: i == 6) }
        try store.addNotification(for: bob.id, key: "b", args: [:], now: 5)
        #expect(try store.notifications(for: alice.id, offset: 0, limit: 3).map(\.key) == ["k6", "k5", "k4"])
        #expect(try store.notifications(for: alice.id, offset: 3, limit: 3).map(\.key) == ["k3", "k2", "k1"])
        #expect(try store.notifications(for: alice.id, offset: 6, limit: 3).map(\.key) == ["k0"])
        #expect(try store.notifications(for: alice.id, offset: 9, limit: 3).isEmpty)
        #expect(try store.notificationCount(for: alice.id) == 7)
        #expect(try store.unreadCount(for: alice.id) == 6)
        #expect(try store.unreadCount(for: bob.id) == 1)
        #expect(try store.clearNotifications(for: alice.id) == 7)
        #expect(try store.notificationCount(for: alice.id) == 0)
        #expect(try store.notificationCount(for: bob.id) == 1)
    }

    @Test("pruning everyone's drops only rows older than the lifetime", arguments: Engine.all)
    func pruneAll(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        try store.addNotification(for: alice.id, key: "old", args: [:], now: 0)
        try store.addNotification(for: bob.id, key: "old", args: [:], now: 0)
        try store.addNotification(for: bob.id, key: "new", args: [:], now: Store.notificationLifetime)
        try store.pruneNotifications(now: Store.notificationLifetime + 1)
        #expect(try store.notificationCount(for: alice.id) == 0)
        #expect(try store.notifications(for: bob.id, offset: 0, limit: 10).map(\.key) == ["new"])
    }

    @Test("positions count from the newest; deleting takes one row of its own user only", arguments: Engine.all)
    func deleteOne(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob", .tr)
        for i in 0..<3 { try store.addNotification(for: alice.id, key: "k\(i)", args: ["i": "\(i)"], now: Int64(i)) }
        try store.addNotification(for: bob.id, key: "b", args: [:], now: 5)
        let second = try #require(try store.notificationID(for: alice.id, position: 2))
        #expect(try store.notificationID(for: alice.id, position: 0) == nil)
        #expect(try store.notificationID(for: alice.id, position: 4) == nil)
        let bobs = try #require(try store.notificationID(for: bob.id, position: 1))
        #expect(try store.deleteNotification(bobs, for: alice.id) == nil)  // another user's row
        let deleted = try #require(try store.deleteNotification(second, for: alice.id))
        #expect(deleted.key == "k1" && deleted.at == 1 && !deleted.isRead)
        #expect(deleted.args == ["i": "1"])
        #expect(try store.deleteNotification(second, for: alice.id) == nil)  // already gone
        #expect(try store.notifications(for: alice.id, offset: 0, limit: 50).map(\.key) == ["k2", "k0"])
        #expect(try store.notificationCount(for: bob.id) == 1)
    }

    @Test("muted kinds are per user, set and cleared idempotently, and reported as changes", arguments: Engine.all)
    func mutedKinds(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob", .tr)
        #expect(try store.mutedKinds(of: alice.id).isEmpty)
        #expect(try store.setMuted(.chat, true, for: alice.id))
        #expect(try !store.setMuted(.chat, true, for: alice.id))
        #expect(try store.setMuted(.reminders, true, for: alice.id))
        #expect(try store.mutedKinds(of: alice.id) == [.chat, .reminders])
        #expect(try store.mutedKinds(of: bob.id).isEmpty)
        #expect(try store.setMuted(.chat, false, for: alice.id))
        #expect(try !store.setMuted(.partner, false, for: alice.id))
        #expect(try store.mutedKinds(of: alice.id) == [.reminders])
        try store.raw(
            "INSERT INTO muted_kinds (user_id, kind) VALUES ($1, 'from-a-newer-server')", [.int(alice.id.rawValue)])
        #expect(try store.mutedKinds(of: alice.id) == [.reminders])
        #expect(try store.deleteUser(alice.id))  // the rows go with the account
        #expect(try store.mutedKinds(of: alice.id).isEmpty)
    }
}
