// The day plan as people and bots see it: a day's 1-3-5 board and the grouped backlog.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// `[x]` done, `[~]` in progress, `[»]` deferred, `[ ]` to do.
    static func mark(_ task: TaskItem) -> String {
        if task.isDone { return "x" }
        switch task.plan?.stored {
        case .inProgress?: return "~"
        case .deferred?: return "»"
        default: return " "
        }
    }

    /// One cell per task: `▓` done, `░` not yet.
    static func bar(_ tasks: [TaskItem]) -> String {
        let done = tasks.filter(\.isDone).count
        return String(repeating: "▓", count: done) + String(repeating: "░", count: tasks.count - done)
    }

    static func groupKey(_ group: BacklogGroup) -> TextKey {
        switch group {
        case .today: .backlogGroupToday
        case .yesterday: .backlogGroupYesterday
        case .thisWeek: .backlogGroupThisWeek
        case .older: .backlogGroupOlder
        }
    }
}

extension Plan {
    /// `plan [member] [day]`: the board of one person's day, rows numbered for `done 3` / `start 3`.
    ///
    /// A board holds at most 27 tasks (3 regions × 9), so it is one page.
    /// `only`: show that region alone (`plan morning`); its rows keep the numbers they have on the whole board.
    func board(
        member: String?, day: LocalDate, today: LocalDate, only: PlanRegion? = nil, user: User, _ c: CommandContext
    ) throws -> Reply {
        var owner = user
        if let member {
            let members = try store.members(of: user.space)
            if let found = members.first(where: { UserName.key($0.name) == UserName.key(member) }) { owner = found }
        }
        let mine = owner.id == user.id
        let ownerToday = LocalDate(instant: clock.now, tz: owner.tz)
        let tasks = try store.planBoard(of: owner.id, on: day).sorted(by: Handlers.boardOrder)
        remember(tasks.map(\.id), offset: 0, c)
        c.paging.cursor = nil
        let dayText = self.dayText(day, today: mine ? today : ownerToday, c.lang)
        let done = tasks.filter(\.isDone).count
        var lines: [String] = []
        if tasks.isEmpty {
            lines.append(
                mine
                    ? t(c, .planEmptyMine, ["day": dayText])
                    : t(c, .planEmptyOther, ["name": owner.name, "day": dayText]))
        } else {
            let args = ["day": dayText, "done": "\(done)", "total": "\(tasks.count)", "bar": Handlers.bar(tasks)]
            lines.append(
                mine ? t(c, .planHeaderMine, args) : t(c, .planHeaderOther, args.merging(["name": owner.name]) { $1 }))
        }
        var number = 0
        var regions: [JSONValue] = []
        for region in PlanRegion.allCases {
            let inRegion = tasks.filter { $0.plan?.region == region }
            let shown = only == nil || only == region
            let name = regionName(region, c.lang)
            let title = name.prefix(1).uppercased() + name.dropFirst()
            let capacity = PlanBucket.allCases.map(\.capacity).reduce(0, +)
            guard shown else {
                number += inRegion.count  // the rows keep their board numbers for `plan 4 evening`, `start 4`
                continue
            }
            if !tasks.isEmpty {
                if inRegion.isEmpty {
                    lines.append(t(c, .planRegionEmpty, ["region": title, "free": "\(capacity)"]))
                } else {
                    lines.append(
                        t(
                            c, .planRegionLine,
                            [
                                "region": title, "done": "\(inRegion.filter(\.isDone).count)",
                                "total": "\(inRegion.count)", "bar": Handlers.bar(inRegion),
                            ]))
                }
            }
            var buckets: [JSONValue] = []
            for bucket in PlanBucket.allCases {
                let rows = inRegion.filter { $0.plan?.bucket == bucket }
                let free = max(0, bucket.capacity - rows.count)
                if !inRegion.isEmpty {
                    let bucketArgs = ["bucket": bucketName(bucket, c.lang), "free": "\(free)"]
                    lines.append("  " + t(c, free == 0 ? .planBucketFull : .planBucketFree, bucketArgs))
                }
                var rowData: [JSONValue] = []
                for task in rows {
                    number += 1
                    if !inRegion.isEmpty { lines.append("    \(number). [\(Handlers.mark(task))] \(task.title)") }
                    rowData.append(JSONShape.task(task, tz: user.tz, number: number))
                }
                buckets.append(
                    .object([
                        ("bucket", .string(bucket.rawValue)), ("capacity", .int(Int64(bucket.capacity))),
                        ("free", .int(Int64(free))), ("tasks", .array(rowData)),
                    ]))
            }
            regions.append(
                .object([
                    ("region", .string(region.rawValue)), ("done", .int(Int64(inRegion.filter(\.isDone).count))),
                    ("total", .int(Int64(inRegion.count))), ("buckets", .array(buckets)),
                ]))
        }
        let data = JSONValue.object([
            ("user", .string(owner.name)), ("date", .string(day.description)),
            ("today", .bool(day == (mine ? today : ownerToday))), ("done", .int(Int64(done))),
            ("total", .int(Int64(tasks.count))), ("regions", .array(regions)),
        ])
        return .success(.planBoard, lines, data: data)
    }

    /// `backlog [page N]`: deferred open tasks grouped Today / Yesterday / This week / Older by when they entered
    /// the backlog, newest first, numbered for `plan 2 morning`, `delete 2`, `edit 2 to …`.
    func backlog(page: Int, today: LocalDate, user: User, _ c: CommandContext) throws -> Reply {
        let total = try store.backlogCount(of: user.id)
        let w = try pageWindow(page, total: total, c)
        let tasks = try store.backlog(of: user.id, offset: w.offset, limit: PageWindow.size)
        remember(tasks.map(\.id), offset: w.offset, c)
        var lines = [
            total == 0
                ? t(c, .backlogEmpty)
                : total == 1 ? t(c, .backlogHeaderOne) : t(c, .backlogHeader, ["count": "\(total)"])
        ]
        var group: BacklogGroup?
        var rows: [JSONValue] = []
        for (i, task) in tasks.enumerated() {
            guard let plan = task.plan else { continue }
            let g = DayRollover.group(deferredAt: plan.deferredAt ?? 0, today: today, tz: user.tz)
            if g != group {
                lines.append(t(c, Handlers.groupKey(g)))
                group = g
            }
            let from = t(
                c, .backlogFrom,
                ["day": TimeText.human(plan.date, lang: c.lang), "region": regionName(plan.region, c.lang)])
            lines.append("  \(w.offset + i + 1). [»] \(task.title) — \(from)")
            guard case .object(var fields) = JSONShape.task(task, tz: user.tz, number: w.offset + i + 1) else {
                continue
            }
            fields.append(("group", .string(g.rawValue)))
            rows.append(.object(fields))
        }
        return finishPage(
            .success(.planBacklog, lines, data: .object([("tasks", .array(rows))])), w, listing: .plan(.backlog), c)
    }
}
