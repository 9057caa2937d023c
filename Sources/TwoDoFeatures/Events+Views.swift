// The calendar's views: `events`, `calendar` with its month grid, `agenda week` and `agenda <day>`, `weekstart`,
// and event JSON.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Handlers {
    /// Texts shared by many lines of one listing, computed once per listing.
    final class LineTexts {
        var days: [LocalDate: String] = [:]
        var allDay: String?
    }
}

extension Events {
    fileprivate func occurrenceJSON(_ p: Handlers.PlacedOccurrence, user: User) -> JSONValue {
        let o = p.occurrence
        return .object([
            ("id", .int(p.event.id.rawValue)), ("title", .string(p.event.title)), ("date", .string(p.day.description)),
            ("start", o.time == nil ? .string(o.date.description) : .string(TimeText.iso8601(o.start, tz: user.tz))),
            ("end", JSONShape.eventEnd(o, tz: user.tz)), ("end_date", .optional(o.endDate?.description)),
            ("span_day", p.spanDays > 0 ? .int(Int64(p.spanDay)) : .null),
            ("span_days", p.spanDays > 0 ? .int(Int64(p.spanDays)) : .null),
            ("all_day", .bool(o.isAllDay)), ("location", .optional(p.event.location)),
            ("recurring", .bool(p.event.recurrence != nil)),
            ("assignee", .optional(p.event.assignee)),
        ])
    }

    fileprivate func occurrenceLine(
        _ p: Handlers.PlacedOccurrence, user: User, withDate: Bool, _ c: CommandContext,
        _ cache: Handlers.LineTexts = Handlers.LineTexts()
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
        if p.spanDays > 0 && withDate {
            // Under its day, a day of a span says only that day's part: `Thu 10 Dec 09:00 →`, `Fri 11 Dec (all
            // day)`, `Sat 12 Dec → 17:00` (the date is already at the start of the row).
            text += spanPart(p, tz: user.tz, c, cache)
        } else if p.spanDays > 0 {
            // `Thu 10 Dec 09:00 – Sat 12 Dec 17:00  trip (day 2 of 3)`: the whole span on each of its days.
            text += occurrenceWhen(p.occurrence, user: user, c)
        } else if let start = p.start {
            // Times are written here, for the page's rows only: a month's `calendar` places every occurrence
            // (thousands with weekly series) to mark the grid and count them, and shows a page of them.
            text += start.description
            if let end = p.occurrence.end {
                let local = p.occurrence.tz == user.tz ? end : Calendars.time(at: p.occurrence.finish, tz: user.tz)
                text += "–" + local.description
            }
        } else {
            if cache.allDay == nil { cache.allDay = t(c, .eventAllDay) }
            text += cache.allDay!
        }
        text += "  " + p.event.title
        if let place = p.event.location { text += " @ " + place }
        if p.event.recurrence != nil { text += " ↻" }
        if let who = p.event.assignee, who != user.name { text += " (" + t(c, .taskFor, ["name": who]) + ")" }
        if p.spanDays > 0 {
            text += " (" + t(c, .eventSpanDay, ["n": "\(p.spanDay)", "total": "\(p.spanDays)"]) + ")"
        }
        return text
    }

    /// One day's part of a multi-day occurrence in the reader's zone: from its start on the first day, until its
    /// end on the last, all day between (and on every day of an all-day span).
    fileprivate func spanPart(
        _ p: Handlers.PlacedOccurrence, tz: String, _ c: CommandContext, _ cache: Handlers.LineTexts
    ) -> String {
        if cache.allDay == nil { cache.allDay = t(c, .eventAllDay) }
        guard p.occurrence.time != nil else { return cache.allDay! }
        if p.spanDay == 1 { return Calendars.time(at: p.occurrence.start, tz: tz).description + " →" }
        if p.spanDay == p.spanDays { return "→ " + Calendars.time(at: p.occurrence.finish, tz: tz).description }
        return cache.allDay!
    }

