// ScheduleStore on PostgreSQL, events: adding one (its title indexed) and per-occurrence changes; the window
// query is shared (SQLEngine+Calendar).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // An event's exceptions, notes and reminders go with it (ON DELETE CASCADE); its search row goes by
    // trigger, and the mutators of its title and description rewrite it (`indexSearchText`).

    /// The values of an event's columns from `title` to `rec_until`, in that order (for INSERT and UPDATE).
    private static func eventValues(_ event: CalendarEvent) -> [PGValue] {
        let rule = event.recurrence
        return [
            .text(event.title), .text(TextFold.key(event.title)), .text(event.date.description),
            bind(event.time?.description), bind(event.end?.description), .text(event.tz), bind(event.location),
            bind(event.remindMinutes), bind(rule?.frequency.rawValue), bind(rule?.interval),
            bind(rule.map { $0.weekdays.map(String.init).joined(separator: ",") }), bind(rule?.monthDay),
            bind(rule?.month), bind(rule?.ordinal), bind(rule?.until?.description),
        ]
    }

    /// Adds an event (the id in `event` is ignored); returns its id.
    public func addEvent(
        _ event: CalendarEvent, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> EventID {
        let result = try connection.execute(
            """
            INSERT INTO events (title, title_key, start_date, start_time, end_time, tz, location, remind_minutes,
                                rec_freq, rec_interval, rec_weekdays, rec_month_day, rec_month, rec_ordinal, rec_until,
                                space_id, assignee_id, created_by, created_at, updated_at, end_date)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
            RETURNING id
            """,
            PostgresStore.eventValues(event) + [
                .integer(space.rawValue), PostgresStore.bind(assignee?.rawValue), .integer(user.rawValue),
                .integer(now), .integer(now), PostgresStore.bind(event.endDate?.description),
            ])
        let id = try result.requiredInt(0, "id")
        // As SQLite's: the description is not stored by `addEvent` (it is set by `setDescription`), so not indexed.
        try indexSearchText(.event, id: id, space: space, title: event.title)
        return EventID(id)
    }

    /// Records a change to one occurrence of a series (replacing an earlier change of it).
    public func setException(_ event: EventID, day: LocalDate, _ exception: EventException) throws {
        let values: [PGValue]
        switch exception {
        case .cancelled:
            values = [.integer(event.rawValue), .text(day.description), .integer(1), .null, .null, .null]
        case .moved(let date, let time, let end):
            values = [
                .integer(event.rawValue), .text(day.description), .integer(0), .text(date.description),
                PostgresStore.bind(time?.description), PostgresStore.bind(end?.description),
            ]
        }
        // SQLite's INSERT OR REPLACE: every column of the earlier change is replaced.
        try connection.execute(
            """
            INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (event_id, day) DO UPDATE SET cancelled = EXCLUDED.cancelled, new_date = EXCLUDED.new_date,
                new_time = EXCLUDED.new_time, new_end = EXCLUDED.new_end
            """, values)
    }
}
