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
import TwoDoText

extension Server {
    /// Most reminders read per query; a turn fires them until its time budget is spent.
    static let reminderBatch = 100
    /// Seconds of one loop turn that firing reminders may take: a burst of due reminders is spread over turns
    /// (each with its commit) so other users' commands wait at most about this long.
    static let reminderTurnBudget = 0.0015
    /// Tasks whose reminders always fire in the turn that finds them due, whatever the budget: a handful due
    /// together (or passed by one jump of a test clock) go out together, answered before the next command.
    static let reminderTurnMinimum = 10

    /// Recomputes the earliest pending reminder (an O(log n) indexed query).
    func refreshNextReminder() {
        nextReminderAt = (try? store.nextReminderTime()) ?? nil
        // Event and routine reminders share the timer (Server+ScheduleReminders.swift).
        if let other = nextScheduleReminderTime() { nextReminderAt = min(nextReminderAt ?? other, other) }
    }

    /// Rebuilds a task's due-time reminders after its due date changed: the default one at the due time,
    /// and every "N minutes before" it had. Absolute (`at`) reminders and nags are kept.
    func rescheduleReminders(of task: TaskID, due: DueDate?) throws {
        let offsets = try store.pendingReminders(of: task).filter { $0.kind == "before" }.compactMap(\.offsetMinutes)
        try store.cancelReminders(of: task, kinds: ["due", "before"])
        guard let due, !due.isAllDay else {
            remindersChanged = true
            return
        }
        let now = clock.now
        if due.instant > now { try addReminderOnce(task: task, kind: "due", offsetMinutes: nil, fireAt: due.instant) }
        for minutes in Set(offsets).sorted() where due.instant - Int64(minutes) * 60 > now {
            try addReminderOnce(
                task: task, kind: "before", offsetMinutes: minutes, fireAt: due.instant - Int64(minutes) * 60)
        }
        remindersChanged = true
    }

    /// Fires every reminder whose time has come (in this turn's transaction); returns outcomes to deliver.
    func fireDueReminders() throws -> [Outcome] {
        let now = clock.now
        guard let next = nextReminderAt, next <= now else { return [] }
        var outcomes: [Outcome] = []
        let started = Monotonic.now()
        let due = try store.remindersDue(before: now, limit: Server.reminderBatch)
        var membersBySpace: [SpaceID: [User]] = [:]
        for (index, first) in due.enumerated() {
            // The rest stay pending and fire in the next turn, which comes at once (nextReminderAt is still due).
            if index >= Server.reminderTurnMinimum && Monotonic.now() - started > Server.reminderTurnBudget { break }
            // Every reminder of this task that is due now fires together, as one line per person.
            var fired: [DueReminder] = []
            for reminder in try store.remindersDue(of: first.task, before: now)
            where try store.markFired(reminder.id, at: now) {
                fired.append(reminder)
            }
            guard !fired.isEmpty else { continue }  // already fired with an earlier reminder of its task
            stats.remindersFired += fired.count
            guard let (task, space) = try store.taskForReminder(first.task), !task.isDone else { continue }
            let members = try membersBySpace[space] ?? store.members(of: space)
            membersBySpace[space] = members
            let recipients =
                task.assignee.flatMap { name in members.filter { $0.name == name } }.flatMap { $0.isEmpty ? nil : $0 }
                ?? members
            if let nag = fired.last(where: { $0.kind == "nag" }), let minutes = task.nagMinutes {
                // The next nag counts from now, so a long outage does not unleash a storm of old nags.
                let step = Int64(minutes) * 60
                var fireAt = nag.fireAt + step
                if fireAt <= now { fireAt = now + step }
                try store.addReminder(task: task.id, kind: "nag", offsetMinutes: minutes, fireAt: fireAt)
            }
            // Late means missed while the server was down, not merely passed by a jump of the test clock.
            let late = fired.contains { $0.fireAt < startedAt }
            // The line says the most telling of them: due now, then due soon, then still open.
            let kind = ["due", "before", "at", "nag"].first { k in fired.contains { $0.kind == k } } ?? first.kind
            outcomes.append(contentsOf: try deliverReminder(task, kind: kind, late: late, to: recipients, now: now))
        }
        outcomes += try fireScheduleReminders(now: now)
        remindersChanged = true
        return outcomes
    }

    /// Sends one reminder line to every open session of each recipient and keeps it in their inbox.
    private func deliverReminder(
        _ task: TaskItem, kind: String, late: Bool, to recipients: [User], now: Int64
    ) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        let key: String
        switch kind {
        case _ where late: key = task.due == nil ? "reminder.at" : "reminder.late"
        case "nag": key = "reminder.nag"
        case "due": key = "reminder.due"
        default: key = task.due == nil ? "reminder.at" : "reminder.soon"  // "before" and "at": the task is due later
        }
        for user in recipients {
            var args = ["title": task.title, "list": task.listName]
            if let due = task.due { args["time"] = TimeText.human(due, readerTZ: user.tz, lang: user.lang) }
            // A session the client already closed its side of is leaving: the line would be lost, so keep it unread.
            let live = (sessions[user.id] ?? []).compactMap { connections[$0] }.filter { !$0.closeAfterFlush }
            try store.addNotification(for: user.id, key: key, args: args, now: now, read: !live.isEmpty)
            for c in live {
                c.lastReminded = task.id
                let text = Catalog.text(key, c.lang, args) + " " + Catalog.text("reminder.answers", c.lang)
                var data = taskJSON(task, tz: user.tz, number: nil)
                if case .object(var members) = data {
                    members.append(("late", .bool(late)))
                    members.append(("kind", .string(kind)))
                    data = .object(members)
                }
                let line =
                    c.json
                    ? JSONValue.object([
                        ("type", .string("event")), ("event", .string("reminder.due")), ("actor", .string("twodo")),
                        ("text", .string(text)), ("data", data),
                    ]).serialized
                    : text
                outcomes.append(
                    Outcome(connection: c.id, reply: Reply.success("reminder.due", [line]), rawLines: [line]))
            }
        }
        return outcomes
    }
}
