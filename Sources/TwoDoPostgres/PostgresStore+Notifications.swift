// NotificationStore on PostgreSQL: what members missed while offline (stored, paged, counted, read, pruned),
// and which kinds of live pushes each user has muted.

import Foundation
import TwoDoCore
import TwoDoStore

extension PostgresStore: NotificationStore {
    /// Stores an event for `user` to read later; the arguments as SQLite's store writes them (a JSON object
    /// with sorted keys, `Store.encodeArguments`), so a copied database reads the same.
    @discardableResult
    public func addNotification(
        for user: UserID, key: String, args: [String: String], now: Int64, read: Bool
    ) throws -> Int64 {
        let id = try connection.execute(
            "INSERT INTO notifications (user_id, created_at, key, args, is_read) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            [
                .integer(user.rawValue), .integer(now), .text(key), .text(Store.encodeArguments(args)),
                .integer(read ? 1 : 0),
            ]
        ).requiredInt(0, "id")
        try trimInbox(of: user)
        return id
    }

    /// Drops a user's notifications older than the newest `Store.inboxLimit` and counts them, as SQLite's
    /// store does: one bounded walk of `notifications_newest`, then a delete of (normally) one row.
    private func trimInbox(of user: UserID) throws {
        guard
            let boundary = try connection.execute(
                "SELECT id FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2",
                [.integer(user.rawValue), .integer(Int64(Store.inboxLimit))]
            ).int(0, 0)
        else { return }
        let dropped = try connection.execute(
            "DELETE FROM notifications WHERE user_id = $1 AND id <= $2", [.integer(user.rawValue), .integer(boundary)]
        ).affectedRows
        try connection.execute(
            "UPDATE users SET inbox_dropped = inbox_dropped + $1 WHERE id = $2",
            [.integer(Int64(dropped)), .integer(user.rawValue)])
    }

    /// How many notifications the inbox cap dropped since the user last cleared the inbox.
    public func droppedNotificationCount(for user: UserID) throws -> Int {
        Int(
            try connection.execute("SELECT inbox_dropped FROM users WHERE id = $1", [.integer(user.rawValue)]).int(0, 0)
                ?? 0)
    }

    /// The number of unread notifications of a user (from the `notifications_user` index).
    public func unreadCount(for user: UserID) throws -> Int {
        try count("SELECT count(*) FROM notifications WHERE user_id = $1 AND is_read = 0", user)
    }

    /// A user's notifications, newest first: rows `offset ..< offset + limit`.
    public func notifications(for user: UserID, offset: Int, limit: Int) throws -> [InboxItem] {
        let result = try connection.execute(
            """
            SELECT id, created_at, key, args, is_read FROM notifications WHERE user_id = $1
            ORDER BY id DESC LIMIT $2 OFFSET $3
            """,
            // SQLite reads a negative LIMIT as none and a negative OFFSET as 0; PostgreSQL refuses both.
            [.integer(user.rawValue), limit < 0 ? .null : .integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        return try (0..<result.rowCount).map { try PostgresStore.inboxItem(result, $0) }
    }

    /// How many notifications a user has (from the `notifications_user` index).
    public func notificationCount(for user: UserID) throws -> Int {
        try count("SELECT count(*) FROM notifications WHERE user_id = $1", user)
    }

    /// Marks a user's unread notifications read (only the newest `newest` when given); returns how many.
    @discardableResult
    public func markNotificationsRead(for user: UserID, newest: Int?) throws -> Int {
        try connection.execute(
            """
            UPDATE notifications SET is_read = 1 WHERE id IN (
                SELECT id FROM notifications WHERE user_id = $1 AND is_read = 0 ORDER BY id DESC LIMIT $2)
            """, [.integer(user.rawValue), newest.flatMap { $0 < 0 ? nil : .integer(Int64($0)) } ?? .null]
        ).affectedRows
    }

    /// The id of a user's `position`-th notification, newest first (1 is the newest); nil past the end.
    public func notificationID(for user: UserID, position: Int) throws -> Int64? {
        guard position >= 1 else { return nil }
        return try connection.execute(
            "SELECT id FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2",
            [.integer(user.rawValue), .integer(Int64(position - 1))]
        ).int(0, 0)
    }

    /// Deletes one notification of a user (another user's id deletes nothing); returns the deleted row.
    public func markNotificationRead(_ id: Int64, for user: UserID) throws -> InboxItem? {
        let result = try connection.execute(
            "UPDATE notifications SET is_read = 1 WHERE id = $1 AND user_id = $2 RETURNING id, created_at, key, args, is_read",
            [.integer(id), .integer(user.rawValue)])
        return result.rowCount > 0 ? try PostgresStore.inboxItem(result, 0) : nil
    }

    public func deleteNotification(_ id: Int64, for user: UserID) throws -> InboxItem? {
        let result = try connection.execute(
            "DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id, created_at, key, args, is_read",
            [.integer(id), .integer(user.rawValue)])
        return result.rowCount > 0 ? try PostgresStore.inboxItem(result, 0) : nil
    }

    /// Deletes every notification of a user (at most `Store.inboxLimit`) and forgets the dropped count;
    /// returns how many were deleted.
    @discardableResult
    public func clearNotifications(for user: UserID) throws -> Int {
        let count = try connection.execute(
            "DELETE FROM notifications WHERE user_id = $1", [.integer(user.rawValue)]
        ).affectedRows
        try connection.execute(
            "UPDATE users SET inbox_dropped = 0 WHERE id = $1 AND inbox_dropped <> 0", [.integer(user.rawValue)])
        return count
    }

    /// Deletes one user's notifications older than the lifetime (uses the per-user index).
    public func pruneNotifications(for user: UserID, now: Int64) throws {
        try connection.execute(
            "DELETE FROM notifications WHERE user_id = $1 AND created_at < $2",
            [.integer(user.rawValue), .integer(now - Store.notificationLifetime)])
    }

    /// Deletes every notification older than the lifetime.
    public func pruneNotifications(now: Int64) throws {
        try connection.execute(
            "DELETE FROM notifications WHERE created_at < $1", [.integer(now - Store.notificationLifetime)])
    }

    // MARK: Muted kinds (table `muted_kinds`)

    /// The kinds `user` has muted (unknown stored kinds, from a newer server, are skipped).
    public func mutedKinds(of user: UserID) throws -> Set<MuteKind> {
        let result = try connection.execute(
            "SELECT kind FROM muted_kinds WHERE user_id = $1", [.integer(user.rawValue)])
        return Set((0..<result.rowCount).compactMap { result.string($0, 0).flatMap(MuteKind.init(rawValue:)) })
    }

    /// Mutes or unmutes `kind` for `user`; returns whether that changed anything.
    @discardableResult
    public func setMuted(_ kind: MuteKind, _ muted: Bool, for user: UserID) throws -> Bool {
        let sql =
            muted
            ? "INSERT INTO muted_kinds (user_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING"
            : "DELETE FROM muted_kinds WHERE user_id = $1 AND kind = $2"
        return try connection.execute(sql, [.integer(user.rawValue), .text(kind.rawValue)]).affectedRows > 0
    }

    /// One `count(*)` of a user's rows.
    private func count(_ sql: String, _ user: UserID) throws -> Int {
        Int(try connection.execute(sql, [.integer(user.rawValue)]).int(0, 0) ?? 0)
    }

    /// Row `row` (id, created_at, key, args, is_read) as an inbox item; arguments that do not parse read as none,
    /// as in SQLite's store.
    private static func inboxItem(_ result: PGResult, _ row: Int) throws -> InboxItem {
        let data = Data(try result.requiredString(row, "args").utf8)
        let args = (try? JSONSerialization.jsonObject(with: data)) as? [String: String] ?? [:]
        return InboxItem(
            id: try result.requiredInt(row, "id"), at: try result.requiredInt(row, "created_at"),
            key: try result.requiredString(row, "key"), args: args, isRead: try result.requiredInt(row, "is_read") == 1)
    }
}
