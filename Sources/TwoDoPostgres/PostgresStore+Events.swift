// ScheduleStore on PostgreSQL, events: one row per event or series, window queries, per-occurrence changes.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    // An event's exceptions, notes and reminders go with it (ON DELETE CASCADE); its search row goes by
    // trigger, and the mutators of its title and description rewrite it (`indexSearchText`).

    private static let eventColumns = """
        SELECT e.id, e.title, e.start_date, e.start_time, e.end_time, e.tz, e.location, e.remind_minutes,
               e.rec_freq, e.rec_interval, e.rec_weekdays, e.rec_month_day, e.rec_month, e.rec_ordinal, e.rec_until,
               a.name AS assignee, c.name AS created_by, e.created_at, e.description, e.end_date
        FROM events e
        LEFT JOIN users a ON a.id = e.assignee_id
        LEFT JOIN users c ON c.id = e.created_by
        """

    private static func event(from row: PGRow) throws -> CalendarEvent {
        var rule: Recurrence?
        if let freq = try row.optional("rec_freq", as: Recurrence.Frequency.self) {
            rule = Recurrence(
                freq, interval: Int(try row.int("rec_interval") ?? 1),
                weekdays: Store.weekdays(try row.text("rec_weekdays") ?? ""),
                monthDay: try row.int("rec_month_day").map(Int.init), month: try row.int("rec_month").map(Int.init),
                ordinal: try row.int("rec_ordinal").map(Int.init), until: try row.date("rec_until"))
        }
        var event = CalendarEvent(
            id: EventID(try row.requiredInt("id")), title: try row.requiredText("title"),
            date: try row.requiredDate("start_date"), time: try row.time("start_time"), end: try row.time("end_time"),
            tz: try row.requiredText("tz"), location: try row.text("location"),
            remindMinutes: try row.int("remind_minutes").map(Int.init), recurrence: rule,
            assignee: try row.text("assignee"), createdBy: try row.text("created_by"),
            createdAt: try row.requiredInt("created_at"))
        event.description = try row.text("description")
        event.endDate = try row.date("end_date")
        return event
    }

    /// The events of a space with an occurrence that may fall in `range` (one-offs by their days, series
    /// begun by its end and not ended before its start, series with an occurrence moved into it), exceptions
    /// included; a multi-day event spans at most `CalendarEvent.spanLimit` days.
    public func events(in space: SpaceID, overlapping range: ClosedRange<LocalDate>) throws -> [CalendarEvent] {
        let reach = PGValue.text(range.lowerBound.adding(days: -CalendarEvent.spanLimit).description)
        let low = PGValue.text(range.lowerBound.description)
        let high = PGValue.text(range.upperBound.description)
        var out = try scheduleQuery(
            PostgresStore.eventColumns + """
                 WHERE e.space_id = $1 AND e.rec_freq IS NULL AND e.start_date BETWEEN $2 AND $3
                   AND coalesce(e.end_date, e.start_date) >= $4 ORDER BY e.start_date, e.id
                """, [.integer(space.rawValue), reach, high, low], map: PostgresStore.event(from:))
        var series = try scheduleQuery(
            PostgresStore.eventColumns + """
                 WHERE e.space_id = $1 AND e.rec_freq IS NOT NULL AND e.start_date <= $2
                   AND (e.rec_until IS NULL OR e.rec_until >= $3
                        OR e.id IN (SELECT x.event_id FROM event_exceptions x WHERE x.new_date BETWEEN $3 AND $2))
                 ORDER BY e.id
                """, [.integer(space.rawValue), high, reach], map: PostgresStore.event(from:))
        if !series.isEmpty {
            let exceptions = try exceptions(of: series.map(\.id))
            for i in series.indices { series[i].exceptions = exceptions[series[i].id] ?? [:] }
        }
        out += series
        return out
    }

    /// Every event of a space, by id, with exceptions (export and search).
    public func events(inSpace space: SpaceID) throws -> [CalendarEvent] {
        var all = try scheduleQuery(
            PostgresStore.eventColumns + " WHERE e.space_id = $1 ORDER BY e.id", [.integer(space.rawValue)],
            map: PostgresStore.event(from:))
        let exceptions = try exceptions(of: all.map(\.id))
        for i in all.indices { all[i].exceptions = exceptions[all[i].id] ?? [:] }
        return all
    }

    /// The event with this id, only if it belongs to `space`.
    public func event(_ id: EventID, in space: SpaceID) throws -> CalendarEvent? {
        guard
            var e = try scheduleQueryOne(
                PostgresStore.eventColumns + " WHERE e.id = $1 AND e.space_id = $2",
                [.integer(id.rawValue), .integer(space.rawValue)], map: PostgresStore.event(from:))
        else { return nil }
        e.exceptions = try exceptions(of: [id])[id] ?? [:]
        e.noteCount = try noteCount(task: nil, routine: nil, event: id)
        return e
    }

    /// The space of an event, whatever it is (for the reminder timer).
    public func spaceOfEvent(_ id: EventID) throws -> SpaceID? {
        try scheduleQueryOne("SELECT space_id FROM events WHERE id = $1", [.integer(id.rawValue)]) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// Events of a space whose folded title contains every folded word of `query`; exact titles win.
    public func events(matching query: String, in space: SpaceID, limit: Int) throws -> [CalendarEvent] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard let firstWord = words.first else { return [] }
        let candidates = try scheduleQuery(
            PostgresStore.eventColumns
                + " WHERE e.space_id = $1 AND strpos(e.title_key, $2) > 0 ORDER BY e.start_date, e.id",
            [.integer(space.rawValue), .text(firstWord)], map: PostgresStore.event(from:))
        let exact = candidates.filter { TextFold.key($0.title) == key }
        let chosen =
            exact.isEmpty
            ? Array(candidates.filter { c in words.allSatisfy { TextFold.key(c.title).contains($0) } }.prefix(limit))
            : exact
        return try chosen.compactMap { try event($0.id, in: space) }
    }

    private static func exception(_ row: PGRow) throws -> (Int64, LocalDate, EventException) {
        let day = try row.requiredDate("day")
        if try row.requiredInt("cancelled") == 1 { return (try row.requiredInt("event_id"), day, .cancelled) }
        let date = try row.date("new_date") ?? day
        return (
            try row.requiredInt("event_id"), day,
            .moved(date: date, time: try row.time("new_time"), end: try row.time("new_end"))
        )
    }

    /// The exceptions of the events `ids`, by their primary key (one array parameter).
    private func exceptions(of ids: [EventID]) throws -> [EventID: [LocalDate: EventException]] {
        guard !ids.isEmpty else { return [:] }
        var out: [EventID: [LocalDate: EventException]] = [:]
        let array = "{" + ids.map { String($0.rawValue) }.joined(separator: ",") + "}"
        for (id, day, exception) in try scheduleQuery(
            """
            SELECT event_id, day, cancelled, new_date, new_time, new_end FROM event_exceptions
            WHERE event_id = ANY($1::bigint[])
            """, [.text(array)], map: PostgresStore.exception)
        {
            out[EventID(id), default: [:]][day] = exception
        }
        return out
    }

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

    /// Sets or clears (nil) an event's description.
    public func setDescription(of event: EventID, to text: String?, now: Int64) throws {
        try reindexEvent(
            try connection.execute(
                "UPDATE events SET description = $1, updated_at = $2 WHERE id = $3 RETURNING id, space_id, title, description",
                [PostgresStore.bind(text), .integer(now), .integer(event.rawValue)]))
    }

    /// Rewrites an event's fields (title, dates, times, zone, place, reminder, rule, assignee); not the description.
    public func updateEvent(_ event: CalendarEvent, assignee: UserID?, now: Int64) throws {
        try reindexEvent(
            try connection.execute(
                """
                UPDATE events SET title = $1, title_key = $2, start_date = $3, start_time = $4, end_time = $5, tz = $6,
                    location = $7, remind_minutes = $8, rec_freq = $9, rec_interval = $10, rec_weekdays = $11,
                    rec_month_day = $12, rec_month = $13, rec_ordinal = $14, rec_until = $15, assignee_id = $16,
                    updated_at = $17, end_date = $18
                WHERE id = $19 RETURNING id, space_id, title, description
                """,
                PostgresStore.eventValues(event) + [
                    PostgresStore.bind(assignee?.rawValue), .integer(now),
                    PostgresStore.bind(event.endDate?.description), .integer(event.id.rawValue),
                ]))
    }

    /// Rewrites the search text of the event an UPDATE … RETURNING answered (none when no row changed).
    private func reindexEvent(_ result: PGResult) throws {
        guard result.rowCount == 1 else { return }
        try indexSearchText(
            .event, id: try result.requiredInt(0, "id"), space: SpaceID(try result.requiredInt(0, "space_id")),
            title: try result.requiredString(0, "title"), description: try result.string(0, "description"))
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

    /// Forgets every per-occurrence change of a series (after the series itself moved).
    public func clearExceptions(_ event: EventID) throws {
        try connection.execute("DELETE FROM event_exceptions WHERE event_id = $1", [.integer(event.rawValue)])
    }

    /// Deletes an event with its exceptions, notes and reminders.
    public func deleteEvent(_ event: EventID) throws {
        try connection.execute("DELETE FROM events WHERE id = $1", [.integer(event.rawValue)])
    }

    /// The number of events stored in a space.
    public func eventCount(in space: SpaceID) throws -> Int {
        try scheduleCount("SELECT count(*) AS n FROM events WHERE space_id = $1", [.integer(space.rawValue)])
    }

    /// The number of events of a space (from the two partial indexes, one-off and repeating).
    public func indexedEventCount(in space: SpaceID) throws -> Int {
        try scheduleCount(
            """
            SELECT (SELECT count(*) FROM events WHERE space_id = $1 AND rec_freq IS NULL)
                 + (SELECT count(*) FROM events WHERE space_id = $1 AND rec_freq IS NOT NULL) AS n
            """, [.integer(space.rawValue)])
    }
}
