// routine add/done/skip/undo/stats/edit/rename/pause/resume/delete and `routines`, with streak pictures.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Routines: `routine add|done|skip|pause|…`, `routines`.
struct Routines: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// Days shown in the `routines` strip and in `routine stats`.
    static let routineStripDays = 14

    static let routineStatsDays = 30
}

extension Routines {
    func routine(_ action: RoutineAction, user: User, on c: CommandContext) throws -> Reply {
        do {
            return try runRoutine(action, user: user, c)
        } catch let e as ReplyError {
            return e.reply
        }
    }

    fileprivate func runRoutine(_ action: RoutineAction, user: User, _ c: CommandContext) throws -> Reply {
        let now = clock.now
        let members = try store.members(of: user.space)
        switch action {
        case .add(let raw, let rawRule, let time, let who):
            let name = try cleaned(raw, limit: TextRules.nameLimit, c)
            if try store.routines(in: user.space).contains(where: { TextFold.key($0.name) == TextFold.key(name) }) {
                return .failure(.errorRoutineExists, t(c, .errorRoutineExists, ["name": name]))
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
            try rescheduleRoutineReminder(fresh, zone: zone, c)
            var schedule = scheduleText(fresh, lang: c.lang)
            if let assignee, assignee.id != user.id { schedule += ", " + t(c, .taskFor, ["name": assignee.name]) }
            let args = ["name": name, "schedule": schedule]
            try raise(
                in: c,
                .routineAdded, actor: user, recipients: members, args: ["name": name],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: "UTC"))
            var lines = [t(c, .routineAdded, args)]
            if fresh.history.isDue(today) { lines.append(t(c, .routineDueToday)) }
            return .success(
                .routineAdded, lines, data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))

        case .mark(let name, let mark, let date, let whole):
            // A routine whose whole name ends in date words ("gym monday") wins over reading them as a date.
            if let whole, let exact = try unlessRefused({ try findRoutine(whole, user: user, c) }),
                TextFold.key(exact.name) == TextFold.key(whole)
            {
                return try markRoutine(exact, mark, day: nil, user: user, members: members, c)
            }
            return try markRoutine(
                try findRoutine(name, user: user, c), mark, day: date, user: user, members: members, c)

        case .undo(let rawName, let rawDate, let whole):
            var name = rawName
            var date = rawDate
            if let whole, let exact = try unlessRefused({ try findRoutine(whole, user: user, c) }),
                TextFold.key(exact.name) == TextFold.key(whole)
            {
                name = whole
                date = nil
            }
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            guard let (day, _) = try store.unmarkRoutine(routine.id, day: date) else {
                let key: TextKey = date == nil ? .errorRoutineNothingToUndo : .errorRoutineNotMarked
                return .failure(
                    .errorNotFound,
                    t(c, key, ["name": routine.name, "date": date.map { TimeText.human($0, lang: c.lang) } ?? ""]))
            }
            guard let fresh = try store.routine(routine.id, in: user.space) else {
                preconditionFailure("routine vanished")
            }
            try rescheduleRoutineReminder(fresh, zone: zone, c)
            let when = DueDate(date: day, time: nil, tz: zone)
            try raise(
                in: c,
                .routineUndone, actor: user, recipients: members, args: ["name": routine.name],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: "UTC"), when: when)
            return .success(
                .routineUndone,
                [t(c, .routineUndone, ["name": routine.name, "date": TimeText.human(day, lang: c.lang)])],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))

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
            try rescheduleRoutineReminder(fresh, zone: zone, c)
            try raise(
                in: c,
                .routineEdited, actor: user, recipients: members, args: ["name": fresh.name],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: "UTC"))
            return .success(
                .routineEdited,
                [t(c, .routineEdited, ["name": fresh.name, "schedule": scheduleText(fresh, lang: c.lang)])],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))

        case .rename(let name, let raw):
            let routine = try findRoutine(name, user: user, c)
            let newName = try cleaned(raw, limit: TextRules.nameLimit, c)
            if try store.routines(in: user.space).contains(where: {
                $0.id != routine.id && TextFold.key($0.name) == TextFold.key(newName)
            }) {
                return .failure(.errorRoutineExists, t(c, .errorRoutineExists, ["name": newName]))
            }
            try store.renameRoutine(routine.id, to: newName)
            let args = ["old": routine.name, "name": newName]
            try raise(
                in: c,
                .routineRenamed, actor: user, recipients: members, args: args,
                data: .object([("old", .string(routine.name)), ("name", .string(newName))]))
            return .success(
                .routineRenamed, [t(c, .routineRenamed, args)],
                data: .object([("old", .string(routine.name)), ("name", .string(newName))]))

        case .pause(let name), .resume(let name):
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            let today = LocalDate(instant: now, tz: zone)
            let pausing: Bool
            if case .pause = action { pausing = true } else { pausing = false }
            if pausing == routine.isPaused {
                let code: ReplyCode = pausing ? .errorRoutineAlreadyPaused : .errorRoutineNotPaused
                return .failure(code, t(c, code.key, ["name": routine.name]))
            }
            if pausing {
                try store.pauseRoutine(routine.id, from: today)
            } else {
                try store.resumeRoutine(routine.id, today: today)
            }
            guard let fresh = try store.routine(routine.id, in: user.space) else {
                preconditionFailure("routine vanished")
            }
            try rescheduleRoutineReminder(fresh, zone: zone, c)
            let event: EventName = pausing ? .routinePaused : .routineResumed
            try raise(
                in: c,
                event, actor: user, recipients: members, args: ["name": routine.name],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: "UTC"))
            return .success(
                event.replyCode, [t(c, event.replyCode.key, ["name": routine.name])],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))

        case .delete(let name):
            let routine = try findRoutine(name, user: user, c)
            let zone = routineZone(routine, members: members, reader: user)
            let data = JSONShape.routine(now: clock.now, routine, zone: zone, tz: "UTC")
            try store.deleteRoutine(routine.id)
            c.remindersChanged = true
            try raise(
                in: c, .routineDeleted, actor: user, recipients: members, args: ["name": routine.name], data: data)
            return .success(.routineDeleted, [t(c, .routineDeleted, ["name": routine.name])], data: data)
        }
    }

    fileprivate func markRoutine(
        _ routine: Routine, _ mark: RoutineMark, day: LocalDate?, user: User, members: [User], _ c: CommandContext
    ) throws -> Reply {
        let now = clock.now
        let zone = routineZone(routine, members: members, reader: user)
        let today = LocalDate(instant: now, tz: zone)
        let date = day ?? today
        let dateText = TimeText.human(date, lang: c.lang)
        let history = routine.history
        if let existing = history.marks[date] {
            return .failure(
                .errorRoutineAlreadyMarked,
                t(
                    c, .errorRoutineAlreadyMarked,
                    [
                        "name": routine.name, "date": dateText,
                        "state": TextKey.routineState(existing.rawValue).map { t(c, $0) } ?? existing.rawValue,
                    ]))
        }
        if mark == .done && date > today {
            return .failure(
                .errorRoutineFuture, t(c, .errorRoutineFuture, ["name": routine.name, "date": dateText]))
        }
        if history.isPaused(on: date) {
            return .failure(.errorRoutinePaused, t(c, .errorRoutinePaused, ["name": routine.name]))
        }
        guard history.isDue(date) else {
            let next = history.nextDue(onOrAfter: date)
            let args = [
                "name": routine.name, "date": dateText, "schedule": scheduleText(routine, lang: c.lang),
                "next": next.map { TimeText.human($0, lang: c.lang) } ?? "—",
            ]
            return .failure(
                .errorRoutineNotDue,
                t(c, date < history.start ? .errorRoutineNotStarted : .errorRoutineNotDue, args),
                data: .object([
                    ("date", .string(date.description)), ("next", next.map { .string($0.description) } ?? .null),
                ]))
        }
        guard try store.markRoutine(routine.id, day: date, mark, by: user.id, now: now) else {
            return .failure(
                .errorRoutineAlreadyMarked,
                t(c, .errorRoutineAlreadyMarked, ["name": routine.name, "date": dateText, "state": "?"]))
        }
        guard let fresh = try store.routine(routine.id, in: user.space) else { preconditionFailure("routine vanished") }
        try rescheduleRoutineReminder(fresh, zone: zone, c)
        let streak = fresh.history.currentStreak(today: today)
        let when = DueDate(date: date, time: nil, tz: zone)
        let data = JSONShape.routine(now: clock.now, fresh, zone: zone, tz: "UTC")
        switch mark {
        case .done:
            if streak >= 2 {
                try raise(
                    in: c,
                    .routineDone, key: TextKey.routineStreakEvent(fresh.streakUnit.rawValue), actor: user,
                    recipients: members,
                    args: ["name": fresh.name, "count": "\(streak)"], data: data, when: when)
            } else {
                try raise(
                    in: c,
                    .routineDone, actor: user, recipients: members, args: ["name": fresh.name], data: data, when: when
                )
            }
            return .success(
                .routineDone, [t(c, .routineDone, ["name": fresh.name, "date": dateText, "streak": "\(streak)"])],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))
        case .skipped:
            try raise(
                in: c,
                .routineSkipped, actor: user, recipients: members, args: ["name": fresh.name], data: data, when: when)
            return .success(
                .routineSkipped,
                [t(c, .routineSkipped, ["name": fresh.name, "date": dateText, "streak": "\(streak)"])],
                data: JSONShape.routine(now: clock.now, fresh, zone: zone, tz: user.tz))
        }
    }

    /// `routines`: due today first (with a checkbox), then the rest; schedule, streak and a 14-day strip. A page
    /// at a time (a space has at most `routinesPerSpace` routines, so they are sorted in memory).
    func routineList(page: Int, user: User, on c: CommandContext) throws -> Reply {
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
                .success(.routineList, [t(c, .routineListEmpty)], data: .object([("routines", .array([]))])), w,
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
                        ? t(c, .routineListToday, ["date": TimeText.human(readerToday, lang: c.lang)])
                        : t(c, .routineListOther))
            }
            lines.append(routineRow(r, zone: zone, user: user, shared: members.count > 1, dueToday: dueToday, c))
            items.append(JSONShape.routine(now: clock.now, r, zone: zone, tz: user.tz))
        }
        lines.append(t(c, .routineLegend))
        return finishPage(
            .success(.routineList, lines, data: .object([("routines", .array(items))])), w, listing: .routines, c)
    }

    /// One routine's row; `shared`: the space has two members (only then is a routine without one "for both").
    fileprivate func routineRow(
        _ r: Routine, zone: String, user: User, shared: Bool, dueToday: Bool, _ c: CommandContext
    ) -> String {
        let today = LocalDate(instant: clock.now, tz: zone)
        let check: String
        switch r.history.state(on: today, today: today) {
        case .done: check = "[x]"
        case .skipped: check = "[-]"
        default: check = dueToday ? "[ ]" : "   "
        }
        var schedule = scheduleText(r, lang: c.lang)
        if let who = r.assignee, who != user.name { schedule += ", " + t(c, .taskFor, ["name": who]) }
        if r.assignee == nil && shared { schedule += ", " + t(c, .routineForBoth) }
        if r.isPaused { schedule += ", " + t(c, .routinePausedTag) }
        let strip = CalendarGrid.strip(r.history.strip(today: today, days: Handlers.routineStripDays))
        var args = [
            "check": check, "name": r.name, "schedule": schedule,
            "streak": "\(r.history.currentStreak(today: today))", "strip": strip,
        ]
        // How often it was done on its due days of the last 30 (none counted yet: no rate to show).
        guard let (done, counted) = r.history.completionRate(today: today) else {
            return "  " + t(c, .routineRow, args)
        }
        args["percent"] = "\(Int((Double(done) * 100 / Double(counted)).rounded()))"
        return "  " + t(c, .routineRowRated, args)
    }

    fileprivate func routineStats(_ r: Routine, user: User, members: [User], _ c: CommandContext) -> Reply {
        let zone = routineZone(r, members: members, reader: user)
        let today = LocalDate(instant: clock.now, tz: zone)
        let h = r.history
        let rate: String
        if let (done, counted) = h.completionRate(today: today) {
            rate = t(
                c, .routineRate,
                [
                    "percent": "\(Int((Double(done) * 100 / Double(counted)).rounded()))", "done": "\(done)",
                    "count": "\(counted)",
                ])
        } else {
            rate = "—"
        }
        var schedule = scheduleText(r, lang: c.lang)
        if let who = r.assignee {
            schedule += ", " + t(c, .taskFor, ["name": who])
        } else if members.count > 1 {
            schedule += ", " + t(c, .routineForBoth)
        }
        if r.isPaused { schedule += ", " + t(c, .routinePausedTag) }
        let lines = [
            t(c, .routineStatsHeader, ["name": r.name, "schedule": schedule]),
            t(
                c, .routineStatsLine,
                [
                    "streak": "\(h.currentStreak(today: today))", "longest": "\(h.longestStreak(today: today))",
                    "total": "\(h.totalCompleted)",
                    "rate": rate,
                ]),
            t(
                c, .routineStatsStrip,
                ["strip": CalendarGrid.strip(h.strip(today: today, days: Handlers.routineStatsDays))]),
            t(c, .routineLegend),
        ]
        return .success(
            .routineStats, lines,
            data: JSONShape.routine(now: clock.now, r, zone: zone, tz: user.tz, stripDays: Handlers.routineStatsDays))
    }
}

