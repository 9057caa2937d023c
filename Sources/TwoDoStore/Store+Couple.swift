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
        try moveUser(user, to: target)
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
        let copied = try copyCreations(of: user, from: source, into: space, now: now)
        try moveUser(user, to: space)
        try unassignTasks(of: user)
        try unassignRoutines(of: user)
        try unassignEvents(of: user)
        return (space, copied)
    }
}
