// Joining and leaving a couple: moves across spaces, composed from each table's own statements and the row
// copier of Store+Copy (no SQL here).

import TwoDoCore

extension Store {
    /// Moves `user` and everything in their old space into `target`, de-duplicating list names.
    ///
    /// Lists whose folded name already exists in the target get a suffix ("Groceries (2)"), except the
    /// default lists, whose tasks join the target's default list. Nothing is dropped.
    /// - Returns: the number of tasks moved.
    @discardableResult
    public func merge(user: UserID, from source: SpaceID, into target: SpaceID, now: Int64) throws -> Int {
        // The user first: a row may name only members of its space (migration 21), and their rows name them.
        try moveUser(user, to: target)
        let sourceLists = try lists(in: source).map { ($0.id, $0.name, $0.isDefault) }
        let targetDefault = try defaultList(in: target)
        var moved = 0
        for (list, name, isDefault) in sourceLists {
            let destination: ListID
            if isDefault {
                destination = targetDefault.id
            } else {
                var candidate = name
                var n = 2
                while try self.list(named: candidate, in: target) != nil {
                    candidate = "\(name) (\(n))"
                    n += 1
                }
                destination = try addList(named: candidate, in: target, now: now)
            }
            moved += try moveTasks(from: list, to: destination, space: target)
        }
        // Routines and events move too (else the space's delete cascades to them).
        try moveRoutines(from: source, into: target)
        try moveEvents(from: source, into: target)
        try deleteInvites(of: source)
        try deleteLists(in: source)
        try deleteSpace(source)
        return moved
    }

    /// Moves `user` out of their shared space into a new personal space holding a copy of what they created
    /// there (`copyCreations`); the shared space keeps everything.
    /// - Returns: the new space and the number of tasks copied into it.
    public func leave(user: UserID, lang: Language, now: Int64) throws -> (space: SpaceID, copiedTasks: Int) {
        guard let source = try self.user(user)?.space else {
            throw DatabaseError(code: 0, message: "no user", sql: nil)
        }
        let space = try createSpace(name: nil, lang: lang, now: now)
        // Moved first, so the copies may name them; then the shared space forgets them (a row names only members).
        try moveUser(user, to: space)
        let copied = try copyCreations(of: user, from: source, into: space, now: now)
        try forget(user, in: source)
        try unassignTasks(of: user)
        try unassignRoutines(of: user)
        try unassignEvents(of: user)
        return (space, copied)
    }

    /// Clears `user`'s name from every row of `space`, which they no longer belong to: what they created, were
    /// given, completed, wrote or marked reads as a former member's; their plan entries and the reminders meant
    /// for them there go. Each statement is bounded by the space's limits.
    func forget(_ user: UserID, in space: SpaceID) throws {
        let (u, s) = (SQLValue.integer(user.rawValue), SQLValue.integer(space.rawValue))
        for (table, column) in Store.userReferences where table != "invites" {
            try db.run("UPDATE \(table) SET \(column) = NULL WHERE space_id = ? AND \(column) = ?", s, u)
        }
        try db.run("DELETE FROM plan_entries WHERE space_id = ? AND user_id = ?", s, u)
        try db.run("DELETE FROM reminders WHERE space_id = ? AND user_id = ?", s, u)
    }
}
