// SQL on `events` and `event_exceptions`: one row per event or series, window queries, per-occurrence changes.

import TwoDoCore

extension Store {
    // Tables `events` and `event_exceptions`: migration 3; `events.description`: migration 11, `events.end_date`: migration 17. An event's exceptions, notes and reminders go
    // with it (ON DELETE CASCADE).

    /// The events of a space with an occurrence that may fall in `range` (one-offs by their days, series
    /// that have started by its end and not ended before its start, and series with an occurrence moved
    /// into it), exceptions included. Callers expand the series lazily.
    ///
    /// A multi-day event spans at most `CalendarEvent.spanLimit` days, so looking that far back from the
    /// window's start keeps the start-date index useful.
    public func events(in space: SpaceID, overlapping range: ClosedRange<LocalDate>) throws -> [CalendarEvent] {
        let reach = range.lowerBound.adding(days: -CalendarEvent.spanLimit).description
        let before = range.lowerBound.adding(days: -1).description
        let latest = range.lowerBound.adding(days: CalendarEvent.spanLimit).description
        let low = range.lowerBound.description
        let high = range.upperBound.description
        var out: [CalendarEvent] = []
        // One-offs in two parts, in start order: multi-day ones begun before the window and lasting into it (by
        // their last day, migration 20: the start-date index read every one-off of the year before the window
        // to find them), then those that begin inside it. A span is shorter than `spanLimit`, so one begun on or
        // after `reach` ends before `latest`.
        try db.query(
            Rows.eventColumnList + " FROM events e INDEXED BY events_spans " + Rows.eventJoins + """
                 WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.end_date BETWEEN ? AND ?
                   AND e.start_date BETWEEN ? AND ? ORDER BY e.start_date, e.id
                """,
            .integer(space.rawValue), .text(low), .text(latest), .text(reach), .text(before), into: &out,
            map: Rows.event(from:))
        try db.query(
            Rows.eventColumns + """
                 WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.start_date BETWEEN ? AND ?
                   AND coalesce(e.end_date, e.start_date) >= ? ORDER BY e.start_date, e.id
                """,
            .integer(space.rawValue), .text(low), .text(high), .text(low), into: &out, map: Rows.event(from:))
        // The series go into the same array: appending a second array of hundreds of events copied each one.
        let firstSeries = out.count
        try db.query(
            Rows.eventColumns + """
                 WHERE e.space_id = ? AND e.rec_freq IS NOT NULL AND e.start_date <= ?
                   AND (e.rec_until IS NULL OR e.rec_until >= ?
                        OR e.id IN (SELECT x.event_id FROM event_exceptions x WHERE x.new_date BETWEEN ? AND ?))
                """,
            .integer(space.rawValue), .text(high), .text(reach), .text(reach), .text(high), into: &out,
            map: Rows.event(from:))
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
