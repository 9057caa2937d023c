// The engine-neutral contract for resume tokens: digests of the tokens `login` hands out.

import TwoDoCore

/// Resume tokens, kept only as digests, each for one user until it expires.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - A token goes with its user (account deletion) and is never found after `expiresAt`.
/// - A user holds at most `ResumeTokens.maxPerUser`: issuing one more drops their oldest.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol ResumeTokenStore: TransactionalStore {
    /// Stores a new token's `digest` for `user`, made at `now` and valid until `expiresAt`; drops the user's
    /// expired tokens and, past the cap, their oldest.
    func addResumeToken(digest: String, for user: UserID, now: Int64, expiresAt: Int64) throws
    /// The user a token's `digest` logs in, when it is on file and not expired at `now`.
    func resumeTokenUser(digest: String, now: Int64) throws -> UserID?
    /// Ends one token (logout).
    func deleteResumeToken(digest: String) throws
    /// Ends every token of `user` (passwd, password reset); returns how many there were.
    @discardableResult func deleteResumeTokens(of user: UserID) throws -> Int
    /// How many unexpired tokens `user` holds at `now`.
    func resumeTokenCount(of user: UserID, now: Int64) throws -> Int
}

/// The fixed rules of resume tokens.
public enum ResumeTokens {
    /// How long a token works after the login that issued it: 30 days.
    public static let lifetime: Int64 = 30 * 86_400
    /// The most tokens one user holds (one per login that is still on file); the oldest go first.
    public static let maxPerUser = 20
}
