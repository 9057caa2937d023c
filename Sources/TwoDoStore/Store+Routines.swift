// SQL on `routines` and their `routine_schedules`, `routine_pauses`, `routine_marks`: loaded whole, changed by command.

import TwoDoCore

extension Store {
    // Tables `routines`, `routine_schedules`, `routine_pauses`, `routine_marks`: migration 3; `description`:
    // migration 11. A routine's
    // schedules, pauses, marks, notes and reminders go with it (ON DELETE CASCADE).

    /// Moves a space's routines into another space (merging spaces).
    func moveRoutines(from source: SpaceID, into target: SpaceID) throws {
        try db.run(
            "UPDATE routines SET space_id = ? WHERE space_id = ?", .integer(target.rawValue), .integer(source.rawValue))
    }

    /// Makes `user`'s routines everyone's (the member is leaving the couple).
    func unassignRoutines(of user: UserID) throws {
        try db.run("UPDATE routines SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
    }
}
