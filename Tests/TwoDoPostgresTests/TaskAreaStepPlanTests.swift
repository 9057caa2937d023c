// StepStore and PlanStore on both engines: steps' order and scope, the day board, the backlog, the rollover.

import Testing
import TwoDoCore
import TwoDoStore

@Suite("Task area: steps and the day plan, both engines")
struct TaskAreaStepPlanTests {
    @Test(
        "steps: by creation, counted, never in the list's tasks or open count, moved and deleted with the parent",
        arguments: Engine.all)
    func steps(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let other = try store.addList(named: "Other", in: u.space, now: 0)
        let id = try store.addTask(title: "trip", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        var parent = try #require(try store.task(id, in: u.space))
        let s1 = try store.addStep(title: "tickets", under: parent, space: u.space, by: u.id, now: 5)
        let s2 = try store.addStep(title: "hotel", under: parent, space: u.space, by: u.id, now: 5)
        let s3 = try store.addStep(title: "bags", under: parent, space: u.space, by: u.id, now: 4)
        try store.setDone(s1, true, by: u.id, now: 6)
        #expect(try store.steps(of: id).map(\.id) == [s3, s1, s2])
        #expect(try store.steps(of: id).allSatisfy { $0.parent == id && $0.parentTitle == "trip" })
        #expect(try store.stepCounts(of: id) == StepProgress(done: 1, total: 3))
        parent = try #require(try store.task(id, in: u.space))
        #expect(parent.steps == StepProgress(done: 1, total: 3))
        #expect(try store.tasks(in: inbox).map(\.id) == [id])
        #expect(try store.tasks(in: inbox, offset: 0, limit: 10).map(\.id) == [id])
        #expect(try store.tasks(in: inbox, after: nil, limit: 10).map(\.id) == [id])
        #expect(try store.openTaskCount(in: inbox) == 1)
        #expect(try store.taskCounts(in: inbox) == (open: 1, done: 0))
        #expect(try store.taskCount(inSpace: u.space) == 4)
        #expect(try store.undatedTaskCount(in: u.space, assignee: nil) == 1)
        try store.move(id, to: other, now: 7)
        #expect(try store.steps(of: id).allSatisfy { $0.list == other })
        #expect(try store.openTaskCount(in: other) == 1 && store.openTaskCount(in: inbox) == 0)
        #expect(try store.completeSteps(of: id, by: u.id, now: 8) == 2)
        #expect(try store.completeSteps(of: id, by: u.id, now: 9) == 0)
        #expect(try store.stepCounts(of: id) == StepProgress(done: 3, total: 3))
        let next = try store.addTask(title: "trip again", list: other, space: u.space, by: u.id, assignee: nil, now: 10)
        try store.copySteps(from: id, to: next, by: u.id, now: 11)
        let copied = try store.steps(of: next)
        #expect(copied.map(\.title) == ["bags", "tickets", "hotel"] && copied.allSatisfy { !$0.isDone })
        #expect(copied.map(\.id) == copied.map(\.id).sorted { $0.rawValue < $1.rawValue })
        try store.deleteTask(id)
        #expect(try store.steps(of: id).isEmpty)
        #expect(try store.task(s1, in: u.space) == nil)
        #expect(try store.taskCount(inSpace: u.space) == 4)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("the board: one entry per task, last in its bucket, counted, statuses and order", arguments: Engine.all)
    func board(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let day = LocalDate(year: 2026, month: 11, day: 26)
        var ids: [TaskID] = []
        for i in 0..<4 {
            ids.append(
                try store.addTask(title: "p\(i)", list: inbox, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        for id in ids.prefix(3) {
            try store.plan(id, for: u.id, on: day, region: .morning, bucket: .misc, status: .todo, now: 10)
        }
        let planned = try #require(try store.task(ids[2], in: u.space)?.plan)
        #expect(planned.position == 3 && planned.bucket == .misc && planned.user == u.id && planned.userName == "alice")
        #expect(try store.planCount(of: u.id, on: day, region: .morning, bucket: .misc, excluding: nil) == 3)
        #expect(try store.planCount(of: u.id, on: day, region: .morning, bucket: .misc, excluding: ids[0]) == 2)
        // Planning again moves the entry (one row) to the end of another bucket.
        try store.plan(ids[0], for: u.id, on: day, region: .evening, bucket: .must, status: .inProgress, now: 11)
        #expect(try store.rawCount("plan_entries", "task_id", ids[0].rawValue) == 1)
        let moved = try #require(try store.task(ids[0], in: u.space)?.plan)
        #expect(moved.region == .evening && moved.bucket == .must && moved.position == 1 && moved.stored == .inProgress)
        try store.setPlanOrder([ids[2], ids[1]])
        #expect(try store.task(ids[2], in: u.space)?.plan?.position == 1)
        #expect(try store.task(ids[1], in: u.space)?.plan?.position == 2)
        try store.setPlanStatus(ids[1], .deferred, now: 20)
        let deferred = try #require(try store.task(ids[1], in: u.space)?.plan)
        #expect(deferred.stored == .deferred && deferred.bucket == nil && deferred.deferredAt == 20)
        #expect(Set(try store.planBoard(of: u.id, on: day).map(\.id)) == [ids[0], ids[2]])
        try store.setPlanStatus(ids[2], .inProgress, now: 21)
        #expect(try store.task(ids[2], in: u.space)?.plan?.stored == .inProgress)
        try store.unplan(ids[2])
        #expect(try store.task(ids[2], in: u.space)?.plan == nil)
        try store.deleteTask(ids[0])
        #expect(try store.rawCount("plan_entries", "task_id", ids[0].rawValue) == 0)
    }

    @Test("the backlog: open tasks only, newest deferral first; deferring creates an entry", arguments: Engine.all)
    func backlog(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let day = LocalDate(year: 2026, month: 11, day: 26)
        var ids: [TaskID] = []
        for i in 0..<5 {
            ids.append(
                try store.addTask(title: "b\(i)", list: inbox, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        try store.plan(ids[0], for: u.id, on: day, region: .morning, bucket: .misc, status: .todo, now: 1)
        try store.deferToBacklog(ids[0], for: u.id, on: day, region: .morning, now: 30)
        for (i, id) in ids.dropFirst().enumerated() {
            try store.deferToBacklog(id, for: u.id, on: day, region: .afternoon, now: Int64(10 + i))
        }
        try store.setDone(ids[3], true, by: u.id, now: 40)
        #expect(try store.backlogCount(of: u.id) == 4)
        #expect(try store.backlog(of: u.id, offset: 0, limit: 10).map(\.id) == [ids[0], ids[4], ids[2], ids[1]])
        #expect(try store.backlog(of: u.id, offset: 1, limit: 2).map(\.id) == [ids[4], ids[2]])
        #expect(try store.rawCount("plan_entries", "task_id", ids[0].rawValue) == 1)
        #expect(try store.planBoard(of: u.id, on: day).isEmpty)
    }

    @Test("the rollover defers open entries of days before today, per zone, once", arguments: Engine.all)
    func rollover(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let space = try store.seedSpace(lang: .en, now: 0)
        let ist = try store.seedUser("ayse", in: space, tz: "Europe/Istanbul")
        let utc = try store.seedUser("bob", in: space, tz: "UTC")
        let inbox = try store.defaultList(in: space).id
        let d24 = LocalDate(year: 2026, month: 11, day: 24)
        let d25 = LocalDate(year: 2026, month: 11, day: 25)
        let d26 = LocalDate(year: 2026, month: 11, day: 26)
        func add(_ title: String) throws -> TaskID {
            try store.addTask(title: title, list: inbox, space: space, by: ist, assignee: nil, now: 1)
        }
        let old = try add("old"), older = try add("older"), done = try add("done"), today = try add("today")
        let bobs = try add("bob's")
        try store.plan(old, for: ist, on: d25, region: .morning, bucket: .misc, status: .todo, now: 1)
        try store.plan(older, for: ist, on: d24, region: .morning, bucket: .must, status: .inProgress, now: 1)
        try store.plan(done, for: ist, on: d24, region: .morning, bucket: .misc, status: .todo, now: 1)
        try store.setDone(done, true, by: ist, now: 2)
        try store.plan(today, for: ist, on: d26, region: .morning, bucket: .misc, status: .todo, now: 1)
        try store.plan(bobs, for: utc, on: d25, region: .morning, bucket: .misc, status: .todo, now: 1)
        let zones = try store.rolloverZones()
        #expect(zones.map(\.tz) == ["Europe/Istanbul", "UTC"] && zones.map(\.earliest) == [d24, d25])
        let moved = try store.rollOver(zone: "Europe/Istanbul", before: d26, now: 100, limit: 10)
        #expect(moved.count == 1 && moved[0].user == ist && moved[0].count == 2 && moved[0].earliest == d24)
        #expect(try store.rollOver(zone: "Europe/Istanbul", before: d26, now: 101, limit: 10).isEmpty)
        #expect(try store.task(old, in: space)?.plan?.stored == .deferred)
        #expect(try store.task(older, in: space)?.plan?.deferredAt == 100)
        #expect(try store.task(done, in: space)?.plan?.stored == .todo)
        #expect(try store.task(today, in: space)?.plan?.stored == .todo)
        #expect(try store.task(bobs, in: space)?.plan?.stored == .todo)
        #expect(try store.rolloverZones().map(\.tz) == ["Europe/Istanbul", "UTC"])
        #expect(try store.rollOver(zone: "UTC", before: d26, now: 102, limit: 0).isEmpty)
        #expect(try store.rollOver(zone: "UTC", before: d26, now: 102, limit: 5).map(\.count) == [1])
    }
}
