// ScheduleStore on PostgreSQL, routines: `routines` with their schedules, pauses and marks (as Store+Routines.swift).

import TwoDoCore
import TwoDoStore

extension PostgresStore: ScheduleStore {
    // A routine's schedules, pauses, marks, notes and reminders go with it (ON DELETE CASCADE); its search
    // row goes by trigger, and the mutators of its name and description rewrite it (`indexSearchText`).

    private static let routineColumns = """
        SELECT r.id, r.name, r.time, r.created_at, a.name AS assignee, c.name AS created_by,
               (SELECT count(*) FROM item_notes n WHERE n.routine_id = r.id) AS note_count, r.description
        FROM routines r
        LEFT JOIN users a ON a.id = r.assignee_id
        LEFT JOIN users c ON c.id = r.created_by
        """

    /// Every routine of a space, oldest first, with its whole history.
    public func routines(in space: SpaceID) throws -> [Routine] {
        let s: [PGValue] = [.integer(space.rawValue)]
        let heads = try scheduleQuery(
            PostgresStore.routineColumns + " WHERE r.space_id = $1 ORDER BY r.id", s, map: PostgresStore.routineHead)
        guard !heads.isEmpty else { return [] }
        var segments: [Int64: [RoutineHistory.Segment]] = [:]
        for (id, segment) in try scheduleQuery(
            """
            SELECT s.routine_id, s.since, s.rule FROM routine_schedules s JOIN routines r ON r.id = s.routine_id
            WHERE r.space_id = $1 ORDER BY s.since
            """, s, map: PostgresStore.segment)
        {
            segments[id, default: []].append(segment)
        }
        var pauses: [Int64: [RoutineHistory.Pause]] = [:]
        for (id, pause) in try scheduleQuery(
            """
            SELECT p.routine_id, p.from_date, p.to_date FROM routine_pauses p JOIN routines r ON r.id = p.routine_id
            WHERE r.space_id = $1 ORDER BY p.id
            """, s, map: PostgresStore.pause)
        {
            pauses[id, default: []].append(pause)
        }
        var marks: [Int64: [RoutineOccurrence]] = [:]
        for (id, occurrence) in try scheduleQuery(
            """
            SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m
            JOIN routines r ON r.id = m.routine_id LEFT JOIN users u ON u.id = m.by_id WHERE r.space_id = $1
            ORDER BY m.day
            """, s, map: PostgresStore.mark)
        {
            marks[id, default: []].append(occurrence)
        }
        return heads.compactMap { head in
            PostgresStore.routine(
                head, segments: segments[head.id.rawValue] ?? [], pauses: pauses[head.id.rawValue] ?? [],
                marks: marks[head.id.rawValue] ?? [])
        }
    }

    /// The routine with this id, only if it belongs to `space`.
    public func routine(_ id: RoutineID, in space: SpaceID) throws -> Routine? {
        guard
            let head = try scheduleQueryOne(
                PostgresStore.routineColumns + " WHERE r.id = $1 AND r.space_id = $2",
                [.integer(id.rawValue), .integer(space.rawValue)], map: PostgresStore.routineHead)
        else { return nil }
        let r: [PGValue] = [.integer(id.rawValue)]
        let segments = try scheduleQuery(
            "SELECT routine_id, since, rule FROM routine_schedules WHERE routine_id = $1 ORDER BY since", r,
            map: PostgresStore.segment)
        let pauses = try scheduleQuery(
            "SELECT routine_id, from_date, to_date FROM routine_pauses WHERE routine_id = $1 ORDER BY id", r,
            map: PostgresStore.pause)
        let marks = try scheduleQuery(
            """
            SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m
            LEFT JOIN users u ON u.id = m.by_id WHERE m.routine_id = $1 ORDER BY m.day
            """, r, map: PostgresStore.mark)
        return PostgresStore.routine(
            head, segments: segments.map(\.1), pauses: pauses.map(\.1), marks: marks.map(\.1))
    }

