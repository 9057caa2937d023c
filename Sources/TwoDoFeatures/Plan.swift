// The 1-3-5 day plan: plan, plan add, reorder, start, defer, unplan, backlog, and the midnight rollover.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoSystem
import TwoDoText

/// The day plan: `plan …`, its board and the backlog.
struct Plan: Feature {
    let handlers: Handlers
}

extension Handlers {
    /// Board order: region, bucket, position, then id.
    static func boardOrder(_ a: TaskItem, _ b: TaskItem) -> Bool {
        guard let p = a.plan, let q = b.plan else { return a.id.rawValue < b.id.rawValue }
        if p.region != q.region { return p.region < q.region }
        if p.bucket != q.bucket { return (p.bucket ?? .misc) < (q.bucket ?? .misc) }
        if p.position != q.position { return p.position < q.position }
        return a.id.rawValue < b.id.rawValue
    }
}

extension Plan {
    /// Runs a day-plan command (`page` for `backlog page N`).
    func planCommand(_ action: PlanAction, page: Int = 1, user: User, on c: CommandContext) throws -> Reply {
        do {
            let today = LocalDate(instant: clock.now, tz: user.tz)
            switch action {
            case .board(let member, let day):
                return try board(member: member, day: day ?? today, today: today, user: user, c)
            case .region(let member, let region, let day):
                return try board(member: member, day: day ?? today, today: today, only: region, user: user, c)
            case .place(let ref, let region, let bucket, let day):
                let task = try resolve(ref, user: user, prefer: .open, c)
                return try place(
                    task, region: region, bucket: bucket ?? .misc, day: day ?? today, today: today,
                    user: user, code: .planPlanned, c)
            case .add(let raw, let region, let bucket, let day):
                let title = try cleaned(raw, limit: TextRules.titleLimit, c)
                let day = day ?? today
                if day < today { throw pastDay(day, c) }
                let bucket = bucket ?? .misc
                try checkCapacity(user: user, day: day, region: region, bucket: bucket, task: nil, c)
                let list = try store.defaultList(in: user.space)
                try checkRoomForTask(in: list, space: user.space, c)
                let id = try store.addTask(
                    title: title, list: list.id, space: user.space, by: user.id, assignee: nil, now: clock.now)
                guard let task = try store.task(id, in: user.space) else { preconditionFailure("task vanished") }
                return try place(
                    task, region: region, bucket: bucket, day: day, today: today, user: user,
                    code: .planAdded, c)
            case .reorder(let ref, let placement):
                return try reorder(ref, placement, user: user, c)
            case .start(let ref):
                return try start(ref, today: today, user: user, c)
            case .deferTask(let ref):
                let task = try resolve(ref, user: user, prefer: .open, c)
                if task.isDone { return .failure(.errorAlreadyDone, t(c, .errorAlreadyDone, ["title": task.title])) }
                try checkOwner(task, user: user, c)
                if task.plan?.stored == .deferred {
                    return .failure(
                        .errorPlanAlreadyDeferred, t(c, .errorPlanAlreadyDeferred, ["title": task.title]))
                }
                let region = task.plan?.region ?? currentRegion(user)
                try store.deferToBacklog(task.id, for: user.id, on: today, region: region, now: clock.now)
                return try planChanged(.planDeferred, task.id, ["title": task.title], user: user, c)
            case .unplan(let ref):
                let task = try resolve(ref, user: user, prefer: .any, c)
                try checkOwner(task, user: user, c)
                guard task.plan != nil else {
                    return .failure(.errorPlanNotPlanned, t(c, .errorPlanNotPlanned, ["title": task.title]))
                }
                try store.unplan(task.id)
                return try planChanged(.planUnplanned, task.id, ["title": task.title], user: user, c)
            case .backlog:
                return try backlog(page: page, today: today, user: user, c)
            }
        } catch let e as ReplyError {
            return e.reply
        }
    }

    // MARK: Placing

    /// Puts `task` on the user's board (or moves it there), checking the day, the owner and the capacity.
    fileprivate func place(
        _ task: TaskItem, region: PlanRegion, bucket: PlanBucket, day: LocalDate, today: LocalDate, user: User,
        code: ReplyCode, _ c: CommandContext
    ) throws -> Reply {
        if day < today { throw pastDay(day, c) }
        if task.isDone { return .failure(.errorAlreadyDone, t(c, .errorAlreadyDone, ["title": task.title])) }
        try checkOwner(task, user: user, c)
        if let plan = task.plan, plan.stored != .deferred, plan.date == day, plan.region == region,
            plan.bucket == bucket
        {
            return .failure(
                .errorPlanSame,
                t(
                    c, .errorPlanSame,
                    placeArgs(region, bucket, day: day, c.lang, user.tz).merging(["title": task.title]) { _, r in r }))
        }
        try checkCapacity(user: user, day: day, region: region, bucket: bucket, task: task.id, c)
        let status: PlanStatus = task.plan?.stored == .inProgress ? .inProgress : .todo
        try store.plan(task.id, for: user.id, on: day, region: region, bucket: bucket, status: status, now: clock.now)
        c.remindersChanged = true  // the rollover timer may come sooner
        let isToday = day == today
        let keys: (reply: TextKey, event: TextKey) =
            isToday ? (.planPlanned, .eventPlanPlanned) : (.planPlannedDay, .eventPlanPlannedDay)
        return try planChanged(
            .planPlanned, task.id, ["title": task.title], keys: keys, code: code, user: user, c,
            localArgs: { lang, tz in self.placeArgs(region, bucket, day: day, lang, tz) })
    }

