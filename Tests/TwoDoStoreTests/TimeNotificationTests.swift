// Unit tests for the notification inbox's storage: arguments round-trip, read marks, and the 30-day lifetime.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Notification storage")
struct TimeNotificationTests {
    let temp = TempDB()

    @Test(
        "arguments written by hand read back exactly through JSONSerialization",
        arguments: [
            ["title": "pay rent", "list": "Bills"],
            ["title": #"say "hi" \ back"#, "text": "line\nbreak\ttab\r\u{1}\u{1f}"],
            ["title": "İşçi ğüşöç 🧾 / slash", "actor": "bob"],
            [:],
        ])
    func argumentsRoundTrip(args: [String: String]) throws {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        try store.addNotification(for: user.id, key: "reminder.due", args: args, now: 10)
        let items = try store.notifications(for: user.id)
        #expect(items.count == 1)
        #expect(items.first?.args == args)
        #expect(Store.encodeArguments(["b": "2", "a": "1"]) == #"{"a":"1","b":"2"}"#)
    }

    @Test("read marks the newest n; a user's notifications older than 30 days are pruned, newer ones kept")
    func readAndPrune() throws {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let day: Int64 = 86_400
        for i in 0..<3 { try store.addNotification(for: user.id, key: "k\(i)", args: [:], now: Int64(i) * day) }
        #expect(try store.markNotificationsRead(for: user.id, newest: 1) == 1)
        #expect(try store.unreadCount(for: user.id) == 2)
        #expect(try store.notifications(for: user.id).map(\.isRead) == [true, false, false])
        try store.pruneNotifications(for: user.id, now: 31 * day)  // day 0 is older than 30 days; day 1 is exactly 30
        #expect(try store.notifications(for: user.id).map(\.key) == ["k2", "k1"])
    }
}
