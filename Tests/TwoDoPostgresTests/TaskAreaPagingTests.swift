// TaskStore's pages and counts on both engines: offset and keyset pages, trigger-kept counts, due and undated views.

import Testing
import TwoDoCore
import TwoDoStore

@Suite("Task area: pages and counts, both engines")
struct TaskAreaPagingTests {
    @Test("pages of a list are consecutive slices of its full order, and the counts match", arguments: Engine.all)
    func listPages(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space)
        var ids: [TaskID] = []
        for i in 0..<23 {
            ids.append(
                try store.addTask(
                    title: "t\(i)", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        for i in [0, 5, 7] { try store.setDone(ids[i], true, by: u.id, now: 100) }
        let all = try store.tasks(in: inbox.id).map(\.id)
        var paged: [TaskID] = []
        for offset in stride(from: 0, to: 30, by: 10) {
            paged += try store.tasks(in: inbox.id, offset: offset, limit: 10).map(\.id)
        }
        #expect(paged == all)
        #expect(try store.taskCounts(in: inbox.id) == (open: 20, done: 3))
        #expect(try store.openTaskCount(in: inbox.id) == 20)
        #expect(try store.taskCount(inSpace: u.space) == 23)
        #expect(try store.tasks(in: inbox.id, offset: 23, limit: 10).isEmpty)
    }

    @Test("keyset pages follow the display order and never repeat a task as others come and go", arguments: Engine.all)
    func keysetPages(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        var ids: [TaskID] = []
        for i in 0..<25 {
            // Equal creation times: the id breaks the tie, as in the display order.
            ids.append(
                try store.addTask(
                    title: "k\(i)", list: inbox, space: u.space, by: u.id, assignee: nil, now: Int64(i / 3)))
        }
        for i in [2, 11, 20] { try store.setDone(ids[i], true, by: u.id, now: 50) }
        let full = try store.tasks(in: inbox).map(\.id)
        var read: [TaskID] = []
        var cursor: TaskCursor?
        repeat {
            let page = try store.tasks(in: inbox, after: cursor, limit: 7)
            read += page.map(\.id)
            cursor = page.last.map(TaskCursor.init(after:))
            if page.isEmpty { break }
        } while true
        #expect(read == full)
        // Between pages: a task before the cursor is deleted, one is added, one is done.
        let first = try store.tasks(in: inbox, after: nil, limit: 8)
        try store.deleteTask(first[0].id)
        let added = try store.addTask(title: "late", list: inbox, space: u.space, by: u.id, assignee: nil, now: 99)
        try store.setDone(first[7].id, true, by: u.id, now: 100)  // the cursor's own task moves on: read again later
        var rest: [TaskID] = []
        cursor = TaskCursor(after: first[7])
        while true {
            let page = try store.tasks(in: inbox, after: cursor, limit: 5)
            if page.isEmpty { break }
            rest += page.map(\.id)
            cursor = TaskCursor(after: page.last!)
        }
        // Only the task that itself changed (done now) comes again; the new one comes once; nothing repeats.
        #expect(Set(rest).intersection(first.map(\.id)) == [first[7].id])
        #expect(Set(rest).count == rest.count && rest.contains(added))
        #expect(Set(first.map(\.id) + rest) == Set(try store.tasks(in: inbox).map(\.id)).union([first[0].id]))
    }

    @Test(
        "the trigger-kept counts agree with counting the rows after adds, dones, moves and deletes",
        arguments: Engine.all)
    func countersFollowEveryChange(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let a = try store.seedNewcomer("alice")
        let b = try store.seedNewcomer("bob")
        let inbox = try store.defaultList(in: a.space)
        let errands = try store.addList(named: "Errands", in: a.space, now: 0)
        var ids: [TaskID] = []
        for i in 0..<40 {
            ids.append(
                try store.addTask(
                    title: "t\(i)", list: i % 2 == 0 ? inbox.id : errands, space: a.space, by: a.id, assignee: nil,
                    now: Int64(i)))
        }
        for i in 0..<5 {
            _ = try store.addTask(
                title: "b\(i)", list: try store.defaultList(in: b.space).id, space: b.space, by: b.id, assignee: nil,
                now: 0)
        }
        let parent = try #require(try store.task(ids[0], in: a.space))
        _ = try store.addStep(title: "s", under: parent, space: a.space, by: a.id, now: 1)
        for i in [1, 2, 3, 10] { try store.setDone(ids[i], true, by: a.id, now: 50) }
        try store.setDone(ids[2], false, by: a.id, now: 51)
        try store.move(ids[4], to: errands, now: 52)
        try store.move(ids[3], to: inbox.id, now: 52)
        try store.move(ids[0], to: errands, now: 52)
        try store.deleteTask(ids[6])
        try store.deleteTask(ids[10])
        for list in try store.lists(in: a.space) {
            #expect(
                try store.openTaskCount(in: list.id)
                    == store.rawCount("tasks", "list_id", list.id.rawValue, extra: "AND done = 0 AND parent_id IS NULL")
            )
            #expect(list.openCount == (try store.openTaskCount(in: list.id)))
        }
        #expect(try store.taskCount(inSpace: a.space) == store.rawCount("tasks", "space_id", a.space.rawValue))
        #expect(try store.taskCount(inSpace: a.space) == 39)
        #expect(try store.taskCount(inSpace: b.space) == 5)
        try store.deleteList(errands)
        #expect(try store.taskCount(inSpace: a.space) == store.rawCount("tasks", "space_id", a.space.rawValue))
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("due and undated pages filter by range and assignee, and their counts agree", arguments: Engine.all)
    func duePages(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let a = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: a.space)
        for day in 1...9 {
            let id = try store.addTask(
                title: "d\(day)", list: inbox.id, space: a.space, by: a.id, assignee: day % 3 == 0 ? a.id : nil,
                now: Int64(day))
            try store.setDue(
                id,
                DueDate(
                    date: LocalDate(year: 2026, month: 12, day: day), time: LocalTime(hour: 9, minute: 0), tz: "UTC"),
                now: 10)
        }
        for i in 0..<4 {
            _ = try store.addTask(
                title: "u\(i)", list: inbox.id, space: a.space, by: a.id, assignee: i == 0 ? a.id : nil, now: 20)
        }
        let dec4 = DueDate(date: LocalDate(year: 2026, month: 12, day: 4), time: nil, tz: "UTC").instant
        #expect(try store.dueTaskCount(in: a.space, from: .min, before: .max, assignee: nil) == 9)
        #expect(try store.dueTaskCount(in: a.space, from: dec4, before: .max, assignee: nil) == 5)
        let page = try store.dueTasks(in: a.space, from: .min, before: .max, assignee: nil, offset: 2, limit: 3).map(
            \.title)
        #expect(page == ["d3", "d4", "d5"])
        #expect(
            try store.dueTasks(in: a.space, from: .min, before: .max, assignee: a.id, offset: 0, limit: 50).map(\.title)
                == ["d3", "d6", "d9"])
        #expect(try store.dueTaskCount(in: a.space, from: .min, before: .max, assignee: a.id) == 3)
        #expect(try store.undatedTaskCount(in: a.space, assignee: nil) == 4)
        #expect(try store.undatedTasks(in: a.space, assignee: nil, offset: 1, limit: 2).map(\.title) == ["u1", "u2"])
        #expect(try store.undatedTasks(in: a.space, assignee: a.id, offset: 0, limit: 50).map(\.title) == ["u0"])
        // Due counts: before the end of Dec 5 (d1…d5), overdue at Dec 4 09:00 (d1…d3; d4 is due that very second).
        let overdueAt = DueDate(
            date: LocalDate(year: 2026, month: 12, day: 4), time: LocalTime(hour: 9, minute: 0), tz: "UTC"
        ).instant
        let endOfToday = DueDate(
            date: LocalDate(year: 2026, month: 12, day: 5), time: LocalTime(hour: 23, minute: 59), tz: "UTC"
        ).instant
        let counts = try store.dueCounts(in: a.space, now: overdueAt, endOfToday: endOfToday)
        #expect(counts.overdue == 3 && counts.today == 2)
        #expect(try store.dueCounts(in: a.space, now: 0, endOfToday: 1) == (0, 0))
    }