    /// `events [from] [to]`: the occurrences in a window of the reader's days (default: today and 30 days on).
    func eventList(from: LocalDate?, to: LocalDate?, page: Int, user: User, on c: CommandContext) throws -> Reply {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let start = from ?? today
        let end = to ?? start.adding(days: 30)
        guard start <= end else { return .failure(.errorBadRange, t(c, .errorBadRange)) }
        guard end.dayNumber - start.dayNumber <= Handlers.eventWindowLimit else {
            return .failure(.errorBadRange, t(c, .errorRangeTooLong, ["days": "\(Handlers.eventWindowLimit)"]))
        }
        // Occurrences are expanded from the space's events (at most `eventsPerSpace`) over a bounded window,
        // then paged; only the page is rendered.
        let found: [Handlers.PlacedOccurrence]
        let w: PageWindow
        do {
            let all = try occurrences(user: user, in: start...end, c)
            w = try pageWindow(page, total: all.count, c)
            found = all.rows(w.offset..<min(all.count, w.offset + PageWindow.size))
        } catch let e as ReplyError {
            return e.reply
        }
        let listing = Command.events(from: from, to: to)
        // One day (`events on Dec 11`) is named once: "Events on Fri 11 Dec", not "from Fri 11 Dec to Fri 11 Dec".
        let oneDay = start == end
        let args = [
            "from": TimeText.human(start, lang: c.lang), "to": TimeText.human(end, lang: c.lang),
            "day": TimeText.human(start, lang: c.lang),
        ]
        let data: JSONValue? =
            !c.json
            ? nil
            : JSONValue.object([
                ("from", .string(start.description)), ("to", .string(end.description)),
                ("events", .array(found.map { occurrenceJSON($0, user: user) })),
            ])
        guard !found.isEmpty else {
            return finishPage(
                .success(.eventList, [t(c, oneDay ? .eventListEmptyDay : .eventListEmpty, args)], data: data), w,
                listing: listing, c)
        }
        var lines = [t(c, oneDay ? .eventListHeaderDay : .eventListHeader, args)]
        let cache = Handlers.LineTexts()
        for p in found { lines.append(occurrenceLine(p, user: user, withDate: true, c, cache)) }
        return finishPage(.success(.eventList, lines, data: data), w, listing: listing, c)
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
    func calendar(month: Int?, year: Int?, page: Int, user: User, on c: CommandContext) throws -> Reply {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let m = month ?? today.month
        let y = year ?? today.year
        let first = LocalDate(year: y, month: m, day: 1)
        let last = LocalDate(year: y, month: m, day: LocalDate.daysIn(year: y, month: m))
        let all: Handlers.PlacedOccurrences
        let found: [Handlers.PlacedOccurrence]
        let w: PageWindow
        do {
            all = try occurrences(user: user, in: first...last, c)
            w = try pageWindow(page, total: all.count, c)
            found = all.rows(w.offset..<min(all.count, w.offset + PageWindow.size))
        } catch let e as ReplyError {
            return e.reply
        }
        let marked = all.markedDays
        let weekStart = try firstWeekday(user: user, lang: c.lang)
        var lines = CalendarGrid.month(
            year: y, month: m, firstWeekday: weekStart, today: today.year == y && today.month == m ? today : nil,
            marked: marked, lang: c.lang)
        lines.append(t(c, .calendarLegend))
        let title = CalendarGrid.title(year: y, month: m, lang: c.lang)
        if found.isEmpty {
            lines.append(t(c, .calendarNoEvents, ["month": title]))
        } else {
            lines.append(t(c, .calendarEventsHeader, ["month": title]))
            let cache = Handlers.LineTexts()
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
        return finishPage(.success(.calendar, lines, data: data), w, listing: .calendar(month: month, year: year), c)
    }

    /// `agenda week`: the next 7 days, each with its events, due tasks (numbered, for `done 2`) and due routines.
    /// Not paged: it shows at most `PageWindow.size` events and as many tasks (the first by time) and says how
    /// many more there are, which `events` and `upcoming` page through.
    func agendaWeek(user: User, on c: CommandContext) throws -> Reply {
        try agenda(from: LocalDate(instant: clock.now, tz: user.tz), days: 7, user: user, on: c)
    }

    /// `agenda <day>`: that day's events (multi-day ones on each of their days), due tasks and due routines.
    func agendaDay(_ day: LocalDate, user: User, on c: CommandContext) throws -> Reply {
        try agenda(from: day, days: 1, user: user, on: c)
    }

    /// The agenda of `days` days from `first`: the week view (7, with a header per day) or one day (1).
    fileprivate func agenda(from first: LocalDate, days dayCount: Int, user: User, on c: CommandContext) throws -> Reply
    {
        let now = clock.now
        let today = first
        let realToday = LocalDate(instant: now, tz: user.tz)
        let last = today.adding(days: dayCount - 1)
        let allEvents: Handlers.PlacedOccurrences
        do {
            allEvents = try occurrences(user: user, in: today...last, c)
        } catch let e as ReplyError {
            return e.reply
        }
        let found = allEvents.rows(0..<min(allEvents.count, PageWindow.size))
        let midnight = { (d: LocalDate) in Calendars.instant(of: d, at: LocalTime(hour: 0, minute: 0), tz: user.tz) }
        let (from, before) = (midnight(today), midnight(today.adding(days: dayCount)))
        let taskTotal = try store.dueTaskCount(in: user.space, from: from, before: before, assignee: nil)
        let tasks = try store.dueTasks(
            in: user.space, from: from, before: before, assignee: nil, offset: 0, limit: PageWindow.size)
        let routines = try store.routines(in: user.space)
        let members = try store.members(of: user.space)
        var lines = [
            dayCount == 1
                ? t(c, .agendaDayHeader, ["day": TimeText.human(today, lang: c.lang)])
                : t(
                    c, .agendaWeekHeader,
                    ["from": TimeText.human(today, lang: c.lang), "to": TimeText.human(last, lang: c.lang)])
        ]
        var listing: [TaskID] = []
        var days: [JSONValue] = []
        for offset in 0..<dayCount {
            let day = today.adding(days: offset)
            var header = TimeText.human(day, lang: c.lang)
            if day == realToday { header += " " + t(c, .agendaToday) }
            if dayCount > 1 { lines.append(header) }
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
                var line =
                    "  \(listing.count). [ ] \(task.title)\(task.description == nil ? "" : Handlers.describedMark) — \(task.listLabel)"
                if !due.isAllDay { line += ", " + Calendars.time(at: due.instant, tz: user.tz).description }
                if let who = task.assignee { line += ", " + t(c, .taskFor, ["name": who]) }
                lines.append(line)
                dayTasks.append(JSONShape.task(task, tz: user.tz, number: listing.count))
                count += 1
            }
            for r in routines {
                let zone = routineZone(r, members: members, reader: user)
                let routineToday = LocalDate(instant: now, tz: zone)
                guard r.history.isDue(day) || r.history.marks[day] != nil else { continue }
                let state = r.history.state(on: day, today: routineToday)
                let check = state == .done ? "[x]" : (state == .skipped ? "[-]" : "[ ]")
                var line = "  \(check) " + t(c, .agendaRoutine, ["name": r.name])
                if let time = r.time { line += ", " + time.description }
                if let who = r.assignee, who != user.name { line += ", " + t(c, .taskFor, ["name": who]) }
                lines.append(line)
                dayRoutines.append(
                    .object([("id", .int(r.id.rawValue)), ("name", .string(r.name)), ("state", .string("\(state)"))]))
                count += 1
            }
            if count == 0 { lines.append("  " + t(c, .agendaNothing)) }
            days.append(
                .object([
                    ("date", .string(day.description)), ("events", .array(dayEvents)), ("tasks", .array(dayTasks)),
                    ("routines", .array(dayRoutines)),
                ]))
        }
        if allEvents.count > found.count {
            lines.append(t(c, .agendaMoreEvents, ["count": "\(allEvents.count - found.count)"]))
        }
        if taskTotal > tasks.count { lines.append(t(c, .agendaMoreTasks, ["count": "\(taskTotal - tasks.count)"])) }
        remember(listing, offset: 0, c)
        if dayCount == 1, case .object(var fields) = days[0] {
            fields.append(("events_total", .int(Int64(allEvents.count))))
            fields.append(("tasks_total", .int(Int64(taskTotal))))
            return .success(.agendaDay, lines, data: .object(fields))
        }
        return .success(
            .agendaWeek, lines,
            data: .object([
                ("days", .array(days)), ("events_total", .int(Int64(allEvents.count))),
                ("tasks_total", .int(Int64(taskTotal))),
            ]))
    }

    /// `weekstart [monday|sunday]`.
    func weekStart(_ value: WeekStart?, user: User, on c: CommandContext) throws -> Reply {
        guard let value else {
            let day = try firstWeekday(user: user, lang: c.lang) == 1 ? "monday" : "sunday"
            return .success(
                .weekstartShow, [t(c, .weekstartShow, ["day": TextKey.weekStart(day).map { t(c, $0) } ?? day])],
                data: .object([("weekstart", .string(day))]))
        }
        try store.setWeekStart(value.rawValue, for: user.id)
        return .success(
            .weekstartSet,
            [t(c, .weekstartSet, ["day": TextKey.weekStart(value.rawValue).map { t(c, $0) } ?? value.rawValue])],
            data: .object([("weekstart", .string(value.rawValue))]))
    }
}
