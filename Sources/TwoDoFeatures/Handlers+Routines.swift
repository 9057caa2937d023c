// routine add/done/skip/undo/stats/edit/rename/pause/resume/delete and `routines`, with streak pictures.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoText

extension Handlers {
    /// Days shown in the `routines` strip and in `routine stats`.
    static let routineStripDays = 14
    static let routineStatsDays = 30

    func routine(_ action: RoutineAction, user: User, on c: Session) throws -> Reply {
        do {
            return try runRoutine(action, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    /// The zone whose days a routine counts: its assignee's; for a shared routine, its author's (the
    /// reader's when the author is gone).
    func routineZone(_ r: Routine, members: [User], reader: User) -> String {
        if let name = r.assignee ?? r.createdBy, let m = members.first(where: { $0.name == name }) { return m.tz }
        return reader.tz
    }

    /// The routine named `name` (folded; an exact name wins, else the one whose name holds every word).
    func findRoutine(_ name: String, user: User, _ c: Session) throws -> Routine {
        let all = try store.routines(in: user.space)
        for candidate in [name] {
            let key = TextFold.key(candidate)
            if let exact = all.first(where: { TextFold.key($0.name) == key }) { return exact }
            let words = key.split(separator: " ")
            let matches = all.filter { r in !words.isEmpty && words.allSatisfy { TextFold.key(r.name).contains($0) } }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                let names = matches.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw ReplyError(
                    reply: .failure(
                        "error.ambiguous", t(c, "error.routine_ambiguous", ["name": candidate, "candidates": names])))
            }
        }
        let names = all.map(\.name).joined(separator: ", ")
        throw ReplyError(
            reply: .failure(
                "error.not_found",
                t(c, all.isEmpty ? "error.routine_none" : "error.routine_not_found", ["name": name, "names": names]),
                data: .object([("routine", .string(name))])))
    }

    private func runRoutine(_ action: RoutineAction, user: User, _ c: Session) throws -> Reply {
        let now = clock.now
        let members = try store.members(of: user.space)
        switch action {
        case .add(let raw, let rawRule, let time, let who):
            let name = try cleaned(raw, limit: TextRules.nameLimit, c)
            if try store.routines(in: user.space).contains(where: { TextFold.key($0.name) == TextFold.key(name) }) {
                return .failure("error.routine_exists", t(c, "error.routine_exists", ["name": name]))
            }
            try checkRoomForRoutine(space: user.space, c)
            let assignee: User? = try who.map { try member($0, user: user, members: members, c) } ?? user
            let zone = assignee?.tz ?? user.tz
            let today = LocalDate(instant: now, tz: zone)
            var rule = anchored(rawRule, to: today)
            if rule.frequency == .weekly && rule.weekdays.isEmpty { rule.weekdays = [today.weekday] }
            let id = try store.addRoutine(
                name: name, space: user.space, by: user.id, assignee: assignee?.id, time: time, rule: rule,
                since: today, now: now)
            guard let fresh = try store.routine(id, in: user.space) else {
                preconditionFailure("routine vanished inside its transaction")
            }
            try rescheduleRoutineReminder(fresh, zone: zone)
            let args = ["name": name, "schedule": scheduleText(fresh, lang: c.lang)]
            try raise(
                "routine.added", actor: user, recipients: members, args: ["name": name],
                data: routineJSON(fresh, zone: zone, tz: "UTC"))
            var lines = [t(c, "routine.added", args)]
            if let assignee, assignee.id != user.id { lines[0] += " " + t(c, "task.for", ["name": assignee.name]) }
            if fresh.history.isDue(today) { lines.append(t(c, "routine.due_today")) }
            return .success("routine.added", lines, data: routineJSON(fresh, zone: zone, tz: user.tz))

        case .mark(let name, let mark, let date, let whole):
            // A routine whose whole name ends in date words ("gym monday") wins over reading them as a date.
            if let whole, let exact = try? findRoutine(whole, user: user, c),
                TextFold.key(exact.name) == TextFold.key(whole)
            {
                return try markRoutine(exact, mark, day: nil, user: user, members: members, c)
            }
            return try markRoutine(
                try findRoutine(name, user: user, c), mark, day: date, user: user, members: members, c)

        case .undo(let rawName, let rawDate, let whole):
            var name = rawName
            var date = rawDate
            if let whole, let exact = try? findRoutine(whole, user: user, c),
                TextFold.key(exact.name) == TextFold.key(whole)
            {
                name = whole
                date = nil
            }
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            guard let (day, _) = try store.unmarkRoutine(routine.id, day: date) else {
                let key = date == nil ? "error.routine_nothing_to_undo" : "error.routine_not_marked"
                return .failure(
                    "error.not_found",
                    t(c, key, ["name": routine.name, "date": date.map { TimeText.human($0, lang: c.lang) } ?? ""]))
            }
            guard let fresh = try store.routine(routine.id, in: user.space) else {
                preconditionFailure("routine vanished")
            }
            try rescheduleRoutineReminder(fresh, zone: zone)
            let when = DueDate(date: day, time: nil, tz: zone)
            try raise(
                "routine.undone", actor: user, recipients: members, args: ["name": routine.name],
                data: routineJSON(fresh, zone: zone, tz: "UTC"), when: when)
            return .success(
                "routine.undone",
                [t(c, "routine.undone", ["name": routine.name, "date": TimeText.human(day, lang: c.lang)])],
                data: routineJSON(fresh, zone: zone, tz: user.tz))

        case .stats(let name):
            let routine = try findRoutine(name, user: user, c)
            return routineStats(routine, user: user, members: members, c)

        case .edit(let name, let rule, let time):
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            let today = LocalDate(instant: now, tz: zone)
            if var rule {
                rule = anchored(rule, to: today)
                if rule.frequency == .weekly && rule.weekdays.isEmpty { rule.weekdays = [today.weekday] }
                try store.setRoutineSchedule(routine.id, rule, since: today)
            }
            if let time { try store.setRoutineTime(routine.id, time) }
            guard let fresh = try store.routine(routine.id, in: user.space) else {
                preconditionFailure("routine vanished")
            }
            try rescheduleRoutineReminder(fresh, zone: zone)
            try raise(
                "routine.edited", actor: user, recipients: members, args: ["name": fresh.name],
                data: routineJSON(fresh, zone: zone, tz: "UTC"))
            return .success(
                "routine.edited",
                [t(c, "routine.edited", ["name": fresh.name, "schedule": scheduleText(fresh, lang: c.lang)])],
                data: routineJSON(fresh, zone: zone, tz: user.tz))

        case .rename(let name, let raw):
            let routine = try findRoutine(name, user: user, c)
            let newName = try cleaned(raw, limit: TextRules.nameLimit, c)
            if try store.routines(in: user.space).contains(where: {
                $0.id != routine.id && TextFold.key($0.name) == TextFold.key(newName)
            }) {
                return .failure("error.routine_exists", t(c, "error.routine_exists", ["name": newName]))
            }
            try store.renameRoutine(routine.id, to: newName)
            let args = ["old": routine.name, "name": newName]
            try raise(
                "routine.renamed", actor: user, recipients: members, args: args,
                data: .object([("old", .string(routine.name)), ("name", .string(newName))]))
            return .success(
                "routine.renamed", [t(c, "routine.renamed", args)],
                data: .object([("old", .string(routine.name)), ("name", .string(newName))]))

        case .pause(let name), .resume(let name):
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            let today = LocalDate(instant: now, tz: zone)
            let pausing: Bool
            if case .pause = action { pausing = true } else { pausing = false }
            if pausing == routine.isPaused {
                let key = pausing ? "error.routine_already_paused" : "error.routine_not_paused"
                return .failure(key, t(c, key, ["name": routine.name]))
            }
            if pausing {
                try store.pauseRoutine(routine.id, from: today)
            } else {
                try store.resumeRoutine(routine.id, today: today)
            }
            guard let fresh = try store.routine(routine.id, in: user.space) else {
                preconditionFailure("routine vanished")
            }
            try rescheduleRoutineReminder(fresh, zone: zone)
            let code = pausing ? "routine.paused" : "routine.resumed"
            try raise(
                code, actor: user, recipients: members, args: ["name": routine.name],
                data: routineJSON(fresh, zone: zone, tz: "UTC"))
            return .success(
                code, [t(c, code, ["name": routine.name])], data: routineJSON(fresh, zone: zone, tz: user.tz))

        case .delete(let name):
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            let data = routineJSON(routine, zone: zone, tz: "UTC")
            try store.deleteRoutine(routine.id)
            remindersChanged = true
            try raise("routine.deleted", actor: user, recipients: members, args: ["name": routine.name], data: data)
            return .success("routine.deleted", [t(c, "routine.deleted", ["name": routine.name])], data: data)
        }
    }

    private func markRoutine(
        _ routine: Routine, _ mark: RoutineMark, day: LocalDate?, user: User, members: [User], _ c: Session
    ) throws -> Reply {
        let now = clock.now
        let zone = routineZone(routine, members: members, reader: user)
        let today = LocalDate(instant: now, tz: zone)
        let date = day ?? today
        let dateText = TimeText.human(date, lang: c.lang)
        let history = routine.history
        if let existing = history.marks[date] {
            return .failure(
                "error.routine_already_marked",
                t(
                    c, "error.routine_already_marked",
                    ["name": routine.name, "date": dateText, "state": t(c, "routine.state.\(existing.rawValue)")]))
        }
        if mark == .done && date > today {
            return .failure(
                "error.routine_future", t(c, "error.routine_future", ["name": routine.name, "date": dateText]))
        }
        if history.isPaused(on: date) {
            return .failure("error.routine_paused", t(c, "error.routine_paused", ["name": routine.name]))
        }
        guard history.isDue(date) else {
            let next = history.nextDue(onOrAfter: date)
            let args = [
                "name": routine.name, "date": dateText, "schedule": scheduleText(routine, lang: c.lang),
                "next": next.map { TimeText.human($0, lang: c.lang) } ?? "—",
            ]
            return .failure(
                "error.routine_not_due",
                t(c, date < history.start ? "error.routine_not_started" : "error.routine_not_due", args),
                data: .object([
                    ("date", .string(date.description)), ("next", next.map { .string($0.description) } ?? .null),
                ]))
        }
        guard try store.markRoutine(routine.id, day: date, mark, by: user.id, now: now) else {
            return .failure(
                "error.routine_already_marked",
                t(c, "error.routine_already_marked", ["name": routine.name, "date": dateText, "state": "?"]))
        }
        guard let fresh = try store.routine(routine.id, in: user.space) else { preconditionFailure("routine vanished") }
        try rescheduleRoutineReminder(fresh, zone: zone)
        let streak = fresh.history.currentStreak(today: today)
        let when = DueDate(date: date, time: nil, tz: zone)
        let data = routineJSON(fresh, zone: zone, tz: "UTC")
        switch mark {
        case .done:
            if streak >= 2 {
                try raise(
                    "routine.done", key: "routine.streak_\(fresh.streakUnit.rawValue)", actor: user,
                    recipients: members,
                    args: ["name": fresh.name, "count": "\(streak)"], data: data, when: when)
            } else {
                try raise(
                    "routine.done", actor: user, recipients: members, args: ["name": fresh.name], data: data, when: when
                )
            }
            return .success(
                "routine.done", [t(c, "routine.done", ["name": fresh.name, "date": dateText, "streak": "\(streak)"])],
                data: routineJSON(fresh, zone: zone, tz: user.tz))
        case .skipped:
            try raise(
                "routine.skipped", actor: user, recipients: members, args: ["name": fresh.name], data: data, when: when)
            return .success(
                "routine.skipped",
                [t(c, "routine.skipped", ["name": fresh.name, "date": dateText, "streak": "\(streak)"])],
                data: routineJSON(fresh, zone: zone, tz: user.tz))
        }
    }

    /// `every day at 07:00` / `her gün saat 07:00`, with the assignee when it is not the reader.
    func scheduleText(_ r: Routine, lang: Language) -> String {
        var text = RecurrenceText.describe(r.rule, lang: lang)
        if let time = r.time { text += " " + Catalog.text("routine.at_time", lang, ["time": time.description]) }
        return text
    }

    /// `routines`: due today first (with a checkbox), then the rest; schedule, streak and a 14-day strip. A page
    /// at a time (a space has at most `routinesPerSpace` routines, so they are sorted in memory).
    func routineList(page: Int, user: User, on c: Session) throws -> Reply {
        let routines = try store.routines(in: user.space)
        let members = try store.members(of: user.space)
        var rows: [(Routine, String, Bool)] = []
        var others: [(Routine, String, Bool)] = []
        for r in routines {
            let zone = routineZone(r, members: members, reader: user)
            let today = LocalDate(instant: clock.now, tz: zone)
            if r.history.isDue(today) || r.history.marks[today] != nil {
                rows.append((r, zone, true))
            } else {
                others.append((r, zone, false))
            }
        }
        rows += others
        let shown: ArraySlice<(Routine, String, Bool)>
        let w: PageWindow
        do {
            (shown, w) = try self.page(of: rows, page, c)
        } catch {
            return error.reply
        }
        guard !routines.isEmpty else {
            return finishPage(
                .success("routine.list", [t(c, "routine.list_empty")], data: .object([("routines", .array([]))])), w,
                listing: .routines, c)
        }
        var lines: [String] = []
        var items: [JSONValue] = []
        let readerToday = LocalDate(instant: clock.now, tz: user.tz)
        var heading: Bool?
        for (r, zone, dueToday) in shown {
            if heading != dueToday {
                heading = dueToday
                lines.append(
                    dueToday
                        ? t(c, "routine.list_today", ["date": TimeText.human(readerToday, lang: c.lang)])
                        : t(c, "routine.list_other"))
            }
            lines.append(routineRow(r, zone: zone, user: user, dueToday: dueToday, c))
            items.append(routineJSON(r, zone: zone, tz: user.tz))
        }
        lines.append(t(c, "routine.legend"))
        return finishPage(
            .success("routine.list", lines, data: .object([("routines", .array(items))])), w, listing: .routines, c)
    }

    private func routineRow(_ r: Routine, zone: String, user: User, dueToday: Bool, _ c: Session) -> String {
        let today = LocalDate(instant: clock.now, tz: zone)
        let check: String
        switch r.history.state(on: today, today: today) {
        case .done: check = "[x]"
        case .skipped: check = "[-]"
        default: check = dueToday ? "[ ]" : "   "
        }
        var schedule = scheduleText(r, lang: c.lang)
        if let who = r.assignee, who != user.name { schedule += ", " + t(c, "task.for", ["name": who]) }
        if r.assignee == nil { schedule += ", " + t(c, "routine.for_both") }
        if r.isPaused { schedule += ", " + t(c, "routine.paused_tag") }
        let strip = CalendarGrid.strip(r.history.strip(today: today, days: Handlers.routineStripDays))
        return "  "
            + t(
                c, "routine.row",
                [
                    "check": check, "name": r.name, "schedule": schedule,
                    "streak": "\(r.history.currentStreak(today: today))", "strip": strip,
                ])
    }

    private func routineStats(_ r: Routine, user: User, members: [User], _ c: Session) -> Reply {
        let zone = routineZone(r, members: members, reader: user)
        let today = LocalDate(instant: clock.now, tz: zone)
        let h = r.history
        let rate: String
        if let (done, counted) = h.completionRate(today: today) {
            rate = t(
                c, "routine.rate",
                [
                    "percent": "\(Int((Double(done) * 100 / Double(counted)).rounded()))", "done": "\(done)",
                    "count": "\(counted)",
                ])
        } else {
            rate = "—"
        }
        var schedule = scheduleText(r, lang: c.lang)
        if let who = r.assignee {
            schedule += ", " + t(c, "task.for", ["name": who])
        } else {
            schedule += ", " + t(c, "routine.for_both")
        }
        if r.isPaused { schedule += ", " + t(c, "routine.paused_tag") }
        let lines = [
            t(c, "routine.stats_header", ["name": r.name, "schedule": schedule]),
            t(
                c, "routine.stats_line",
                [
                    "streak": "\(h.currentStreak(today: today))", "longest": "\(h.longestStreak(today: today))",
                    "total": "\(h.totalCompleted)",
                    "rate": rate,
                ]),
            t(
                c, "routine.stats_strip",
                ["strip": CalendarGrid.strip(h.strip(today: today, days: Handlers.routineStatsDays))]),
            t(c, "routine.legend"),
        ]
        return .success(
            "routine.stats", lines, data: routineJSON(r, zone: zone, tz: user.tz, stripDays: Handlers.routineStatsDays))
    }

    /// A routine as JSON: name, schedule, assignee, paused, today's state, stats and strip; `full` adds
    /// every marked occurrence (export).
    func routineJSON(
        _ r: Routine, zone: String, tz: String, stripDays: Int = Handlers.routineStripDays, full: Bool = false,
        notes: [Note]? = nil
    ) -> JSONValue {
        let today = LocalDate(instant: clock.now, tz: zone)
        let h = r.history
        // A whole percentage (JSONValue has no fractions), with the counts it comes from.
        let window = h.completionRate(today: today)
        let rate = window.map { JSONValue.int(Int64((Double($0.done) * 100 / Double($0.counted)).rounded())) } ?? .null
        var fields: [(String, JSONValue)] = [
            ("id", .int(r.id.rawValue)), ("name", .string(r.name)),
            (
                "schedule",
                .object([
                    ("freq", .string(r.rule.frequency.rawValue)), ("interval", .int(Int64(r.rule.interval))),
                    ("weekdays", .array(r.rule.weekdays.map { .int(Int64($0)) })),
                    ("month_day", r.rule.monthDay.map { .int(Int64($0)) } ?? .null),
                    ("time", r.time.map { .string($0.description) } ?? .null),
                ])
            ),
            ("assignee", .optional(r.assignee)), ("paused", .bool(r.isPaused)), ("since", .string(h.start.description)),
            ("due_today", .bool(h.isDue(today))), ("today", .string(stateName(h.state(on: today, today: today)))),
            (
                "stats",
                .object([
                    ("current_streak", .int(Int64(h.currentStreak(today: today)))),
                    ("longest_streak", .int(Int64(h.longestStreak(today: today)))),
                    ("total_completed", .int(Int64(h.totalCompleted))), ("completion_rate", rate),
                    ("rate_done", .int(Int64(window?.done ?? 0))), ("rate_counted", .int(Int64(window?.counted ?? 0))),
                ])
            ),
            ("strip", .string(CalendarGrid.strip(h.strip(today: today, days: stripDays)))),
        ]
        if full {
            fields.append(
                (
                    "occurrences",
                    .array(
                        r.occurrences.map {
                            .object([
                                ("date", .string($0.date.description)), ("state", .string($0.mark.rawValue)),
                                ("by", .optional($0.by)),
                            ])
                        })
                ))
        }
        if let notes { fields.append(("notes", notesJSON(notes, tz: tz))) }
        return .object(fields)
    }

    private func stateName(_ s: RoutineDayState) -> String {
        switch s {
        case .done: "done"
        case .skipped: "skipped"
        case .missed: "missed"
        case .pending: "pending"
        case .upcoming: "upcoming"
        case .notDue: "not_due"
        }
    }

    /// Keeps one pending reminder for a routine with a time of day: the next due, unmarked day whose time
    /// is still ahead (none while paused).
    func rescheduleRoutineReminder(_ r: Routine, zone: String, after fired: LocalDate? = nil) throws {
        try store.cancelScheduleReminders(routine: r.id)
        remindersChanged = true
        guard let time = r.time, !r.isPaused else { return }
        let now = clock.now
        var day = LocalDate(instant: now, tz: zone)
        if let fired, fired >= day { day = fired.adding(days: 1) }
        for _ in 0..<400 {
            guard let due = r.history.nextDue(onOrAfter: day) else { return }
            let fireAt = Calendars.instant(of: due, at: time, tz: zone)
            if fireAt > now, r.history.marks[due] == nil, try !store.scheduleReminderFired(routine: r.id, day: due) {
                try store.addScheduleReminder(routine: r.id, day: due, fireAt: fireAt)
                return
            }
            day = due.adding(days: 1)
        }
    }
}
