// ScheduleStore on PostgreSQL, notes: notes on routines and events (`item_notes`), and every item's note count.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Attaches a note to a routine or an event (exactly one of them); its folded text goes to the search index.
    public func addNote(routine: RoutineID?, event: EventID?, by user: UserID, text: String, now: Int64) throws {
        // The space comes from the item, in the same statement (none: the INSERT fails on its foreign key).
        let result = try connection.execute(
            """
            INSERT INTO item_notes (routine_id, event_id, author_id, created_at, body) VALUES ($1, $2, $3, $4, $5)
            RETURNING id, coalesce((SELECT space_id FROM routines WHERE id = $1),
                                   (SELECT space_id FROM events WHERE id = $2)) AS space_id
            """,
            [
                PostgresStore.bind(routine?.rawValue), PostgresStore.bind(event?.rawValue), .integer(user.rawValue),
                .integer(now), .text(text),
            ])
        guard let space = try result.int(0, "space_id") else { return }
        try indexSearchText(.itemNote, id: try result.requiredInt(0, "id"), space: SpaceID(space), title: text)
    }

    /// The notes of a routine, oldest first.
    public func notes(of routine: RoutineID) throws -> [Note] {
        try scheduleQuery(
            """
            SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id
            WHERE n.routine_id = $1 ORDER BY n.id
            """, [.integer(routine.rawValue)], map: PostgresStore.itemNote)
    }

    /// The notes of an event, oldest first.
    public func notes(of event: EventID) throws -> [Note] {
        try scheduleQuery(
            """
            SELECT u.name AS author, n.created_at, n.body FROM item_notes n LEFT JOIN users u ON u.id = n.author_id
            WHERE n.event_id = $1 ORDER BY n.id
            """, [.integer(event.rawValue)], map: PostgresStore.itemNote)
    }

    private static func itemNote(_ row: PGRow) throws -> Note {
        Note(author: try row.text("author"), at: try row.requiredInt("created_at"), text: try row.requiredText("body"))
    }

    /// Deletes the `number`-th note (1-based, oldest first) of a routine; returns it, or nil when there is none.
    public func deleteNote(of routine: RoutineID, number: Int) throws -> Note? {
        try deleteNumberedItemNote(column: "routine_id", owner: routine.rawValue, number: number)
    }

    /// Deletes the `number`-th note of an event; returns it, or nil when there is none.
    public func deleteNote(of event: EventID, number: Int) throws -> Note? {
        try deleteNumberedItemNote(column: "event_id", owner: event.rawValue, number: number)
    }

    /// `column` is `routine_id` or `event_id` (a constant of the callers above, never user text).
    private func deleteNumberedItemNote(column: String, owner: Int64, number: Int) throws -> Note? {
        guard number >= 1 else { return nil }
        guard
            let (id, note) = try scheduleQueryOne(
                """
                SELECT n.id, u.name AS author, n.created_at, n.body FROM item_notes n
                LEFT JOIN users u ON u.id = n.author_id WHERE n.\(column) = $1 ORDER BY n.id LIMIT 1 OFFSET $2
                """, [.integer(owner), .integer(Int64(number - 1))],
                map: { (try $0.requiredInt("id"), try PostgresStore.itemNote($0)) })
        else { return nil }
        try connection.execute("DELETE FROM item_notes WHERE id = $1", [.integer(id)])
        return note
    }

    /// The number of notes on a task, a routine or an event (exactly one of them; from their note indexes).
    public func noteCount(task: TaskID?, routine: RoutineID?, event: EventID?) throws -> Int {
        let (sql, id): (String, Int64)
        if let task {
            (sql, id) = ("SELECT count(*) AS n FROM task_notes WHERE task_id = $1", task.rawValue)
        } else if let routine {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE routine_id = $1", routine.rawValue)
        } else if let event {
            (sql, id) = ("SELECT count(*) AS n FROM item_notes WHERE event_id = $1", event.rawValue)
        } else {
            preconditionFailure("noteCount needs one item")
        }
        return try scheduleCount(sql, [.integer(id)])
    }
}
