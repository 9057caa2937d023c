// The shared column lists and decoders of the calendar's rows: events, their exceptions, routines and their
// schedules, pauses and marks.

import TwoDoCore

extension Rows {
    // MARK: Events

    /// The columns of a `CalendarEvent` over `events e` (without FROM, for a FROM with an index hint).
    package static let eventColumnList = """
        SELECT e.id, e.title, e.start_date, e.start_time, e.end_time, e.tz, e.location, e.remind_minutes,
               e.rec_freq, e.rec_interval, e.rec_weekdays, e.rec_month_day, e.rec_month, e.rec_ordinal, e.rec_until,
               a.name AS assignee, c.name AS created_by, e.created_at, e.description, e.end_date
        """
    /// The joins `eventColumnList` reads from.
    package static let eventJoins = """
        LEFT JOIN users a ON a.id = e.assignee_id
        LEFT JOIN users c ON c.id = e.created_by
        """
    /// Every column a `CalendarEvent` needs, with its FROM and joins.
    package static let eventColumns = eventColumnList + " FROM events e " + eventJoins

    /// An event read with `eventColumns` (its exceptions and note count are read apart).
    package static func event(from row: some RowReader) throws -> CalendarEvent {
        var rule: Recurrence?
        if let freq = try row.optional("rec_freq", as: Recurrence.Frequency.self) {
            let weekdays = weekdays(try row.text("rec_weekdays") ?? "")
            rule = Recurrence(
                freq, interval: try row.intValue("rec_interval") ?? 1, weekdays: weekdays,
                monthDay: try row.intValue("rec_month_day"), month: try row.intValue("rec_month"),
                ordinal: try row.intValue("rec_ordinal"), until: try row.date("rec_until"))
        }
        var event = CalendarEvent(
            id: EventID(try row.requiredInt("id")), title: try row.requiredText("title"),
            date: try row.requiredDate("start_date"), time: try row.time("start_time"), end: try row.time("end_time"),
            tz: try row.requiredText("tz"), location: try row.text("location"),
            remindMinutes: try row.intValue("remind_minutes"), recurrence: rule,
            assignee: try row.text("assignee"), createdBy: try row.text("created_by"),
            createdAt: try row.requiredInt("created_at"))
        event.description = try row.text("description")
        event.endDate = try row.date("end_date")
        return event
    }

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

    /// The columns of an event exception over `event_exceptions x`.
    package static let exceptionColumns = "SELECT x.event_id, x.day, x.cancelled, x.new_date, x.new_time, x.new_end"

    /// An exception read with `exceptionColumns`: its event, the day it changes, and the change.
    package static func exception(from row: some RowReader) throws -> (Int64, LocalDate, EventException) {
        let day = try row.requiredDate("day")
        if try row.requiredInt("cancelled") == 1 { return (try row.requiredInt("event_id"), day, .cancelled) }
        let date = try row.date("new_date") ?? day
        return (
            try row.requiredInt("event_id"), day,
            .moved(date: date, time: try row.time("new_time"), end: try row.time("new_end"))
        )
    }

    // MARK: Routines

    /// A routine's own columns over `routines r`, with its people and note count.
    package static let routineColumns = """
        SELECT r.id, r.name, r.time, r.created_at, a.name AS assignee, c.name AS created_by,
               (SELECT count(*) FROM item_notes n WHERE n.routine_id = r.id) AS note_count, r.description
        FROM routines r
        LEFT JOIN users a ON a.id = r.assignee_id
        LEFT JOIN users c ON c.id = r.created_by
        """

    /// A routine's own fields, before its schedules, pauses and marks are read.
    package struct RoutineHead {
        var id: RoutineID
        var name: String
        var time: LocalTime?
        var createdAt: Int64
        var assignee: String?
        var createdBy: String?
        var noteCount: Int
        var description: String?
    }

    /// A routine read with `routineColumns`.
    package static func routineHead(from row: some RowReader) throws -> RoutineHead {
        RoutineHead(
            id: RoutineID(try row.requiredInt("id")), name: try row.requiredText("name"), time: try row.time("time"),
            createdAt: try row.requiredInt("created_at"), assignee: try row.text("assignee"),
            createdBy: try row.text("created_by"), noteCount: Int(try row.requiredInt("note_count")),
            description: try row.text("description"))
    }

    /// A `routine_schedules` row (`routine_id, since, rule`).
    package static func segment(from row: some RowReader) throws -> (Int64, RoutineHistory.Segment) {
        let since = try row.requiredDate("since")
        return (
            try row.requiredInt("routine_id"),
            RoutineHistory.Segment(since: since, rule: try row.requiredRecurrence("rule"))
        )
    }

    /// A `routine_pauses` row (`routine_id, from_date, to_date`).
    package static func pause(from row: some RowReader) throws -> (Int64, RoutineHistory.Pause) {
        let from = try row.requiredDate("from_date")
        return (try row.requiredInt("routine_id"), RoutineHistory.Pause(from: from, to: try row.date("to_date")))
    }

    /// A `routine_marks` row (`routine_id, day, state, at`) with the marker's name as `by_name`.
    package static func mark(from row: some RowReader) throws -> (Int64, RoutineOccurrence) {
        let day = try row.requiredDate("day")
        let mark = try row.required("state", as: RoutineMark.self)
        return (
            try row.requiredInt("routine_id"),
            RoutineOccurrence(date: day, mark: mark, by: try row.text("by_name"), at: try row.requiredInt("at"))
        )
    }

    /// The routine of `head` with its history; nil when it has no schedule (a broken routine is not shown).
    package static func routine(
        _ head: RoutineHead, segments: [RoutineHistory.Segment], pauses: [RoutineHistory.Pause],
        marks: [RoutineOccurrence]
    ) -> Routine? {
        guard !segments.isEmpty else { return nil }
        var byDay: [LocalDate: RoutineMark] = [:]
        for m in marks { byDay[m.date] = m.mark }
        var routine = Routine(
            id: head.id, name: head.name, assignee: head.assignee, createdBy: head.createdBy,
            createdAt: head.createdAt, time: head.time,
            history: RoutineHistory(segments: segments, pauses: pauses, marks: byDay), occurrences: marks,
            noteCount: head.noteCount)
        routine.description = head.description
        return routine
    }
}
