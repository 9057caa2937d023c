// `export ics`: each event, routine and dated task as iCalendar components (VEVENT, VTODO with VALARM).

import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// `export ics`: the calendar as iCalendar.
struct Export: Feature {
    let handlers: Handlers
}

extension Export {
    /// `export ics` / `dışa aktar ics`: the calendar streamed as RFC 5545 text (see `ICSExportStream`).
    func exportICS(user: User, on c: CommandContext, tag: String?) -> Outcome {
        var o = Outcome(connection: c.id, tag: tag, reply: .success(.exportICS, [t(c, .exportIcsDone)]))
        o.stream = ICSExportStream(handlers: handlers, user: user, json: c.json, tag: tag, header: t(c, .exportIcsDone))
        return o
    }

    /// The VEVENTs of one event, in its own zone: the event (with RRULE, EXDATE for cancelled occurrences and a
    /// VALARM for its reminder), then one VEVENT with RECURRENCE-ID per moved occurrence.
    ///
    /// A series starts (DTSTART) at its first occurrence, since RFC 5545 counts DTSTART as one even when the
    /// rule would not produce it.
    func icsEvent(_ e: CalendarEvent, stamp: String) -> [String] {
        var first = e.date
        if let rule = e.recurrence {
            guard let d = CalendarEventExpansion.first(of: rule, anchor: e.date, onOrAfter: e.date, horizon: 4000)
            else { return [] }
            first = d
        }
        var lines = ["BEGIN:VEVENT", "UID:event-\(e.id.rawValue)@twodo", "DTSTAMP:" + stamp]
        lines.append("CREATED:" + ICalendar.utc(e.createdAt))
        lines += icsEventBody(e, e.occurrence(on: first, time: e.time, end: e.end))
        if let rule = e.recurrence {
            var until: String?
            if let last = rule.until {
                until =
                    e.time.map { ICalendar.utc(Calendars.instant(of: last, at: $0, tz: e.tz)) } ?? ICalendar.date(last)
            }
            lines.append(ICalendar.rrule(rule, anchor: e.date, until: until))
            for (day, x) in e.exceptions.sorted(by: { $0.key < $1.key }) where x == .cancelled {
                lines.append(ICalendar.when("EXDATE", day, e.time, tz: e.tz))
            }
        }
        // RFC 5545: a component's properties come before its subcomponents, so the alarm goes after the rule.
        lines += icsAlarm(e, first: e.time)
        lines.append("END:VEVENT")
        guard e.recurrence != nil else { return lines }
        for (day, x) in e.exceptions.sorted(by: { $0.key < $1.key }) {
            guard case .moved(let date, let time, let end) = x else { continue }
            lines += ["BEGIN:VEVENT", "UID:event-\(e.id.rawValue)@twodo", "DTSTAMP:" + stamp]
            lines.append(ICalendar.when("RECURRENCE-ID", day, e.time, tz: e.tz))
            lines += icsEventBody(e, e.occurrence(on: date, originalDate: day, time: time, end: end))
            lines += icsAlarm(e, first: time)
            lines.append("END:VEVENT")
        }
        return lines
    }

    /// SUMMARY, DESCRIPTION, LOCATION, DTSTART, DTEND and who it is for, of one occurrence.
    fileprivate func icsEventBody(_ e: CalendarEvent, _ o: EventOccurrence) -> [String] {
        var lines = ["SUMMARY:" + ICalendar.text(e.title)]
        if let d = e.description { lines.append("DESCRIPTION:" + ICalendar.text(d)) }
        if let p = e.location { lines.append("LOCATION:" + ICalendar.text(p)) }
        lines.append(ICalendar.when("DTSTART", o.date, o.time, tz: e.tz))
        if let time = o.time {
            if let last = o.endDate {
                lines.append(
                    o.end.map { ICalendar.when("DTEND", last, $0, tz: e.tz) }
                        ?? ICalendar.when("DTEND", last.adding(days: 1), LocalTime(hour: 0, minute: 0), tz: e.tz))
            } else if let end = o.end {
                lines.append(ICalendar.when("DTEND", end > time ? o.date : o.date.adding(days: 1), end, tz: e.tz))
            }
        } else {
            lines.append(ICalendar.when("DTEND", o.lastDate.adding(days: 1), nil, tz: e.tz))
        }
        if let who = e.assignee { lines.append("X-TWODO-FOR:" + ICalendar.text(who)) }
        return lines
    }

