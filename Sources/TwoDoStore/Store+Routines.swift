// SQL on `routines` and their `routine_schedules`, `routine_pauses`, `routine_marks`: loaded whole, changed by command.

import TwoDoCore

extension Store {
    // Tables `routines`, `routine_schedules`, `routine_pauses`, `routine_marks`: migration 3; `description`:
    // migration 11. A routine's
    // schedules, pauses, marks, notes and reminders go with it (ON DELETE CASCADE).

    private static let routineColumns = """
        SELECT r.id, r.name, r.time, r.created_at, a.name AS assignee, c.name AS created_by,
               (SELECT count(*) FROM item_notes n WHERE n.routine_id = r.id) AS note_count, r.description
        FROM routines r
        LEFT JOIN users a ON a.id = r.assignee_id
        LEFT JOIN users c ON c.id = r.created_by
        """

    /// Every routine of a space, oldest first, with its whole history.
    public func routines(in space: SpaceID) throws -> [Routine] {
        let heads = try db.query(
            Store.routineColumns + " WHERE r.space_id = ? ORDER BY r.id", .integer(space.rawValue),
            map: Store.routineHead)
        guard !heads.isEmpty else { return [] }
        var segments: [Int64: [RoutineHistory.Segment]] = [:]
        for (id, segment) in try db.query(
            "SELECT s.routine_id, s.since, s.rule FROM routine_schedules s JOIN routines r ON r.id = s.routine_id WHERE r.space_id = ? ORDER BY s.since",
            .integer(space.rawValue), map: Store.segment)
        {
            segments[id, default: []].append(segment)
        }
        var pauses: [Int64: [RoutineHistory.Pause]] = [:]
        for (id, pause) in try db.query(
            "SELECT p.routine_id, p.from_date, p.to_date FROM routine_pauses p JOIN routines r ON r.id = p.routine_id WHERE r.space_id = ? ORDER BY p.id",
            .integer(space.rawValue), map: Store.pause)
        {
            pauses[id, default: []].append(pause)
        }
        var marks: [Int64: [RoutineOccurrence]] = [:]
        for (id, occurrence) in try db.query(
            """
            SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m
            JOIN routines r ON r.id = m.routine_id LEFT JOIN users u ON u.id = m.by_id WHERE r.space_id = ? ORDER BY m.day
            """, .integer(space.rawValue), map: Store.mark)
        {
            marks[id, default: []].append(occurrence)
        }
        return heads.compactMap { head in
            Store.routine(
                head, segments: segments[head.id.rawValue] ?? [], pauses: pauses[head.id.rawValue] ?? [],
                marks: marks[head.id.rawValue] ?? [])
        }
    }

    /// The routine with this id, only if it belongs to `space`.
    public func routine(_ id: RoutineID, in space: SpaceID) throws -> Routine? {
        guard
            let head = try db.queryOne(
                Store.routineColumns + " WHERE r.id = ? AND r.space_id = ?", .integer(id.rawValue),
                .integer(space.rawValue), map: Store.routineHead)
        else { return nil }
        let segments = try db.query(
            "SELECT routine_id, since, rule FROM routine_schedules WHERE routine_id = ? ORDER BY since",
            .integer(id.rawValue), map: Store.segment)
        let pauses = try db.query(
            "SELECT routine_id, from_date, to_date FROM routine_pauses WHERE routine_id = ? ORDER BY id",
            .integer(id.rawValue), map: Store.pause)
        let marks = try db.query(
            "SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m LEFT JOIN users u ON u.id = m.by_id WHERE m.routine_id = ? ORDER BY m.day",
            .integer(id.rawValue), map: Store.mark)
        return Store.routine(head, segments: segments.map(\.1), pauses: pauses.map(\.1), marks: marks.map(\.1))
    }

