// The calendar's views: `events`, `calendar` with its month grid, `agenda week` and `agenda <day>`, `weekstart`,
// and event JSON.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Handlers {
    private func occurrenceJSON(_ p: PlacedOccurrence, user: User) -> JSONValue {
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

    /// One event, shared by all of its placed occurrences: a month of weekly series places each event four or
    /// five times, and a copy of the whole event in each placed occurrence was retained and released every time.
    final class SharedEvent {
        let value: CalendarEvent
        init(_ value: CalendarEvent) { self.value = value }
    }

    /// An occurrence placed on a reader's day, with its start in the reader's zone.
    struct PlacedOccurrence {
        var occurrence: EventOccurrence
        let shared: SharedEvent
        var event: CalendarEvent { shared.value }
        /// The reader's local day.
        var day: LocalDate
        /// Minutes after the reader's midnight it starts (-1 for all-day), for ordering.
        var minute: Int
        /// The start in the reader's zone (nil for all-day); written out only for the rows a page shows.
        var start: LocalTime? = nil
        /// Which of a multi-day occurrence's days this is (1-based), in the reader's days.
        var spanDay = 1
        /// How many of the reader's days a multi-day occurrence covers (0 for a one-day occurrence).
        var spanDays = 0
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
        let events = try store.events(in: user.space, overlapping: padded)
        var out: [PlacedOccurrence] = []
        // Room for a few occurrences per event at once: growing a large array step by step copied it and
        // touched fresh pages each time (a sixth of a month's `calendar` with weekly series).
        out.reserveCapacity(min(limit + 1, events.count * 4))
        for e in events {
            guard out.count <= limit else { break }
            let shared = SharedEvent(e)
            for o in e.occurrences(in: padded) {
                if o.endDate != nil {
                    place(spanning: o, of: shared, user: user, in: range, into: &out)
                    continue
                }
                guard let time = o.time else {
                    if range.contains(o.date) {
                        out.append(PlacedOccurrence(occurrence: o, shared: shared, day: o.date, minute: -1))
                    }
                    continue
                }
                if o.tz == user.tz {
                    guard range.contains(o.date) else { continue }
                    out.append(
                        PlacedOccurrence(
                            occurrence: o, shared: shared, day: o.date, minute: time.hour * 60 + time.minute,
                            start: time))
                } else {
                    let start = o.start
                    let day = LocalDate(instant: start, tz: user.tz)
                    guard range.contains(day) else { continue }
                    let local = Calendars.time(at: start, tz: user.tz)
                    out.append(
                        PlacedOccurrence(
                            occurrence: o, shared: shared, day: day, minute: local.hour * 60 + local.minute,
                            start: local))
                }
            }
        }
        if out.count > limit {
            throw ReplyError(
                reply: .failure(
                    .errorTooManyOccurrences, t(c, .errorTooManyOccurrences, ["limit": "\(limit)"]),
                    data: .object([("limit", .int(Int64(limit)))])))
        }
        // Sorted by small keys, then gathered once: a placed occurrence carries its event whole, and moving
        // ~2,200 of them through a stable sort was a tenth of a month's `calendar` (500 weekly series).
        var keys: [(day: LocalDate, minute: Int, event: EventID, index: Int)] = []
        keys.reserveCapacity(out.count)
        for (i, p) in out.enumerated() { keys.append((p.day, p.minute, p.shared.value.id, i)) }
        keys.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.minute != b.minute { return a.minute < b.minute }
            if a.event != b.event { return a.event < b.event }
            return a.index < b.index
        }
        return keys.map { out[$0.index] }
    }

    /// A multi-day occurrence placed on each of the reader's days it covers inside `range`: all-day ones on their
    /// own dates, timed ones from the reader's day of the start to the reader's day of the end (an end at
    /// midnight does not reach into that day). Later days sort with the all-day entries.
    private func place(
        spanning o: EventOccurrence, of shared: SharedEvent, user: User, in range: ClosedRange<LocalDate>,
        into out: inout [PlacedOccurrence]
    ) {
        let first: LocalDate
        let last: LocalDate
        var startMinute = -1
        if o.time == nil {
            (first, last) = (o.date, o.lastDate)
        } else {
            let start = o.start
            first = LocalDate(instant: start, tz: user.tz)
            last = Swift.max(first, LocalDate(instant: o.finish - 1, tz: user.tz))
            let local = Calendars.time(at: start, tz: user.tz)
            startMinute = local.hour * 60 + local.minute
        }
        let total = last.dayNumber - first.dayNumber + 1
        let low = Swift.max(first, range.lowerBound)
        let high = Swift.min(last, range.upperBound)
        guard low <= high else { return }
        for n in low.dayNumber...high.dayNumber {
            let day = LocalDate(dayNumber: n)
            out.append(
                PlacedOccurrence(
                    occurrence: o, shared: shared, day: day, minute: day == first ? startMinute : -1,
                    spanDay: n - first.dayNumber + 1, spanDays: total))
        }
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
        if p.spanDays > 0 {
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

    /// `events [from] [to]`: the occurrences in a window of the reader's days (default: today and 30 days on).
    func eventList(from: LocalDate?, to: LocalDate?, page: Int, user: User, on c: Session) throws -> Reply {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        let start = from ?? today
        let end = to ?? start.adding(days: 30)
        guard start <= end else { return .failure(.errorBadRange, t(c, .errorBadRange)) }
        guard end.dayNumber - start.dayNumber <= Handlers.eventWindowLimit else {
            return .failure(.errorBadRange, t(c, .errorRangeTooLong, ["days": "\(Handlers.eventWindowLimit)"]))
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
                .success(.eventList, [t(c, .eventListEmpty, args)], data: data), w, listing: listing, c)
        }
        var lines = [t(c, .eventListHeader, args)]
        let cache = LineTexts()
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
        lines.append(t(c, .calendarLegend))
        let title = CalendarGrid.title(year: y, month: m, lang: c.lang)
        if found.isEmpty {
            lines.append(t(c, .calendarNoEvents, ["month": title]))
        } else {
            lines.append(t(c, .calendarEventsHeader, ["month": title]))
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
        return finishPage(.success(.calendar, lines, data: data), w, listing: .calendar(month: month, year: year), c)
    }

    /// `agenda week`: the next 7 days, each with its events, due tasks (numbered, for `done 2`) and due routines.
    /// Not paged: it shows at most `PageWindow.size` events and as many tasks (the first by time) and says how
    /// many more there are, which `events` and `upcoming` page through.
    func agendaWeek(user: User, on c: Session) throws -> Reply {
        try agenda(from: LocalDate(instant: clock.now, tz: user.tz), days: 7, user: user, on: c)
    }

    /// `agenda <day>`: that day's events (multi-day ones on each of their days), due tasks and due routines.
    func agendaDay(_ day: LocalDate, user: User, on c: Session) throws -> Reply {
        try agenda(from: day, days: 1, user: user, on: c)
    }

    /// The agenda of `days` days from `first`: the week view (7, with a header per day) or one day (1).
    private func agenda(from first: LocalDate, days dayCount: Int, user: User, on c: Session) throws -> Reply {
        let now = clock.now
        let today = first
        let realToday = LocalDate(instant: now, tz: user.tz)
        let last = today.adding(days: dayCount - 1)
        let allEvents: [PlacedOccurrence]
        do {
            allEvents = try occurrences(user: user, in: today...last, c)
        } catch let e as ReplyError {
            return e.reply
        }
        let found = allEvents.prefix(PageWindow.size)
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
        remember(listing, offset: 0, listing: nil, c)
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
    func weekStart(_ value: WeekStart?, user: User, on c: Session) throws -> Reply {
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
