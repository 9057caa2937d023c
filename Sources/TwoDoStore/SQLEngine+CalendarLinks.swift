// The secret calendar feed links (`calendar_links`): one per user, kept as a digest, written once for both engines.

import TwoDoCore

/// A user's calendar feed link: the digest of its secret, so the database never holds a working link.
public protocol CalendarLinkStore {
    /// Gives `user` a link with this digest, ending the one they had.
    func setCalendarLink(digest: String, for user: UserID, now: Int64) throws
    /// Ends `user`'s link; false when they had none.
    func deleteCalendarLink(of user: UserID) throws -> Bool
    /// The user whose link has this digest.
    func calendarLinkUser(digest: String) throws -> UserID?
}

extension SQLEngine {
    public func setCalendarLink(digest: String, for user: UserID, now: Int64) throws {
        try write(
            """
            INSERT INTO calendar_links (user_id, digest, created_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest, created_at = excluded.created_at
            """, [.integer(user.rawValue), .text(digest), .integer(now)])
    }

    public func deleteCalendarLink(of user: UserID) throws -> Bool {
        try write("DELETE FROM calendar_links WHERE user_id = ?", [.integer(user.rawValue)]) > 0
    }

    public func calendarLinkUser(digest: String) throws -> UserID? {
        try row("SELECT user_id FROM calendar_links WHERE digest = ?", [.text(digest)]) {
            UserID(try $0.requiredInt("user_id"))
        }
    }
}
