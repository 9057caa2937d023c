// Due dates, priority, recurrence, reminders, nags, snooze and the time-based views.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// The task views: `today`, `tomorrow`, `week`, `overdue`, `upcoming`, `mine`, a partner's, and the due summary at login.
struct Views: Feature {
    let handlers: Handlers
}

extension Views {
    /// The segments of a time view, in its order: each a due-time range (or the undated tasks) fetched by page.
    func viewSegments(_ view: TaskView, user: User, _ c: CommandContext) throws -> [TaskSegment] {
        let now = clock.now
        let today = LocalDate(instant: now, tz: user.tz)
        let midnight = { (d: LocalDate) in Calendars.instant(of: d, at: LocalTime(hour: 0, minute: 0), tz: user.tz) }
        let endToday = midnight(today.adding(days: 1))
        let endTomorrow = midnight(today.adding(days: 2))
        let endWeek = midnight(today.adding(days: 7))
        let space = user.space
        let store = self.store
        // A run under `heading`: a catalog key's raw value, or a title already worded (`mine`).
        func dated(_ heading: TextKey, _ from: Int64, _ before: Int64, _ who: UserID? = nil) throws -> TaskSegment {
            try dated(heading.rawValue, from, before, who)
        }
        func dated(_ key: String, _ from: Int64, _ before: Int64, _ who: UserID? = nil) throws -> TaskSegment {
            TaskSegment(
                key: key, count: try store.dueTaskCount(in: space, from: from, before: before, assignee: who),
                fetch: { offset, limit in
                    try store.dueTasks(
                        in: space, from: from, before: before, assignee: who, offset: offset, limit: limit)
                },
                fetchAfter: { last, limit in
                    try store.dueTasks(in: space, from: from, before: before, assignee: who, after: last, limit: limit)
                })
        }
        func undated(_ heading: TextKey, _ who: UserID? = nil) throws -> TaskSegment {
            try undated(heading.rawValue, who)
        }
        func undated(_ key: String, _ who: UserID? = nil) throws -> TaskSegment {
            TaskSegment(
                key: key, count: try store.undatedTaskCount(in: space, assignee: who),
                fetch: { offset, limit in try store.undatedTasks(in: space, assignee: who, offset: offset, limit: limit)
                },
                fetchAfter: { last, limit in try store.undatedTasks(in: space, assignee: who, after: last, limit: limit)
                })
        }
        switch view {
        case .overdue: return [try dated(.viewOverdue, .min, now)]
        case .today: return [try dated(.viewToday, now, endToday)]
        case .tomorrow: return [try dated(.viewTomorrow, endToday, endTomorrow)]
        case .upcoming: return [try dated(.viewUpcoming, now, endWeek)]
        case .agenda:
            return [
                try dated(.viewOverdue, .min, now), try dated(.viewToday, now, endToday),
                try dated(.viewTomorrow, endToday, endTomorrow), try dated(.viewLater, endTomorrow, endWeek),
                try undated(.viewNodate),
            ]
        case .mine, .assigned:
            var who = user
            if case .assigned(let name) = view {
                let members = try store.members(of: user.space)
                guard let found = try member(.member(name), user: user, members: members, c) else {
                    throw ReplyError(
                        reply: .failure(.errorNotFound, t(c, .errorMemberNotFound, ["name": name, "names": ""])))
                }
                who = found
            }
            let title = t(c, .viewMine, ["name": who.name])
            // Alone in a space, every task is the user's: unassigned ones count too.
            let alone = try store.members(of: user.space).count == 1
            let whose = alone && who.id == user.id ? nil : who.id
            return [try dated(title, .min, .max, whose), try undated(title, whose)]
        }
    }

    /// overdue, today, tomorrow, upcoming, agenda, mine and `<name>'s`: one page, numbered on from the pages before.
    /// `resume` (from `more`): where the page before ended, read on from by key.
    func view(_ view: TaskView, page: Int, resume: PageResume? = nil, user: User, _ c: CommandContext) throws -> Reply {
        let segments = try viewSegments(view, user: user, c)
        let w = try pageWindow(page, total: segments.reduce(0) { $0 + $1.count }, c)
        let (found, end) = try tasks(of: segments, offset: w.offset, limit: PageWindow.size, resume: resume)
        var groups = found
        // The single-heading views show their heading even when empty; the agenda shows only what it has.
        if view != .agenda && groups.isEmpty, let first = segments.first { groups = [(first.key, [])] }
        var lines: [String] = []
        var listing: [TaskID] = []
        var data: [(String, JSONValue)] = []
        for (key, tasks) in groups {
            let title = TextKey.named(key).map { t(c, $0) } ?? key
            var items: [JSONValue] = []
            lines.append(title)
            for task in tasks {
                listing.append(task.id)
                let number = w.offset + listing.count
                lines.append(try describeForReader(task, number: number, user: user, c, withList: true))
                items.append(JSONShape.task(task, tz: user.tz, number: number))
            }
            let name =
                key == TextKey.viewLater.rawValue
                ? "upcoming" : key.hasPrefix("view.") ? String(key.dropFirst(5)) : "mine"
            data.append((name, .array(items)))
        }
        remember(listing, offset: w.offset, c)
        if w.total == 0 { lines = [t(c, .viewEmpty)] }
        return finishPage(.success(.taskView, lines, data: .object(data)), w, listing: .view(view), c, resume: end)
    }

    /// The login summary line: `2 overdue, 3 due today.`, or nil when there is nothing due.
    func dueSummary(user: User, lang: Language) throws -> String? {
        let now = clock.now
        let today = LocalDate(instant: now, tz: user.tz)
        let endToday = Calendars.instant(of: today.adding(days: 1), at: LocalTime(hour: 0, minute: 0), tz: user.tz)
        let counts = try store.dueCounts(in: user.space, now: now, endOfToday: endToday)
        guard counts.overdue + counts.today > 0 else { return nil }
        return Catalog.text(.authSummary, lang, ["overdue": "\(counts.overdue)", "today": "\(counts.today)"])
    }
}
