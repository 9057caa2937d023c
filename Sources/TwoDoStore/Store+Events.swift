// SQL on `events` and `event_exceptions`: one row per event or series, window queries, per-occurrence changes.

import TwoDoCore

extension Store {
    // Tables `events` and `event_exceptions`: migration 3; `events.description`: migration 11, `events.end_date`: migration 17. An event's exceptions, notes and reminders go
    // with it (ON DELETE CASCADE).

    private static let eventColumnList = """
        SELECT e.id, e.title, e.start_date, e.start_time, e.end_time, e.tz, e.location, e.remind_minutes,
               e.rec_freq, e.rec_interval, e.rec_weekdays, e.rec_month_day, e.rec_month, e.rec_ordinal, e.rec_until,
               a.name AS assignee, c.name AS created_by, e.created_at, e.description, e.end_date
        """
    private static let eventJoins = """
        LEFT JOIN users a ON a.id = e.assignee_id
        LEFT JOIN users c ON c.id = e.created_by
        """
    private static let eventColumns = eventColumnList + " FROM events e " + eventJoins

    /// `1,3,5` → `[1, 3, 5]`, read byte by byte (a generic `split` per series row was 8% of `calendar`).
    package static func weekdays(_ text: String) -> [Int] {
        var out: [Int] = []
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") && digits < 9 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ",") {
                if digits > 0 { out.append(value) }
                (value, digits) = (0, 0)
            } else {
                (value, digits) = (0, -100)  // not a number: the whole item is dropped, as Int("x") would be
            }
        }
        if digits > 0 { out.append(value) }
        return out
    }

    private static func event(from row: Row) throws -> CalendarEvent {
        var rule: Recurrence?
        if let freq = try row.optional("rec_freq", as: Recurrence.Frequency.self) {
            let weekdays = Store.weekdays(row.text("rec_weekdays") ?? "")
            rule = Recurrence(
                freq, interval: Int(row.int("rec_interval") ?? 1), weekdays: weekdays,
                monthDay: row.int("rec_month_day").map(Int.init),
                month: row.int("rec_month").map(Int.init), ordinal: row.int("rec_ordinal").map(Int.init),
                until: try row.date("rec_until"))
        }
        var event = CalendarEvent(
            id: EventID(try row.requiredInt("id")), title: try row.requiredText("title"),
            date: try row.requiredDate("start_date"),
            time: try row.time("start_time"),
            end: try row.time("end_time"),
            tz: try row.requiredText("tz"), location: row.text("location"),
            remindMinutes: row.int("remind_minutes").map(Int.init),
            recurrence: rule, assignee: row.text("assignee"), createdBy: row.text("created_by"),
            createdAt: try row.requiredInt("created_at"))
        event.description = row.text("description")
        event.endDate = try row.date("end_date")
        return event
    }

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
            Store.eventColumnList + " FROM events e INDEXED BY events_spans " + Store.eventJoins + """
                 WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.end_date BETWEEN ? AND ?
                   AND e.start_date BETWEEN ? AND ? ORDER BY e.start_date, e.id
                """,
            .integer(space.rawValue), .text(low), .text(latest), .text(reach), .text(before), into: &out,
            map: Store.event(from:))
        try db.query(
            Store.eventColumns + """
                 WHERE e.space_id = ? AND e.rec_freq IS NULL AND e.start_date BETWEEN ? AND ?
                   AND coalesce(e.end_date, e.start_date) >= ? ORDER BY e.start_date, e.id
                """,
            .integer(space.rawValue), .text(low), .text(high), .text(low), into: &out, map: Store.event(from:))
        // The series go into the same array: appending a second array of hundreds of events copied each one.
        let firstSeries = out.count
        try db.query(
            Store.eventColumns + """
                 WHERE e.space_id = ? AND e.rec_freq IS NOT NULL AND e.start_date <= ?
                   AND (e.rec_until IS NULL OR e.rec_until >= ?
                        OR e.id IN (SELECT x.event_id FROM event_exceptions x WHERE x.new_date BETWEEN ? AND ?))
                """,
            .integer(space.rawValue), .text(high), .text(reach), .text(reach), .text(high), into: &out,
            map: Store.event(from:))
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

    /// Every event of a space, by id, with exceptions (export and search).
    public func events(inSpace space: SpaceID) throws -> [CalendarEvent] {
        var all = try db.query(
            Store.eventColumns + " WHERE e.space_id = ? ORDER BY e.id", .integer(space.rawValue),
            map: Store.event(from:))
        let exceptions = try exceptions(of: all.map(\.id))
        for i in all.indices { all[i].exceptions = exceptions[all[i].id] ?? [:] }
        return all
    }

    /// The event with this id, only if it belongs to `space`.
    public func event(_ id: EventID, in space: SpaceID) throws -> CalendarEvent? {
        guard
            var e = try db.queryOne(
                Store.eventColumns + " WHERE e.id = ? AND e.space_id = ?", .integer(id.rawValue),
                .integer(space.rawValue), map: Store.event(from:))
        else { return nil }
        e.exceptions = try db.query(
            "SELECT event_id, day, cancelled, new_date, new_time, new_end FROM event_exceptions WHERE event_id = ?",
            .integer(id.rawValue),
            map: Store.exception
        ).reduce(into: [:]) { $0[$1.1] = $1.2 }
        e.noteCount = try noteCount(event: id)
        return e
    }

    /// The space of an event, whatever it is (for the reminder timer).
    public func spaceOfEvent(_ id: EventID) throws -> SpaceID? {
        try db.queryOne("SELECT space_id FROM events WHERE id = ?", .integer(id.rawValue)) {
            SpaceID(try $0.requiredInt("space_id"))
        }
    }

    /// Events of a space whose folded title contains every folded word of `query`; exact titles win.
    public func events(matching query: String, in space: SpaceID, limit: Int = 20) throws -> [CalendarEvent] {
        let key = TextFold.key(query)
        let words = key.split(separator: " ").map(String.init)
        guard let firstWord = words.first else { return [] }
        let candidates = try db.query(
            Store.eventColumns + " WHERE e.space_id = ? AND instr(e.title_key, ?) > 0 ORDER BY e.start_date, e.id",
            .integer(space.rawValue), .text(firstWord), map: Store.event(from:))
        let exact = candidates.filter { TextFold.key($0.title) == key }
        let chosen =
            exact.isEmpty
            ? Array(candidates.filter { c in words.allSatisfy { TextFold.key(c.title).contains($0) } }.prefix(limit))
            : exact
        return try chosen.compactMap { try event($0.id, in: space) }
    }

    private static func exception(_ row: Row) throws -> (Int64, LocalDate, EventException) {
        let day = try row.requiredDate("day")
        if try row.requiredInt("cancelled") == 1 { return (try row.requiredInt("event_id"), day, .cancelled) }
        let date = try row.date("new_date") ?? day
        return (
            try row.requiredInt("event_id"), day,
            .moved(
                date: date, time: try row.time("new_time"),
                end: try row.time("new_end"))
        )
    }

    /// The exceptions of the events `ids`, by their primary key (for a window, only its series: joining every
    /// event of a 5,000-event space to look for exceptions was an eighth of a month's `calendar`).
    private func exceptions(of ids: [EventID]) throws -> [EventID: [LocalDate: EventException]] {
        var out: [EventID: [LocalDate: EventException]] = [:]
        for (id, day, exception) in try db.query(
            """
            SELECT x.event_id, x.day, x.cancelled, x.new_date, x.new_time, x.new_end
            FROM json_each(?) h JOIN event_exceptions x ON x.event_id = h.value
            """, .text(Store.jsonList(ids.map(\.rawValue))), map: Store.exception)
        {
            out[EventID(id), default: [:]][day] = exception
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

    /// Sets or clears (nil) an event's description.
    public func setDescription(of event: EventID, to text: String?, now: Int64) throws {
        try db.run(
            "UPDATE events SET description = ?, updated_at = ? WHERE id = ?", text.map { .text($0) } ?? .null,
            .integer(now), .integer(event.rawValue))
    }

    /// Rewrites an event's fields (title, dates, times, zone, place, reminder, rule, assignee); not the description.
    public func updateEvent(_ event: CalendarEvent, assignee: UserID?, now: Int64) throws {
        try db.run(
            """
            UPDATE events SET title = ?, title_key = ?, start_date = ?, start_time = ?, end_time = ?, tz = ?, location = ?,
                remind_minutes = ?, rec_freq = ?, rec_interval = ?, rec_weekdays = ?, rec_month_day = ?, rec_month = ?,
                rec_ordinal = ?, rec_until = ?, assignee_id = ?, updated_at = ?, end_date = ?
            WHERE id = ?
            """,
            .text(event.title), .text(TextFold.key(event.title)), .text(event.date.description),
            Store.optional(event.time?.description),
            Store.optional(event.end?.description), .text(event.tz), Store.optional(event.location),
            Store.optional(event.remindMinutes),
            Store.optional(event.recurrence?.frequency.rawValue), Store.optional(event.recurrence?.interval),
            Store.optional(event.recurrence.map { $0.weekdays.map(String.init).joined(separator: ",") }),
            Store.optional(event.recurrence?.monthDay), Store.optional(event.recurrence?.month),
            Store.optional(event.recurrence?.ordinal),
            Store.optional(event.recurrence?.until?.description), assignee.map { .integer($0.rawValue) } ?? .null,
            .integer(now), Store.optional(event.endDate?.description),
            .integer(event.id.rawValue))
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

    /// Forgets every per-occurrence change of a series (after the series itself moved).
    public func clearExceptions(_ event: EventID) throws {
        try db.run("DELETE FROM event_exceptions WHERE event_id = ?", .integer(event.rawValue))
    }

    /// Deletes an event with its exceptions, notes and reminders.
    public func deleteEvent(_ event: EventID) throws {
        try db.run("DELETE FROM events WHERE id = ?", .integer(event.rawValue))
    }

    /// The number of events stored in a space.
    public func eventCount(in space: SpaceID) throws -> Int {
        Int(
            try db.queryOne("SELECT count(*) AS n FROM events WHERE space_id = ?", .integer(space.rawValue)) {
                try $0.requiredInt("n")
            } ?? 0)
    }

    /// The number of events of a space (from the two partial indexes, one-off and repeating).
    public func indexedEventCount(in space: SpaceID) throws -> Int {
        let s = SQLValue.integer(space.rawValue)
        return Int(
            try db.queryOne(
                """
                SELECT (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NULL)
                     + (SELECT count(*) FROM events WHERE space_id = ? AND rec_freq IS NOT NULL) AS n
                """, s, s
            ) { try $0.requiredInt("n") } ?? 0)
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
