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
}
