// Unit tests of steps: adding under a task, numbering, auto-complete and reopen, limits and refusals.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore

@testable import TwoDoFeatures

@Suite("Step handler")
struct StepHandlerTests {
    /// A couple with "party prep" holding three steps.
    func party() throws -> (HandlerHarness, (User, Session), (User, Session)) {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add party prep", as: alice.1)
        for step in ["balloons", "cake", "music"] {
            let o = try h.run("add \(step) under party prep", as: alice.1)
            #expect(o.reply.code == .stepAdded, "\(o.reply.lines)")
        }
        return (h, alice, bob)
    }

    @Test("a step is added under its task, shows as progress, and not as a row of the list")
    func added() throws {
        let (h, alice, _) = try party()
        let show = try h.run("show", as: alice.1)
        #expect(show.reply.lines.contains { $0.contains("party prep (0/3)") })
        #expect(!show.reply.lines.contains { $0.contains("balloons") })
        #expect(show.reply.lines[0].contains("1 open"))
        let lists = try h.run("lists", as: alice.1)
        #expect(lists.reply.lines.joined().contains("1"))
        #expect(try h.store.taskCount(inSpace: alice.0.space) == 4)
        let inbox = try h.store.defaultList(in: alice.0.space)
        #expect(try h.store.openTaskCount(in: inbox.id) == 1)
    }

