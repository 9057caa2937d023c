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

    /// Makes `rule` the schedule from `since` on (replacing one set the same day).
    public func setRoutineSchedule(_ id: RoutineID, _ rule: Recurrence, since: LocalDate) throws {
        try connection.execute(
            """
            INSERT INTO routine_schedules (routine_id, since, rule) VALUES ($1, $2, $3)
            ON CONFLICT (routine_id, since) DO UPDATE SET rule = EXCLUDED.rule
            """, [.integer(id.rawValue), .text(since.description), .text(RecurrenceCoding.encode(rule))])
    }

    /// Renames a routine.
    public func renameRoutine(_ id: RoutineID, to name: String) throws {
        try reindexRoutine(
            try connection.execute(
                "UPDATE routines SET name = $1, name_key = $2 WHERE id = $3 RETURNING id, space_id, name, description",
                [.text(name), .text(TextFold.key(name)), .integer(id.rawValue)]))
    }

    /// Sets or clears (nil) a routine's description.
    public func setDescription(of id: RoutineID, to text: String?) throws {
        try reindexRoutine(
            try connection.execute(
                "UPDATE routines SET description = $1 WHERE id = $2 RETURNING id, space_id, name, description",
                [PostgresStore.bind(text), .integer(id.rawValue)]))
    }

    /// Rewrites the search text of the routine an UPDATE … RETURNING answered (none when no row changed).
    private func reindexRoutine(_ result: PGResult) throws {
        guard result.rowCount == 1 else { return }
        try indexSearchText(
            .routine, id: try result.requiredInt(0, "id"), space: SpaceID(try result.requiredInt(0, "space_id")),
            title: try result.requiredString(0, "name"), description: try result.string(0, "description"))
    }

    /// Pauses a routine from `from` on (no-op when already paused).
    public func pauseRoutine(_ id: RoutineID, from: LocalDate) throws {
        guard try !isPaused(id) else { return }
        try connection.execute(
            "INSERT INTO routine_pauses (routine_id, from_date) VALUES ($1, $2)",
            [.integer(id.rawValue), .text(from.description)])
    }

    /// Records a mark; false when that day already has one.
    public func markRoutine(
        _ id: RoutineID, day: LocalDate, _ mark: RoutineMark, by user: UserID, now: Int64
    ) throws -> Bool {
        try connection.execute(
            """
            INSERT INTO routine_marks (routine_id, day, state, by_id, at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (routine_id, day) DO NOTHING
            """,
            [
                .integer(id.rawValue), .text(day.description), .text(mark.rawValue), .integer(user.rawValue),
                .integer(now),
            ]
        ).affectedRows == 1
    }
}
