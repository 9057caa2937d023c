// The calendar's window query and its adds, written once for both engines: a space's events that may fall in a
// window, new routines, events, exceptions, notes on them and their reminders.

import TwoDoCore

extension SQLEngine {
    /// The events of a space with an occurrence that may fall in `range` (one-offs by their days, series
    /// that have started by its end and not ended before its start, and series with an occurrence moved
    /// into it), exceptions included, one-offs by start then series by id. Callers expand the series lazily.
    ///
    /// A multi-day event spans at most `CalendarEvent.spanLimit` days, so looking that far back from the
    /// window's start keeps the start-date index useful.
    public func events(in space: SpaceID, overlapping range: ClosedRange<LocalDate>) throws -> [CalendarEvent] {
        let s = SQLValue.integer(space.rawValue)
        let reach = SQLValue.text(range.lowerBound.adding(days: -CalendarEvent.spanLimit).description)
        let before = SQLValue.text(range.lowerBound.adding(days: -1).description)
        let latest = SQLValue.text(range.lowerBound.adding(days: CalendarEvent.spanLimit).description)
        let low = SQLValue.text(range.lowerBound.description)
        let high = SQLValue.text(range.upperBound.description)
        var out: [CalendarEvent] = []
        // One-offs in two parts, in start order: multi-day ones begun before the window and lasting into it (by
        // their last day, `events_spans`: the start-date index read every one-off of the year before the window
        // to find them), then those that begin inside it. A span is shorter than `spanLimit`, so one begun on or
        // after `reach` ends before `latest`.
        try rows(SharedSQL.eventsSpanningInto, [s, low, latest, reach, before], into: &out, map: Rows.event(from:))
        try rows(SharedSQL.eventsBegunIn, [s, low, high, low], into: &out, map: Rows.event(from:))
        // The series go into the same array: appending a second array of hundreds of events copied each one.
        let firstSeries = out.count
        try rows(SharedSQL.seriesReaching, [s, high, reach, reach, high], into: &out, map: Rows.event(from:))
        // The series by id, ordered here: SQLite's sorter copied each row's twenty columns to order them (a
        // seventh of a month's `calendar` with 500 weekly series). Their positions are sorted, then each event
        // is placed once: sorting the events themselves moved them about a dozen times each.
        let order = (firstSeries..<out.count).sorted { out[$0].id < out[$1].id }
        if !order.elementsEqual(firstSeries..<out.count) {
            var sorted = Array(out[..<firstSeries])
            sorted.reserveCapacity(out.count)
            for i in order { sorted.append(out[i]) }
            out = sorted
        }
        if firstSeries < out.count {
            let exceptions = try exceptions(of: out[firstSeries...].map(\.id))
            if !exceptions.isEmpty {
                for i in firstSeries..<out.count { out[i].exceptions = exceptions[out[i].id] ?? [:] }
            }
        }
        return out
    }

