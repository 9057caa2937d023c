// SQL on `events` and `event_exceptions`: adding, per-occurrence changes, merging; the window query is shared
// (SQLEngine+Calendar).

import TwoDoCore

extension Store {
    // Tables `events` and `event_exceptions`: migration 3; `events.description`: migration 11, `events.end_date`: migration 17. An event's exceptions, notes and reminders go
    // with it (ON DELETE CASCADE).

    /// Adds an event (the id in `event` is ignored); returns its id.
    public func addEvent(
        _ event: CalendarEvent, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> EventID {
        try db.run(
            """
            INSERT INTO events (space_id, title, title_key, start_date, start_time, end_time, tz, location, remind_minutes,
                                rec_freq, rec_interval, rec_weekdays, rec_month_day, rec_month, rec_ordinal, rec_until,
                                assignee_id, created_by, created_at, updated_at, end_date)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            .integer(space.rawValue), .text(event.title), .text(TextFold.key(event.title)),
            .text(event.date.description),
            Store.optional(event.time?.description), Store.optional(event.end?.description), .text(event.tz),
            Store.optional(event.location),
            Store.optional(event.remindMinutes), Store.optional(event.recurrence?.frequency.rawValue),
            Store.optional(event.recurrence?.interval),
            Store.optional(event.recurrence.map { $0.weekdays.map(String.init).joined(separator: ",") }),
            Store.optional(event.recurrence?.monthDay), Store.optional(event.recurrence?.month),
            Store.optional(event.recurrence?.ordinal),
            Store.optional(event.recurrence?.until?.description), assignee.map { .integer($0.rawValue) } ?? .null,
            .integer(user.rawValue),
            .integer(now), .integer(now), Store.optional(event.endDate?.description))
        return EventID(db.lastInsertID)
    }

    /// Records a change to one occurrence of a series (replacing an earlier change of it).
    public func setException(_ event: EventID, day: LocalDate, _ exception: EventException) throws {
        switch exception {
        case .cancelled:
            try db.run(
                """
                INSERT OR REPLACE INTO event_exceptions (event_id, day, cancelled, space_id)
                SELECT id, ?, 1, space_id FROM events WHERE id = ?
                """,
                .text(day.description), .integer(event.rawValue))
        case .moved(let date, let time, let end):
            try db.run(
                """
                INSERT OR REPLACE INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end, space_id)
                SELECT id, ?, 0, ?, ?, ?, space_id FROM events WHERE id = ?
                """,
                .text(day.description), .text(date.description), Store.optional(time?.description),
                Store.optional(end?.description), .integer(event.rawValue))
        }
    }

    /// Moves a space's events into another space (merging spaces).
    func moveEvents(from source: SpaceID, into target: SpaceID) throws {
        try db.run(
            "UPDATE events SET space_id = ? WHERE space_id = ?", .integer(target.rawValue), .integer(source.rawValue))
    }

    /// Makes `user`'s events everyone's (the member is leaving the couple).
    func unassignEvents(of user: UserID) throws {
        try db.run("UPDATE events SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
    }

    static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }

    static func optional(_ n: Int?) -> SQLValue { n.map { .integer(Int64($0)) } ?? .null }
}
