// The engine-neutral contract for the notifications kept for members who were offline.

import TwoDoCore

/// Notifications: catalog keys with arguments, kept per user for `Store.notificationLifetime`.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - Arguments round-trip exactly (any text, quotes and control characters included).
/// - Newest first by id; pages (`offset`/`limit`) follow that order; counts are exact and indexed.
/// Expected inside the turn's transaction: a notification is stored with the change it reports.
public protocol NotificationStore: TransactionalStore {
    /// Stores an event for `user` to read later (already read when it was delivered live), dropping the
    /// oldest past `Store.inboxLimit` and counting them. Returns the new row's id.
    @discardableResult
    func addNotification(for user: UserID, key: String, args: [String: String], now: Int64, read: Bool) throws -> Int64
    /// The number of unread notifications of a user.
    func unreadCount(for user: UserID) throws -> Int
    /// A user's notifications, newest first: rows `offset ..< offset + limit`.
    func notifications(for user: UserID, offset: Int, limit: Int) throws -> [InboxItem]
    /// How many notifications a user has.
    func notificationCount(for user: UserID) throws -> Int
    /// Marks a user's unread notifications read (only the newest `newest` when given); returns how many.
    func markNotificationsRead(for user: UserID, newest: Int?) throws -> Int
    /// The id of a user's `position`-th notification, newest first (1 is the newest); nil past the end.
    func notificationID(for user: UserID, position: Int) throws -> Int64?
    /// Marks one notification of a user read (another user's id changes nothing); returns the row, nil when
    /// the user has no such notification.
    func markNotificationRead(_ id: Int64, for user: UserID) throws -> InboxItem?
    /// Deletes one notification of a user (another user's id deletes nothing); returns the deleted row.
    func deleteNotification(_ id: Int64, for user: UserID) throws -> InboxItem?
    /// The kinds of live pushes `user` has muted (they go to the inbox, unread, instead).
    func mutedKinds(of user: UserID) throws -> Set<MuteKind>
    /// Mutes or unmutes `kind` for `user`; returns whether that changed anything.
    func setMuted(_ kind: MuteKind, _ muted: Bool, for user: UserID) throws -> Bool
    /// How many notifications the inbox cap (`Store.inboxLimit`) dropped since the user last cleared it.
    func droppedNotificationCount(for user: UserID) throws -> Int
    /// Deletes every notification of a user and forgets the dropped count; returns how many were deleted.
    func clearNotifications(for user: UserID) throws -> Int
    /// Deletes one user's notifications older than the lifetime.
    func pruneNotifications(for user: UserID, now: Int64) throws
    /// Deletes every notification older than the lifetime.
    func pruneNotifications(now: Int64) throws
}

extension NotificationStore {
    /// An unread inbox row.
    @discardableResult
    public func addNotification(for user: UserID, key: String, args: [String: String], now: Int64) throws -> Int64 {
        try addNotification(for: user, key: key, args: args, now: now, read: false)
    }
}