    /// Adds a routine whose first schedule starts on `since` (PostgreSQL: and its name to the search index).
    public func addRoutine(
        name: String, space: SpaceID, by user: UserID, assignee: UserID?, time: LocalTime?, rule: Recurrence,
        since: LocalDate, now: Int64
    ) throws -> RoutineID {
        let id = RoutineID(
            try insert(
                .routine,
                """
                INSERT INTO routines (space_id, name, name_key, assignee_id, created_by, created_at, time)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(space.rawValue), .text(name), .text(TextFold.key(name)), .bind(assignee?.rawValue),
                    .integer(user.rawValue), .integer(now), .bind(time?.description),
                ], title: name, description: nil) ?? 0)
        try setRoutineSchedule(id, rule, since: since)
        return id
    }

    /// Adds an event (the id in `event` is ignored); returns its id. The description is not stored here (it is
    /// set by `setDescription`), so PostgreSQL indexes the title alone.
    public func addEvent(
        _ event: CalendarEvent, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws -> EventID {
        let rule = event.recurrence
        return EventID(
            try insert(
                .event,
                """
                INSERT INTO events (space_id, title, title_key, start_date, start_time, end_time, tz, location,
                                    remind_minutes, rec_freq, rec_interval, rec_weekdays, rec_month_day, rec_month,
                                    rec_ordinal, rec_until, assignee_id, created_by, created_at, updated_at, end_date)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(space.rawValue), .text(event.title), .text(TextFold.key(event.title)),
                    .text(event.date.description), .bind(event.time?.description), .bind(event.end?.description),
                    .text(event.tz), .bind(event.location), .bind(event.remindMinutes),
                    .bind(rule?.frequency.rawValue), .bind(rule?.interval),
                    .bind(rule.map { $0.weekdays.map(String.init).joined(separator: ",") }), .bind(rule?.monthDay),
                    .bind(rule?.month), .bind(rule?.ordinal), .bind(rule?.until?.description),
                    .bind(assignee?.rawValue), .integer(user.rawValue), .integer(now), .integer(now),
                    .bind(event.endDate?.description),
                ], title: event.title, description: nil) ?? 0)
    }

    /// Records a change to one occurrence of a series, replacing every column of an earlier change of it.
    public func setException(_ event: EventID, day: LocalDate, _ exception: EventException) throws {
        let values: [SQLValue] =
            switch exception {
            case .cancelled: [.text(day.description), .integer(1), .null, .null, .null]
            case .moved(let date, let time, let end):
                [
                    .text(day.description), .integer(0), .text(date.description), .bind(time?.description),
                    .bind(end?.description),
                ]
            }
        try write(SharedSQL.eventException, values + [.integer(event.rawValue)])
    }

    /// Attaches a note to a routine or an event (exactly one of them), in its space (PostgreSQL: and its text
    /// to the search index).
    public func addNote(routine: RoutineID?, event: EventID?, by user: UserID, text: String, now: Int64) throws {
        // The space comes from the item, in the same statement (none: the INSERT fails on its NOT NULL space).
        _ = try insert(
            .itemNote,
            """
            INSERT INTO item_notes (routine_id, event_id, author_id, created_at, body, space_id)
            VALUES (?1, ?2, ?3, ?4, ?5, coalesce(
                (SELECT space_id FROM routines WHERE id = ?1), (SELECT space_id FROM events WHERE id = ?2)))
            """,
            [.bind(routine?.rawValue), .bind(event?.rawValue), .integer(user.rawValue), .integer(now), .text(text)],
            title: text, description: nil)
    }

    /// Adds a pending reminder for one occurrence of an event or routine (exactly one of them), in its space.
    public func addScheduleReminder(event: EventID?, routine: RoutineID?, day: LocalDate, fireAt: Int64) throws {
        try write(
            """
            INSERT INTO schedule_reminders (event_id, routine_id, day, fire_at, space_id)
            VALUES (?1, ?2, ?3, ?4, coalesce(
                (SELECT space_id FROM events WHERE id = ?1), (SELECT space_id FROM routines WHERE id = ?2)))
            """, [.bind(event?.rawValue), .bind(routine?.rawValue), .text(day.description), .integer(fireAt)])
    }
}

extension SharedSQL {
    /// Multi-day one-offs begun before a window and lasting into it: space, window start, latest end, reach,
    /// the day before the window.
    static let eventsSpanningInto = SQL { d in
        Rows.eventColumnList + " FROM events e" + d.indexedBy("events_spans") + " " + Rows.eventJoins + """
             WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.end_date BETWEEN ? AND ?
               AND e.start_date BETWEEN ? AND ? ORDER BY e.start_date, e.id
            """
    }
    /// One-offs that begin inside a window: space, window start, window end, window start.
    static let eventsBegunIn = SQL(
        Rows.eventColumns + """
             WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.start_date BETWEEN ? AND ?
               AND coalesce(e.end_date, e.start_date) >= ? ORDER BY e.start_date, e.id
            """)
    /// Series begun by a window's end and not ended before its reach, or with an occurrence moved into it:
    /// space, window end, reach, reach, window end.
    static let seriesReaching = SQL(
        Rows.eventColumns + """
             WHERE e.space_id = ? AND e.rec_freq IS NOT NULL AND e.start_date <= ?
               AND (e.rec_until IS NULL OR e.rec_until >= ?
                    OR e.id IN (SELECT x.event_id FROM event_exceptions x WHERE x.new_date BETWEEN ? AND ?))
            """)
    /// One occurrence's change: day, cancelled, new date, time and end; the event last. Its space is the event's.
    static let eventException = SQL { d in
        """
        INSERT INTO event_exceptions (event_id, day, cancelled, new_date, new_time, new_end\(d.ownerSpace))
        SELECT id, ?, ?, ?, ?, ?\(d.ownerSpace) FROM events WHERE id = ?
        ON CONFLICT (event_id, day) DO UPDATE SET cancelled = excluded.cancelled, new_date = excluded.new_date,
            new_time = excluded.new_time, new_end = excluded.new_end
        """
    }
}