    /// The reply to a plan change and the partner's event, both worded per reader.
    fileprivate func planChanged(
        _ name: EventName, _ task: TaskID, _ args: [String: String], keys: (reply: TextKey, event: TextKey)? = nil,
        code: ReplyCode? = nil, user: User, _ c: CommandContext, localArgs: LocalArgs? = nil
    ) throws -> Reply {
        guard let fresh = try store.task(task, in: user.space) else { preconditionFailure("task vanished") }
        try raise(
            in: c,
            name, key: keys?.event, actor: user, recipients: try store.members(of: user.space), args: args,
            data: JSONShape.task(fresh, tz: "UTC", number: nil), localArgs: localArgs)
        let mine = args.merging(localArgs?(c.lang, user.tz) ?? [:]) { _, local in local }
        let code = code ?? name.replyCode
        return .success(
            code, [t(c, keys?.reply ?? name.replyCode.key, mine)], data: JSONShape.task(fresh, tz: user.tz, number: nil)
        )
    }

    /// `region`, `bucket` and `day` worded in `lang` (the day relative to today in `tz`).
    func placeArgs(
        _ region: PlanRegion, _ bucket: PlanBucket?, day: LocalDate, _ lang: Language, _ tz: String
    )

        -> [String: String]

    {
        var args = [
            "region": regionName(region, lang), "day": dayText(day, today: LocalDate(instant: clock.now, tz: tz), lang),
        ]
        if let bucket { args["bucket"] = bucketName(bucket, lang) }
        return args
    }

    /// Refuses a task on the partner's plan: a task is on one person's plan at a time.
    fileprivate func checkOwner(_ task: TaskItem, user: User, _ c: CommandContext) throws {
        guard let plan = task.plan, plan.user != user.id else { return }
        throw ReplyError(
            reply: .failure(
                .errorPlanTaken,
                t(
                    c, .errorPlanTaken,
                    ["title": task.title, "name": plan.userName, "day": TimeText.human(plan.date, lang: c.lang)]),
                data: .object([("plan", JSONShape.plan(plan, isDone: task.isDone, tz: user.tz))])))
    }

    /// Refuses a full bucket, saying what fills it and where the region has room.
    fileprivate func checkCapacity(
        user: User, day: LocalDate, region: PlanRegion, bucket: PlanBucket, task: TaskID?, _ c: CommandContext
    ) throws {
        let count = try store.planCount(of: user.id, on: day, region: region, bucket: bucket, excluding: task)
        guard count >= bucket.capacity else { return }
        let board = try store.planBoard(of: user.id, on: day).filter { $0.plan?.region == region }
        let inBucket = board.filter { $0.plan?.bucket == bucket }.sorted(by: Handlers.boardOrder)
        var others: [String] = []
        for other in PlanBucket.allCases where other != bucket {
            let free = other.capacity - board.filter { $0.plan?.bucket == other && $0.id != task }.count
            if free > 0 {
                others.append(t(c, .planFreeIn, ["bucket": bucketName(other, c.lang), "free": "\(free)"]))
            }
        }
        var othersText =
            others.isEmpty ? t(c, .planNoFree, ["region": regionName(region, c.lang)]) : others.joined(separator: ", ")
        othersText = othersText.prefix(1).uppercased() + othersText.dropFirst()
        let titles = inBucket.map { "\"\($0.title)\"" }.joined(separator: ", ")
        throw ReplyError(
            reply: .failure(
                .errorPlanFull,
                t(
                    c, .errorPlanFull,
                    [
                        "region": regionName(region, c.lang), "bucket": bucketName(bucket, c.lang), "titles": titles,
                        "others": othersText,
                    ]),
                data: .object([
                    ("region", .string(region.rawValue)), ("bucket", .string(bucket.rawValue)),
                    ("date", .string(day.description)),
                    ("tasks", .array(inBucket.map { JSONShape.task($0, tz: user.tz, number: nil) })),
                    (
                        "free",
                        .object(
                            PlanBucket.allCases.map { b in
                                (
                                    b.rawValue,
                                    .int(
                                        Int64(
                                            b.capacity
                                                - board.filter { $0.plan?.bucket == b && $0.id != task }.count))
                                )
                            })
                    ),
                ])))
    }

