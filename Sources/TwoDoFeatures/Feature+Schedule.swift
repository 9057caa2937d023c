// Dates, times, repeats, reminders and assignment of a task, as every feature that touches a task needs them.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Feature {
    /// `when` text for an instant or an all-day date, in a reader's zone and language.
    func when(_ due: DueDate, tz: String, lang: Language) -> String { TimeText.human(due, readerTZ: tz, lang: lang) }

    /// A due date at `instant`, as wall-clock time in `tz`.
    func dueDate(at instant: Int64, tz: String) -> DueDate {
        DueDate(date: LocalDate(instant: instant, tz: tz), time: Calendars.time(at: instant, tz: tz), tz: tz)
    }

    /// Gives a rule the anchors it needs from the first due date (monthly day, yearly month and day).
    func anchored(_ rule: Recurrence, to date: LocalDate) -> Recurrence {
        var r = rule
        if r.frequency == .monthly && r.monthDay == nil && r.ordinal == nil { r.monthDay = date.day }
        if r.frequency == .yearly && r.month == nil {
            r.month = date.month
            r.monthDay = r.monthDay ?? date.day
        }
        return r
    }

    /// The first due date of a new repeating task that gave no date: the rule's first day from today.
    func firstDue(of rule: Recurrence, user: User, time: LocalTime?) -> DueDate? {
        let today = LocalDate(instant: clock.now, tz: user.tz)
        guard let first = rule.first(onOrAfter: today) else { return nil }
        var due = DueDate(date: first, time: time, tz: user.tz)
        if due.instant <= clock.now, let next = rule.next(after: first) { due = due.moved(to: next) }
        return due
    }

    /// Validates and resolves an assignee of the couple.
    func member(_ ref: AssigneeRef, user: User, members: [User], _ c: CommandContext) throws -> User? {
        switch ref {
        case .me: return user
        case .nobody: return nil
        case .member(let name):
            guard let found = members.first(where: { UserName.key($0.name) == UserName.key(name) }) else {
                let names = (members.map(\.name) + ["me", "nobody"]).joined(separator: ", ")
                throw ReplyError(
                    reply: .failure(.errorNotFound, t(c, .errorMemberNotFound, ["name": name, "names": names])))
            }
            return found
        }
    }

    /// Applies the details of an `add` line to the new task; returns what was understood, to be shown to each reader.
    func apply(
        _ details: TaskDetails, to task: TaskID, assignee: User?, user: User, _ c: CommandContext
    ) throws -> [TaskDetail] {
        let now = clock.now
        var parts: [TaskDetail] = []
        var due = details.due
        var rule = details.recurrence
        if let r = rule, due == nil { due = firstDue(of: r, user: user, time: nil) }
        if let r = rule, let d = due { rule = anchored(r, to: d.date) }
        if let due {
            try store.setDue(task, due, now: now)
            parts.append(.due(due))
        }
        if let rule {
            try store.setRecurrence(task, rule, now: now)
            parts.append(.rule(rule))
        }
        if let p = details.priority, p != .none {
            try store.setPriority(task, p, now: now)
            parts.append(.priority(p))
        }
        if let assignee { parts.append(.assignee(assignee.name)) }
        if due != nil { try rescheduleReminders(of: task, due: due, c) }
        // `remind me …` is the speaker's reminder, even on a task for the partner.
        let members = details.reminderFor == nil ? [] : try store.members(of: user.space)
        let remindWho = try details.reminderFor.flatMap { try member($0, user: user, members: members, c) }?.id
        for spec in details.reminders {
            switch spec {
            case .before(let minutes):
                guard let due, !due.isAllDay else { continue }
                let fireAt = due.instant - Int64(minutes) * 60
                if fireAt > now {
                    try addReminderOnce(
                        task: task, kind: .before, offsetMinutes: minutes, fireAt: fireAt, for: remindWho)
                }
                parts.append(.remindBefore(minutes: minutes))
            case .at(let at):
                if at.instant > now {
                    try addReminderOnce(task: task, kind: .at, offsetMinutes: nil, fireAt: at.instant, for: remindWho)
                }
                parts.append(.remindAt(at))
            }
        }
        if let minutes = details.nagMinutes, (1...1440).contains(minutes) {
            try startNag(task, minutes: minutes, due: due, now: now, c)
            parts.append(.nag(minutes: minutes))
        }
        c.remindersChanged = true
        return parts
    }

    /// Adds a reminder unless the task already has a pending one at the same instant (one line, not two).
    func addReminderOnce(
        task: TaskID, kind: ReminderKind, offsetMinutes: Int?, fireAt: Int64, for user: UserID? = nil
    ) throws {
        guard !(try store.pendingReminders(of: task).contains { $0.fireAt == fireAt && $0.kind != .nag }) else {
            return
        }
        try store.addReminder(task: task, kind: kind, offsetMinutes: offsetMinutes, fireAt: fireAt, for: user)
    }

    @discardableResult
    fileprivate func startNag(
        _ task: TaskID, minutes: Int, due: DueDate?, now: Int64, _ c: CommandContext
    ) throws -> Int64

    {
        try store.setNag(task, minutes: minutes, now: now)
        try store.cancelReminders(of: task, kinds: [.nag])
        let start = due.map { $0.instant > now ? $0.instant : now + Int64(minutes) * 60 } ?? now + Int64(minutes) * 60
        try store.addReminder(task: task, kind: .nag, offsetMinutes: minutes, fireAt: start)
        c.remindersChanged = true
        return start
    }

    /// After a task is reopened: its due-time reminder (when still ahead) and its nag come back.
    func restoreReminders(of task: TaskItem, _ c: CommandContext) throws {
        if let due = task.due { try rescheduleReminders(of: task.id, due: due, c) }
        if let minutes = task.nagMinutes { try startNag(task.id, minutes: minutes, due: task.due, now: clock.now, c) }
    }

    /// Keeps an assignment in the assignee's inbox even when they saw it live (as read), so the inbox holds
    /// every assignment to them; while they are away `raise` already keeps it, unread.
    func keepAssignment(of title: String, to assignee: User, by actor: User) throws {
        guard assignee.id != actor.id, isOnline(assignee.id) else { return }
        try store.addNotification(
            for: assignee.id, key: TextKey.eventTaskAssigned.rawValue,
            args: ["actor": actor.name, "title": title, "assignee": assignee.name],
            now: clock.now, read: true)
    }

    /// After a repeating task is completed: adds its next occurrence; returns it, or nil when the series ended.
    func nextOccurrence(
        after task: TaskItem, user: User, space: SpaceID, _ c: CommandContext
    ) throws -> (TaskID, DueDate)? {
        guard let rule = task.recurrence, let due = task.due else { return nil }
        let nextDate: LocalDate?
        if rule.fromCompletion {
            let doneOn = LocalDate(instant: clock.now, tz: due.tz)
            nextDate = Recurrence(rule.frequency, interval: rule.interval, until: rule.until).next(after: doneOn)
        } else {
            nextDate = rule.next(after: task.scheduledDate ?? due.date)
        }
        guard let nextDate else { return nil }
        let nextDue = due.moved(to: nextDate)
        let members = try store.members(of: space)
        let assignee = members.first { $0.name == task.assignee }
        let now = clock.now
        let id = try store.addTask(
            title: task.title, list: task.list, space: space, by: user.id, assignee: assignee?.id, now: now)
        try store.setDue(id, nextDue, scheduled: nextDate, now: now)
        try store.setRecurrence(id, rule, now: now)
        // The next one starts with the same steps, all open again (a repeating checklist).
        if task.steps.total > 0 { try store.copySteps(from: task.id, to: id, by: user.id, now: now) }
        if task.priority != .none { try store.setPriority(id, task.priority, now: now) }
        try rescheduleReminders(of: id, due: nextDue, c)
        for minutes in try store.reminderOffsets(of: task.id) where nextDue.instant - Int64(minutes) * 60 > now {
            try store.addReminder(
                task: id, kind: .before, offsetMinutes: minutes, fireAt: nextDue.instant - Int64(minutes) * 60)
        }
        for (minutes, who) in try store.personalReminderOffsets(of: task.id)
        where nextDue.instant - Int64(minutes) * 60 > now {
            try store.addReminder(
                task: id, kind: .before, offsetMinutes: minutes, fireAt: nextDue.instant - Int64(minutes) * 60, for: who
            )
        }
        if let minutes = task.nagMinutes { _ = try startNag(id, minutes: minutes, due: nextDue, now: now, c) }
        return (id, nextDue)
    }

    /// due, priority, repeat, remind, nag, unnag and snooze.
    func schedule(_ command: Command, task: TaskItem, user: User, members: [User], _ c: CommandContext) throws -> Reply

    {
        let now = clock.now
        let whenHere = { (d: DueDate) in self.when(d, tz: user.tz, lang: c.lang) }
        // `key` words the reply; the partner's event uses `event.<name>` (or `event.<name>_cleared`), worded for them.
        func changed(
            _ name: EventName, key: TextKey, _ args: [String: String], due: DueDate?, eventKey: TextKey? = nil,
            localArgs: LocalArgs? = nil
        ) throws -> Reply {
            guard let fresh = try store.task(task.id, in: user.space) else {
                preconditionFailure("task vanished inside its transaction")
            }
            try raise(
                in: c,
                name, key: eventKey, actor: user, recipients: members, args: args,
                data: JSONShape.task(fresh, tz: "UTC", number: nil), when: due, localArgs: localArgs)
            var replyArgs = args.merging(localArgs?(c.lang, user.tz) ?? [:]) { _, local in local }
            if let due { replyArgs["when"] = whenHere(due) }
            return .success(
                name.replyCode, [t(c, key, replyArgs)], data: JSONShape.task(fresh, tz: user.tz, number: nil))
        }
        switch command {
        case .remind, .nag, .snooze:
            // A finished task has nothing left to remind about; its reminders were cancelled when it was done.
            if task.isDone { return .failure(.errorAlreadyDone, t(c, .errorAlreadyDone, ["title": task.title])) }
        default:
            break
        }
        switch command {
        case .due(_, let due):
            try store.setDue(task.id, due, now: now)
            try rescheduleReminders(of: task.id, due: due, c)
            guard let due else {
                return try changed(
                    .taskDue, key: .taskDueCleared, ["title": task.title], due: nil, eventKey: .eventTaskDueCleared)
            }
            if let rule = task.recurrence { try store.setRecurrence(task.id, anchored(rule, to: due.date), now: now) }
            return try changed(.taskDue, key: .taskDueSet, ["title": task.title], due: due)

        case .priority(_, let priority):
            try store.setPriority(task.id, priority, now: now)
            if priority == .none {
                return try changed(
                    .taskPriority, key: .taskPriorityCleared, ["title": task.title], due: nil,
                    eventKey: .eventTaskPriorityCleared)
            }
            return try changed(
                .taskPriority, key: .taskPrioritySet, ["title": task.title], due: nil,
                localArgs: { lang, _ in ["priority": RecurrenceText.describe(priority, lang: lang)] })

        case .repeating(_, let rule):
            guard let rule else {
                try store.setRecurrence(task.id, nil, now: now)
                return try changed(
                    .taskRepeat, key: .taskRepeatCleared, ["title": task.title], due: nil,
                    eventKey: .eventTaskRepeatCleared)
            }
            var due = task.due
            // A date the rule does not have (a Tuesday task made to repeat every Sunday) moves to its first day.
            if let d = due, let first = anchored(rule, to: d.date).first(onOrAfter: d.date), first != d.date {
                due = d.moved(to: first)
            }
            if due == nil { due = firstDue(of: rule, user: user, time: nil) }
            if due != task.due {
                try store.setDue(task.id, due, now: now)
                try rescheduleReminders(of: task.id, due: due, c)
            }
            let anchoredRule = due.map { anchored(rule, to: $0.date) } ?? rule
            try store.setRecurrence(task.id, anchoredRule, now: now)
            return try changed(
                .taskRepeat, key: .taskRepeatSet, ["title": task.title], due: due,
                localArgs: { lang, _ in ["rule": RecurrenceText.describe(anchoredRule, lang: lang)] })

        case .remind(_, let spec):
            let fireAt: Int64
            let kind: ReminderKind
            var offset: Int?
            switch spec {
            case .before(let minutes):
                guard let due = task.due, !due.isAllDay else {
                    return .failure(
                        .errorNoDueTime,
                        t(c, .errorNoDueTime, ["title": task.title, "ref": "id:\(task.id.rawValue)"]))
                }
                fireAt = due.instant - Int64(minutes) * 60
                kind = .before
                offset = minutes
            case .at(let at):
                fireAt = at.instant
                kind = .at
            }
            let whenText = TimeText.human(fireAt, tz: user.tz, lang: c.lang)
            guard fireAt > now else {
                return .failure(.errorReminderPast, t(c, .errorReminderPast, ["when": whenText]))
            }
            try addReminderOnce(task: task.id, kind: kind, offsetMinutes: offset, fireAt: fireAt)
            c.remindersChanged = true
            return .success(
                .taskReminderSet, [t(c, .taskReminderSet, ["title": task.title, "when": whenText])],
                data: .object([
                    ("task", .int(task.id.rawValue)), ("at", .string(TimeText.iso8601(fireAt, tz: user.tz))),
                ]))

        case .nag(_, let minutes):
            guard (1...1440).contains(minutes) else { return .failure(.errorNagRange, t(c, .errorNagRange)) }
            let start = try startNag(task.id, minutes: minutes, due: task.due, now: now, c)
            return .success(
                .taskNagSet,
                [
                    t(
                        c, minutes == 1 ? .taskNagSetOne : .taskNagSet,
                        [
                            "title": task.title, "minutes": "\(minutes)",
                            "when": TimeText.human(start, tz: user.tz, lang: c.lang),
                        ])
                ],
                data: .object([("task", .int(task.id.rawValue)), ("nag_minutes", .int(Int64(minutes)))]))

        case .unnag:
            try store.setNag(task.id, minutes: nil, now: now)
            try store.cancelReminders(of: task.id, kinds: [.nag])
            c.remindersChanged = true
            return .success(.taskNagCleared, [t(c, .taskNagCleared, ["title": task.title])])

        case .snooze(_, let spec):
            let target: DueDate
            // A duration counts from the due time while it is ahead, so a snooze never makes a task due earlier.
            let base = max(now, task.due.flatMap { $0.isAllDay ? nil : $0.instant } ?? now)
            switch spec {
            case .duration(let seconds)?: target = dueDate(at: base + max(60, seconds), tz: user.tz)
            case .until(let d)?:
                // `snooze 3 tomorrow` keeps the task's time of day: a 6pm task snoozed to tomorrow is due tomorrow at 6pm.
                if d.isAllDay, let due = task.due, !due.isAllDay {
                    target = DueDate(date: d.date, time: Calendars.time(at: due.instant, tz: user.tz), tz: user.tz)
                } else {
                    target = d
                }
            case nil: target = dueDate(at: base + 3600, tz: user.tz)
            }
            guard target.instant > now else {
                return .failure(.errorReminderPast, t(c, .errorReminderPast, ["when": whenHere(target)]))
            }
            // The rule's occurrence date is kept, so snoozing one occurrence never moves the series.
            try store.setDue(task.id, target, scheduled: task.scheduledDate ?? task.due?.date, now: now)
            try rescheduleReminders(of: task.id, due: target, c)
            if let minutes = task.nagMinutes { _ = try startNag(task.id, minutes: minutes, due: target, now: now, c) }
            return try changed(.taskSnoozed, key: .taskSnoozed, ["title": task.title], due: target)

        default:
            preconditionFailure("not a scheduling command: \(command.verb)")
        }
    }

    /// One listing line with due time in the reader's zone, list, assignee, priority and nag countdown.
    func describeForReader(
        _ task: TaskItem, number: Int, user: User, _ c: CommandContext, withList: Bool
    ) throws -> String {
        var line = "  \(number). [\(Handlers.mark(task))] \(task.title)"
        if task.description != nil { line += Handlers.describedMark }
        if task.steps.total > 0 { line += " (\(task.steps.done)/\(task.steps.total))" }
        if let parent = task.parentTitle { line += " (" + t(c, .stepOf, ["task": parent]) + ")" }
        var extras: [String] = []
        if withList { extras.append(task.listLabel) }
        if let plan = task.plan, !task.isDone, plan.stored == .deferred {
            // In the backlog it is planned for no day, whatever day it once was.
            extras.append(t(c, .taskInBacklog, ["name": plan.userName]))
        } else if let plan = task.plan, !task.isDone {
            extras.append(
                t(
                    c, .taskPlanned,
                    [
                        "name": plan.userName, "day": TimeText.human(plan.date, lang: c.lang),
                        "region": regionName(plan.region, c.lang),
                    ]))
        }
        if let due = task.due { extras.append(t(c, .summaryDue, ["when": when(due, tz: user.tz, lang: c.lang)])) }
        if let rule = task.recurrence { extras.append("↻ " + RecurrenceText.describe(rule, lang: c.lang)) }
        if task.priority != .none { extras.append(RecurrenceText.describe(task.priority, lang: c.lang)) }
        if let who = task.assignee { extras.append(t(c, .taskFor, ["name": who])) }
        if task.isDone { extras.append(t(c, .taskDoneBy, ["name": task.completedBy ?? t(c, .memberFormer)])) }
        if !task.isDone, task.nagMinutes != nil,
            let next = try store.pendingReminders(of: task.id).first(where: { $0.kind == .nag })
        {
            let minutes = max(0, (next.fireAt - clock.now + 59) / 60)
            extras.append(t(c, .taskNextNag, ["wait": Handlers.countdown(minutes: minutes, lang: c.lang)]))
        }
        if task.noteCount > 0 { extras.append("✎\(task.noteCount)") }
        if !extras.isEmpty { line += " — " + extras.joined(separator: ", ") }
        return line
    }
}
