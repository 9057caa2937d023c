// SQLite's own statements on `events`: moving a space's events and unassigning them (a couple's merge and leave).

import TwoDoCore

extension Store {
    // Tables `events` and `event_exceptions`: migration 3; `events.description`: migration 11, `events.end_date`: migration 17. An event's exceptions, notes and reminders go
    // with it (ON DELETE CASCADE).

    /// Moves a space's events into another space (merging spaces).
    func moveEvents(from source: SpaceID, into target: SpaceID) throws {
        try db.run(
            "UPDATE events SET space_id = ? WHERE space_id = ?", .integer(target.rawValue), .integer(source.rawValue))
    }

    /// Makes `user`'s events everyone's (the member is leaving the couple).
    func unassignEvents(of user: UserID) throws {
        try db.run("UPDATE events SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
    }
}