    @Test("undated tasks come list by list with the default list first", arguments: Engine.all)
    func undatedOrder(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let a = try store.seedNewcomer("alice")
        let second = try store.addList(named: "Second", in: a.space, now: 1)
        let third = try store.addList(named: "Third", in: a.space, now: 2)
        let inbox = try store.defaultList(in: a.space).id
        _ = try store.addTask(title: "in third", list: third, space: a.space, by: a.id, assignee: nil, now: 3)
        _ = try store.addTask(title: "in second", list: second, space: a.space, by: a.id, assignee: nil, now: 4)
        _ = try store.addTask(title: "inbox late", list: inbox, space: a.space, by: a.id, assignee: nil, now: 6)
        _ = try store.addTask(title: "inbox early", list: inbox, space: a.space, by: a.id, assignee: nil, now: 5)
        let titles = try store.undatedTasks(in: a.space, assignee: nil, offset: 0, limit: 50).map(\.title)
        #expect(titles == ["inbox early", "inbox late", "in second", "in third"])
        #expect(try store.undatedTaskCount(in: a.space, assignee: nil) == 4)
    }

    @Test(
        "clearing a list's done tasks is one bounded write; open tasks, icons, notes' search rows",
        arguments: Engine.all)
    func clearDone(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let user = try store.seedNewcomer("alice")
        let big = try store.addList(named: "Big", in: user.space, now: 0)
        try store.setIcon("🛒", of: big)
        let inbox = try store.defaultList(in: user.space)
        try store.inTurn {
            for i in 0..<500 {
                let id = try store.addTask(
                    title: "item \(i)", list: big, space: user.space, by: user.id, assignee: nil, now: Int64(i))
                try store.setDone(id, true, by: user.id, now: Int64(i))
                if i % 10 == 0 { try store.addNote(to: id, by: user.id, text: "note \(i)", now: Int64(i)) }
            }
            _ = try store.addTask(title: "open", list: big, space: user.space, by: user.id, assignee: nil, now: 1)
            let other = try store.addTask(
                title: "other done", list: inbox.id, space: user.space, by: user.id, assignee: nil, now: 1)
            try store.setDone(other, true, by: user.id, now: 1)
        }
        try store.flushSearchIndex(limit: .max)
        let clock = ContinuousClock()
        var removed = 0
        let took = try clock.measure { try store.inTurn { removed = try store.deleteDoneTasks(in: big) } }
        print("[\(engine)] deleteDoneTasks over 500 done tasks: \(took)")
        #expect(removed == 500)
        #expect(try store.taskCounts(in: big).done == 0)
        #expect(try store.taskCounts(in: inbox.id).done == 1)
        #expect(try store.openTaskCount(in: big) == 1)
        #expect(try store.list(named: "big", in: user.space)?.icon == "🛒")
        #expect(try store.searchHits(["item"], in: user.space).tasks.isEmpty)
        #expect(try store.searchHits(["note"], in: user.space).tasks.isEmpty)
        #expect(try store.integrityProblems().isEmpty)
        #expect(try store.deleteDoneTasks(in: big) == 0)
    }
}
