// The engine-neutral contract for deleting accounts and for forgotten-password resets.

import TwoDoCore

/// Deleting an account, and the pending requests and one-time codes of password resets.
///
/// Guarantees beyond `TransactionalStore`'s:
/// - `deleteUser` is one unit inside the caller's transaction: every reference to the user in rows that stay
///   (authorship, assignment, completion, routine marks, notes, used invites) becomes NULL, the user's
///   own rows (notifications, undo history, reset state, invites they made) go, and a space left without
///   members goes with everything in it. The name is free again afterwards.
/// - At most one reset row per user: a new code replaces the old one; codes are stored only as hashes.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol AccountLifecycleStore: TransactionalStore {
    /// Deletes `user`; returns true when their space had no other member and was deleted too.
    func deleteUser(_ user: UserID) throws -> Bool
    /// When `user` last asked for a password reset (`forgot`), if they did and it was not used since.
    func resetRequestTime(of user: UserID) throws -> Int64?
    /// Records that `user` asked for a password reset at `now`.
    func recordResetRequest(for user: UserID, now: Int64) throws
    /// Stores a one-time code's hash for `user`, valid until `expiresAt`; replaces any earlier code.
    func setResetCode(hash: String, expiresAt: Int64, for user: UserID) throws
    /// The outstanding one-time code of `user`: its hash and when it stops working.
    func resetCode(of user: UserID) throws -> (hash: String, expiresAt: Int64)?
    /// Forgets `user`'s request and code (after a reset, so the code works once).
    func clearReset(of user: UserID) throws
}