    /// The VALARM of an event's reminder, for an occurrence at `time` (nil: all day), or nothing.
    fileprivate func icsAlarm(_ e: CalendarEvent, first time: LocalTime?) -> [String] {
        guard let m = e.remindMinutes else { return [] }
        // An all-day event's reminder counts back from 09:00 on its day (`allDayReminderBase`).
        let minutes =
            time == nil ? m - (Handlers.allDayReminderBase.hour * 60 + Handlers.allDayReminderBase.minute) : m
        return [
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendar.text(e.title),
            "TRIGGER:" + (minutes > 0 ? "-PT\(minutes)M" : "PT\(-minutes)M"), "END:VALARM",
        ]
    }

    /// A routine as a repeating VEVENT in its zone: its schedule now in force, from the day it took effect;
    /// a routine paused with no end stops (UNTIL) the day before the pause. Earlier schedules, closed pauses and
    /// marks are not written (they are history, not calendar).
    func icsRoutine(_ r: Routine, zone: String, stamp: String) -> [String] {
        guard let segment = r.history.segments.last,
            let first = CalendarEventExpansion.first(
                of: segment.rule, anchor: segment.since, onOrAfter: segment.since, horizon: 4000)
        else { return [] }
        var rule = segment.rule
        // Paused with no end: it stops the day before the pause, even a pause that began the day the schedule took
        // effect (or earlier), which leaves nothing to write.
        if let pause = r.history.pauses.last, pause.to == nil {
            let last = pause.from.adding(days: -1)
            rule.until = rule.until.map { Swift.min($0, last) } ?? last
        }
        if let until = rule.until, until < first { return [] }
        var lines = [
            "BEGIN:VEVENT", "UID:routine-\(r.id.rawValue)@twodo", "DTSTAMP:" + stamp,
            "CREATED:" + ICalendar.utc(r.createdAt), "SUMMARY:" + ICalendar.text(r.name),
        ]
        if let d = r.description { lines.append("DESCRIPTION:" + ICalendar.text(d)) }
        lines.append(ICalendar.when("DTSTART", first, r.time, tz: zone))
        var until: String?
        if let last = rule.until {
            until = r.time.map { ICalendar.utc(Calendars.instant(of: last, at: $0, tz: zone)) } ?? ICalendar.date(last)
        }
        rule.until = nil
        lines.append(ICalendar.rrule(rule, anchor: segment.since, until: until))
        if let who = r.assignee { lines.append("X-TWODO-FOR:" + ICalendar.text(who)) }
        lines.append("CATEGORIES:TwoDo routine")
        lines.append("END:VEVENT")
        return lines
    }

    /// A dated task as a VTODO: DUE in the reader's zone (in UTC when it falls outside the window the
    /// VTIMEZONE covers), STATUS, PRIORITY (1 high, 5 medium, 9 low), COMPLETED, its list as CATEGORIES.
    func icsTask(_ task: TaskItem, user: User, stamp: String, window: ClosedRange<Int64>) -> [String] {
        guard let due = task.due else { return [] }
        var lines = [
            "BEGIN:VTODO", "UID:task-\(task.id.rawValue)@twodo", "DTSTAMP:" + stamp,
            "CREATED:" + ICalendar.utc(task.createdAt), "SUMMARY:" + ICalendar.text(task.title),
        ]
        if let d = task.description { lines.append("DESCRIPTION:" + ICalendar.text(d)) }
        if due.isAllDay {
            lines.append(ICalendar.when("DUE", due.date, nil, tz: user.tz))
        } else if window.contains(due.instant) {
            let day = LocalDate(instant: due.instant, tz: user.tz)
            lines.append(ICalendar.when("DUE", day, Calendars.time(at: due.instant, tz: user.tz), tz: user.tz))
        } else {
            lines.append("DUE:" + ICalendar.utc(due.instant))
        }
        lines.append("STATUS:" + (task.isDone ? "COMPLETED" : "NEEDS-ACTION"))
        if task.isDone, let at = task.completedAt { lines.append("COMPLETED:" + ICalendar.utc(at)) }
        switch task.priority {
        case .high: lines.append("PRIORITY:1")
        case .medium: lines.append("PRIORITY:5")
        case .low: lines.append("PRIORITY:9")
        case .none: break
        }
        lines.append("CATEGORIES:" + ICalendar.text(task.listName))
        if let who = task.assignee { lines.append("X-TWODO-FOR:" + ICalendar.text(who)) }
        lines.append("END:VTODO")
        return lines
    }
}
