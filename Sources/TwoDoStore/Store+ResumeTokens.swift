// SQL on `resume_tokens` (migration 16): digests of resume tokens, per user, with their expiry.

import TwoDoCore

extension Store {
    /// Stores a new token's digest for `user`; drops the user's expired tokens and, past the cap, the oldest.
    public func addResumeToken(digest: String, for user: UserID, now: Int64, expiresAt: Int64) throws {
        let id = SQLValue.integer(user.rawValue)
        try db.run("DELETE FROM resume_tokens WHERE user_id = ? AND expires_at <= ?", id, .integer(now))
        try db.run(
            "INSERT INTO resume_tokens (digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            .text(digest), id, .integer(now), .integer(expiresAt))
        try db.run(
            """
            DELETE FROM resume_tokens WHERE user_id = ?1 AND id NOT IN (
                SELECT id FROM resume_tokens WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2)
            """, id, .integer(Int64(ResumeTokens.maxPerUser)))
    }

    /// The user a token's digest logs in, when it is on file and not expired at `now`.
    public func resumeTokenUser(digest: String, now: Int64) throws -> UserID? {
        try db.queryOne(
            "SELECT user_id FROM resume_tokens WHERE digest = ? AND expires_at > ?", .text(digest), .integer(now)
        ) { UserID(try $0.requiredInt("user_id")) }
    }

    /// Ends one token.
    public func deleteResumeToken(digest: String) throws {
        try db.run("DELETE FROM resume_tokens WHERE digest = ?", .text(digest))
    }

    /// Ends every token of `user`; returns how many there were.
    @discardableResult public func deleteResumeTokens(of user: UserID) throws -> Int {
        try db.run("DELETE FROM resume_tokens WHERE user_id = ?", .integer(user.rawValue))
    }

    /// How many unexpired tokens `user` holds at `now`.
    public func resumeTokenCount(of user: UserID, now: Int64) throws -> Int {
        try db.queryOne(
            "SELECT count(*) AS n FROM resume_tokens WHERE user_id = ? AND expires_at > ?",
            .integer(user.rawValue), .integer(now)
        ) { Int(try $0.requiredInt("n")) } ?? 0
    }
}
