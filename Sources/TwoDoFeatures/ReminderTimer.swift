// Reminders and nags: scheduled in SQLite, fired by the loop exactly once, live or into the inbox.
//
// The pending-reminder index (`reminders_pending`, a partial index on fire_at) is the timer queue:
// the loop keeps only the earliest fire time in memory, so memory does not grow with the number of
// stored reminders, and a restart loses nothing. Reminders missed while the server was down fire once
// on start, marked late. Several reminders of one task that are due at once (a long outage,
// a test clock jump) make one line per person, not a burst.

import TwoDoCore
import TwoDoStore
import TwoDoSystem
import TwoDoProtocol
import TwoDoText

/// What the loop's timer fires: task reminders and nags, routine and event reminders, and the plan's rollover.
struct ReminderTimer: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// Most reminders read per query; a turn fires them until its time budget is spent.
    static let reminderBatch = 100

    /// Seconds of one loop turn that firing reminders may take: a burst of due reminders is spread over turns
    /// (each with its commit) so other users' commands wait at most about this long.
    static let reminderTurnBudget = 0.0015

    /// Tasks whose reminders always fire in the turn that finds them due, whatever the budget: a handful due
    /// together (or passed by one jump of a test clock) go out together, answered before the next command.
    static let reminderTurnMinimum = 10

    /// The earliest pending reminder of any kind (O(log n) indexed queries): the head of the loop's timer.
    /// - Throws: the store's error: the loop must not take a failed read for "nothing pending" (that stopped
    ///   every reminder until the next change); it asks again shortly instead.
    public func nextReminderTime() throws -> Int64? {
        var next = try store.nextReminderTime()
        // Event and routine reminders share the timer (ReminderTimer+Schedule.swift), and so does the day
        // plan's midnight rollover (ReminderTimer+PlanRollover.swift).
        for other in [try ReminderTimer(handlers: self).nextScheduleReminderTime(), try nextPlanRolloverTime()] {
            if let other { next = min(next ?? other, other) }
        }
        return next
    }

    /// Fires every reminder whose time has come, task, event and routine reminders alike, oldest first, in
    /// this turn's transaction and within its time budget; returns the lines to push. The loop calls it when
    /// its timer head (`nextReminderTime()`) is due.
    public func fireDueReminders() throws -> [Outcome] {
        let now = clock.now
        let started = Monotonic.now()
        // One queue: the two tables' due rows, merged by fire time (each read is bounded by the batch).
        let due =
            (try store.remindersDue(before: now, limit: Handlers.reminderBatch).map(DueTimer.task)
            + store.scheduleRemindersDue(before: now, limit: Handlers.reminderBatch).map(DueTimer.schedule))
            .sorted { $0.fireAt < $1.fireAt }
        var outcomes: [Outcome] = []
        var membersBySpace: [SpaceID: [User]] = [:]
        let members = { (space: SpaceID) throws -> [User] in
            if let known = membersBySpace[space] { return known }
            let found = try self.store.members(of: space)
            membersBySpace[space] = found
            return found
        }
        for (index, timer) in due.enumerated() {
            // The rest stay pending and fire in the next turn, which comes at once (the timer head is still due).
            if index >= Handlers.reminderTurnMinimum && Monotonic.now() - started > Handlers.reminderTurnBudget {
                break
            }
            let notice: ReminderNotice?
            switch timer {
            case .task(let first):
                notice = try ReminderTimer(handlers: self).fireTaskReminders(first, now: now, members: members)
            case .schedule(let reminder):
                notice = try ReminderTimer(handlers: self).fireScheduleReminder(reminder, now: now, members: members)
            }
            if let notice { outcomes += try ReminderTimer(handlers: self).deliver(notice, now: now) }
        }
        outcomes += try ReminderTimer(handlers: self).fireDuePlanRollovers()
        return outcomes
    }
}

extension ReminderTimer {
    /// Marks every due reminder of `first`'s task fired (they make one line per person, not a burst) and says
    /// what to tell whom; nil when there is nothing to say (already fired, or the task is done or gone).
    func fireTaskReminders(
        _ first: DueReminder, now: Int64, members: (SpaceID) throws -> [User]
    ) throws -> ReminderNotice? {
        var fired: [DueReminder] = []
        for reminder in try store.remindersDue(of: first.task, before: now)
        where try store.markFired(reminder.id, at: now) {
            fired.append(reminder)
        }
        guard !fired.isEmpty else { return nil }  // already fired with an earlier reminder of its task
        handlers.remindersFired += fired.count
        guard let (task, space) = try store.taskForReminder(first.task), !task.isDone else { return nil }
        if let nag = fired.last(where: { $0.kind == .nag }), let minutes = task.nagMinutes {
            // The next nag counts from now, so a long outage does not unleash a storm of old nags.
            let step = Int64(minutes) * 60
            var fireAt = nag.fireAt + step
            if fireAt <= now { fireAt = now + step }
            try store.addReminder(task: task.id, kind: .nag, offsetMinutes: minutes, fireAt: fireAt)
        }
        let late = isLate(fired.map(\.fireAt))
        // The line says the most telling of them: due now, then due soon, then still open.
        let kind = ReminderKind.allCases.first { k in fired.contains { $0.kind == k } } ?? first.kind
        let key: TextKey
        switch kind {
        // Missed while the server was down: said so, whether the task has a due time to name or not (a nag or
        // an `at` reminder on an undated task).
        case _ where late: key = task.due == nil ? .reminderAtLate : .reminderLate
        case .nag: key = .reminderNag
        case .due: key = .reminderDue
        default: key = task.due == nil ? .reminderAt : .reminderSoon  // "before" and "at": the task is due later
        }
        // A reminder the line gave to someone (`remind me …`) goes to them; the others to the assignee, or everyone.
        let everyone = try members(space)
        var recipients: [User] = []
        for r in fired {
            let who = r.user.map { id in everyone.filter { $0.id == id } } ?? assignees(task.assignee, among: everyone)
            for u in who where !recipients.contains(where: { $0.id == u.id }) { recipients.append(u) }
        }
        if recipients.isEmpty { recipients = assignees(task.assignee, among: everyone) }
        return ReminderNotice(
            key: key, recipients: recipients,
            args: { user in
                var args = ["title": task.title, "list": task.listLabel]
                if let due = task.due { args["time"] = TimeText.human(due, readerTZ: user.tz, lang: user.lang) }
                return args
            },
            data: { user in
                guard case .object(var fields) = JSONShape.task(task, tz: user.tz, number: nil) else { return .null }
                fields.append(("late", .bool(late)))
                fields.append(("kind", .string(kind.rawValue)))
                return .object(fields)
            }, task: task.id)
    }

