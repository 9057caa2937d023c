// `info` / `detay`: one task, routine or event whole, in the reader's language and zone (read-only).

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// The most notes `info` shows (the newest); the rest are counted, with the `notes` command to see them.
    static let infoNotes = 10

    /// The most steps `info` shows (a task holds up to `SpaceLimits.stepsPerTask`; `steps <ref>` pages them all).
    static let infoSteps = 20
}

extension Info {
    /// `info <ref>`, `info routine <name>`, `info event <ref>`.
    func info(_ target: NoteTarget, user: User, on c: CommandContext) throws -> Reply {
        do {
            switch try item(target, user: user, c) {
            case .task(let task): return try taskInfo(task, user: user, c)
            case .routine(let r): return try routineInfo(r, user: user, c)
            case .event(let e): return try eventInfo(e, user: user, c)
            }
        } catch let e as ReplyError {
            return e.reply
        }
    }

    /// One event whole: when (in the reader's zone), repeat and the next dates, place, reminder, who it is
    /// for, who added it, description and notes.
    func eventInfo(_ e: CalendarEvent, user: User, _ c: CommandContext) throws -> Reply {
        let lang = c.lang
        let first = e.occurrence(on: e.date, time: e.time, end: e.end)
        var lines = [
            t(c, .infoEvent, ["title": e.title]),
            "  " + t(c, .infoWhen, ["when": occurrenceWhen(first, user: user, c)]),
        ]
        if let rule = e.recurrence {
            lines.append("  " + t(c, .infoRepeat, ["rule": RecurrenceText.describe(rule, lang: lang)]))
            let today = LocalDate(instant: clock.now, tz: user.tz)
            let next = e.occurrences(in: today...today.adding(days: 400)).prefix(3)
            if !next.isEmpty {
                let dates = next.map { occurrenceWhen($0, user: user, c) }.joined(separator: "; ")
                lines.append("  " + t(c, .infoNext, ["dates": dates]))
            }
        }
        if let place = e.location { lines.append("  " + t(c, .infoPlace, ["place": place])) }
        if let m = e.remindMinutes { lines.append("  " + t(c, .infoEventReminder, ["minutes": "\(m)"])) }
        lines.append("  " + t(c, .infoAssignee, ["name": e.assignee ?? t(c, .infoEveryone)]))
        lines.append(addedLine(e.createdBy, e.createdAt, user: user, c))
        if let text = e.description { lines.append("  " + t(c, .infoDescription, ["text": text])) }
        let notes = try store.notes(of: e.id)
        lines += noteLines(
            notes, ref: t(c, .infoEventWord) + " id:\(e.id.rawValue)", notesVerb: t(c, .verbNotes), user: user, c)
        let shape = withFields(
            JSONShape.event(e, tz: user.tz, notes: Array(notes.suffix(Handlers.infoNotes))),
            [
                ("created_by", .optional(e.createdBy)),
                ("created_at", .string(TimeText.iso8601(e.createdAt, tz: user.tz))),
                ("notes_total", .int(Int64(notes.count))),
            ])
        return .success(.eventInfo, lines, data: .object([("event", shape)]))
    }

    /// One routine whole: schedule (time, who it is for, paused), streaks and the last weeks, who added it,
    /// description and notes.
    func routineInfo(_ r: Routine, user: User, _ c: CommandContext) throws -> Reply {
        let members = try store.members(of: user.space)
        let zone = routineZone(r, members: members, reader: user)
        let today = LocalDate(instant: clock.now, tz: zone)
        let h = r.history
        var schedule = scheduleText(r, lang: c.lang)
        if let who = r.assignee {
            schedule += ", " + t(c, .taskFor, ["name": who])
        } else if members.count > 1 {
            schedule += ", " + t(c, .routineForBoth)  // alone in a space (after leaving), nobody else shares it
        }
        if r.isPaused { schedule += ", " + t(c, .routinePausedTag) }
        var lines = [
            t(c, .infoRoutine, ["name": r.name]),
            "  " + t(c, .infoSchedule, ["rule": schedule]),
            "  "
                + t(
                    c, .infoStreak,
                    [
                        "current": "\(h.currentStreak(today: today))", "longest": "\(h.longestStreak(today: today))",
                        "total": "\(h.totalCompleted)",
                    ]),
            "  "
                + t(
                    c, .routineStatsStrip,
                    ["strip": CalendarGrid.strip(h.strip(today: today, days: Handlers.routineStatsDays))]),
            addedLine(r.createdBy, r.createdAt, user: user, c),
        ]
        if let text = r.description { lines.append("  " + t(c, .infoDescription, ["text": text])) }
        let notes = try store.notes(of: r.id)
        lines += noteLines(
            notes, ref: t(c, .infoRoutineWord) + " " + r.name, notesVerb: t(c, .verbNotes), user: user, c)
        let shape = withFields(
            JSONShape.routine(
                now: clock.now, r, zone: zone, tz: user.tz, stripDays: Handlers.routineStatsDays,
                notes: Array(notes.suffix(Handlers.infoNotes))),
            [
                ("created_by", .optional(r.createdBy)),
                ("created_at", .string(TimeText.iso8601(r.createdAt, tz: user.tz))),
                ("notes_total", .int(Int64(notes.count))),
            ])
        return .success(.routineInfo, lines, data: .object([("routine", shape)]))
    }
}

extension Feature {
    /// `Added by ayse, Mon 23 Nov 09:00`.
    fileprivate func addedLine(_ by: String?, _ at: Int64, user: User, _ c: CommandContext) -> String {
        "  " + t(c, .infoAdded, ["name": by ?? "?", "when": TimeText.human(at, tz: user.tz, lang: c.lang)])
    }

