// Reminders of events and time-of-day routines: fired by the loop exactly once, live or into the inbox.
//
// Like task reminders they are rows in SQLite (`schedule_reminders`, a partial index on pending fire
// times is the timer queue), marked fired in the turn's transaction before delivery, so a restart never
// sends one twice and one missed while the server was down fires once at start, marked late. A series
// keeps only its next reminder as a row; firing it schedules the one after.

import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension ReminderTimer {
    /// The earliest pending event or routine reminder (joins the task reminders' `nextReminderAt`).
    func nextScheduleReminderTime() throws -> Int64? {
        try store.nextScheduleReminderTime()
    }

    /// Marks one event or routine reminder fired, schedules the series' next one, and says what to tell whom;
    /// nil when there is nothing to say (fired already, the occurrence moved away, the routine paused or
    /// already marked for that day).
    func fireScheduleReminder(
        _ reminder: DueScheduleReminder, now: Int64, members: (SpaceID) throws -> [User]
    ) throws -> ReminderNotice? {
        guard try store.markScheduleReminderFired(reminder.id, at: now) else { return nil }
        handlers.remindersFired += 1
        let late = isLate([reminder.fireAt])
        if let id = reminder.event, let space = try store.spaceOfEvent(id), let e = try store.event(id, in: space) {
            let notice = eventNotice(e, day: reminder.day, late: late, members: try members(space))
            try rescheduleEventReminder(e, after: reminder.day, nil)
            return notice
        }
        guard let id = reminder.routine, let space = try store.spaceOfRoutine(id),
            let r = try store.routine(id, in: space)
        else { return nil }
        let people = try members(space)
        let zone =
            r.assignee.flatMap { name in people.first { $0.name == name }?.tz }
            ?? r.createdBy.flatMap { name in people.first { $0.name == name }?.tz } ?? "UTC"
        try rescheduleRoutineReminder(r, zone: zone, after: reminder.day, nil)
        guard !r.isPaused, r.history.isDue(reminder.day), r.history.marks[reminder.day] == nil else { return nil }
        return ReminderNotice(
            key: late ? .reminderRoutineLate : .reminderRoutine, recipients: assignees(r.assignee, among: people),
            args: { _ in ["name": r.name] },
            data: { _ in
                .object([
                    ("kind", .string("routine")), ("late", .bool(late)),
                    ("routine", JSONShape.routine(now: self.clock.now, r, zone: zone, tz: "UTC")),
                ])
            })
    }

    /// The notice of an event's occurrence on `day` as it is now (it may have been moved or cancelled since
    /// the reminder was set); nil when it no longer takes place.
    fileprivate func eventNotice(_ e: CalendarEvent, day: LocalDate, late: Bool, members: [User]) -> ReminderNotice? {
        guard
            let occurrence = e.occurrences(in: day.adding(days: -400)...day.adding(days: 400)).first(where: {
                $0.originalDate == day
            })
        else {
            return nil
        }
        let place = e.location.map { " (\($0))" } ?? ""
        return ReminderNotice(
            key: late ? .reminderEventLate : .reminderEvent, recipients: assignees(e.assignee, among: members),
            args: { user in
                let when =
                    occurrence.time == nil
                    ? TimeText.human(occurrence.date, lang: user.lang)
                    : TimeText.human(occurrence.start, tz: user.tz, lang: user.lang)
                return ["title": e.title, "time": when, "place": place]
            },
            data: { _ in
                .object([("kind", .string("event")), ("late", .bool(late)), ("event", JSONShape.event(e, tz: "UTC"))])
            })
    }
}

extension Feature {
    /// The instant an occurrence's reminder counts back from: its start, or 09:00 for an all-day one.
    func reminderInstant(_ o: EventOccurrence) -> Int64 {
        Calendars.instant(of: o.date, at: o.time ?? Handlers.allDayReminderBase, tz: o.tz)
    }

    /// Keeps one pending reminder for an event with `remind … before`: the next occurrence whose reminder
    /// time is still ahead and has not fired. All-day events count back from 09:00 on their day.
    func rescheduleEventReminder(_ e: CalendarEvent, after fired: LocalDate? = nil, _ c: CommandContext?) throws {
        try store.cancelScheduleReminders(event: e.id)
        c?.remindersChanged = true  // nil: a firing, after which the loop reads its timer head anyway
        guard let minutes = e.remindMinutes else { return }
        let now = clock.now
        let today = LocalDate(instant: now, tz: e.tz)
        var from = today.adding(days: -1)
        for span in [31, 120, 400, 800] {
            let to = from.adding(days: span)
            for o in e.occurrences(in: from...to) {
                if let fired, o.originalDate <= fired { continue }
                let fireAt = reminderInstant(o) - Int64(minutes) * 60
                guard fireAt > now, try !store.scheduleReminderFired(event: e.id, day: o.originalDate) else { continue }
                try store.addScheduleReminder(event: e.id, day: o.originalDate, fireAt: fireAt)
                return
            }
            if let end = e.lastDate, to >= end,
                e.exceptions.values.allSatisfy({
                    if case .moved(let d, _, _) = $0 { return d <= to } else { return true }
                })
            {
                return
            }
            from = to.adding(days: 1)
        }
    }
}