    @Test("steps are numbered in their order, and the numbers reach them")
    func numbering() throws {
        let (h, alice, _) = try party()
        let list = try h.run("steps party prep", as: alice.1)
        #expect(list.reply.code == .stepList)
        #expect(
            list.reply.lines == [
                "Steps of \"party prep\" (0/3 done):", "  1. [ ] balloons", "  2. [ ] cake", "  3. [ ] music",
            ])
        let done = try h.run("done 2", as: alice.1)
        #expect(done.reply.code == .stepDone)
        #expect(done.reply.lines == ["Done: \"cake\" (party prep: 1/3)."])
        #expect(done.events.map(\.name) == [.stepDone])
        let again = try h.run("steps party prep", as: alice.1)
        #expect(again.reply.lines[2] == "  2. [x] cake — done by alice")
        let edit = try h.run("edit 3 to playlist", as: alice.1)
        #expect(edit.reply.code == .stepEdited)
        #expect(edit.reply.lines == ["Renamed step \"music\" of \"party prep\" to \"playlist\"."])
        let delete = try h.run("delete 1", as: alice.1)
        #expect(delete.reply.code == .stepDeleted)
        #expect(delete.events.map(\.name) == [.stepDeleted])
    }

    @Test("the last open step completes its task: one event says both; reopening a step reopens the task")
    func autoComplete() throws {
        let (h, alice, bob) = try party()
        try h.run("done balloons", as: alice.1)
        try h.run("done cake", as: bob.1)
        let last = try h.run("done music", as: bob.1)
        #expect(last.reply.code == .stepDoneTaskCompleted)
        #expect(last.reply.lines == ["Done: \"music\". That was the last step, so \"party prep\" is done too."])
        #expect(last.events.map(\.name) == [.stepDoneTaskCompleted])
        #expect(last.events.first?.recipients.contains(alice.0.id) == true)
        let parent = try #require(try h.store.tasks(matching: "party prep", in: alice.0.space).first)
        #expect(parent.isDone && parent.completedBy == "bob")
        let reopen = try h.run("undone cake", as: alice.1)
        #expect(reopen.reply.code == .stepReopenedTaskReopened)
        #expect(reopen.events.map(\.name) == [.stepReopenedTaskReopened])
        #expect(try h.store.tasks(matching: "party prep", in: alice.0.space).first?.isDone == false)
        let plain = try h.run("undone balloons", as: alice.1)
        #expect(plain.reply.code == .stepReopened)
    }

    @Test("completing a task with open steps completes them too")
    func directDone() throws {
        let (h, alice, _) = try party()
        let o = try h.run("done party prep", as: alice.1)
        #expect(o.reply.code == .taskCompleted)
        #expect(try h.store.stepCounts(of: try #require(o.taskID)) == StepProgress(done: 3, total: 3))
    }

    @Test("a repeating task's next occurrence gets the steps again, all open")
    func repeating() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add weekly cleaning every monday", as: alice.1)
        try h.run("add vacuum under weekly cleaning", as: alice.1)
        try h.run("add dust under weekly cleaning", as: alice.1)
        try h.run("done vacuum", as: alice.1)
        let last = try h.run("done dust", as: alice.1)
        #expect(last.reply.code == .stepDoneTaskCompleted)
        #expect(last.reply.lines[0].contains("the next one is due"))
        let open = try h.store.tasks(matching: "weekly cleaning", in: alice.0.space).filter { !$0.isDone && !$0.isStep }
        #expect(open.count == 1)
        #expect(open.first?.steps == StepProgress(done: 0, total: 2))
    }

    @Test("deleting a task deletes its steps; moving it moves them")
    func cascade() throws {
        let (h, alice, _) = try party()
        try h.run("list add Events", as: alice.1)
        try h.run("move party prep to Events", as: alice.1)
        let events = try #require(try h.store.list(named: "Events", in: alice.0.space))
        #expect(try h.store.steps(of: try #require(h.store.tasks(in: events.id).first?.id)).count == 3)
        let o = try h.run("delete party prep", as: alice.1)
        #expect(o.reply.code == .taskDeleted)
        #expect(try h.store.taskCount(inSpace: alice.0.space) == 0)
        #expect(try h.store.tasks(matching: "cake", in: alice.0.space).isEmpty)
    }

    @Test("under a word that names no task, the line is an ordinary add")
    func underFallback() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let o = try h.run("add look under the sofa", as: alice.1)
        #expect(o.reply.code == .taskAdded)
        #expect(o.reply.lines == ["Added \"look under the sofa\" to Inbox."])
        let explicit = try h.run("add subtask eggs to buy oat milk", as: alice.1)
        #expect(explicit.reply.code == .errorNotFound)
        try h.run("add buy oat milk", as: alice.1)
        let now = try h.run("add subtask eggs to buy oat milk", as: alice.1)
        #expect(now.reply.code == .stepAdded)
    }

    @Test("hostile: a step of a step, a done task, another couple's id, an ambiguous task, the step limit")
    func refusals() throws {
        var limits = SpaceLimits()
        limits.stepsPerTask = 3
        let h = try HandlerHarness(limits: limits)
        let (alice, _) = try h.couple()
        let (carol, _) = try h.couple("carol", "dave")
        try h.run("add party prep", as: alice.1)
        try h.run("add cake under party prep", as: alice.1)
        let nested = try h.run("add icing under cake", as: alice.1)
        #expect(nested.reply.code == .errorStepOfStep)
        #expect(nested.reply.lines == ["\"cake\" is a step of \"party prep\": a step cannot have steps of its own."])
        #expect(try h.run("steps cake", as: alice.1).reply.code == .errorStepOfStep)
        for verb in [
            "due cake tomorrow", "move cake to Inbox", "assign cake to bob", "priority cake high",
            "nag cake every 10 minutes",
        ] {
            #expect(try h.run(verb, as: alice.1).reply.code == .errorStepUnsupported, "\(verb)")
        }
        let theirs = try h.run("add x", as: carol.1)
        let id = try #require(theirs.taskID)
        let foreign = try h.run("add spy under id:\(id.rawValue)", as: alice.1)
        #expect(foreign.reply.code == .errorNotFound)
        #expect(try h.run("steps id:\(id.rawValue)", as: alice.1).reply.code == .errorNotFound)
        try h.run("add party games", as: alice.1)
        let ambiguous = try h.run("add step balloons to party", as: alice.1)
        #expect(ambiguous.reply.code == .errorAmbiguous)
        #expect(ambiguous.reply.lines[0].contains("party prep") && ambiguous.reply.lines[0].contains("party games"))
        try h.run("add candles under party prep", as: alice.1)
        try h.run("add plates under party prep", as: alice.1)
        let full = try h.run("add forks under party prep", as: alice.1)
        #expect(full.reply.code == .errorLimitSteps)
        try h.run("done party prep", as: alice.1)
        let closed = try h.run("add spoons under party prep", as: alice.1)
        #expect(closed.reply.code == .errorStepParentDone)
    }

    @Test("Turkish: altına, adım ekle, görevine adım ekle, adımlar; replies and events in Turkish")
    func turkish() throws {
        let h = try HandlerHarness()
        let (ayse, mehmet) = try h.couple("ayse", "mehmet", lang: .tr)
        try h.run("parti hazırlığı ekle", as: ayse.1)
        let a = try h.run("parti hazırlığı altına balon ekle", as: ayse.1)
        #expect(a.reply.lines == ["\"balon\" adımı \"parti hazırlığı\" görevine eklendi (0/1)."])
        #expect(try h.run("adım ekle parti hazırlığı: pasta", as: ayse.1).reply.code == .stepAdded)
        #expect(try h.run("parti hazırlığı görevine adım ekle: müzik", as: mehmet.1).reply.code == .stepAdded)
        #expect(try h.run("parti hazırlığının altına tabaklar ekle", as: mehmet.1).reply.code == .stepAdded)
        let list = try h.run("adımlar parti hazırlığı", as: ayse.1)
        #expect(list.reply.lines[0] == "\"parti hazırlığı\" adımları (0/4 tamam):")
        for n in 1...3 { try h.run("\(n) bitti", as: ayse.1) }
        let last = try h.run("4 bitti", as: ayse.1)
        #expect(last.reply.code == .stepDoneTaskCompleted)
        #expect(
            last.reply.lines == ["Tamam: \"tabaklar\". Son adımdı, böylece \"parti hazırlığı\" görevi de tamamlandı."])
        let search = try h.run("ara balon", as: ayse.1)
        #expect(search.reply.lines.contains { $0.contains("balon (parti hazırlığı adımı)") })
    }

    @Test("JSON: the task's steps object, a step's parent, export with the steps inside their task")
    func json() throws {
        let (h, alice, _) = try party()
        alice.1.json = true
        try h.run("done cake", as: alice.1)
        let show = try h.run("show", as: alice.1)
        guard case .object(let fields)? = show.reply.data,
            case .array(let tasks)? = fields.first(where: { $0.0 == "tasks" })?.1,
            case .object(let task)? = tasks.first
        else { Issue.record("no tasks"); return }
        #expect(task.first { $0.0 == "steps" }?.1 == .object([("done", .int(1)), ("total", .int(3))]))
        let search = try h.run("search cake", as: alice.1)
        guard case .object(let sf)? = search.reply.data,
            case .array(let hits)? = sf.first(where: { $0.0 == "tasks" })?.1,
            case .object(let hit)? = hits.first
        else { Issue.record("no hits"); return }
        #expect(hit.first { $0.0 == "parent_title" }?.1 == .string("party prep"))
        let parent = try #require(try h.store.tasks(in: try h.store.defaultList(in: alice.0.space).id).first)
        let exported = try Info(handlers: h.handlers).exportedTask(parent, user: alice.0)
        guard case .object(let ef) = exported, case .object(let steps)? = ef.first(where: { $0.0 == "steps" })?.1,
            case .array(let items)? = steps.first(where: { $0.0 == "items" })?.1
        else { Issue.record("no steps in export"); return }
        #expect(items.count == 3)
    }
}