    fileprivate func pastDay(_ day: LocalDate, _ c: CommandContext) -> ReplyError {
        ReplyError(
            reply: .failure(
                .errorPlanPastDay, t(c, .errorPlanPastDay, ["day": TimeText.human(day, lang: c.lang)]),
                data: .object([("date", .string(day.description))])))
    }

    /// The part of the day it is now where the user lives.
    func currentRegion(_ user: User) -> PlanRegion { PlanRegion(time: Calendars.time(at: clock.now, tz: user.tz)) }

    // MARK: Reordering and status

    fileprivate func reorder(
        _ ref: TaskRef, _ placement: PlanPlacement, user: User, _ c: CommandContext
    ) throws -> Reply {
        let task = try resolve(ref, user: user, prefer: .any, c)
        try checkOwner(task, user: user, c)
        guard let plan = task.plan, plan.stored != .deferred, let bucket = plan.bucket else {
            return .failure(.errorPlanNotPlanned, t(c, .errorPlanNotPlanned, ["title": task.title]))
        }
        var order = try store.planBoard(of: user.id, on: plan.date)
            .filter { $0.plan?.region == plan.region && $0.plan?.bucket == bucket }
            .sorted(by: Handlers.boardOrder).map(\.id)
        order.removeAll { $0 == task.id }
        switch placement {
        case .first: order.insert(task.id, at: 0)
        case .last: order.append(task.id)
        case .before(let otherRef):
            let other = try resolve(otherRef, user: user, prefer: .any, c)
            guard let index = order.firstIndex(of: other.id) else {
                return .failure(
                    .errorPlanOtherBucket, t(c, .errorPlanOtherBucket, ["title": task.title, "other": other.title]))
            }
            order.insert(task.id, at: index)
        }
        try store.setPlanOrder(order)
        let position = (order.firstIndex(of: task.id) ?? 0) + 1
        return try planChanged(
            .planReordered, task.id, ["title": task.title, "position": "\(position)"], user: user, c,
            localArgs: { lang, tz in self.placeArgs(plan.region, bucket, day: plan.date, lang, tz) })
    }

    /// `start <ref>`: in progress; a task on no board of today goes into the current region's misc first.
    fileprivate func start(_ ref: TaskRef, today: LocalDate, user: User, _ c: CommandContext) throws -> Reply {
        let task = try resolve(ref, user: user, prefer: .open, c)
        if task.isDone { return .failure(.errorAlreadyDone, t(c, .errorAlreadyDone, ["title": task.title])) }
        try checkOwner(task, user: user, c)
        if let plan = task.plan, plan.stored != .deferred, plan.date == today {
            if plan.stored == .inProgress {
                return .failure(.errorPlanAlreadyStarted, t(c, .errorPlanAlreadyStarted, ["title": task.title]))
            }
            try store.setPlanStatus(task.id, .inProgress, now: clock.now)
            return try planChanged(.planStarted, task.id, ["title": task.title], user: user, c)
        }
        let region = currentRegion(user)
        try checkCapacity(user: user, day: today, region: region, bucket: .misc, task: task.id, c)
        try store.plan(
            task.id, for: user.id, on: today, region: region, bucket: .misc, status: .inProgress, now: clock.now)
        c.remindersChanged = true
        return try planChanged(
            .planStarted, task.id, ["title": task.title], keys: (.planStartedPlanned, .eventPlanStarted), user: user, c,
            localArgs: { lang, tz in self.placeArgs(region, .misc, day: today, lang, tz) })
    }

    func bucketName(_ bucket: PlanBucket, _ lang: Language) -> String {
        switch bucket {
        case .must: Catalog.text(.planBucketMust, lang)
        case .complementary: Catalog.text(.planBucketComplementary, lang)
        case .misc: Catalog.text(.planBucketMisc, lang)
        }
    }

    /// `Mon 23 Nov (today)`, `Tue 24 Nov (tomorrow)`, `Fri 27 Nov`.
    func dayText(_ day: LocalDate, today: LocalDate, _ lang: Language) -> String {
        let date = TimeText.human(day, lang: lang)
        if day == today { return Catalog.text(.planDayToday, lang, ["date": date]) }
        if day == today.adding(days: 1) { return Catalog.text(.planDayTomorrow, lang, ["date": date]) }
        return date
    }
}

extension Feature {
    // MARK: Words

    func regionName(_ region: PlanRegion, _ lang: Language) -> String {
        switch region {
        case .morning: Catalog.text(.planRegionMorning, lang)
        case .afternoon: Catalog.text(.planRegionAfternoon, lang)
        case .evening: Catalog.text(.planRegionEvening, lang)
        }
    }
}