    /// The space of a routine, whatever it is (for the reminder timer, which is no user).
    public func spaceOfRoutine(_ id: RoutineID) throws -> SpaceID? {
        try db.queryOne("SELECT space_id FROM routines WHERE id = ?", .integer(id.rawValue)) {
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

    private static func routineHead(_ row: Row) throws -> RoutineHead {
        RoutineHead(
            id: RoutineID(try row.requiredInt("id")), name: try row.requiredText("name"),
            time: try row.time("time"),
            createdAt: try row.requiredInt("created_at"), assignee: row.text("assignee"),
            createdBy: row.text("created_by"),
            noteCount: Int(try row.requiredInt("note_count")), description: row.text("description"))
    }

    private static func segment(_ row: Row) throws -> (Int64, RoutineHistory.Segment) {
        let since = try row.requiredDate("since")
        return (
            try row.requiredInt("routine_id"),
            RoutineHistory.Segment(
                since: since, rule: try row.requiredRecurrence("rule"))
        )
    }

    private static func pause(_ row: Row) throws -> (Int64, RoutineHistory.Pause) {
        let from = try row.requiredDate("from_date")
        return (
            try row.requiredInt("routine_id"),
            RoutineHistory.Pause(from: from, to: try row.date("to_date"))
        )
    }

    private static func mark(_ row: Row) throws -> (Int64, RoutineOccurrence) {
        let day = try row.requiredDate("day")
        let mark = try row.required("state", as: RoutineMark.self)
        return (
            try row.requiredInt("routine_id"),
            RoutineOccurrence(date: day, mark: mark, by: row.text("by_name"), at: try row.requiredInt("at"))
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
            id: head.id, name: head.name, assignee: head.assignee, createdBy: head.createdBy, createdAt: head.createdAt,
            time: head.time,
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
        try db.run(
            "INSERT INTO routines (space_id, name, name_key, assignee_id, created_by, created_at, time) VALUES (?, ?, ?, ?, ?, ?, ?)",
            .integer(space.rawValue), .text(name), .text(TextFold.key(name)),
            assignee.map { .integer($0.rawValue) } ?? .null,
            .integer(user.rawValue), .integer(now), time.map { .text($0.description) } ?? .null)
        let id = RoutineID(db.lastInsertID)
        try setRoutineSchedule(id, rule, since: since)
        return id
    }

    /// Makes `rule` the schedule from `since` on (replacing one set the same day).
    public func setRoutineSchedule(_ id: RoutineID, _ rule: Recurrence, since: LocalDate) throws {
        try db.run(
            """
            INSERT INTO routine_schedules (routine_id, since, rule, space_id)
            SELECT id, ?, ?, space_id FROM routines WHERE id = ?
            ON CONFLICT (routine_id, since) DO UPDATE SET rule = excluded.rule
            """,
            .text(since.description), .text(RecurrenceCoding.encode(rule)), .integer(id.rawValue))
    }

    /// Sets or clears a routine's time of day.
    public func setRoutineTime(_ id: RoutineID, _ time: LocalTime?) throws {
        try db.run(
            "UPDATE routines SET time = ? WHERE id = ?", time.map { .text($0.description) } ?? .null,
            .integer(id.rawValue))
    }

    /// Renames a routine.
    public func renameRoutine(_ id: RoutineID, to name: String) throws {
        try db.run(
            "UPDATE routines SET name = ?, name_key = ? WHERE id = ?", .text(name), .text(TextFold.key(name)),
            .integer(id.rawValue))
    }

    /// Sets or clears (nil) a routine's description.
    public func setDescription(of id: RoutineID, to text: String?) throws {
        try db.run(
            "UPDATE routines SET description = ? WHERE id = ?", text.map { .text($0) } ?? .null, .integer(id.rawValue))
    }

    /// Pauses a routine from `from` on (no-op when already paused).
    public func pauseRoutine(_ id: RoutineID, from: LocalDate) throws {
        let open = try db.queryOne(
            "SELECT id FROM routine_pauses WHERE routine_id = ? AND to_date IS NULL", .integer(id.rawValue)
        ) { try $0.requiredInt("id") }
        guard open == nil else { return }
        try db.run(
            "INSERT INTO routine_pauses (routine_id, from_date, space_id) SELECT id, ?, space_id FROM routines WHERE id = ?",
            .text(from.description), .integer(id.rawValue))
    }

    /// Ends a routine's pause so that `today` is due again; a pause that never covered a day is dropped.
    public func resumeRoutine(_ id: RoutineID, today: LocalDate) throws {
        try db.run(
            "DELETE FROM routine_pauses WHERE routine_id = ? AND to_date IS NULL AND from_date >= ?",
            .integer(id.rawValue), .text(today.description))
        try db.run(
            "UPDATE routine_pauses SET to_date = ? WHERE routine_id = ? AND to_date IS NULL",
            .text(today.adding(days: -1).description), .integer(id.rawValue))
    }

    /// Deletes a routine with its marks, notes and reminders.
    public func deleteRoutine(_ id: RoutineID) throws {
        try db.run("DELETE FROM routines WHERE id = ?", .integer(id.rawValue))
    }

    /// Records a mark; false when that day already has one.
    public func markRoutine(
        _ id: RoutineID, day: LocalDate, _ mark: RoutineMark, by user: UserID, now: Int64
    ) throws -> Bool {
        try db.run(
            """
            INSERT INTO routine_marks (routine_id, day, state, by_id, at, space_id)
            SELECT id, ?, ?, ?, ?, space_id FROM routines WHERE id = ?
            ON CONFLICT (routine_id, day) DO NOTHING
            """,
            .text(day.description), .text(mark.rawValue), .integer(user.rawValue), .integer(now), .integer(id.rawValue))
            == 1
    }

    /// Removes the mark of `day`, or of the most recently marked day when nil; returns the day and mark removed.
    public func unmarkRoutine(_ id: RoutineID, day: LocalDate?) throws -> (LocalDate, RoutineMark)? {
        let read = { (row: Row) in
            (try row.requiredInt("id"), try row.requiredDate("day"), try row.required("state", as: RoutineMark.self))
        }
        let found: (Int64, LocalDate, RoutineMark)?
        if let day {
            found = try db.queryOne(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = ? AND day = ?", .integer(id.rawValue),
                .text(day.description), map: read)
        } else {
            found = try db.queryOne(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = ? ORDER BY at DESC, id DESC LIMIT 1",
                .integer(id.rawValue), map: read)
        }
        guard let (markID, date, mark) = found else { return nil }
        try db.run("DELETE FROM routine_marks WHERE id = ?", .integer(markID))
        return (date, mark)
    }

    /// The member a routine is for (nil: both) and its author, as ids.
    public func routinePeople(_ id: RoutineID) throws -> (assignee: UserID?, createdBy: UserID?) {
        try db.queryOne("SELECT assignee_id, created_by FROM routines WHERE id = ?", .integer(id.rawValue)) {
            ($0.int("assignee_id").map(UserID.init), $0.int("created_by").map(UserID.init))
        } ?? (nil, nil)
    }

    /// The number of routines of a space (from the `routines_space` index).
    public func routineCount(in space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM routines WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
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
