// TaskStore on both engines: display order, isolation, lookup by title, lists, notes, pages, keyset and counts.

import Testing
import TwoDoCore
import TwoDoStore

@Suite("Task area: tasks and lists, both engines")
struct TaskAreaTests {
    @Test("tasks list open first, then done, each by creation time", arguments: Engine.all)
    func ordering(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space)
        var ids: [TaskID] = []
        for (i, title) in ["a", "b", "c", "d"].enumerated() {
            ids.append(
                try store.addTask(
                    title: title, list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(10 + i)))
        }
        try store.setDone(ids[0], true, by: u.id, now: 50)
        try store.setDone(ids[2], true, by: u.id, now: 40)
        #expect(try store.tasks(in: inbox.id).map(\.title) == ["b", "d", "a", "c"])
        let done = try #require(try store.task(ids[0], in: u.space))
        #expect(done.completedBy == "alice" && done.completedAt == 50 && done.isDone)
        try store.setDone(ids[0], false, by: u.id, now: 60)
        let reopened = try #require(try store.task(ids[0], in: u.space))
        #expect(reopened.completedBy == nil && reopened.completedAt == nil && !reopened.isDone)
        #expect(try store.tasks(inSpace: u.space).map(\.title) == ["a", "b", "d", "c"])
    }

    @Test(
        "a plain add and a done build the task exactly as reading it back gives (the reply skips the read)",
        arguments: Engine.all)
    func builtEqualsRead(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let user = User(id: u.id, name: "alice", lang: .en, tz: "UTC", space: u.space)
        let shop = try store.addList(named: "Shop", in: u.space, now: 1)
        try store.setIcon("🛒", of: shop)
        let list = try #require(try store.list(named: "Shop", in: u.space))
        let id = try store.addTask(title: "Süt al", list: list.id, space: u.space, by: u.id, assignee: nil, now: 20)
        let added = TaskItem.added(id, title: "Süt al", list: list, by: user, now: 20)
        #expect(try store.task(id, in: u.space) == added)
        // Done with two steps, one of them already done, and a description.
        let parent = try #require(try store.task(id, in: u.space))
        let first = try store.addStep(title: "one", under: parent, space: u.space, by: u.id, now: 21)
        _ = try store.addStep(title: "two", under: parent, space: u.space, by: u.id, now: 22)
        try store.setDone(first, true, by: u.id, now: 23)
        try store.setDescription(of: id, to: "the long text", now: 24)
        let before = try #require(try store.task(id, in: u.space))
        #expect(before.steps == StepProgress(done: 1, total: 2))
        try store.setDone(id, true, by: u.id, now: 30)
        _ = try store.completeSteps(of: id, by: u.id, now: 30)
        #expect(try store.task(id, in: u.space) == before.completed(by: "alice", at: 30))
        // A task without steps.
        let plain = try store.addTask(title: "b", list: list.id, space: u.space, by: u.id, assignee: nil, now: 40)
        let open = try #require(try store.task(plain, in: u.space))
        try store.setDone(plain, true, by: u.id, now: 41)
        #expect(try store.task(plain, in: u.space) == open.completed(by: "alice", at: 41))
    }

    @Test("another space's ids are never answered: task, word lookup, search, pages", arguments: Engine.all)
    func isolation(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let a = try store.seedNewcomer("alice")
        let c = try store.seedNewcomer("carol")
        let id = try store.addTask(
            title: "secret", list: store.defaultList(in: a.space).id, space: a.space, by: a.id, assignee: nil, now: 1)
        try store.addNote(to: id, by: a.id, text: "hidden words", now: 2)
        #expect(try store.task(id, in: a.space) != nil)
        #expect(try store.task(id, in: c.space) == nil)
        #expect(try store.tasks(matching: "secret", in: c.space).isEmpty)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["secret"], in: c.space) == SearchHits())
        #expect(try store.searchHits(["hidden"], in: c.space) == SearchHits())
        #expect(try store.searchHits(["hidden"], in: a.space).tasks == [id])
        #expect(try store.searchTaskCount([id], in: c.space, filter: SearchFilter()) == 0)
        #expect(try store.searchTasks([id], in: c.space, filter: SearchFilter(), offset: 0, limit: 10).isEmpty)
        #expect(try store.tasks(inSpace: c.space).isEmpty)
        #expect(try store.taskCount(inSpace: c.space) == 0)
        #expect(try store.dueTaskCount(in: c.space, from: .min, before: .max, assignee: nil) == 0)
        #expect(try store.undatedTaskCount(in: c.space, assignee: nil) == 0)
        #expect(try store.list(named: "Inbox", in: c.space)?.id != store.defaultList(in: a.space).id)
    }

    @Test("word lookup folds case and Turkish letters and prefers exact titles", arguments: Engine.all)
    func lookup(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let a = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: a.space).id
        for title in ["Süt al", "süt", "Ispanak", "call mom"] {
            _ = try store.addTask(title: title, list: inbox, space: a.space, by: a.id, assignee: nil, now: 1)
        }
        #expect(try store.tasks(matching: "SÜT", in: a.space).map(\.title) == ["süt"])
        #expect(try store.tasks(matching: "sut al", in: a.space).map(\.title) == ["Süt al"])
        #expect(try store.tasks(matching: "ıspanak", in: a.space).map(\.title) == ["Ispanak"])
        #expect(try store.tasks(matching: "mom call", in: a.space).map(\.title) == ["call mom"])
        #expect(try store.tasks(matching: "nothing", in: a.space).isEmpty)
        #expect(try store.tasks(matching: "   ", in: a.space).isEmpty)
        #expect(try store.tasks(matching: "%", in: a.space).isEmpty)
    }

    @Test("a word lookup reads at most `limit` tasks and an exact title wins alone", arguments: Engine.all)
    func lookupLimit(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space)
        try store.inTurn {
            for i in 0..<300 {
                _ = try store.addTask(
                    title: "task \(i) of the big pile", list: inbox.id, space: u.space, by: u.id, assignee: nil,
                    now: Int64(i))
            }
        }
        _ = try store.addTask(title: "Task", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 400)
        #expect(try store.tasks(matching: "task", in: u.space).map(\.title) == ["Task"])
        #expect(try store.tasks(matching: "pile", in: u.space).count == 20)
        #expect(
            try store.tasks(matching: "big pile task", in: u.space, limit: 5).map(\.title)
                == (0..<5).map { "task \($0) of the big pile" })
        #expect(
            try store.tasks(matching: "task 17 of the big pile", in: u.space).map(\.title) == [
                "task 17 of the big pile"
            ])
        #expect(
            try store.tasks(matching: "the big pile 299 task", in: u.space).map(\.title) == ["task 299 of the big pile"]
        )
        #expect(try store.tasks(matching: "pile nothing", in: u.space).isEmpty)
    }

    @Test("lists: default first, folded names, rename, icon, counts, delete takes the tasks", arguments: Engine.all)
    func lists(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice", lang: .tr)
        let inbox = try store.defaultList(in: u.space)
        #expect(inbox.name == "Gelen Kutusu" && inbox.isDefault)
        let before = store.namesGeneration
        let shop = try store.addList(named: "Alışveriş", in: u.space, now: 1)
        #expect(store.namesGeneration != before)
        let work = try store.addList(named: "Work", in: u.space, now: 2)
        #expect(try store.list(named: "ALIŞVERİŞ", in: u.space)?.id == shop)
        #expect(try store.list(named: "alisveris", in: u.space)?.id == shop)
        #expect(try store.list(named: "nope", in: u.space) == nil)
        #expect(try store.listNames(in: u.space) == ["Gelen Kutusu", "Alışveriş", "Work"])
        #expect(try store.listCount(in: u.space) == 3)
        var generation = store.namesGeneration
        try store.renameList(work, to: "İş")
        #expect(store.namesGeneration != generation)
        try store.setIcon("🛒", of: shop)
        #expect(try store.list(named: "is", in: u.space)?.id == work)
        #expect(try store.list(named: "alisveris", in: u.space)?.icon == "🛒")
        try store.setIcon(nil, of: shop)
        #expect(try store.list(named: "alisveris", in: u.space)?.icon == nil)
        let t1 = try store.addTask(title: "a", list: shop, space: u.space, by: u.id, assignee: nil, now: 3)
        _ = try store.addTask(title: "b", list: shop, space: u.space, by: u.id, assignee: nil, now: 4)
        _ = try store.addTask(title: "c", list: work, space: u.space, by: u.id, assignee: nil, now: 5)
        try store.setDone(t1, true, by: u.id, now: 6)
        let listed = try store.lists(in: u.space)
        #expect(listed.map(\.name) == ["Gelen Kutusu", "Alışveriş", "İş"])
        #expect(listed.map(\.openCount) == [0, 1, 1] && listed.map(\.doneCount) == [0, 1, 0])
        #expect(try store.openTaskCount(in: shop) == 1)
        #expect(try store.mergedDefaultOpenCount(from: u.space, into: u.space) == 0)
        generation = store.namesGeneration
        try store.deleteList(shop)
        #expect(store.namesGeneration != generation)
        #expect(try store.listNames(in: u.space) == ["Gelen Kutusu", "İş"])
        #expect(try store.task(t1, in: u.space) == nil)
        #expect(try store.taskCount(inSpace: u.space) == 1)
        #expect(try store.openTaskCount(in: shop) == 0)
    }

    @Test(
        "every field of a task is kept: due, priority, recurrence, nag, assignee, description, move",
        arguments: Engine.all)
    func fields(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let bob = try store.seedUser("bob", in: u.space, tz: "UTC")
        let inbox = try store.defaultList(in: u.space).id
        let other = try store.addList(named: "Other", in: u.space, now: 0)
        let id = try store.addTask(title: "pay rent", list: inbox, space: u.space, by: u.id, assignee: bob, now: 1)
        let due = DueDate(
            date: LocalDate(year: 2026, month: 12, day: 1), time: LocalTime(hour: 9, minute: 30), tz: "Europe/Istanbul")
        try store.setDue(id, due, scheduled: LocalDate(year: 2026, month: 11, day: 30), now: 2)
        try store.setPriority(id, .high, now: 3)
        let rule = Recurrence(.monthly, interval: 1, monthDay: 1)
        try store.setRecurrence(id, rule, now: 4)
        try store.setNag(id, minutes: 30, now: 5)
        try store.setDescription(of: id, to: "by transfer", now: 6)
        try store.setTitle(id, "Pay the rent", now: 7)
        try store.move(id, to: other, now: 8)
        var t = try #require(try store.task(id, in: u.space))
        #expect(t.title == "Pay the rent" && t.list == other && t.listName == "Other")
        #expect(t.due == due && t.scheduledDate == LocalDate(year: 2026, month: 11, day: 30))
        #expect(t.priority == .high && t.recurrence == rule && t.nagMinutes == 30)
        #expect(t.assignee == "bob" && t.createdBy == "alice" && t.description == "by transfer")
        #expect(t.createdAt == 1 && t.updatedAt == 8)
        try store.setDue(id, nil, now: 9)
        try store.setRecurrence(id, nil, now: 9)
        try store.setNag(id, minutes: nil, now: 9)
        try store.setDescription(of: id, to: nil, now: 9)
        try store.assign(id, to: nil, now: 9)
        t = try #require(try store.task(id, in: u.space))
        #expect(t.due == nil && t.scheduledDate == nil && t.recurrence == nil && t.nagMinutes == nil)
        #expect(t.description == nil && t.assignee == nil)
        let (item, space) = try #require(try store.taskForReminder(id))
        #expect(item.id == id && space == u.space)
        #expect(try store.taskForReminder(TaskID(9_999)) == nil)
    }

    @Test("notes: oldest first, counted, deleted by number; deleting the task deletes them", arguments: Engine.all)
    func notes(engine: Engine) throws {
        guard let store = try engine.makeTaskStore() else { return }
        let u = try store.seedNewcomer("alice")
        let inbox = try store.defaultList(in: u.space).id
        let id = try store.addTask(title: "x", list: inbox, space: u.space, by: u.id, assignee: nil, now: 1)
        for (i, text) in ["one", "two", "three"].enumerated() {
            try store.addNote(to: id, by: u.id, text: text, now: Int64(10 + i))
        }
        #expect(try store.notes(of: id).map(\.text) == ["one", "two", "three"])
        #expect(try store.notes(of: id).first?.author == "alice")
        #expect(try store.task(id, in: u.space)?.noteCount == 3)
        #expect(try store.task(id, in: u.space)?.updatedAt == 12)
        #expect(try store.deleteNote(of: id, number: 2)?.text == "two")
        #expect(try store.deleteNote(of: id, number: 3) == nil)
        #expect(try store.deleteNote(of: id, number: 0) == nil)
        #expect(try store.notes(of: id).map(\.text) == ["one", "three"])
        try store.deleteTask(id)
        #expect(try store.rawCount("task_notes", "task_id", id.rawValue) == 0)
        #expect(try store.notes(of: id).isEmpty)
    }
}