    /// The newest notes, oldest of them first, with a line counting the older ones (`notes <ref>` shows all).
    fileprivate func noteLines(
        _ notes: [Note], ref: String, notesVerb: String, user: User, _ c: CommandContext
    ) -> [String]

    {
        guard !notes.isEmpty else { return [] }
        var lines = ["  " + t(c, .infoNotes, ["count": "\(notes.count)"])]
        if notes.count > Handlers.infoNotes {
            let older = notes.count - Handlers.infoNotes
            lines.append("    " + t(c, .infoNotesMore, ["count": "\(older)", "command": notesVerb + " " + ref]))
        }
        for n in notes.suffix(Handlers.infoNotes) {
            lines.append("    - \(n.author ?? "?"), \(TimeText.human(n.at, tz: user.tz, lang: c.lang)): \(n.text)")
        }
        return lines
    }

    /// The JSON of `shape` with the notes count (and any `extra` fields) appended.
    fileprivate func withFields(_ shape: JSONValue, _ extra: [(String, JSONValue)]) -> JSONValue {
        guard case .object(var fields) = shape else { preconditionFailure("item shapes are objects") }
        fields += extra
        return .object(fields)
    }

    /// The steps section of a task's `info`: a header with the progress, then the first `infoSteps` steps
    /// with their checkboxes (and how to see the rest).
    func stepLines(_ steps: [TaskItem], of task: TaskItem, _ c: CommandContext) -> [String] {
        guard !steps.isEmpty else { return [] }
        let done = steps.filter(\.isDone).count
        var lines = ["  " + t(c, .infoSteps, ["done": "\(done)", "total": "\(steps.count)"])]
        for step in steps.prefix(Handlers.infoSteps) {
            lines.append("    [\(step.isDone ? "x" : " ")] \(step.title)")
        }
        if steps.count > Handlers.infoSteps {
            let command = t(c, .verbSteps) + " id:\(task.id.rawValue)"
            lines.append(
                "    " + t(c, .infoStepsMore, ["count": "\(steps.count - Handlers.infoSteps)", "command": command]))
        }
        return lines
    }

    /// The one task whose title matches `words` (for `show <words>` when no list has that name), else nil.
    func soleTask(matching words: String, user: User) throws -> TaskItem? {
        let matches = try store.tasks(matching: words, in: user.space, limit: 2)
        return matches.count == 1 ? matches[0] : nil
    }

    /// One task whole: list and status, who added it and when, due date, repeat, reminders, nag, priority,
    /// assignee, description, steps, notes (newest `infoNotes`), and who completed it when.
    func taskInfo(_ task: TaskItem, user: User, _ c: CommandContext) throws -> Reply {
        let lang = c.lang
        var lines = [
            t(c, task.isDone ? .infoTaskDone : .infoTaskOpen, ["title": task.title, "list": task.listName]),
            addedLine(task.createdBy, task.createdAt, user: user, c),
        ]
        if let due = task.due { lines.append("  " + t(c, .infoDue, ["when": when(due, tz: user.tz, lang: lang)])) }
        if let rule = task.recurrence {
            lines.append("  " + t(c, .infoRepeat, ["rule": RecurrenceText.describe(rule, lang: lang)]))
        }
        let reminders = try store.pendingReminders(of: task.id).filter { $0.kind != .nag }
        if !reminders.isEmpty {
            let times = reminders.map { TimeText.human($0.fireAt, tz: user.tz, lang: lang) }
            lines.append("  " + t(c, .infoReminders, ["times": times.joined(separator: ", ")]))
        }
        if let minutes = task.nagMinutes { lines.append("  " + t(c, .infoNag, ["minutes": "\(minutes)"])) }
        if task.priority != .none {
            lines.append("  " + t(c, .infoPriority, ["priority": RecurrenceText.describe(task.priority, lang: lang)]))
        }
        if let who = task.assignee { lines.append("  " + t(c, .infoAssignee, ["name": who])) }
        if let text = task.description { lines.append("  " + t(c, .infoDescription, ["text": text])) }
        if let parent = task.parentTitle { lines.append("  " + t(c, .stepOf, ["task": parent])) }
        let steps = task.isStep ? [] : try store.steps(of: task.id)
        lines += stepLines(steps, of: task, c)
        let notes = try store.notes(of: task.id)
        let ref = "id:\(task.id.rawValue)"
        lines += noteLines(notes, ref: ref, notesVerb: t(c, .verbNotes), user: user, c)
        if task.isDone, let at = task.completedAt {
            lines.append(
                "  "
                    + t(
                        c, .infoCompleted,
                        ["name": task.completedBy ?? "?", "when": TimeText.human(at, tz: user.tz, lang: lang)]))
        }
        let shape = withFields(
            JSONShape.task(task, tz: user.tz, number: nil, notes: Array(notes.suffix(Handlers.infoNotes))),
            [
                ("notes_total", .int(Int64(notes.count))),
                (
                    "step_items",
                    .array(
                        steps.prefix(Handlers.infoSteps).map {
                            .object([
                                ("id", .int($0.id.rawValue)), ("title", .string($0.title)), ("done", .bool($0.isDone)),
                            ])
                        })
                ),
                ("reminders", .array(reminders.map { .string(TimeText.iso8601($0.fireAt, tz: user.tz)) })),
            ])
        return .success(.taskInfo, lines, data: .object([("task", shape)]))
    }
}