    /// Late means missed while the server was down (due before it started), not merely passed by a jump of
    /// the test clock or a busy turn: the one rule for task, event and routine reminders.
    func isLate(_ fireTimes: [Int64]) -> Bool { fireTimes.contains { $0 < startedAt } }

    /// Who a reminder is for: the assignee when there is one in the space, else every member.
    func assignees(_ assignee: String?, among members: [User]) -> [User] {
        guard let assignee else { return members }
        let found = members.filter { $0.name == assignee }
        return found.isEmpty ? members : found
    }

    /// The one delivery path of every reminder: a line to each live session of each recipient (in its
    /// language, human or JSON), and a row in their inbox, unread unless a live session got the line.
    ///
    /// A session whose client already closed its side (or was told to go) is not live: the line would be
    /// lost there, so the inbox keeps it unread. A user who muted reminders gets only the unread row.
    func deliver(_ notice: ReminderNotice, now: Int64) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for user in notice.recipients {
            let args = notice.args(user)
            // Muted reminders are not pushed: they wait in the inbox, unread (Inbox.swift).
            let muted = try hasMuted(.reminders, user.id)
            let live = muted ? [] : (presence?.sessions(of: user.id) ?? []).filter { !$0.isClosing }
            let elsewhere = !muted && (presence?.isOnlineElsewhere(user.id) ?? false)
            // Read only when a session here gets the line; a line for another node's sessions leaves the row
            // unread until that node delivers it (and marks it read), so a node that died meanwhile loses nothing.
            // The row keeps the words in every language (the reader may switch before reading it).
            let stored = InboxArgs.stored(
                [:],
                perLanguage: { lang in
                    var reader = user
                    reader.lang = lang
                    return notice.args(reader)
                })
            let row = try store.addNotification(
                for: user.id, key: notice.key.rawValue, args: stored, now: now, read: !live.isEmpty)
            guard !live.isEmpty || elsewhere else { continue }
            let data = user.tz == "UTC" ? notice.data(user) : notice.data(user).inZone(user.tz)
            func lines(_ lang: Language) -> (text: String, json: String) {
                var text = Catalog.text(notice.key, lang, args)
                if notice.task != nil { text += " " + Catalog.text(.reminderAnswers, lang) }
                let json = JSONValue.object([
                    ("type", .string("event")), ("event", .string(EventName.reminderDue.rawValue)),
                    ("actor", .string("twodo")), ("text", .string(text)), ("data", data),
                ]).serialized
                return (text, json)
            }
            for c in live {
                let (text, json) = lines(c.lang)
                let line = c.json ? json : text
                var o = Outcome(connection: c.id, reply: Reply.success(.reminderDue, [line]), rawLines: [line])
                o.reminded = notice.task
                outcomes.append(o)
            }
            if elsewhere {
                // For the user's sessions on other nodes: an outcome of no connection here, carrying the lines.
                let (text, json) = lines(user.lang)
                var o = Outcome(connection: Outcome.noConnection, reply: Reply.success(.reminderDue, [text]))
                o.remoteLines = [
                    RemoteLine(user: user.id, text: text, json: json, notification: live.isEmpty ? row : nil)
                ]
                outcomes.append(o)
            }
        }
        return outcomes
    }
}

extension Feature {
    /// Rebuilds a task's due-time reminders after its due date changed: the default one at the due time,
    /// and every "N minutes before" it had. Absolute (`at`) reminders and nags are kept.
    func rescheduleReminders(of task: TaskID, due: DueDate?, _ c: CommandContext) throws {
        let offsets = try store.pendingOffsets(of: task)
        try store.cancelReminders(of: task, kinds: [.due, .before])
        guard let due, !due.isAllDay else {
            c.remindersChanged = true
            return
        }
        let now = clock.now
        if due.instant > now { try addReminderOnce(task: task, kind: .due, offsetMinutes: nil, fireAt: due.instant) }
        for (minutes, user) in offsets where due.instant - Int64(minutes) * 60 > now {
            try addReminderOnce(
                task: task, kind: .before, offsetMinutes: minutes, fireAt: due.instant - Int64(minutes) * 60, for: user)
        }
        c.remindersChanged = true
    }
}

/// A due row of either timer table, so both fire from one queue in fire-time order.
enum DueTimer {
    case task(DueReminder)
    case schedule(DueScheduleReminder)

    var fireAt: Int64 {
        switch self {
        case .task(let r): r.fireAt
        case .schedule(let r): r.fireAt
        }
    }
}

/// What one fired reminder tells its recipients: the catalog text (worded per reader), the JSON data, and
/// the task that `done`/`snooze` without a reference then act on (task reminders only).
struct ReminderNotice {
    var key: TextKey
    var recipients: [User]
    var args: (User) -> [String: String]
    var data: (User) -> JSONValue
    var task: TaskID? = nil
}
