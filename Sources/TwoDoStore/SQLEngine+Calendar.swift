// The calendar's window query, written once for both engines: a space's events that may fall in a window.

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
}
