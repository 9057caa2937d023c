// event add/edit/move/delete/show, `events`, `agenda week`, `calendar` with its month grid, `weekstart`.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoText

extension Handlers {
    /// The longest window `events from … to …` shows.
    static let eventWindowLimit = 366
    /// The local time an all-day event's reminder counts back from (`remind 1d before` = 09:00 the day before).
    static let allDayReminderBase = LocalTime(hour: 9, minute: 0)

    func event(_ action: EventAction, user: User, on c: Session) throws -> Reply {
        do {
            return try runEvent(action, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    /// The event a reference names: `id:N`, or words of one title (an exact title wins).
    func findEvent(_ ref: String, user: User, _ c: Session) throws -> CalendarEvent {
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
                        "error.ambiguous",
                        t(
                            c, "error.event_ambiguous",
                            ["ref": trimmed, "candidates": candidates.joined(separator: ", ")]),
                        data: .object([("candidates", .array(matches.prefix(5).map { eventJSON($0, tz: user.tz) }))])))
            }
        }
        throw ReplyError(
            reply: .failure(
                "error.not_found", t(c, "error.event_not_found", ["ref": trimmed]),
                data: .object([("event", .string(trimmed))])))
    }

    private func runEvent(_ action: EventAction, user: User, _ c: Session) throws -> Reply {
        let now = clock.now
        let members = try store.members(of: user.space)
        switch action {
        case .add(let draft):
            let title = try cleaned(draft.title ?? "", limit: TextRules.titleLimit, c)
            guard let date = draft.date else {
                return .failure("error.usage", t(c, "error.usage", ["verb": "event", "usage": t(c, "usage.event")]))
            }
            var e = CalendarEvent(
                id: EventID(0), title: title, date: date, time: draft.time, end: draft.end, tz: user.tz)
            if let place = draft.location { e.location = try cleaned(place, limit: TextRules.titleLimit, c) }
            e.remindMinutes = try reminderMinutes(draft.remindMinutes, c)
            if let rule = draft.recurrence { e.recurrence = seriesRule(rule, anchor: date) }
            let assignee = try draft.assignee.flatMap { try member($0, user: user, members: members, c) }
            try checkRoomForEvent(space: user.space, c)
            let id = try store.addEvent(e, space: user.space, by: user.id, assignee: assignee?.id, now: now)
            guard let fresh = try store.event(id, in: user.space) else {
                preconditionFailure("event vanished inside its transaction")
            }
            try rescheduleEventReminder(fresh)
            let when = DueDate(date: fresh.date, time: fresh.time, tz: fresh.tz)
            try raise(
                "event.added", actor: user, recipients: members, args: ["title": title],
                data: eventJSON(fresh, tz: "UTC"), when: when,
                localArgs: { [unowned self] lang, tz in ["details": self.eventSummary(fresh, lang: lang, tz: tz)] })
            return .success(
                "event.added", [t(c, "event.added", ["title": title, "details": eventSummary(fresh, user: user, c)])],
                data: eventJSON(fresh, tz: user.tz))

        case .edit(let ref, let changes):
            var e = try findEvent(ref, user: user, c)
            if let raw = changes.title { e.title = try cleaned(raw, limit: TextRules.titleLimit, c) }
            if let date = changes.date {
                if e.recurrence != nil && date != e.date { try store.clearExceptions(e.id) }
                e.date = date
            }
            if changes.allDay {
                e.time = nil
                e.end = nil
            }
            if let time = changes.time {
                e.time = time
                e.end = changes.end
            }
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
            return try eventChanged("event.edited", e.id, user: user, members: members, c)

        case .move(let ref, let scope, let date, let time, let end):
            var e = try findEvent(ref, user: user, c)
            guard let scope = try scopeFor(e, scope, verb: "move", c) else {
                e.date = date ?? e.date
                if let time { (e.time, e.end) = (time, end ?? shiftedEnd(e, to: time)) }
                try store.updateEvent(e, assignee: try assigneeID(of: e, members: members), now: now)
                return try eventChanged("event.moved", e.id, user: user, members: members, c)
            }
            switch scope {
            case .all:
                if let date, date != e.date {
                    try store.clearExceptions(e.id)
                    let old = e.date
                    e.date = date
                    if let rule = e.recurrence { e.recurrence = reanchored(rule, from: old, to: date) }
                }
                if let time { (e.time, e.end) = (time, end ?? shiftedEnd(e, to: time)) }
                try store.updateEvent(e, assignee: try assigneeID(of: e, members: members), now: now)
            case .this(let on):
                let occurrence = try pickOccurrence(e, on: on, user: user, c)
                var newTime = occurrence.time
                var newEnd = occurrence.end
                if let time { (newTime, newEnd) = (time, end ?? shiftedEnd(e, to: time)) }
                try store.setException(
                    e.id, day: occurrence.originalDate,
                    .moved(date: date ?? occurrence.date, time: newTime, end: newEnd))
            }
            return try eventChanged("event.moved", e.id, user: user, members: members, c)

        case .delete(let ref, let scope):
            let e = try findEvent(ref, user: user, c)
            if let scope = try scopeFor(e, scope, verb: "delete", c), case .this(let on) = scope {
                let occurrence = try pickOccurrence(e, on: on, user: user, c)
                try store.setException(e.id, day: occurrence.originalDate, .cancelled)
                guard let fresh = try store.event(e.id, in: user.space) else { preconditionFailure("event vanished") }
                try rescheduleEventReminder(fresh)
                let when = DueDate(date: occurrence.date, time: occurrence.time, tz: e.tz)
                try raise(
                    "event.cancelled", actor: user, recipients: members, args: ["title": e.title],
                    data: eventJSON(fresh, tz: "UTC"), when: when)
                return .success(
                    "event.cancelled",
                    [
                        t(
                            c, "event.cancelled",
                            ["title": e.title, "when": TimeText.human(when, readerTZ: user.tz, lang: c.lang)])
                    ],
                    data: eventJSON(fresh, tz: user.tz))
            }
            let data = eventJSON(e, tz: "UTC")
            try store.deleteEvent(e.id)
            remindersChanged = true
            try raise("event.deleted", actor: user, recipients: members, args: ["title": e.title], data: data)
            return .success(
                "event.deleted", [t(c, "event.deleted", ["title": e.title])], data: eventJSON(e, tz: user.tz))

        case .show(let ref):
            let e = try findEvent(ref, user: user, c)
            var lines = [t(c, "event.show", ["title": e.title, "details": eventSummary(e, user: user, c)])]
            let today = LocalDate(instant: now, tz: user.tz)
            if e.recurrence != nil {
                let next = e.occurrences(in: today...today.adding(days: 400)).prefix(3)
                if !next.isEmpty {
                    lines.append(
                        t(
                            c, "event.next",
                            ["dates": next.map { occurrenceWhen($0, user: user, c) }.joined(separator: "; ")]))
                }
            }
            let notes = try store.notes(of: e.id)
            for (i, n) in notes.enumerated() {
                lines.append("  \(i + 1). \(n.author ?? "?"), \(TimeText.iso8601(n.at, tz: user.tz)): \(n.text)")
            }
            return .success("event.show", lines, data: eventJSON(e, tz: user.tz, notes: notes))
        }
    }

    /// The scope of a change to `e`: nil for a one-off; for a series the one given, else the error asking for one.
    private func scopeFor(_ e: CalendarEvent, _ scope: EventScope?, verb: String, _ c: Session) throws -> EventScope? {
        guard e.recurrence != nil else { return nil }
        guard let scope else {
            throw ReplyError(
                reply: .failure("error.event_scope", t(c, "error.event_scope", ["title": e.title, "verb": verb])))
        }
        return scope
    }

    /// The occurrence of a series on `on` (its original or moved date), or the next one from today.
    private func pickOccurrence(
        _ e: CalendarEvent, on: LocalDate?, user: User, _ c: Session
    ) throws -> EventOccurrence {
        if let on {
            if let hit = e.occurrences(in: on...on).first { return hit }
            if e.isOriginalOccurrence(on), e.exceptions[on] == nil {
                return EventOccurrence(event: e.id, originalDate: on, date: on, time: e.time, end: e.end, tz: e.tz)
            }
            throw ReplyError(
                reply: .failure(
                    "error.not_found",
                    t(c, "error.event_no_occurrence", ["title": e.title, "date": TimeText.human(on, lang: c.lang)])))
        }
        let today = LocalDate(instant: clock.now, tz: e.tz)
        guard let next = e.occurrences(in: today...today.adding(days: 800)).first else {
            throw ReplyError(
                reply: .failure(
                    "error.not_found",
                    t(c, "error.event_no_occurrence", ["title": e.title, "date": TimeText.human(today, lang: c.lang)])))
        }
        return next
    }

    /// The end time kept the same length after the start moves to `time` (nil when there was no end).
    private func shiftedEnd(_ e: CalendarEvent, to time: LocalTime) -> LocalTime? {
        guard let start = e.time, let end = e.end else { return nil }
        var length = (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)
        if length <= 0 { length += 1440 }
        let minutes = (time.hour * 60 + time.minute + length) % 1440
        return LocalTime(hour: minutes / 60, minute: minutes % 60)
    }

    private func reminderMinutes(_ minutes: Int?, _ c: Session) throws -> Int? {
        guard let minutes else { return nil }
        guard (0...(60 * 24 * 60)).contains(minutes) else {
            throw ReplyError(reply: .failure("error.event_remind_range", t(c, "error.event_remind_range")))
        }
        return minutes
    }

    /// A series rule with what the first date leaves open filled in (weekday, month day, month).
    private func seriesRule(_ rule: Recurrence, anchor: LocalDate) -> Recurrence {
        var r = anchored(rule, to: anchor)
        if r.frequency == .weekly && r.weekdays.isEmpty { r.weekdays = [anchor.weekday] }
        return r
    }

    /// A series moved from `old` to `new`: the parts that came from the old first date follow it.
    private func reanchored(_ rule: Recurrence, from old: LocalDate, to new: LocalDate) -> Recurrence {
        var r = rule
        if r.frequency == .weekly && r.weekdays == [old.weekday] { r.weekdays = [new.weekday] }
        if r.frequency == .monthly && r.ordinal == nil && r.monthDay == old.day { r.monthDay = new.day }
        if r.frequency == .yearly && r.month == old.month && r.monthDay == old.day {
            r.month = new.month
            r.monthDay = new.day
        }
        return r
    }

    private func assigneeID(of e: CalendarEvent, members: [User]) throws -> UserID? {
        e.assignee.flatMap { name in members.first { $0.name == name }?.id }
    }

    private func eventChanged(
        _ code: String, _ id: EventID, user: User, members: [User], _ c: Session
    ) throws -> Reply {
        guard let fresh = try store.event(id, in: user.space) else {
            preconditionFailure("event vanished inside its transaction")
        }
        try rescheduleEventReminder(fresh)
        let when = DueDate(date: fresh.date, time: fresh.time, tz: fresh.tz)
        // Each partner reads the whole event (times with their end, place, rule) in their own zone and language.
        let first = EventOccurrence(
            event: fresh.id, originalDate: fresh.date, date: fresh.date, time: fresh.time, end: fresh.end, tz: fresh.tz)
        try raise(
            code, actor: user, recipients: members, args: ["title": fresh.title], data: eventJSON(fresh, tz: "UTC"),
            when: when,
            localArgs: { [unowned self] lang, tz in
                [
                    "details": self.eventSummary(fresh, lang: lang, tz: tz),
                    "when": self.occurrenceWhen(first, lang: lang, tz: tz),
                ]
            })
        return .success(
            code, [t(c, code, ["title": fresh.title, "details": eventSummary(fresh, user: user, c)])],
            data: eventJSON(fresh, tz: user.tz))
    }

    /// `Fri 27 Nov 19:00–21:00, at Luigi's, every week, reminder 60 min before, for bob`.
    func eventSummary(_ e: CalendarEvent, user: User, _ c: Session) -> String {
        eventSummary(e, lang: c.lang, tz: user.tz)
    }

    /// The same summary for any reader's language and zone (partner events, inbox copies).
    func eventSummary(_ e: CalendarEvent, lang: Language, tz: String) -> String {
        let first = EventOccurrence(event: e.id, originalDate: e.date, date: e.date, time: e.time, end: e.end, tz: e.tz)
        var parts = [occurrenceWhen(first, lang: lang, tz: tz)]
        if let place = e.location { parts.append(Catalog.text("event.at_place", lang, ["place": place])) }
        if let rule = e.recurrence { parts.append(RecurrenceText.describe(rule, lang: lang)) }
        if let m = e.remindMinutes { parts.append(Catalog.text("event.remind_before", lang, ["minutes": "\(m)"])) }
        if let who = e.assignee { parts.append(Catalog.text("task.for", lang, ["name": who])) }
        return parts.joined(separator: ", ")
    }

    /// When an occurrence is, for a reader: `Fri 27 Nov 19:00–21:00` in their zone, or `Sat 12 Dec (all day)`.
    func occurrenceWhen(_ o: EventOccurrence, user: User, _ c: Session) -> String {
        occurrenceWhen(o, lang: c.lang, tz: user.tz)
    }

    func occurrenceWhen(_ o: EventOccurrence, lang: Language, tz: String) -> String {
        guard o.time != nil else {
            return TimeText.human(o.date, lang: lang) + " " + Catalog.text("event.all_day", lang)
        }
        var text = TimeText.human(o.start, tz: tz, lang: lang)
        if o.end != nil { text += "–" + Calendars.time(at: o.finish, tz: tz).description }
        return text
    }

    /// An event as JSON: `id`, `title`, `start`, `end`, `all_day`, `location`, `remind_minutes`, `recurrence`,
    /// `assignee` (and `notes` when given). All-day starts are dates; timed ones ISO 8601 in `tz`.
    func eventJSON(_ e: CalendarEvent, tz: String, notes: [Note]? = nil) -> JSONValue {
        let first = EventOccurrence(event: e.id, originalDate: e.date, date: e.date, time: e.time, end: e.end, tz: e.tz)
        var fields: [(String, JSONValue)] = [
            ("id", .int(e.id.rawValue)), ("title", .string(e.title)),
            ("start", e.time == nil ? .string(e.date.description) : .string(TimeText.iso8601(first.start, tz: tz))),
            ("end", e.end == nil || e.time == nil ? .null : .string(TimeText.iso8601(first.finish, tz: tz))),
            ("all_day", .bool(e.isAllDay)), ("location", .optional(e.location)),
            ("remind_minutes", e.remindMinutes.map { .int(Int64($0)) } ?? .null),
            ("recurrence", e.recurrence.map(recurrenceJSON) ?? .null), ("assignee", .optional(e.assignee)),
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
        if let notes { fields.append(("notes", notesJSON(notes, tz: tz))) }
        return .object(fields)
    }

    private func occurrenceJSON(_ p: PlacedOccurrence, user: User) -> JSONValue {
        let o = p.occurrence
        return .object([
            ("id", .int(p.event.id.rawValue)), ("title", .string(p.event.title)), ("date", .string(p.day.description)),
            ("start", o.time == nil ? .string(o.date.description) : .string(TimeText.iso8601(o.start, tz: user.tz))),
            ("end", o.time == nil || o.end == nil ? .null : .string(TimeText.iso8601(o.finish, tz: user.tz))),
            ("all_day", .bool(o.isAllDay)), ("location", .optional(p.event.location)),
            ("recurring", .bool(p.event.recurrence != nil)),
            ("assignee", .optional(p.event.assignee)),
        ])
    }

    /// An occurrence placed on a reader's day, with its times already written in the reader's zone.
    struct PlacedOccurrence {
        var occurrence: EventOccurrence
        var event: CalendarEvent
        /// The reader's local day.
        var day: LocalDate
        /// Minutes after the reader's midnight it starts (-1 for all-day), for ordering.
        var minute: Int
        /// `19:00` in the reader's zone (nil for all-day).
        var startText: String? = nil
        /// `21:00` in the reader's zone (nil when there is no end).
        var endText: String? = nil
    }

    /// The occurrences of the space's events on the reader's days `range`, in order.
    ///
    /// Times are converted to the reader's zone only when the event's zone differs: the common case (same
    /// zone) needs no calendar arithmetic at all, which keeps `calendar` fast on spaces with many events.
    /// Throws the localized `error.too_many_occurrences` once the window holds more than the
    /// `occurrencesPerListing` limit, so what one listing expands stays bounded however many events repeat.
    func occurrences(user: User, in range: ClosedRange<LocalDate>, _ c: Session) throws -> [PlacedOccurrence] {
        let padded = range.lowerBound.adding(days: -1)...range.upperBound.adding(days: 1)
        let limit = limits.occurrencesPerListing
        var out: [PlacedOccurrence] = []
        for e in try store.events(in: user.space, overlapping: padded) {
            guard out.count <= limit else { break }
            for o in e.occurrences(in: padded) {
                guard let time = o.time else {
                    if range.contains(o.date) {
                        out.append(PlacedOccurrence(occurrence: o, event: e, day: o.date, minute: -1))
                    }
                    continue
                }
                if o.tz == user.tz {
                    guard range.contains(o.date) else { continue }
                    out.append(
                        PlacedOccurrence(
                            occurrence: o, event: e, day: o.date, minute: time.hour * 60 + time.minute,
                            startText: time.description,
                            endText: o.end?.description))
                } else {
                    let start = o.start
                    let day = LocalDate(instant: start, tz: user.tz)
                    guard range.contains(day) else { continue }
                    let local = Calendars.time(at: start, tz: user.tz)
                    out.append(
                        PlacedOccurrence(
                            occurrence: o, event: e, day: day, minute: local.hour * 60 + local.minute,
                            startText: local.description,
                            endText: o.end == nil ? nil : Calendars.time(at: o.finish, tz: user.tz).description))
                }
            }
        }
        if out.count > limit {
            throw ReplyError(
                reply: .failure(
                    "error.too_many_occurrences", t(c, "error.too_many_occurrences", ["limit": "\(limit)"]),
                    data: .object([("limit", .int(Int64(limit)))])))
        }
        out.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.minute != b.minute { return a.minute < b.minute }
            return a.event.id < b.event.id
        }
        return out
    }

    /// Texts shared by many lines of one listing, computed once per listing.
    final class LineTexts {
        var days: [LocalDate: String] = [:]
        var allDay: String?
    }

    private func occurrenceLine(
        _ p: PlacedOccurrence, user: User, withDate: Bool, _ c: Session, _ cache: LineTexts = LineTexts()
    ) -> String {
        var text = "  "
        if withDate {
            if let day = cache.days[p.day] {
                text += day
            } else {
                let day = TimeText.human(p.day, lang: c.lang) + " "
                cache.days[p.day] = day
                text += day
            }
        }
        if let start = p.startText {
            text += start
            if let end = p.endText { text += "–" + end }
        } else {
            if cache.allDay == nil { cache.allDay = t(c, "event.all_day") }
            text += cache.allDay!
        }
        text += "  " + p.event.title
        if let place = p.event.location { text += " @ " + place }
        if p.event.recurrence != nil { text += " ↻" }
        if let who = p.event.assignee, who != user.name { text += " (" + t(c, "task.for", ["name": who]) + ")" }
        return text
    }

    /// `events [from] [to]`: the occurrences in a window of the reader's days (default: today and 30 days on).
    func eventList(from: LocalDate?, to: LocalDate?, page: Int, user: User, on c: Session) throws -> Reply {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let start = from ?? today
        let end = to ?? start.adding(days: 30)
        guard start <= end else { return .failure("error.bad_range", t(c, "error.bad_range")) }
        guard end.dayNumber - start.dayNumber <= Handlers.eventWindowLimit else {
            return .failure("error.bad_range", t(c, "error.range_too_long", ["days": "\(Handlers.eventWindowLimit)"]))
        }
        // Occurrences are expanded from the space's events (at most `eventsPerSpace`) over a bounded window,
        // then paged; only the page is rendered.
        let found: ArraySlice<PlacedOccurrence>
        let w: PageWindow
        do {
            (found, w) = try self.page(of: try occurrences(user: user, in: start...end, c), page, c)
        } catch let e as ReplyError {
            return e.reply
        }
        let listing = Command.events(from: from, to: to)
        let args = ["from": TimeText.human(start, lang: c.lang), "to": TimeText.human(end, lang: c.lang)]
        let data: JSONValue? =
            !c.json
            ? nil
            : JSONValue.object([
                ("from", .string(start.description)), ("to", .string(end.description)),
                ("events", .array(found.map { occurrenceJSON($0, user: user) })),
            ])
        guard !found.isEmpty else {
            return finishPage(
                .success("event.list", [t(c, "event.list_empty", args)], data: data), w, listing: listing, c)
        }
        var lines = [t(c, "event.list_header", args)]
        let cache = LineTexts()
        for p in found { lines.append(occurrenceLine(p, user: user, withDate: true, c, cache)) }
        return finishPage(.success("event.list", lines, data: data), w, listing: listing, c)
    }

    /// The first weekday of the reader's month grid: their `weekstart` setting, else Monday in Turkish and
    /// Sunday in English.
    func firstWeekday(user: User, lang: Language) throws -> Int {
        if let setting = try store.weekStart(of: user.id).flatMap(WeekStart.init(rawValue:)) {
            return setting.isoWeekday
        }
        return lang == .tr ? 1 : 7
    }

    /// `calendar [month] [year] [page N]`: the month grid (events marked, today bracketed), then that month's
    /// events, 50 a page (the grid is on every page).
    func calendar(month: Int?, year: Int?, page: Int, user: User, on c: Session) throws -> Reply {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let m = month ?? today.month
        let y = year ?? today.year
        let first = LocalDate(year: y, month: m, day: 1)
        let last = LocalDate(year: y, month: m, day: LocalDate.daysIn(year: y, month: m))
        let all: [PlacedOccurrence]
        let found: ArraySlice<PlacedOccurrence>
        let w: PageWindow
        do {
            all = try occurrences(user: user, in: first...last, c)
            (found, w) = try self.page(of: all, page, c)
        } catch let e as ReplyError {
            return e.reply
        }
        let marked = Set(all.map { $0.day.day })
        let weekStart = try firstWeekday(user: user, lang: c.lang)
        var lines = CalendarGrid.month(
            year: y, month: m, firstWeekday: weekStart, today: today.year == y && today.month == m ? today : nil,
            marked: marked, lang: c.lang)
        lines.append(t(c, "calendar.legend"))
        let title = CalendarGrid.title(year: y, month: m, lang: c.lang)
        if found.isEmpty {
            lines.append(t(c, "calendar.no_events", ["month": title]))
        } else {
            lines.append(t(c, "calendar.events_header", ["month": title]))
            let cache = LineTexts()
            for p in found { lines.append(occurrenceLine(p, user: user, withDate: true, c, cache)) }
        }
        // `data` is built only for JSON sessions: people never see it, and it costs a zone conversion per event.
        let data: JSONValue? =
            !c.json
            ? nil
            : JSONValue.object([
                ("year", .int(Int64(y))), ("month", .int(Int64(m))), ("first_weekday", .int(Int64(weekStart))),
                ("today", today.year == y && today.month == m ? .string(today.description) : .null),
                ("marked_days", .array(marked.sorted().map { .int(Int64($0)) })),
                ("events", .array(found.map { occurrenceJSON($0, user: user) })),
            ])
        return finishPage(.success("calendar", lines, data: data), w, listing: .calendar(month: month, year: year), c)
    }

    /// `agenda week`: the next 7 days, each with its events, due tasks (numbered, for `done 2`) and due routines.
    /// Not paged: it shows at most `PageWindow.size` events and as many tasks (the first by time) and says how
    /// many more there are, which `events` and `upcoming` page through.
    func agendaWeek(user: User, on c: Session) throws -> Reply {
        let now = clock.now
        let today = LocalDate(instant: now, tz: user.tz)
        let last = today.adding(days: 6)
        let allEvents: [PlacedOccurrence]
        do {
            allEvents = try occurrences(user: user, in: today...last, c)
        } catch let e as ReplyError {
            return e.reply
        }
        let found = allEvents.prefix(PageWindow.size)
        let midnight = { (d: LocalDate) in Calendars.instant(of: d, at: LocalTime(hour: 0, minute: 0), tz: user.tz) }
        let (from, before) = (midnight(today), midnight(today.adding(days: 7)))
        let taskTotal = try store.dueTaskCount(in: user.space, from: from, before: before, assignee: nil)
        let tasks = try store.dueTasks(
            in: user.space, from: from, before: before, assignee: nil, offset: 0, limit: PageWindow.size)
        let routines = try store.routines(in: user.space)
        let members = try store.members(of: user.space)
        var lines = [
            t(
                c, "agenda.week_header",
                ["from": TimeText.human(today, lang: c.lang), "to": TimeText.human(last, lang: c.lang)])
        ]
        var listing: [TaskID] = []
        var days: [JSONValue] = []
        for offset in 0..<7 {
            let day = today.adding(days: offset)
            var header = TimeText.human(day, lang: c.lang)
            if offset == 0 { header += " " + t(c, "agenda.today") }
            lines.append(header)
            var dayEvents: [JSONValue] = []
            var dayTasks: [JSONValue] = []
            var dayRoutines: [JSONValue] = []
            var count = 0
            for p in found where p.day == day {
                lines.append(occurrenceLine(p, user: user, withDate: false, c))
                dayEvents.append(occurrenceJSON(p, user: user))
                count += 1
            }
            for task in tasks {
                let due = task.due!
                let taskDay = due.isAllDay ? due.date : LocalDate(instant: due.instant, tz: user.tz)
                guard taskDay == day else { continue }
                listing.append(task.id)
                var line = "  \(listing.count). [ ] \(task.title) — \(task.listName)"
                if !due.isAllDay { line += ", " + Calendars.time(at: due.instant, tz: user.tz).description }
                if let who = task.assignee { line += ", " + t(c, "task.for", ["name": who]) }
                lines.append(line)
                dayTasks.append(taskJSON(task, tz: user.tz, number: listing.count))
                count += 1
            }
            for r in routines {
                let zone = routineZone(r, members: members, reader: user)
                let routineToday = LocalDate(instant: now, tz: zone)
                guard r.history.isDue(day) || r.history.marks[day] != nil else { continue }
                let state = r.history.state(on: day, today: routineToday)
                let check = state == .done ? "[x]" : (state == .skipped ? "[-]" : "[ ]")
                var line = "  \(check) " + t(c, "agenda.routine", ["name": r.name])
                if let time = r.time { line += ", " + time.description }
                if let who = r.assignee, who != user.name { line += ", " + t(c, "task.for", ["name": who]) }
                lines.append(line)
                dayRoutines.append(
                    .object([("id", .int(r.id.rawValue)), ("name", .string(r.name)), ("state", .string("\(state)"))]))
                count += 1
            }
            if count == 0 { lines.append("  " + t(c, "agenda.nothing")) }
            days.append(
                .object([
                    ("date", .string(day.description)), ("events", .array(dayEvents)), ("tasks", .array(dayTasks)),
                    ("routines", .array(dayRoutines)),
                ]))
        }
        if allEvents.count > found.count {
            lines.append(t(c, "agenda.more_events", ["count": "\(allEvents.count - found.count)"]))
        }
        if taskTotal > tasks.count { lines.append(t(c, "agenda.more_tasks", ["count": "\(taskTotal - tasks.count)"])) }
        remember(listing, offset: 0, listing: nil, c)
        return .success(
            "agenda.week", lines,
            data: .object([
                ("days", .array(days)), ("events_total", .int(Int64(allEvents.count))),
                ("tasks_total", .int(Int64(taskTotal))),
            ]))
    }

    /// `weekstart [monday|sunday]`.
    func weekStart(_ value: WeekStart?, user: User, on c: Session) throws -> Reply {
        guard let value else {
            let day = try firstWeekday(user: user, lang: c.lang) == 1 ? "monday" : "sunday"
            return .success(
                "weekstart.show", [t(c, "weekstart.show", ["day": t(c, "weekstart.\(day)")])],
                data: .object([("weekstart", .string(day))]))
        }
        try store.setWeekStart(value.rawValue, for: user.id)
        return .success(
            "weekstart.set", [t(c, "weekstart.set", ["day": t(c, "weekstart.\(value.rawValue)")])],
            data: .object([("weekstart", .string(value.rawValue))]))
    }

    /// Keeps one pending reminder for an event with `remind … before`: the next occurrence whose reminder
    /// time is still ahead and has not fired. All-day events count back from 09:00 on their day.
    func rescheduleEventReminder(_ e: CalendarEvent, after fired: LocalDate? = nil) throws {
        try store.cancelScheduleReminders(event: e.id)
        remindersChanged = true
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

    /// The instant an occurrence's reminder counts back from: its start, or 09:00 for an all-day one.
    func reminderInstant(_ o: EventOccurrence) -> Int64 {
        Calendars.instant(of: o.date, at: o.time ?? Handlers.allDayReminderBase, tz: o.tz)
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
