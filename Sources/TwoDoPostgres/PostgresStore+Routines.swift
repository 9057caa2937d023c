// ScheduleStore on PostgreSQL, routines: `routines` with their schedules, pauses and marks (as Store+Routines.swift).

import TwoDoCore
import TwoDoStore

extension PostgresStore: ScheduleStore {
    // A routine's schedules, pauses, marks, notes and reminders go with it (ON DELETE CASCADE); its search
    // row goes by trigger, and the mutators of its name and description rewrite it (`indexSearchText`).

    /// Adds a routine whose first schedule starts on `since`.
    public func addRoutine(
        name: String, space: SpaceID, by user: UserID, assignee: UserID?, time: LocalTime?, rule: Recurrence,
        since: LocalDate, now: Int64
    ) throws -> RoutineID {
        let result = try connection.execute(
            """
            INSERT INTO routines (space_id, name, name_key, assignee_id, created_by, created_at, time)
            VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
            """,
            [
                .integer(space.rawValue), .text(name), .text(TextFold.key(name)),
                PostgresStore.bind(assignee?.rawValue), .integer(user.rawValue), .integer(now),
                PostgresStore.bind(time?.description),
            ])
        let id = RoutineID(try result.requiredInt(0, "id"))
        try indexSearchText(.routine, id: id.rawValue, space: space, title: name)
        try setRoutineSchedule(id, rule, since: since)
        return id
    }
}