extension Feature {
    /// The zone whose days a routine counts: its assignee's; for a shared routine, its author's (the
    /// reader's when the author is gone).
    func routineZone(_ r: Routine, members: [User], reader: User) -> String {
        if let name = r.assignee ?? r.createdBy, let m = members.first(where: { $0.name == name }) { return m.tz }
        return reader.tz
    }

    /// The routine named `name` (folded; an exact name wins, else the one whose name holds every word).
    func findRoutine(_ name: String, user: User, _ c: CommandContext) throws -> Routine {
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
                        .errorAmbiguous, t(c, .errorRoutineAmbiguous, ["name": candidate, "candidates": names])))
            }
        }
        let names = all.map(\.name).joined(separator: ", ")
        throw ReplyError(
            reply: .failure(
                .errorNotFound,
                t(c, all.isEmpty ? .errorRoutineNone : .errorRoutineNotFound, ["name": name, "names": names]),
                data: .object([("routine", .string(name))])))
    }

    /// `every day at 07:00` / `her gün saat 07:00`, with the assignee when it is not the reader.
    func scheduleText(_ r: Routine, lang: Language) -> String {
        var text = RecurrenceText.describe(r.rule, lang: lang)
        if let time = r.time { text += " " + Catalog.text(.routineAtTime, lang, ["time": time.description]) }
        return text
    }

    /// Keeps one pending reminder for a routine with a time of day: the next due, unmarked day whose time
    /// is still ahead (none while paused).
    func rescheduleRoutineReminder(
        _ r: Routine, zone: String, after fired: LocalDate? = nil, _ c: CommandContext?
    ) throws {
        try store.cancelScheduleReminders(routine: r.id)
        c?.remindersChanged = true  // nil: a firing, after which the loop reads its timer head anyway
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
