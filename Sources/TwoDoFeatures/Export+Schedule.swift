// The `routines` and `events` arrays of `export`, each item with its notes.

import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Export {
    /// Every routine with its schedule, assignee, paused flag, marked occurrences, stats and notes.
    func routinesExport(user: User, members: [User]) throws -> JSONValue {
        .array(
            try store.routines(in: user.space).map { r in
                JSONShape.routine(
                    now: clock.now,
                    r, zone: routineZone(r, members: members, reader: user), tz: user.tz, full: true,
                    notes: try store.notes(of: r.id))
            })
    }

    /// Every event (series once, not per occurrence) with its notes and pending reminder instants.
    func eventsExport(user: User) throws -> JSONValue {
        .array(
            try store.events(inSpace: user.space).map { e in
                guard case .object(var fields) = JSONShape.event(e, tz: user.tz, notes: try store.notes(of: e.id))
                else {
                    preconditionFailure("eventJSON is an object")
                }
                fields.append(
                    (
                        "reminders",
                        .array(
                            try store.pendingScheduleReminders(event: e.id).map {
                                .string(TimeText.iso8601($0, tz: user.tz))
                            })
                    ))
                return .object(fields)
            })
    }
}
