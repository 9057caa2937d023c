// SQL on `routines` and their `routine_schedules`, `routine_pauses`, `routine_marks`: loaded whole, changed by command.

import TwoDoCore

extension Store {
    // Tables `routines`, `routine_schedules`, `routine_pauses`, `routine_marks`: migration 3; `description`:
    // migration 11. A routine's
    // schedules, pauses, marks, notes and reminders go with it (ON DELETE CASCADE).

    /// Adds a routine whose first schedule starts on `since`.
    public func addRoutine(
        name: String, space: SpaceID, by user: UserID, assignee: UserID?, time: LocalTime?, rule: Recurrence,
        since: LocalDate, now: Int64
    ) throws -> RoutineID {
        try db.run(
            "INSERT INTO routines (space_id, name, name_key, assignee_id, created_by, created_at, time) VALUES (?, ?, ?, ?, ?, ?, ?)",
            .integer(space.rawValue), .text(name), .text(TextFold.key(name)),
            assignee.map { .integer($0.rawValue) } ?? .null,
            .integer(user.rawValue), .integer(now), time.map { .text($0.description) } ?? .null)
        let id = RoutineID(db.lastInsertID)
        try setRoutineSchedule(id, rule, since: since)
        return id
    }

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
