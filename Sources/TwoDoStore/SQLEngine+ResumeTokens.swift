// Digests of resume tokens, per user, with their expiry (`resume_tokens`), written once for both engines
// (on PostgreSQL shared by every node).

import TwoDoCore

extension SQLEngine {
    /// Stores a new token's digest for `user`; drops the user's expired tokens and, past the cap, the oldest.
    public func addResumeToken(digest: String, for user: UserID, now: Int64, expiresAt: Int64) throws {
        let id = SQLValue.integer(user.rawValue)
        try write("DELETE FROM resume_tokens WHERE user_id = ? AND expires_at <= ?", [id, .integer(now)])
        try write(
            "INSERT INTO resume_tokens (digest, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            [.text(digest), id, .integer(now), .integer(expiresAt)])
        // The rows older than the user's `maxPerUser`-th newest (none when they hold fewer): one index range.
        try write(
            """
            DELETE FROM resume_tokens WHERE user_id = ?1 AND id < (
                SELECT id FROM resume_tokens WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
            """, [id, .integer(Int64(ResumeTokens.maxPerUser - 1))])
    }

    /// The user a token's digest logs in, when it is on file and not expired at `now`.
    public func resumeTokenUser(digest: String, now: Int64) throws -> UserID? {
        try row(
            "SELECT user_id FROM resume_tokens WHERE digest = ? AND expires_at > ?", [.text(digest), .integer(now)]
        ) { UserID(try $0.requiredInt("user_id")) }
    }

    /// Ends one token.
    public func deleteResumeToken(digest: String) throws {
        try write("DELETE FROM resume_tokens WHERE digest = ?", [.text(digest)])
    }

    /// Ends every token of `user`; returns how many there were.
    @discardableResult public func deleteResumeTokens(of user: UserID) throws -> Int {
        try write("DELETE FROM resume_tokens WHERE user_id = ?", [.integer(user.rawValue)])
    }

    /// How many unexpired tokens `user` holds at `now`.
    public func resumeTokenCount(of user: UserID, now: Int64) throws -> Int {
        try count(
            "SELECT count(*) AS n FROM resume_tokens WHERE user_id = ? AND expires_at > ?",
            .integer(user.rawValue), .integer(now))
    }
}
