// event add/edit/move/delete/show and how an event reads in a line (its summary and when).

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// The calendar: `event add|edit|move|cancel|delete`, `events`, `calendar`, `agenda`, `weekstart`.
struct Events: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// The longest window `events from … to …` shows.
    static let eventWindowLimit = 366

    /// The local time an all-day event's reminder counts back from (`remind 1d before` = 09:00 the day before).
    static let allDayReminderBase = LocalTime(hour: 9, minute: 0)
}

extension Events {
    func event(_ action: EventAction, user: User, on c: CommandContext) throws -> Reply {
        do {
            return try runEvent(action, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    fileprivate func runEvent(_ action: EventAction, user: User, _ c: CommandContext) throws -> Reply {
        let now = clock.now
        let members = try store.members(of: user.space)
        switch action {
        case .add(let draft):
            let title = try cleaned(draft.title ?? "", limit: TextRules.titleLimit, c)
            guard let date = draft.date else {
                return .failure(.errorUsage, t(c, .errorUsage, ["verb": "event", "usage": t(c, .usageEvent)]))
            }
            var e = CalendarEvent(
                id: EventID(0), title: title, date: date, time: draft.time, end: draft.end, tz: user.tz,
                endDate: draft.endDate)
            try checkSpan(&e, c)
            if let place = draft.location { e.location = try cleaned(place, limit: TextRules.titleLimit, c) }
            e.remindMinutes = try reminderMinutes(draft.remindMinutes, c)
            if let rule = draft.recurrence { e.recurrence = seriesRule(rule, anchor: date) }
            let assignee = try draft.assignee.flatMap { try member($0, user: user, members: members, c) }
            try checkRoomForEvent(space: user.space, c)
            let id = try store.addEvent(e, space: user.space, by: user.id, assignee: assignee?.id, now: now)
            guard let fresh = try store.event(id, in: user.space) else {
                preconditionFailure("event vanished inside its transaction")
            }
            try rescheduleEventReminder(fresh, c)
            let when = DueDate(date: fresh.date, time: fresh.time, tz: fresh.tz)
            try raise(
                in: c,
                .eventAdded, actor: user, recipients: members, args: ["title": title],
                data: JSONShape.event(fresh, tz: "UTC"), when: when,
                localArgs: { lang, tz in ["details": self.eventSummary(fresh, lang: lang, tz: tz)] })
            return .success(
                .eventAdded, [t(c, .eventAdded, ["title": title, "details": eventSummary(fresh, user: user, c)])],
                data: JSONShape.event(fresh, tz: user.tz))

        case .edit(let ref, let changes):
            var e = try findEvent(ref, user: user, c)
            if let raw = changes.title { e.title = try cleaned(raw, limit: TextRules.titleLimit, c) }
            if let date = changes.date {
                if e.recurrence != nil && date != e.date { try store.clearExceptions(e.id) }
                shift(&e, to: date)
            }
            if changes.allDay {
                e.time = nil
                e.end = nil
            }
            if let time = changes.time {
                e.time = time
                e.end = changes.end
            }
            if let last = changes.endDate {
                e.endDate = last
                if changes.time == nil { e.end = changes.end }
            }
            try checkSpan(&e, c)
            if let place = changes.location { e.location = try cleaned(place, limit: TextRules.titleLimit, c) }
            if changes.clearReminder { e.remindMinutes = nil }
            if let minutes = changes.remindMinutes { e.remindMinutes = try reminderMinutes(minutes, c) }
            if changes.clearRecurrence {
                e.recurrence = nil
                try store.clearExceptions(e.id)
            }
            if let rule = changes.recurrence { e.recurrence = seriesRule(rule, anchor: e.date) }
            var assigneeID = try assigneeID(of: e, members: members)
            if let who = changes.assignee { assigneeID = try member(who, user: user, members: members, c)?.id }
            try store.updateEvent(e, assignee: assigneeID, now: now)
            return try eventChanged(.eventEdited, e.id, user: user, members: members, c)

        case .move(let ref, let scope, let date, let time, let end):
            var e = try findEvent(ref, user: user, c)
            guard let scope = try scopeFor(e, scope, verb: "move", c) else {
                shift(&e, to: date ?? e.date)
                if let time { (e.time, e.end) = (time, end ?? shiftedEnd(e, to: time)) }
                try store.updateEvent(e, assignee: try assigneeID(of: e, members: members), now: now)
                return try eventChanged(.eventMoved, e.id, user: user, members: members, c)
            }
            switch scope {
            case .all:
                if let date, date != e.date {
                    try store.clearExceptions(e.id)
                    let old = e.date
                    shift(&e, to: date)
                    if let rule = e.recurrence { e.recurrence = reanchored(rule, from: old, to: date) }
                }
                if let time { (e.time, e.end) = (time, end ?? shiftedEnd(e, to: time)) }
                try store.updateEvent(e, assignee: try assigneeID(of: e, members: members), now: now)
            case .this(let on):
                let occurrence = try pickOccurrence(e, on: on, user: user, c)
                var newTime = occurrence.time
                var newEnd = occurrence.end
                if let time { (newTime, newEnd) = (time, end ?? shiftedEnd(e, to: time)) }
                let moved = EventOccurrence(
                    event: e.id, originalDate: occurrence.originalDate, date: date ?? occurrence.date, time: newTime,
                    end: newEnd, tz: e.tz)
                try checkRoomForException(e, day: occurrence.originalDate, c)
                try store.setException(
                    e.id, day: occurrence.originalDate, .moved(date: moved.date, time: moved.time, end: moved.end))
                return try eventChanged(.eventMoved, e.id, user: user, members: members, c, occurrence: moved)
            }
            return try eventChanged(.eventMoved, e.id, user: user, members: members, c)

        case .delete(let ref, let scope):
            let e = try findEvent(ref, user: user, c)
            if let scope = try scopeFor(e, scope, verb: "delete", c), case .this(let on) = scope {
                let occurrence = try pickOccurrence(e, on: on, user: user, c)
                try checkRoomForException(e, day: occurrence.originalDate, c)
                try store.setException(e.id, day: occurrence.originalDate, .cancelled)
                guard let fresh = try store.event(e.id, in: user.space) else { preconditionFailure("event vanished") }
                try rescheduleEventReminder(fresh, c)
                let when = DueDate(date: occurrence.date, time: occurrence.time, tz: e.tz)
                try raise(
                    in: c,
                    .eventCancelled, actor: user, recipients: members, args: ["title": e.title],
                    data: JSONShape.event(fresh, tz: "UTC"), when: when)
                return .success(
                    .eventCancelled,
                    [
                        t(
                            c, .eventCancelled,
                            ["title": e.title, "when": TimeText.human(when, readerTZ: user.tz, lang: c.lang)])
                    ],
                    data: JSONShape.event(fresh, tz: user.tz))
            }
            let data = JSONShape.event(e, tz: "UTC")
            try store.deleteEvent(e.id)
            c.remindersChanged = true
            try raise(in: c, .eventDeleted, actor: user, recipients: members, args: ["title": e.title], data: data)
            return .success(
                .eventDeleted, [t(c, .eventDeleted, ["title": e.title])], data: JSONShape.event(e, tz: user.tz))

        case .show(let ref):
            let e = try findEvent(ref, user: user, c)
            var lines = [t(c, .eventShow, ["title": e.title, "details": eventSummary(e, user: user, c)])]
            let today = LocalDate(instant: now, tz: user.tz)
            if e.recurrence != nil {
                let next = e.occurrences(in: today...today.adding(days: 400)).prefix(3)
                if !next.isEmpty {
                    lines.append(
                        t(
                            c, .eventNext,
                            ["dates": next.map { occurrenceWhen($0, user: user, c) }.joined(separator: "; ")]))
                }
            }
            let notes = try store.notes(of: e.id)
            for (i, n) in notes.enumerated() {
                let author = n.author ?? t(c, .memberFormer)  // NULL: a deleted account
                let when = TimeText.human(n.at, now: clock.now, tz: user.tz, lang: c.lang)
                lines.append("  \(i + 1). \(author), \(when): \(n.text)")
            }
            return .success(.eventShow, lines, data: JSONShape.event(e, tz: user.tz, notes: notes))
        }
    }

    /// The scope of a change to `e`: nil for a one-off; for a series the one given, else the error asking for one.
    fileprivate func scopeFor(
        _ e: CalendarEvent, _ scope: EventScope?, verb: String, _ c: CommandContext
    ) throws -> EventScope? {
        guard e.recurrence != nil else { return nil }
        guard let scope else {
            throw ReplyError(
                reply: .failure(.errorEventScope, t(c, .errorEventScope, ["title": e.title, "verb": verb])))
        }
        return scope
    }

    /// The occurrence of a series on `on` (its original or moved date), or the next one from today.
    fileprivate func pickOccurrence(
        _ e: CalendarEvent, on: LocalDate?, user: User, _ c: CommandContext
    ) throws -> EventOccurrence {
        if let on {
            if let hit = e.occurrences(in: on...on).first { return hit }
            if e.isOriginalOccurrence(on), e.exceptions[on] == nil {
                return e.occurrence(on: on, time: e.time, end: e.end)
            }
            throw ReplyError(
                reply: .failure(
                    .errorNotFound,
                    t(c, .errorEventNoOccurrence, ["title": e.title, "date": TimeText.human(on, lang: c.lang)])))
        }
        let today = LocalDate(instant: clock.now, tz: e.tz)
        guard let next = e.occurrences(in: today...today.adding(days: 800)).first else {
            throw ReplyError(
                reply: .failure(
                    .errorNotFound,
                    t(c, .errorEventNoOccurrence, ["title": e.title, "date": TimeText.human(today, lang: c.lang)])))
        }
        return next
    }

    /// Moves an event's first day to `date`, a multi-day event's last day with it.
    fileprivate func shift(_ e: inout CalendarEvent, to date: LocalDate) {
        let span = e.spanDays
        e.date = date
        if e.endDate != nil { e.endDate = date.adding(days: span) }
    }

    /// Checks a multi-day event's last day: not before the start (localized `error.event_span`), at most
    /// `CalendarEvent.spanLimit` days in all; an end on the first day makes it a one-day event again. An end time
    /// with an all-day start (`Dec 10 - Dec 12 5pm`) starts it at midnight.
    func checkSpan(_ e: inout CalendarEvent, _ c: CommandContext) throws {
        guard let last = e.endDate else { return }
        if e.time == nil, e.end != nil { e.time = LocalTime(hour: 0, minute: 0) }
        let days = last.dayNumber - e.date.dayNumber
        let before: Bool
        if let time = e.time, let end = e.end {
            before = days < 0 || (days == 0 && end <= time)
        } else {
            before = days < 0
        }
        if before {
            func when(_ d: LocalDate, _ time: LocalTime?) -> String {
                TimeText.human(d, lang: c.lang) + (time.map { " " + $0.description } ?? "")
            }
            throw ReplyError(
                reply: .failure(
                    .errorEventSpan,
                    t(c, .errorEventEndBeforeStart, ["start": when(e.date, e.time), "end": when(last, e.end)]),
                    data: .object([("start", .string(e.date.description)), ("end", .string(last.description))])))
        }
        if days == 0 {
            e.endDate = nil
            return
        }
        guard days < CalendarEvent.spanLimit else {
            throw ReplyError(
                reply: .failure(
                    .errorEventSpan,
                    t(c, .errorEventTooLong, ["days": "\(CalendarEvent.spanLimit)", "asked": "\(days + 1)"]),
                    data: .object([("limit", .int(Int64(CalendarEvent.spanLimit)))])))
        }
    }

    /// The end time kept the same length after the start moves to `time` (nil when there was no end).
    fileprivate func shiftedEnd(_ e: CalendarEvent, to time: LocalTime) -> LocalTime? {
        guard let start = e.time, let end = e.end else { return nil }
        var length = (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)
        if length <= 0 { length += 1440 }
        let minutes = (time.hour * 60 + time.minute + length) % 1440
        return LocalTime(hour: minutes / 60, minute: minutes % 60)
    }

    fileprivate func reminderMinutes(_ minutes: Int?, _ c: CommandContext) throws -> Int? {
        guard let minutes else { return nil }
        guard (0...(60 * 24 * 60)).contains(minutes) else {
            throw ReplyError(reply: .failure(.errorEventRemindRange, t(c, .errorEventRemindRange)))
        }
        return minutes
    }

    /// A series rule with what the first date leaves open filled in (weekday, month day, month).
    fileprivate func seriesRule(_ rule: Recurrence, anchor: LocalDate) -> Recurrence {
        var r = anchored(rule, to: anchor)
        if r.frequency == .weekly && r.weekdays.isEmpty { r.weekdays = [anchor.weekday] }
        return r
    }

    /// A series moved from `old` to `new`: the parts that came from the old first date follow it.
    fileprivate func reanchored(_ rule: Recurrence, from old: LocalDate, to new: LocalDate) -> Recurrence {
        var r = rule
        if r.frequency == .weekly && r.weekdays == [old.weekday] { r.weekdays = [new.weekday] }
        if r.frequency == .monthly && r.ordinal == nil && r.monthDay == old.day { r.monthDay = new.day }
        if r.frequency == .yearly && r.month == old.month && r.monthDay == old.day {
            r.month = new.month
            r.monthDay = new.day
        }
        return r
    }

    fileprivate func assigneeID(of e: CalendarEvent, members: [User]) throws -> UserID? {
        e.assignee.flatMap { name in members.first { $0.name == name }?.id }
    }

    /// The reply and the partner's event after a change to event `id`; `occurrence` is the one occurrence
    /// changed (`event move swim this 8pm`), which both then describe instead of the series' first date.
    fileprivate func eventChanged(
        _ name: EventName, _ id: EventID, user: User, members: [User], _ c: CommandContext,
        occurrence: EventOccurrence? = nil
    ) throws -> Reply {
        guard var fresh = try store.event(id, in: user.space) else {
            preconditionFailure("event vanished inside its transaction")
        }
        try rescheduleEventReminder(fresh, c)
        // The JSON data stays the series (its rule and exceptions); the text says the occurrence.
        let series = fresh
        let data = { (tz: String) in JSONShape.event(series, tz: tz) }
        if let occurrence { (fresh.date, fresh.time, fresh.end) = (occurrence.date, occurrence.time, occurrence.end) }
        let when = DueDate(date: fresh.date, time: fresh.time, tz: fresh.tz)
        // Each partner reads the whole event (times with their end, place, rule) in their own zone and language.
        let first = fresh.occurrence(on: fresh.date, time: fresh.time, end: fresh.end)
        // One occurrence moved says which one, and that the series stays: its summary ("every Monday") would
        // read as if the whole series moved.
        let one = name == .eventMoved ? occurrence?.originalDate : nil
        try raise(
            in: c,
            name, key: one == nil ? nil : .eventEventMovedOne, actor: user, recipients: members,
            args: ["title": fresh.title],
            data: data("UTC"),
            when: when,
            localArgs: { lang, tz in
                var args = [
                    "details": self.eventSummary(fresh, lang: lang, tz: tz),
                    "when": self.occurrenceWhen(first, lang: lang, tz: tz),
                ]
                if let one { args["from"] = TimeText.human(one, lang: lang) }
                return args
            })
        if let one {
            let text = t(
                c, .eventMovedOne,
                [
                    "title": fresh.title, "from": TimeText.human(one, lang: c.lang),
                    "when": occurrenceWhen(first, user: user, c),
                ])
            return .success(name.replyCode, [text], data: data(user.tz))
        }
        return .success(
            name.replyCode,
            [t(c, name.replyCode.key, ["title": fresh.title, "details": eventSummary(fresh, user: user, c)])],
            data: data(user.tz))
    }
}

extension Feature {
    /// The event a reference names: `id:N`, or words of one title (an exact title wins).
    func findEvent(_ ref: String, user: User, _ c: CommandContext) throws -> CalendarEvent {
        let trimmed = ref.trimmingSpaces
        if trimmed.lowercased().hasPrefix("id:"), let n = Int64(trimmed.dropFirst(3)) {
            if let e = try store.event(EventID(n), in: user.space) { return e }
        } else {
            let matches = try store.events(matching: trimmed, in: user.space)
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                let candidates = matches.prefix(5).map {
                    "\"\($0.title)\" (id:\($0.id.rawValue), \(TimeText.human($0.date, lang: c.lang)))"
                }
                throw ReplyError(
                    reply: .failure(
                        .errorAmbiguous,
                        t(
                            c, .errorEventAmbiguous,
                            ["ref": trimmed, "candidates": candidates.joined(separator: ", ")]),
                        data: .object([
                            ("candidates", .array(matches.prefix(5).map { JSONShape.event($0, tz: user.tz) }))
                        ])))
            }
        }
        throw ReplyError(
            reply: .failure(
                .errorNotFound, t(c, .errorEventNotFound, ["ref": trimmed]),
                data: .object([("event", .string(trimmed))])))
    }

    /// `Fri 27 Nov 19:00–21:00, at Luigi's, every week, reminder 60 min before, for bob`.
    func eventSummary(_ e: CalendarEvent, user: User, _ c: CommandContext) -> String {
        eventSummary(e, lang: c.lang, tz: user.tz)
    }

    /// The same summary for any reader's language and zone (partner events, inbox copies).
    func eventSummary(_ e: CalendarEvent, lang: Language, tz: String) -> String {
        let first = e.occurrence(on: e.date, time: e.time, end: e.end)
        var parts = [occurrenceWhen(first, lang: lang, tz: tz)]
        if let place = e.location { parts.append(Catalog.text(.eventAtPlace, lang, ["place": place])) }
        if let rule = e.recurrence { parts.append(RecurrenceText.describe(rule, lang: lang)) }
        if let m = e.remindMinutes { parts.append(Catalog.text(.eventRemindBefore, lang, ["minutes": "\(m)"])) }
        if let who = e.assignee { parts.append(Catalog.text(.taskFor, lang, ["name": who])) }
        return parts.joined(separator: ", ")
    }

    /// When an occurrence is, for a reader: `Fri 27 Nov 19:00–21:00` in their zone, or `Sat 12 Dec (all day)`.
    func occurrenceWhen(_ o: EventOccurrence, user: User, _ c: CommandContext) -> String {
        occurrenceWhen(o, lang: c.lang, tz: user.tz)
    }

    func occurrenceWhen(_ o: EventOccurrence, lang: Language, tz: String) -> String {
        if let last = o.endDate {
            // `Thu 10 Dec – Sat 12 Dec (all day)`, `Thu 10 Dec 09:00 – Sat 12 Dec 17:00`.
            guard o.time != nil else {
                return TimeText.human(o.date, lang: lang) + " – " + TimeText.human(last, lang: lang) + " "
                    + Catalog.text(.eventAllDay, lang)
            }
            return TimeText.human(o.start, tz: tz, lang: lang) + " – " + TimeText.human(o.finish, tz: tz, lang: lang)
        }
        guard o.time != nil else {
            return TimeText.human(o.date, lang: lang) + " " + Catalog.text(.eventAllDay, lang)
        }
        var text = TimeText.human(o.start, tz: tz, lang: lang)
        if o.end != nil { text += "–" + Calendars.time(at: o.finish, tz: tz).description }
        return text
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
