// A calendar event as JSON.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

extension JSONShape {
    /// An event as JSON: `id`, `title`, `start`, `end`, `all_day`, `location`, `remind_minutes`, `recurrence`,
    /// `assignee`, `description` (and `notes` when given). All-day starts are dates; timed ones ISO 8601 in `tz`.
    static func event(_ e: CalendarEvent, tz: String, notes: [Note]? = nil) -> JSONValue {
        let first = e.occurrence(on: e.date, time: e.time, end: e.end)
        var fields: [(String, JSONValue)] = [
            ("id", .int(e.id.rawValue)), ("title", .string(e.title)),
            ("start", e.time == nil ? .string(e.date.description) : .string(TimeText.iso8601(first.start, tz: tz))),
            ("end", eventEnd(first, tz: tz)), ("end_date", .optional(e.endDate?.description)),
            ("all_day", .bool(e.isAllDay)), ("location", .optional(e.location)),
            ("remind_minutes", e.remindMinutes.map { .int(Int64($0)) } ?? .null),
            ("recurrence", e.recurrence.map(JSONShape.recurrence) ?? .null), ("assignee", .optional(e.assignee)),
            ("description", .optional(e.description)),
        ]
        if !e.exceptions.isEmpty {
            fields.append(
                (
                    "exceptions",
                    .array(
                        e.exceptions.sorted { $0.key < $1.key }.map { day, x in
                            switch x {
                            case .cancelled:
                                return .object([("date", .string(day.description)), ("cancelled", .bool(true))])
                            case .moved(let d, let time, let end):
                                return .object([
                                    ("date", .string(day.description)), ("moved_to", .string(d.description)),
                                    ("time", time.map { .string($0.description) } ?? .null),
                                    ("end", end.map { .string($0.description) } ?? .null),
                                ])
                            }
                        })
                ))
        }
        if let notes { fields.append(("notes", JSONShape.notes(notes, tz: tz))) }
        return .object(fields)
    }

    /// Where an occurrence ends: nil for an all-day or open-ended one-day occurrence, the last day of an all-day
    /// multi-day one, else the instant in the reader's offset.
    static func eventEnd(_ o: EventOccurrence, tz: String) -> JSONValue {
        if let last = o.endDate {
            return o.time == nil ? .string(last.description) : .string(TimeText.iso8601(o.finish, tz: tz))
        }
        return o.end == nil || o.time == nil ? .null : .string(TimeText.iso8601(o.finish, tz: tz))
    }
}
