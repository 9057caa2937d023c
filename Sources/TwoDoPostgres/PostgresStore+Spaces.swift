// AccountStore on PostgreSQL, part 1: creating, naming and counting spaces; couple invite codes.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // Table `spaces`; a space's lists, tasks, routines, events and invites go with it (ON DELETE CASCADE).

    // MARK: Invites

    /// Stores a new invite for `space`; earlier unused invites of the space stop working. True when one of
    /// them was still valid at `now`.
    @discardableResult
    public func createInvite(
        code: InviteCode, space: SpaceID, by user: UserID, now: Int64, lifetime: Int64
    ) throws -> Bool {
        let s = PGValue.integer(space.rawValue)
        let voided = try connection.execute(
            "DELETE FROM invites WHERE space_id = $1 AND used_at IS NULL RETURNING expires_at > $2 AS valid",
            [s, .integer(now)])
        let replaced = try (0..<voided.rowCount).contains { try voided.bool($0, 0) == true }
        try connection.execute(
            "INSERT INTO invites (code, space_id, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
            [.text(code.symbols), s, .integer(user.rawValue), .integer(now), .integer(now + lifetime)])
        return replaced
    }

    /// The advisory lock class of invite codes (`pg_advisory_xact_lock(class, hashtext(code))`).
    static let inviteLockClass: Int64 = 0x1_7E

    /// Looks an invite code up: unknown, used, expired (by `now`) or valid.
    ///
    /// Several nodes: the code's advisory lock is taken first and held until the transaction ends, and the
    /// row is read after it (a new snapshot under READ COMMITTED). So of two partners joining with one code
    /// on two nodes at once, the second waits for the first's turn and reads `.used`, as SQLite's single
    /// writer answers — instead of both joining. (An advisory lock, not FOR UPDATE: it also works in a
    /// read-only `read { }`.)
    public func invite(_ code: InviteCode, now: Int64) throws -> InviteState {
        try connection.execute(
            "SELECT pg_advisory_xact_lock($1::integer, hashtext($2))",
            [.integer(PostgresStore.inviteLockClass), .text(code.symbols)])
        let result = try connection.execute(
            "SELECT space_id, created_by, expires_at, used_at FROM invites WHERE code = $1", [.text(code.symbols)])
        guard result.rowCount > 0 else { return .unknown }
        if !result.isNull(0, try result.columnIndex("used_at")) { return .used }
        if try result.requiredInt(0, "expires_at") <= now { return .expired }
        return .valid(
            space: SpaceID(try result.requiredInt(0, "space_id")),
            createdBy: UserID(try result.requiredInt(0, "created_by")))
    }
}
