// Reminders of events and time-of-day routines: fired by the loop exactly once, live or into the inbox.
//
// Like task reminders they are rows in SQLite (`schedule_reminders`, a partial index on pending fire
// times is the timer queue), marked fired in the turn's transaction before delivery, so a restart never
// sends one twice and one missed while the server was down fires once at start, marked late. A series
// keeps only its next reminder as a row; firing it schedules the one after.

import TwoDoCore
import TwoDoStore
import TwoDoText

extension Handlers {
    /// The earliest pending event or routine reminder (joins the task reminders' `nextReminderAt`).
    func nextScheduleReminderTime() -> Int64? {
        (try? store.nextScheduleReminderTime()) ?? nil
    }

    /// Fires every event and routine reminder whose time has come; returns the lines to deliver.
    func fireScheduleReminders(now: Int64) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for reminder in try store.scheduleRemindersDue(before: now, limit: Handlers.reminderBatch) {
            guard try store.markScheduleReminderFired(reminder.id, at: now) else { continue }
            // Late means what it means for task reminders: missed while the server was down, not merely slow.
            let late = reminder.fireAt < startedAt
            if let id = reminder.event, let space = try store.spaceOfEvent(id), let e = try store.event(id, in: space) {
                outcomes += try fireEventReminder(e, day: reminder.day, space: space, late: late, now: now)
                try rescheduleEventReminder(e, after: reminder.day)
            } else if let id = reminder.routine, let space = try store.spaceOfRoutine(id),
                let r = try store.routine(id, in: space)
            {
                let members = try store.members(of: space)
                let zone =
                    r.assignee.flatMap { name in members.first { $0.name == name }?.tz }
                    ?? r.createdBy.flatMap { name in members.first { $0.name == name }?.tz } ?? "UTC"
                if !r.isPaused, r.history.isDue(reminder.day), r.history.marks[reminder.day] == nil {
                    let recipients =
                        r.assignee.flatMap { name in members.filter { $0.name == name } }.flatMap {
                            $0.isEmpty ? nil : $0
                        } ?? members
                    outcomes += try deliver(
                        key: late ? "reminder.routine_late" : "reminder.routine", args: { _ in ["name": r.name] },
                        to: recipients, now: now,
                        data: .object([
                            ("kind", .string("routine")), ("late", .bool(late)),
                            ("routine", routineJSON(r, zone: zone, tz: "UTC")),
                        ]))
                }
                try rescheduleRoutineReminder(r, zone: zone, after: reminder.day)
            }
            remindersFired += 1
        }
        remindersChanged = true
        return outcomes
    }

    private func fireEventReminder(
        _ e: CalendarEvent, day: LocalDate, space: SpaceID, late: Bool, now: Int64
    ) throws -> [Outcome] {
        // The occurrence as it is now (it may have been moved or cancelled since the reminder was set).
        guard
            let occurrence = e.occurrences(in: day.adding(days: -400)...day.adding(days: 400)).first(where: {
                $0.originalDate == day
            })
        else {
            return []
        }
        let members = try store.members(of: space)
        let recipients =
            e.assignee.flatMap { name in members.filter { $0.name == name } }.flatMap { $0.isEmpty ? nil : $0 }
            ?? members
        let place = e.location.map { " (\($0))" } ?? ""
        return try deliver(
            key: late ? "reminder.event_late" : "reminder.event",
            args: { user in
                let when =
                    occurrence.time == nil
                    ? TimeText.human(occurrence.date, lang: user.lang)
                    : TimeText.human(occurrence.start, tz: user.tz, lang: user.lang)
                return ["title": e.title, "time": when, "place": place]
            }, to: recipients, now: now,
            data: .object([("kind", .string("event")), ("late", .bool(late)), ("event", eventJSON(e, tz: "UTC"))]))
    }

    /// One reminder line to every open session of each recipient, also kept in their inbox.
    private func deliver(
        key: String, args: (User) -> [String: String], to recipients: [User], now: Int64, data: JSONValue
    ) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for user in recipients {
            let values = args(user)
            let online = isOnline(user.id)
            try store.addNotification(for: user.id, key: key, args: values, now: now, read: online)
            for c in presence?.sessions(of: user.id) ?? [] {
                let text = Catalog.text(key, c.lang, values)
                let line =
                    c.json
                    ? JSONValue.object([
                        ("type", .string("event")), ("event", .string("reminder.due")), ("actor", .string("twodo")),
                        ("text", .string(text)), ("data", data),
                    ]).serialized
                    : text
                outcomes.append(
                    Outcome(connection: c.id, reply: Reply.success("reminder.due", [line]), rawLines: [line]))
            }
        }
        return outcomes
    }
}