extension Outcome {
    /// The id of the task or step in the reply's JSON `data` (`id`).
    var taskID: TaskID? {
        guard case .object(let fields)? = reply.data, case .int(let id)? = fields.first(where: { $0.0 == "id" })?.1
        else { return nil }
        return TaskID(id)
    }
}

@Suite("Step handler: titles that only look like steps")
struct StepLookalikeTests {
    @Test("add step counter to groceries adds that title to the list when no task is called groceries")
    func stepCounter() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("list add Groceries", as: alice.1)
        let o = try h.run("add step counter to groceries", as: alice.1)
        #expect(o.reply.code == .taskAdded)
        #expect(o.reply.lines == ["Added \"step counter\" to Groceries."])
    }
}

@Suite("Step handler: undo")
struct StepUndoTests {
    @Test("undo takes back a step, an auto-completing done (task and step), and a task's delete with its steps")
    func undo() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add party prep", as: alice.1)
        try h.run("add cake under party prep", as: alice.1)
        try h.run("add balloons under party prep", as: alice.1)
        let undoneAdd = try h.run("undo", as: alice.1)
        #expect(undoneAdd.reply.code == .changeUndone, "\(undoneAdd.reply.lines)")
        #expect(try h.store.tasks(matching: "balloons", in: alice.0.space).isEmpty)
        let done = try h.run("done cake", as: bob.1)
        #expect(done.reply.code == .stepDoneTaskCompleted)
        #expect(try h.run("undo", as: bob.1).reply.code == .changeUndone)
        let parent = try #require(try h.store.tasks(matching: "party prep", in: alice.0.space).first)
        #expect(!parent.isDone && parent.steps == StepProgress(done: 0, total: 1))
        try h.run("delete party prep", as: alice.1)
        #expect(try h.store.taskCount(inSpace: alice.0.space) == 0)
        let back = try h.run("undo", as: alice.1)
        #expect(back.reply.code == .changeUndone, "\(back.reply.lines)")
        #expect(try h.store.tasks(matching: "party prep", in: alice.0.space).first?.steps.total == 1)
        #expect(try h.store.taskCount(inSpace: alice.0.space) == 2)
    }
}
