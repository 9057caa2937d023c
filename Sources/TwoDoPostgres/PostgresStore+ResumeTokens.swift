// ResumeTokenStore on PostgreSQL: digests of resume tokens, per user, with their expiry — shared by every node.

import TwoDoCore
import TwoDoStore

extension PostgresStore: ResumeTokenStore {
    /// Stores a new token's digest for `user`; drops the user's expired tokens and, past the cap, the oldest.
    public func addResumeToken(digest: String, for user: UserID, now: Int64, expiresAt: Int64) throws {
        let id = PGValue.integer(user.rawValue)
        try connection.execute(
            "DELETE FROM resume_tokens WHERE user_id = $1 AND expires_at <= $2", [id, .integer(now)])
        try connection.execute(
            "INSERT INTO resume_tokens (digest, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            [.text(digest), id, .integer(now), .integer(expiresAt)])
        // The rows older than the user's `maxPerUser`-th newest (none when they hold fewer): one index range.
        try connection.execute(
            """
            DELETE FROM resume_tokens WHERE user_id = $1 AND id < (
                SELECT id FROM resume_tokens WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)
            """, [id, .integer(Int64(ResumeTokens.maxPerUser - 1))])
    }

    /// The user a token's digest logs in, when it is on file and not expired at `now`.
    public func resumeTokenUser(digest: String, now: Int64) throws -> UserID? {
        try connection.execute(
            "SELECT user_id FROM resume_tokens WHERE digest = $1 AND expires_at > $2", [.text(digest), .integer(now)]
        ).int(0, 0).map(UserID.init)
    }

    /// Ends one token.
    public func deleteResumeToken(digest: String) throws {
        try connection.execute("DELETE FROM resume_tokens WHERE digest = $1", [.text(digest)])
    }

    /// Ends every token of `user`; returns how many there were.
    @discardableResult public func deleteResumeTokens(of user: UserID) throws -> Int {
        try connection.execute("DELETE FROM resume_tokens WHERE user_id = $1", [.integer(user.rawValue)]).affectedRows
    }

    /// How many unexpired tokens `user` holds at `now`.
    public func resumeTokenCount(of user: UserID, now: Int64) throws -> Int {
        Int(
            try connection.execute(
                "SELECT count(*) FROM resume_tokens WHERE user_id = $1 AND expires_at > $2",
                [.integer(user.rawValue), .integer(now)]
            ).int(0, 0) ?? 0)
    }
}
