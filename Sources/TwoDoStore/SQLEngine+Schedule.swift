// The calendar's reads and plain writes, written once for both engines: routines with their history, events
// with their exceptions, and the notes on them and on tasks.

import TwoDoCore

extension SQLEngine {
    // MARK: Routines

    /// Every routine of a space, oldest first, with its whole history.
    public func routines(in space: SpaceID) throws -> [Routine] {
        let s: [SQLValue] = [.integer(space.rawValue)]
        let heads = try rows(SQL(Rows.routineColumns + " WHERE r.space_id = ? ORDER BY r.id"), s, map: Rows.routineHead)
        guard !heads.isEmpty else { return [] }
        var segments: [Int64: [RoutineHistory.Segment]] = [:]
        for (id, segment) in try rows(
            """
            SELECT s.routine_id, s.since, s.rule FROM routine_schedules s JOIN routines r ON r.id = s.routine_id
            WHERE r.space_id = ? ORDER BY s.since
            """, s, map: Rows.segment)
        {
            segments[id, default: []].append(segment)
        }
        var pauses: [Int64: [RoutineHistory.Pause]] = [:]
        for (id, pause) in try rows(
            """
            SELECT p.routine_id, p.from_date, p.to_date FROM routine_pauses p JOIN routines r ON r.id = p.routine_id
            WHERE r.space_id = ? ORDER BY p.id
            """, s, map: Rows.pause)
        {
            pauses[id, default: []].append(pause)
        }
        var marks: [Int64: [RoutineOccurrence]] = [:]
        for (id, occurrence) in try rows(
            """
            SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m
            JOIN routines r ON r.id = m.routine_id LEFT JOIN users u ON u.id = m.by_id WHERE r.space_id = ?
            ORDER BY m.day
            """, s, map: Rows.mark)
        {
            marks[id, default: []].append(occurrence)
        }
        return heads.compactMap { head in
            Rows.routine(
                head, segments: segments[head.id.rawValue] ?? [], pauses: pauses[head.id.rawValue] ?? [],
                marks: marks[head.id.rawValue] ?? [])
        }
    }

    /// The routine with this id, only if it belongs to `space`.
    public func routine(_ id: RoutineID, in space: SpaceID) throws -> Routine? {
        guard
            let head = try row(
                SQL(Rows.routineColumns + " WHERE r.id = ? AND r.space_id = ?"),
                [.integer(id.rawValue), .integer(space.rawValue)], map: Rows.routineHead)
        else { return nil }
        let r: [SQLValue] = [.integer(id.rawValue)]
        let segments = try rows(
            "SELECT routine_id, since, rule FROM routine_schedules WHERE routine_id = ? ORDER BY since", r,
            map: Rows.segment)
        let pauses = try rows(
            "SELECT routine_id, from_date, to_date FROM routine_pauses WHERE routine_id = ? ORDER BY id", r,
            map: Rows.pause)
        let marks = try rows(
            """
            SELECT m.routine_id, m.day, m.state, m.at, u.name AS by_name FROM routine_marks m
            LEFT JOIN users u ON u.id = m.by_id WHERE m.routine_id = ? ORDER BY m.day
            """, r, map: Rows.mark)
        return Rows.routine(head, segments: segments.map(\.1), pauses: pauses.map(\.1), marks: marks.map(\.1))
    }

