// SQL on `notifications`: what members missed while offline, stored, paged, counted, read and pruned.

import Foundation
import TwoDoCore

extension Store {
    // Table `notifications`: migration 1.

    /// How long notifications are kept.
    public static let notificationLifetime: Int64 = 30 * 24 * 3600

    /// The most notifications one user's inbox keeps: past it, the oldest go (counted, and `inbox` says how
    /// many). A thousand is weeks of a busy couple's pushes while offline (a few dozen a day), and keeps every
    /// inbox command (a page, `read all`, `clear`, `delete <n>`) under a millisecond or so.
    public static let inboxLimit = 1_000

    /// Stores an event for `user` to read later, dropping (and counting) the oldest past `inboxLimit`.
    @discardableResult
    public func addNotification(
        for user: UserID, key: String, args: [String: String], now: Int64, read: Bool = false
    ) throws -> Int64 {
        let json = Store.encodeArguments(args)
        try db.run(
            "INSERT INTO notifications (user_id, created_at, key, args, is_read) VALUES (?, ?, ?, ?, ?)",
            .integer(user.rawValue), .integer(now), .text(key), .text(json), .integer(read ? 1 : 0))
        let id = db.lastInsertID
        try trimInbox(of: user)
        return id
    }

    /// Drops a user's notifications older than the newest `inboxLimit` and adds them to the dropped count:
    /// one walk of at most `inboxLimit` entries of `notifications_newest`, then a delete of (normally) one row.
    private func trimInbox(of user: UserID) throws {
        guard
            let boundary = try db.queryOne(
                "SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
                .integer(user.rawValue), .integer(Int64(Store.inboxLimit)), map: { try $0.requiredInt("id") })
        else { return }
        let dropped = try db.run(
            "DELETE FROM notifications WHERE user_id = ? AND id <= ?", .integer(user.rawValue), .integer(boundary))
        try db.run(
            "UPDATE users SET inbox_dropped = inbox_dropped + ? WHERE id = ?", .integer(Int64(dropped)),
            .integer(user.rawValue))
    }

    /// How many notifications the inbox cap dropped since the user last cleared the inbox.
    public func droppedNotificationCount(for user: UserID) throws -> Int {
        Int(
            try db.queryOne("SELECT inbox_dropped FROM users WHERE id = ?", .integer(user.rawValue)) {
                try $0.requiredInt("inbox_dropped")
            } ?? 0)
    }

    /// Catalog arguments as a JSON object with sorted keys. Written by hand: this runs for every reminder line
    /// and `JSONSerialization` was a visible share of a reminder burst's CPU; read back with `JSONSerialization`.
    package static func encodeArguments(_ args: [String: String]) -> String {
        var out = "{"
        for (i, key) in args.keys.sorted().enumerated() {
            if i > 0 { out += "," }
            appendJSONString(key, to: &out)
            out += ":"
            appendJSONString(args[key] ?? "", to: &out)
        }
        return out + "}"
    }

    private static func appendJSONString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// The number of unread notifications of a user.
    public func unreadCount(for user: UserID) throws -> Int {
        Int(
            try db.queryOne(
                "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND is_read = 0", .integer(user.rawValue)
            ) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// A user's notifications, newest first.
    public func notifications(for user: UserID, limit: Int = 50) throws -> [InboxItem] {
        try notifications(for: user, offset: 0, limit: limit)
    }

    /// A user's notifications, newest first: rows `offset ..< offset + limit`.
    public func notifications(for user: UserID, offset: Int, limit: Int) throws -> [InboxItem] {
        try db.query(
            "SELECT id, created_at, key, args, is_read FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
            .integer(user.rawValue), .integer(Int64(limit)), .integer(Int64(offset)), map: Store.inboxItem)
    }

    /// One `notifications` row as an inbox item.
    private static func inboxItem(_ row: Row) throws -> InboxItem {
        let data = Data(try row.requiredText("args").utf8)
        let args = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] ?? [:]
        return InboxItem(
            id: try row.requiredInt("id"), at: try row.requiredInt("created_at"), key: try row.requiredText("key"),
            args: args,
            isRead: try row.requiredInt("is_read") == 1)
    }

    /// How many notifications a user has (from the `notifications_user` index).
    public func notificationCount(for user: UserID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM notifications WHERE user_id = ?", .integer(user.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// Marks a user's unread notifications read (only the newest `newest` when given); returns how many.
    @discardableResult
    public func markNotificationsRead(for user: UserID, newest: Int? = nil) throws -> Int {
        try db.run(
            "UPDATE notifications SET is_read = 1 WHERE id IN (SELECT id FROM notifications WHERE user_id = ? AND is_read = 0 ORDER BY id DESC LIMIT ?)",
            .integer(user.rawValue), .integer(Int64(newest ?? Int.max)))
    }

    /// The id of a user's `position`-th notification, newest first (1 is the newest); nil past the end.
    public func notificationID(for user: UserID, position: Int) throws -> Int64? {
        guard position >= 1 else { return nil }
        return try db.queryOne(
            "SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
            .integer(user.rawValue), .integer(Int64(position - 1))
        ) { try $0.requiredInt("id") }
    }

    /// Deletes one notification of a user (another user's id deletes nothing); returns the deleted row.
    public func markNotificationRead(_ id: Int64, for user: UserID) throws -> InboxItem? {
        let found = try db.queryOne(
            "SELECT id, created_at, key, args, is_read FROM notifications WHERE id = ? AND user_id = ?",
            .integer(id), .integer(user.rawValue), map: Store.inboxItem)
        guard let found else { return nil }
        if !found.isRead { try db.run("UPDATE notifications SET is_read = 1 WHERE id = ?", .integer(id)) }
        return found
    }

    public func deleteNotification(_ id: Int64, for user: UserID) throws -> InboxItem? {
        let found = try db.queryOne(
            "SELECT id, created_at, key, args, is_read FROM notifications WHERE id = ? AND user_id = ?",
            .integer(id), .integer(user.rawValue), map: Store.inboxItem)
        guard let found else { return nil }
        try db.run("DELETE FROM notifications WHERE id = ?", .integer(id))
        return found
    }

    /// Deletes every notification of a user (at most `inboxLimit`) and forgets the dropped count; returns how
    /// many were deleted.
    @discardableResult
    public func clearNotifications(for user: UserID) throws -> Int {
        let count = try db.run("DELETE FROM notifications WHERE user_id = ?", .integer(user.rawValue))
        try db.run("UPDATE users SET inbox_dropped = 0 WHERE id = ? AND inbox_dropped <> 0", .integer(user.rawValue))
        return count
    }

    /// Deletes one user's notifications older than the lifetime (uses the per-user index).
    public func pruneNotifications(for user: UserID, now: Int64) throws {
        try db.run(
            "DELETE FROM notifications WHERE user_id = ? AND created_at < ?", .integer(user.rawValue),
            .integer(now - Store.notificationLifetime))
    }

    /// Deletes notifications older than the lifetime.
    public func pruneNotifications(now: Int64) throws {
        try db.run("DELETE FROM notifications WHERE created_at < ?", .integer(now - Store.notificationLifetime))
    }
}
