// The inbox and the muted kinds, written once for both engines: what members missed while offline (stored,
// paged, counted, read and pruned), and which kinds of live pushes each has muted.

import TwoDoCore

extension SQLEngine {
    /// Stores an event for `user` to read later, dropping (and counting) the oldest past `Store.inboxLimit`.
    /// The arguments are a JSON object with sorted keys (`Store.encodeArguments`), alike on both engines.
    @discardableResult
    public func addNotification(
        for user: UserID, key: String, args: [String: String], now: Int64, read: Bool
    ) throws -> Int64 {
        let id = try insert(
            "INSERT INTO notifications (user_id, created_at, key, args, is_read) VALUES (?, ?, ?, ?, ?)",
            [
                .integer(user.rawValue), .integer(now), .text(key), .text(Store.encodeArguments(args)),
                .integer(read ? 1 : 0),
            ])
        try trimInbox(of: user)
        return id
    }

    /// Drops a user's notifications older than the newest `Store.inboxLimit` and adds them to the dropped count:
    /// one walk of at most `inboxLimit` entries of `notifications_newest`, then a delete of (normally) one row.
    private func trimInbox(of user: UserID) throws {
        guard
            let boundary = try row(
                "SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
                [.integer(user.rawValue), .integer(Int64(Store.inboxLimit))], map: { try $0.requiredInt("id") })
        else { return }
        let dropped = try write(
            "DELETE FROM notifications WHERE user_id = ? AND id <= ?", [.integer(user.rawValue), .integer(boundary)])
        try write(
            "UPDATE users SET inbox_dropped = inbox_dropped + ? WHERE id = ?",
            [.integer(Int64(dropped)), .integer(user.rawValue)])
    }

    /// How many notifications the inbox cap dropped since the user last cleared the inbox.
    public func droppedNotificationCount(for user: UserID) throws -> Int {
        try count("SELECT inbox_dropped AS n FROM users WHERE id = ?", .integer(user.rawValue))
    }

    /// The number of unread notifications of a user.
    public func unreadCount(for user: UserID) throws -> Int {
        try count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND is_read = 0", .integer(user.rawValue))
    }

    /// A user's notifications, newest first: rows `offset ..< offset + limit` (a negative limit is none, a
    /// negative offset 0).
    public func notifications(for user: UserID, offset: Int, limit: Int) throws -> [InboxItem] {
        try rows(
            SharedSQL.inboxPage, [.integer(user.rawValue), self.limit(limit), .integer(Int64(max(offset, 0)))],
            map: Rows.inboxItem)
    }

    /// How many notifications a user has (from the `notifications_user` index).
    public func notificationCount(for user: UserID) throws -> Int {
        try count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", .integer(user.rawValue))
    }

    /// Marks a user's unread notifications read (only the newest `newest` when given); returns how many.
    @discardableResult
    public func markNotificationsRead(for user: UserID, newest: Int? = nil) throws -> Int {
        try write(
            """
            UPDATE notifications SET is_read = 1 WHERE id IN (
                SELECT id FROM notifications WHERE user_id = ? AND is_read = 0 ORDER BY id DESC LIMIT ?)
            """, [.integer(user.rawValue), limit(newest)])
    }

    /// The id of a user's `position`-th notification, newest first (1 is the newest); nil past the end.
    public func notificationID(for user: UserID, position: Int) throws -> Int64? {
        guard position >= 1 else { return nil }
        return try row(
            "SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
            [.integer(user.rawValue), .integer(Int64(position - 1))]
        ) { try $0.requiredInt("id") }
    }

    /// Marks one notification of a user read (another user's id marks nothing); returns it as it was.
    public func markNotificationRead(_ id: Int64, for user: UserID) throws -> InboxItem? {
        guard let found = try row(SharedSQL.inboxItem, [.integer(id), .integer(user.rawValue)], map: Rows.inboxItem)
        else { return nil }
        if !found.isRead { try write("UPDATE notifications SET is_read = 1 WHERE id = ?", [.integer(id)]) }
        return found
    }

    /// Deletes one notification of a user (another user's id deletes nothing); returns the deleted row.
    public func deleteNotification(_ id: Int64, for user: UserID) throws -> InboxItem? {
        guard let found = try row(SharedSQL.inboxItem, [.integer(id), .integer(user.rawValue)], map: Rows.inboxItem)
        else { return nil }
        try write("DELETE FROM notifications WHERE id = ?", [.integer(id)])
        return found
    }

    /// Deletes every notification of a user (at most `Store.inboxLimit`) and forgets the dropped count; returns
    /// how many were deleted.
    @discardableResult
    public func clearNotifications(for user: UserID) throws -> Int {
        let count = try write("DELETE FROM notifications WHERE user_id = ?", [.integer(user.rawValue)])
        try write("UPDATE users SET inbox_dropped = 0 WHERE id = ? AND inbox_dropped <> 0", [.integer(user.rawValue)])
        return count
    }

    /// Deletes one user's notifications older than the lifetime (uses the per-user index).
    public func pruneNotifications(for user: UserID, now: Int64) throws {
        try write(
            "DELETE FROM notifications WHERE user_id = ? AND created_at < ?",
            [.integer(user.rawValue), .integer(now - Store.notificationLifetime)])
    }

    /// Deletes notifications older than the lifetime.
    public func pruneNotifications(now: Int64) throws {
        try write("DELETE FROM notifications WHERE created_at < ?", [.integer(now - Store.notificationLifetime)])
    }

    // MARK: Muted kinds (table `muted_kinds`)

    /// The kinds `user` has muted (unknown stored kinds, from a newer server, are skipped).
    public func mutedKinds(of user: UserID) throws -> Set<MuteKind> {
        Set(
            try rows("SELECT kind FROM muted_kinds WHERE user_id = ?", [.integer(user.rawValue)]) {
                MuteKind(rawValue: try $0.requiredText("kind"))
            }.compactMap { $0 })
    }

    /// Mutes or unmutes `kind` for `user`; returns whether that changed anything.
    @discardableResult
    public func setMuted(_ kind: MuteKind, _ muted: Bool, for user: UserID) throws -> Bool {
        try write(
            muted
                ? "INSERT INTO muted_kinds (user_id, kind) VALUES (?, ?) ON CONFLICT DO NOTHING"
                : "DELETE FROM muted_kinds WHERE user_id = ? AND kind = ?",
            [.integer(user.rawValue), .text(kind.rawValue)]) > 0
    }
}

extension SharedSQL {
    static let inboxPage = SQL(
        "SELECT \(Rows.inboxColumns) FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
    static let inboxItem = SQL("SELECT \(Rows.inboxColumns) FROM notifications WHERE id = ? AND user_id = ?")
}