    /// The space of a routine, whatever it is (for the reminder timer, which is no user).
    public func spaceOfRoutine(_ id: RoutineID) throws -> SpaceID? {
        try row("SELECT space_id FROM routines WHERE id = ?", [.integer(id.rawValue)]) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// Makes `rule` the schedule from `since` on (replacing one set the same day).
    public func setRoutineSchedule(_ id: RoutineID, _ rule: Recurrence, since: LocalDate) throws {
        try write(
            SharedSQL.routineSchedule,
            [.text(since.description), .text(RecurrenceCoding.encode(rule)), .integer(id.rawValue)])
    }

    /// Pauses a routine from `from` on (no-op when already paused).
    public func pauseRoutine(_ id: RoutineID, from: LocalDate) throws {
        let open = try row(
            "SELECT id FROM routine_pauses WHERE routine_id = ? AND to_date IS NULL", [.integer(id.rawValue)]
        ) { _ in true }
        guard open == nil else { return }
        try write(SharedSQL.routinePause, [.text(from.description), .integer(id.rawValue)])
    }

    /// Records a mark; false when that day already has one.
    public func markRoutine(
        _ id: RoutineID, day: LocalDate, _ mark: RoutineMark, by user: UserID, now: Int64
    ) throws -> Bool {
        try write(
            SharedSQL.routineMark,
            [
                .text(day.description), .text(mark.rawValue), .integer(user.rawValue), .integer(now),
                .integer(id.rawValue),
            ])
            == 1
    }

    /// Renames a routine (and rewrites its search text).
    public func renameRoutine(_ id: RoutineID, to name: String) throws {
        try updateText(
            .routine, title: "name", SharedSQL.routineName,
            [.text(name), .text(TextFold.key(name)), .integer(id.rawValue)])
    }

    /// Sets or clears (nil) a routine's description (and its search text).
    public func setDescription(of id: RoutineID, to text: String?) throws {
        try updateText(.routine, title: "name", SharedSQL.routineDescription, [.bind(text), .integer(id.rawValue)])
    }

    /// Sets or clears a routine's time of day.
    public func setRoutineTime(_ id: RoutineID, _ time: LocalTime?) throws {
        try write("UPDATE routines SET time = ? WHERE id = ?", [.bind(time?.description), .integer(id.rawValue)])
    }

    /// Ends a routine's pause so that `today` is due again; a pause that never covered a day is dropped.
    public func resumeRoutine(_ id: RoutineID, today: LocalDate) throws {
        try write(
            "DELETE FROM routine_pauses WHERE routine_id = ? AND to_date IS NULL AND from_date >= ?",
            [.integer(id.rawValue), .text(today.description)])
        try write(
            "UPDATE routine_pauses SET to_date = ? WHERE routine_id = ? AND to_date IS NULL",
            [.text(today.adding(days: -1).description), .integer(id.rawValue)])
    }

    /// Deletes a routine with its marks, notes and reminders.
    public func deleteRoutine(_ id: RoutineID) throws {
        try write("DELETE FROM routines WHERE id = ?", [.integer(id.rawValue)])
    }

    /// Removes the mark of `day`, or of the most recently marked day when nil; returns the day and mark removed.
    public func unmarkRoutine(_ id: RoutineID, day: LocalDate?) throws -> (LocalDate, RoutineMark)? {
        let read = { (row: Row) in
            (try row.requiredInt("id"), try row.requiredDate("day"), try row.required("state", as: RoutineMark.self))
        }
        let found: (Int64, LocalDate, RoutineMark)?
        if let day {
            found = try row(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = ? AND day = ?",
                [.integer(id.rawValue), .text(day.description)], map: read)
        } else {
            found = try row(
                "SELECT id, day, state FROM routine_marks WHERE routine_id = ? ORDER BY at DESC, id DESC LIMIT 1",
                [.integer(id.rawValue)], map: read)
        }
        guard let (markID, date, mark) = found else { return nil }
        try write("DELETE FROM routine_marks WHERE id = ?", [.integer(markID)])
        return (date, mark)
    }

    /// The member a routine is for (nil: both) and its author, as ids.
    public func routinePeople(_ id: RoutineID) throws -> (assignee: UserID?, createdBy: UserID?) {
        try row("SELECT assignee_id, created_by FROM routines WHERE id = ?", [.integer(id.rawValue)]) {
            (try $0.int("assignee_id").map(UserID.init), try $0.int("created_by").map(UserID.init))
        } ?? (nil, nil)
    }

    /// The number of routines of a space (from the `routines_space` index).
    public func routineCount(in space: SpaceID) throws -> Int {
        try count("SELECT count(*) AS n FROM routines WHERE space_id = ?", .integer(space.rawValue))
    }

    // MARK: Events

    /// Every event of a space, by id, with exceptions (export and search).
    public func events(inSpace space: SpaceID) throws -> [CalendarEvent] {
        var all = try rows(
            SQL(Rows.eventColumns + " WHERE e.space_id = ? ORDER BY e.id"), [.integer(space.rawValue)],
            map: Rows.event)
        let exceptions = try exceptions(of: all.map(\.id))
        for i in all.indices { all[i].exceptions = exceptions[all[i].id] ?? [:] }
        return all
    }

    /// The event with this id, only if it belongs to `space`.
    public func event(_ id: EventID, in space: SpaceID) throws -> CalendarEvent? {
        guard
            var e = try row(
                SQL(Rows.eventColumns + " WHERE e.id = ? AND e.space_id = ?"),
                [.integer(id.rawValue), .integer(space.rawValue)], map: Rows.event)
        else { return nil }
        e.exceptions = try exceptions(of: [id])[id] ?? [:]
        e.noteCount = try noteCount(event: id)
        return e
    }

    /// The space of an event, whatever it is (for the reminder timer).
    public func spaceOfEvent(_ id: EventID) throws -> SpaceID? {
        try row("SELECT space_id FROM events WHERE id = ?", [.integer(id.rawValue)]) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// Events of a space whose folded title contains every folded word of `query`; exact titles win.
    public func events(matching query: String, in space: SpaceID, limit: Int) throws -> [CalendarEvent] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard let firstWord = words.first else { return [] }
        let candidates = try rows(
            SharedSQL.eventsByTitleWord, [.integer(space.rawValue), .text(firstWord)], map: Rows.event)
        let exact = candidates.filter { TextFold.key($0.title) == key }
        let chosen =
            exact.isEmpty
            ? Array(candidates.filter { c in words.allSatisfy { TextFold.key(c.title).contains($0) } }.prefix(limit))
            : exact
        return try chosen.compactMap { try event($0.id, in: space) }
    }

    /// The exceptions of the events `ids`, by their primary key (for a window, only its series: joining every
    /// event of a 5,000-event space to look for exceptions was an eighth of a month's `calendar`).
    package func exceptions(of ids: [EventID]) throws -> [EventID: [LocalDate: EventException]] {
        guard !ids.isEmpty else { return [:] }
        var out: [EventID: [LocalDate: EventException]] = [:]
        for (id, day, exception) in try rows(
            SharedSQL.exceptionsOfEvents, [dialect.ids(ids.map(\.rawValue))], map: Rows.exception)
        {
            out[EventID(id), default: [:]][day] = exception
        }
        return out
    }

    /// Sets or clears (nil) an event's description (and its search text).
    public func setDescription(of event: EventID, to text: String?, now: Int64) throws {
        try updateText(
            .event, title: "title", SharedSQL.eventDescription, [.bind(text), .integer(now), .integer(event.rawValue)])
    }

    /// Rewrites an event's fields (title, dates, times, zone, place, reminder, rule, assignee; not the
    /// description), and its search text.
    public func updateEvent(_ event: CalendarEvent, assignee: UserID?, now: Int64) throws {
        let rule = event.recurrence
        try updateText(
            .event, title: "title", SharedSQL.eventUpdate,
            [
                .text(event.title), .text(TextFold.key(event.title)), .text(event.date.description),
                .bind(event.time?.description), .bind(event.end?.description), .text(event.tz), .bind(event.location),
                .bind(event.remindMinutes), .bind(rule?.frequency.rawValue), .bind(rule?.interval),
                .bind(rule.map { $0.weekdays.map(String.init).joined(separator: ",") }), .bind(rule?.monthDay),
                .bind(rule?.month), .bind(rule?.ordinal), .bind(rule?.until?.description), .bind(assignee?.rawValue),
                .integer(now), .bind(event.endDate?.description), .integer(event.id.rawValue),
            ])
    }

    /// Forgets every per-occurrence change of a series (after the series itself moved).
    public func clearExceptions(_ event: EventID) throws {
        try write("DELETE FROM event_exceptions WHERE event_id = ?", [.integer(event.rawValue)])
    }

    /// Deletes an event with its exceptions, notes and reminders.
    public func deleteEvent(_ event: EventID) throws {
        try write("DELETE FROM events WHERE id = ?", [.integer(event.rawValue)])
    }

    /// The number of events stored in a space.
    public func eventCount(in space: SpaceID) throws -> Int {
        try count("SELECT count(*) AS n FROM events WHERE space_id = ?", .integer(space.rawValue))
    }

    /// The number of events of a space (from the two partial indexes, one-off and repeating).
    public func indexedEventCount(in space: SpaceID) throws -> Int {
        let s = SQLValue.integer(space.rawValue)
        return try count(
            """
            SELECT (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NULL)
                 + (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NOT NULL) AS n
            """, s, s)
    }

    // MARK: Notes

    /// The notes of a task, oldest first.
    public func notes(of task: TaskID) throws -> [Note] {
        try rows(SharedSQL.taskNotes, [.integer(task.rawValue)], map: Rows.note)
    }

    /// Deletes the `number`-th note (1-based, oldest first) of a task; returns it, or nil when there is none.
    public func deleteNote(of task: TaskID, number: Int) throws -> Note? {
        try deleteNumberedNote(SharedSQL.numberedTaskNote, "task_notes", owner: task.rawValue, number: number)
    }

    /// The notes of a routine, oldest first.
    public func notes(of routine: RoutineID) throws -> [Note] {
        try rows(SharedSQL.routineNotes, [.integer(routine.rawValue)], map: Rows.note)
    }

    /// The notes of an event, oldest first.
    public func notes(of event: EventID) throws -> [Note] {
        try rows(SharedSQL.eventNotes, [.integer(event.rawValue)], map: Rows.note)
    }

    /// Deletes the `number`-th note (1-based, oldest first) of a routine; returns it, or nil when there is none.
    public func deleteNote(of routine: RoutineID, number: Int) throws -> Note? {
        try deleteNumberedNote(SharedSQL.numberedRoutineNote, "item_notes", owner: routine.rawValue, number: number)
    }

    /// Deletes the `number`-th note of an event; returns it, or nil when there is none.
    public func deleteNote(of event: EventID, number: Int) throws -> Note? {
        try deleteNumberedNote(SharedSQL.numberedEventNote, "item_notes", owner: event.rawValue, number: number)
    }

    /// Rewrites the `number`-th note of a task; returns it as it was, or nil when there is none.
    public func editNote(of task: TaskID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note? {
        try editNumberedNote(
            SharedSQL.numberedTaskNote, .taskNote, owner: task.rawValue, number: number, text: text, by: user, now: now)
    }

    /// Rewrites the `number`-th note of a routine; returns it as it was, or nil when there is none.
    public func editNote(of routine: RoutineID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note?
    {
        try editNumberedNote(
            SharedSQL.numberedRoutineNote, .itemNote, owner: routine.rawValue, number: number, text: text, by: user,
            now: now)
    }

    /// Rewrites the `number`-th note of an event; returns it as it was, or nil when there is none.
    public func editNote(of event: EventID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note? {
        try editNumberedNote(
            SharedSQL.numberedEventNote, .itemNote, owner: event.rawValue, number: number, text: text, by: user,
            now: now)
    }

    /// Rewrites the `number`-th note `select` finds (its owner `?`, its offset `?`): its text, author and time
    /// become the editor's (the words shown under a name are that person's), its id and so its place stay.
    /// The search text follows: SQLite's triggers queue it, PostgreSQL's is rewritten from the `RETURNING` row.
    private func editNumberedNote(
        _ select: SQL, _ kind: SearchTextKind, owner: Int64, number: Int, text: String, by user: UserID, now: Int64
    ) throws -> Note? {
        guard number >= 1 else { return nil }
        guard
            let (id, note) = try row(
                select, [.integer(owner), .integer(Int64(number - 1))],
                map: { (try $0.requiredInt("id"), try Rows.note(from: $0)) })
        else { return nil }
        let (table, space) =
            kind == .taskNote
            ? ("task_notes", "(SELECT space_id FROM tasks WHERE tasks.id = task_notes.task_id)")
            : (
                "item_notes",
                "coalesce((SELECT space_id FROM routines WHERE routines.id = item_notes.routine_id), "
                    + "(SELECT space_id FROM events WHERE events.id = item_notes.event_id))"
            )
        try updateText(
            kind, title: "body",
            SQL("UPDATE \(table) SET body = ?, author_id = ?, created_at = ? WHERE id = ?")
                + dialect.returning("id, \(space) AS space_id, body, NULL AS description"),
            [.text(text), .integer(user.rawValue), .integer(now), .integer(id)])
        if kind == .taskNote {
            try write(SQL("UPDATE tasks SET updated_at = ? WHERE id = ?"), [.integer(now), .integer(owner)])
        }
        return note
    }

    /// Deletes the `number`-th note `select` finds (its owner `?`, its offset `?`) from `table`.
    package func deleteNumberedNote(_ select: SQL, _ table: String, owner: Int64, number: Int) throws -> Note? {
        guard number >= 1 else { return nil }
        guard
            let (id, note) = try row(
                select, [.integer(owner), .integer(Int64(number - 1))],
                map: { (try $0.requiredInt("id"), try Rows.note(from: $0)) })
        else { return nil }
        try write(SQL("DELETE FROM \(table) WHERE id = ?"), [.integer(id)])
        return note
    }

    /// The number of notes on a task, a routine or an event (exactly one of them; from their note indexes).
    public func noteCount(task: TaskID? = nil, routine: RoutineID? = nil, event: EventID? = nil) throws -> Int {
        if let task {
            return try count("SELECT count(*) AS n FROM task_notes WHERE task_id = ?", .integer(task.rawValue))
        } else if let routine {
            return try count("SELECT count(*) AS n FROM item_notes WHERE routine_id = ?", .integer(routine.rawValue))
        } else if let event {
            return try count("SELECT count(*) AS n FROM item_notes WHERE event_id = ?", .integer(event.rawValue))
        }
        preconditionFailure("noteCount needs one item")
    }
}

/// Shared statements built from the shared column lists (built once, not per call).
enum SharedSQL {
    static let routineName = SQL { d in
        "UPDATE routines SET name = ?, name_key = ? WHERE id = ?" + d.returning("id, space_id, name, description")
    }
    static let routineDescription = SQL { d in
        "UPDATE routines SET description = ? WHERE id = ?" + d.returning("id, space_id, name, description")
    }
    static let eventDescription = SQL { d in
        "UPDATE events SET description = ?, updated_at = ? WHERE id = ?"
            + d.returning("id, space_id, title, description")
    }
    static let eventUpdate = SQL { d in
        """
        UPDATE events SET title = ?, title_key = ?, start_date = ?, start_time = ?, end_time = ?, tz = ?, location = ?,
            remind_minutes = ?, rec_freq = ?, rec_interval = ?, rec_weekdays = ?, rec_month_day = ?, rec_month = ?,
            rec_ordinal = ?, rec_until = ?, assignee_id = ?, updated_at = ?, end_date = ?
        WHERE id = ?
        """ + d.returning("id, space_id, title, description")
    }
    static let routineSchedule = SQL { d in
        """
        INSERT INTO routine_schedules (routine_id, since, rule\(d.ownerSpace))
        SELECT id, ?, ?\(d.ownerSpace) FROM routines WHERE id = ?
        ON CONFLICT (routine_id, since) DO UPDATE SET rule = excluded.rule
        """
    }
    static let routinePause = SQL { d in
        """
        INSERT INTO routine_pauses (routine_id, from_date\(d.ownerSpace))
        SELECT id, ?\(d.ownerSpace) FROM routines WHERE id = ?
        """
    }
    static let routineMark = SQL { d in
        """
        INSERT INTO routine_marks (routine_id, day, state, by_id, at\(d.ownerSpace))
        SELECT id, ?, ?, ?, ?\(d.ownerSpace) FROM routines WHERE id = ?
        ON CONFLICT (routine_id, day) DO NOTHING
        """
    }
    static let eventsByTitleWord = SQL { d in
        Rows.eventColumns + " WHERE e.space_id = ? AND \(d.contains("e.title_key", "?")) ORDER BY e.start_date, e.id"
    }
    static let exceptionsOfEvents = SQL { d in
        Rows.exceptionColumns + " FROM \(d.idTable("h")) JOIN event_exceptions x ON x.event_id = h.value"
    }
    static let taskNotes = SQL(Rows.noteColumns(from: "task_notes") + " WHERE n.task_id = ? ORDER BY n.id")
    static let routineNotes = SQL(Rows.noteColumns(from: "item_notes") + " WHERE n.routine_id = ? ORDER BY n.id")
    static let eventNotes = SQL(Rows.noteColumns(from: "item_notes") + " WHERE n.event_id = ? ORDER BY n.id")
    static let numberedRoutineNote = numberedNote("item_notes", "routine_id")
    static let numberedEventNote = numberedNote("item_notes", "event_id")
    static let numberedTaskNote = numberedNote("task_notes", "task_id")

    /// The `?`-th (0-based) note of the owner `?` in `table`, with its id.
    private static func numberedNote(_ table: String, _ owner: String) -> SQL {
        SQL(
            "SELECT n.id, " + String(Rows.noteColumns(from: table).dropFirst("SELECT ".count))
                + " WHERE n.\(owner) = ? ORDER BY n.id LIMIT 1 OFFSET ?")
    }
}
