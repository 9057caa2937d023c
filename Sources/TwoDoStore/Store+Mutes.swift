// SQL on `muted_kinds`: which kinds of live pushes each user has muted.

import TwoDoCore

extension Store {
    // Table `muted_kinds`: migration 18.

    /// The kinds `user` has muted (unknown stored kinds, from a newer server, are skipped).
    public func mutedKinds(of user: UserID) throws -> Set<MuteKind> {
        Set(
            try db.query("SELECT kind FROM muted_kinds WHERE user_id = ?", .integer(user.rawValue)) {
                MuteKind(rawValue: try $0.requiredText("kind"))
            }.compactMap { $0 })
    }

    /// Mutes or unmutes `kind` for `user`; returns whether that changed anything.
    @discardableResult
    public func setMuted(_ kind: MuteKind, _ muted: Bool, for user: UserID) throws -> Bool {
        let changed =
            muted
            ? try db.run(
                "INSERT OR IGNORE INTO muted_kinds (user_id, kind) VALUES (?, ?)", .integer(user.rawValue),
                .text(kind.rawValue))
            : try db.run(
                "DELETE FROM muted_kinds WHERE user_id = ? AND kind = ?", .integer(user.rawValue),
                .text(kind.rawValue))
        return changed > 0
    }
}