    /// The space of a routine, whatever it is (for the reminder timer, which is no user).
    public func spaceOfRoutine(_ id: RoutineID) throws -> SpaceID? {
        try scheduleQueryOne("SELECT space_id FROM routines WHERE id = $1", [.integer(id.rawValue)]) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    private struct RoutineHead {
        var id: RoutineID
        var name: String
        var time: LocalTime?
        var createdAt: Int64
        var assignee: String?
        var createdBy: String?
        var noteCount: Int
        var description: String?
    }

    private static func routineHead(_ row: PGRow) throws -> RoutineHead {
        RoutineHead(
            id: RoutineID(try row.requiredInt("id")), name: try row.requiredText("name"), time: try row.time("time"),
            createdAt: try row.requiredInt("created_at"), assignee: try row.text("assignee"),
            createdBy: try row.text("created_by"), noteCount: Int(try row.requiredInt("note_count")),
            description: try row.text("description"))
    }

    private static func segment(_ row: PGRow) throws -> (Int64, RoutineHistory.Segment) {
        let since = try row.requiredDate("since")
        return (
            try row.requiredInt("routine_id"),
            RoutineHistory.Segment(since: since, rule: try row.requiredRecurrence("rule"))
        )
    }

    private static func pause(_ row: PGRow) throws -> (Int64, RoutineHistory.Pause) {
        let from = try row.requiredDate("from_date")
        return (try row.requiredInt("routine_id"), RoutineHistory.Pause(from: from, to: try row.date("to_date")))
    }

    private static func mark(_ row: PGRow) throws -> (Int64, RoutineOccurrence) {
        let day = try row.requiredDate("day")
        let mark = try row.required("state", as: RoutineMark.self)
        return (
            try row.requiredInt("routine_id"),
            RoutineOccurrence(date: day, mark: mark, by: try row.text("by_name"), at: try row.requiredInt("at"))
        )
    }

    private static func routine(
        _ head: RoutineHead, segments: [RoutineHistory.Segment], pauses: [RoutineHistory.Pause],
        marks: [RoutineOccurrence]
    ) -> Routine? {
        guard !segments.isEmpty else { return nil }
        var byDay: [LocalDate: RoutineMark] = [:]
        for m in marks { byDay[m.date] = m.mark }
        var routine = Routine(
            id: head.id, name: head.name, assignee: head.assignee, createdBy: head.createdBy,
            createdAt: head.createdAt, time: head.time,
            history: RoutineHistory(segments: segments, pauses: pauses, marks: byDay), occurrences: marks,
            noteCount: head.noteCount)
        routine.description = head.description
        return routine
    }

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

    /// Sets or clears a routine's time of day.
    public func setRoutineTime(_ id: RoutineID, _ time: LocalTime?) throws {
        try connection.execute(
            "UPDATE routines SET time = $1 WHERE id = $2",
            [PostgresStore.bind(time?.description), .integer(id.rawValue)])
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
        let open = try scheduleQueryOne(
            "SELECT id FROM routine_pauses WHERE routine_id = $1 AND to_date IS NULL", [.integer(id.rawValue)]
        ) { try $0.requiredInt("id") }
        guard open == nil else { return }
        try connection.execute(
            "INSERT INTO routine_pauses (routine_id, from_date) VALUES ($1, $2)",
            [.integer(id.rawValue), .text(from.description)])
    }

    /// Ends a routine's pause so that `today` is due again; a pause that never covered a day is dropped.
    public func resumeRoutine(_ id: RoutineID, today: LocalDate) throws {
        try connection.execute(
            "DELETE FROM routine_pauses WHERE routine_id = $1 AND to_date IS NULL AND from_date >= $2",
            [.integer(id.rawValue), .text(today.description)])
        try connection.execute(
            "UPDATE routine_pauses SET to_date = $1 WHERE routine_id = $2 AND to_date IS NULL",
            [.text(today.adding(days: -1).description), .integer(id.rawValue)])
    }

    /// Deletes a routine with its marks, notes and reminders.
    public func deleteRoutine(_ id: RoutineID) throws {
        try connection.execute("DELETE FROM routines WHERE id = $1", [.integer(id.rawValue)])
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

    /// Removes the mark of `day`, or of the most recently marked day when nil; returns the day and mark removed.
    public func unmarkRoutine(_ id: RoutineID, day: LocalDate?) throws -> (LocalDate, RoutineMark)? {
        let read = { (row: PGRow) in
            (try row.requiredInt("id"), try row.requiredDate("day"), try row.required("state", as: RoutineMark.self))
        }
        let found: (Int64, LocalDate, RoutineMark)?
        if let day {
            found = try scheduleQueryOne(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = $1 AND day = $2",
                [.integer(id.rawValue), .text(day.description)], map: read)
        } else {
            found = try scheduleQueryOne(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = $1 ORDER BY at DESC, id DESC LIMIT 1",
                [.integer(id.rawValue)], map: read)
        }
        guard let (markID, date, mark) = found else { return nil }
        try connection.execute("DELETE FROM routine_marks WHERE id = $1", [.integer(markID)])
        return (date, mark)
    }

    /// The member a routine is for (nil: both) and its author, as ids.
    public func routinePeople(_ id: RoutineID) throws -> (assignee: UserID?, createdBy: UserID?) {
        try scheduleQueryOne(
            "SELECT assignee_id, created_by FROM routines WHERE id = $1", [.integer(id.rawValue)]
        ) { (try $0.int("assignee_id").map(UserID.init), try $0.int("created_by").map(UserID.init)) } ?? (nil, nil)
    }

    /// The number of routines of a space (from the `routines_space` index).
    public func routineCount(in space: SpaceID) throws -> Int {
        try scheduleCount("SELECT count(*) AS n FROM routines WHERE space_id = $1", [.integer(space.rawValue)])
    }
}
