// End to end: steps of a task over TCP with two partners — adding, numbering, auto-complete and reopen as live
// events, the parent's delete taking its steps, export, Turkish, and the hostile cases.

import Foundation
import Testing

@Suite("Steps over TCP", .serialized, .timeLimit(.minutes(1)))
struct StepTests {
    /// The titles of a `steps` reply's rows, in order.
    static func titles(_ reply: JSONObject) -> [String] {
        (reply.data["steps"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
    }

    /// The progress object of a task shape.
    static func progress(_ task: JSONObject?) -> [Int] {
        guard let steps = task?["steps"] as? JSONObject else { return [] }
        return [steps["done"] as? Int ?? -1, steps["total"] as? Int ?? -1]
    }

    @Test("steps are added live, listed and numbered (steps party prep, then done 2), and show as progress")
    func addAndNumber() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add party prep")
        _ = try bob.event()
        let added = try alice.ok("add balloons under party prep")
        #expect(added.code == "step.added")
        #expect(added.text == "Added step \"balloons\" to \"party prep\" (0/1).")
        let live = try bob.event()
        #expect(live.event == "step.added")
        #expect(live.text == "alice added step \"balloons\" to \"party prep\".")
        #expect((live.data["task"] as? JSONObject)?["title"] as? String == "party prep")
        #expect(live.data["parent_title"] as? String == "party prep")
        try alice.ok("add subtask cake to party prep")
        try alice.ok("add step to party prep: music")
        _ = try bob.event()
        _ = try bob.event()
        let list = try bob.ok("steps party prep")
        #expect(list.code == "step.list")
        #expect(Self.titles(list) == ["balloons", "cake", "music"])
        let done = try bob.ok("done 2")
        #expect(done.code == "step.done")
        #expect(done.data["title"] as? String == "cake")
        let seen = try alice.event()
        #expect(seen.event == "step.done")
        #expect(seen.text == "bob finished step \"cake\" of \"party prep\" (1/3).")
        let show = try alice.ok("show")
        let rows = show.data["tasks"] as? [JSONObject] ?? []
        #expect(rows.map { $0["title"] as? String } == ["party prep"])
        #expect(Self.progress(rows.first) == [1, 3])
        let human = try server.login("alice", json: false)
        #expect(try human.lines("show").contains { $0.contains("party prep (1/3)") })
    }

    @Test("the last open step completes the task with one event; reopening a step reopens it, live")
    func autoCompleteAndReopen() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add party prep")
        try alice.ok("add balloons under party prep")
        try alice.ok("add cake under party prep")
        for _ in 0..<3 { _ = try bob.event() }
        try alice.ok("done balloons")
        _ = try bob.event()
        let last = try alice.ok("done cake")
        #expect(last.code == "step.done_task_completed")
        #expect((last.data["task"] as? JSONObject)?["status"] as? String == "done")
        let event = try bob.event()
        #expect(event.event == "step.done_task_completed")
        #expect(event.text == "alice finished \"cake\", the last step of \"party prep\", so \"party prep\" is done.")
        #expect(try bob.isQuiet(for: 0.3))  // one event, not two
        let reopen = try bob.ok("undone balloons")
        #expect(reopen.code == "step.reopened_task_reopened")
        let back = try alice.event()
        #expect(back.event == "step.reopened_task_reopened")
        #expect((back.data["task"] as? JSONObject)?["status"] as? String == "open")
    }

    @Test("deleting the task deletes its steps; export carries steps inside their task")
    func deleteAndExport() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add party prep")
        try alice.ok("add balloons under party prep")
        try alice.ok("add cake under party prep")
        try alice.ok("note cake: chocolate")
        try alice.ok("done cake")
        let export = try alice.ok("export").data
        let lists = export["lists"] as? [JSONObject] ?? []
        let tasks = lists.flatMap { $0["tasks"] as? [JSONObject] ?? [] }
        #expect(tasks.map { $0["title"] as? String } == ["party prep"])
        let steps = tasks.first?["steps"] as? JSONObject
        #expect(steps?["done"] as? Int == 1 && steps?["total"] as? Int == 2)
        let items = steps?["items"] as? [JSONObject] ?? []
        #expect(items.map { $0["title"] as? String } == ["balloons", "cake"])
        #expect(items.allSatisfy { $0["parent"] as? Int == tasks.first?["id"] as? Int })
        #expect((items.last?["notes"] as? [JSONObject])?.first?["text"] as? String == "chocolate")
        for _ in 0..<5 { _ = try bob.event() }
        let deleted = try bob.ok("delete party prep")
        #expect(deleted.code == "task.deleted")
        #expect(try alice.event().event == "task.deleted")
        let gone = try alice.json("done balloons")
        #expect(gone.code == "error.not_found")
        #expect((try alice.json("search cake").data["tasks"] as? [JSONObject])?.isEmpty == true)
    }

    @Test("search finds a step and says whose step it is")
    func search() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add party prep")
        try alice.ok("add buy balloons under party prep")
        let found = try alice.ok("search balloons")
        let hit = (found.data["tasks"] as? [JSONObject])?.first
        #expect(hit?["parent_title"] as? String == "party prep")
        #expect(found.text.contains("buy balloons (step of party prep)"))
    }

    @Test("in Turkish: altına, adım ekle, görevine adım ekle, adımlar, and the events in Turkish")
    func turkish() throws {
        let server = try TestServer()
        let (ayse, mehmet) = try server.couple("ayse", "mehmet")
        try ayse.ok("lang tr")
        try mehmet.ok("lang tr")
        try ayse.ok("parti hazırlığı ekle")
        _ = try mehmet.event()
        let added = try ayse.ok("parti hazırlığı altına balon ekle")
        #expect(added.text == "\"balon\" adımı \"parti hazırlığı\" görevine eklendi (0/1).")
        #expect(try mehmet.event().text == "ayse, \"parti hazırlığı\" görevine \"balon\" adımını ekledi.")
        try mehmet.ok("adım ekle parti hazırlığı: pasta")
        try mehmet.ok("parti hazırlığı görevine adım ekle: müzik")
        _ = try ayse.event()
        _ = try ayse.event()
        let list = try ayse.ok("parti hazırlığı adımları")
        #expect(Self.titles(list) == ["balon", "pasta", "müzik"])
        try ayse.ok("1 bitti")
        try ayse.ok("2 bitti")
        let last = try ayse.ok("3 bitti")
        #expect(last.code == "step.done_task_completed")
        for _ in 0..<2 { _ = try mehmet.event() }
        let event = try mehmet.event()
        #expect(event.event == "step.done_task_completed")
        #expect(event.text.contains("böylece \"parti hazırlığı\" tamamlandı"))
        let reopened = try mehmet.ok("balon geri al")
        #expect(reopened.text == "\"balon\" adımı yeniden açık; \"parti hazırlığı\" görevi de yeniden açıldı.")
    }

    @Test("hostile: a step of a step, another couple's id, an ambiguous task, invisible characters, the step limit")
    func hostile() throws {
        let server = try TestServer()
        let (alice, _) = try server.couple()
        let (carol, _) = try server.couple("carol", "dave")
        let theirs = try carol.ok("add carol's secret")
        let foreign = try #require(theirs.data["id"] as? Int)
        let spy = try alice.json("add spy under id:\(foreign)")
        #expect(spy.code == "error.not_found")
        #expect(try alice.json("steps id:\(foreign)").code == "error.not_found")
        #expect(try alice.json("add step spy to id:\(foreign)").code == "error.not_found")
        try alice.ok("add party prep")
        try alice.ok("add party games")
        let ambiguous = try alice.json("add step cake to party")
        #expect(ambiguous.code == "error.ambiguous")
        #expect(ambiguous.text.contains("party prep") && ambiguous.text.contains("party games"))
        try alice.ok("add cake under party prep")
        let nested = try alice.json("add icing under cake")
        #expect(nested.code == "error.step_of_step")
        #expect(nested.text == "\"cake\" is a step of \"party prep\": a step cannot have steps of its own.")
        #expect(try alice.json("due cake tomorrow").code == "error.step_unsupported")
        #expect(try alice.json("add subtask eggs to buy oat milk").code == "error.not_found")
        #expect(try alice.json("add step x\u{200B} to party prep").ok == false)
        let long = String(repeating: "y", count: 1000)
        #expect(try alice.json("add step \(long) to party prep").code == "error.title_too_long")
        for i in 2...100 { try alice.ok("add s\(i) under party prep") }
        let full = try alice.json("add one more under party prep")
        #expect(full.code == "error.limit_steps")
        // Paged: 100 steps are two pages, and a number on the second page reaches its step.
        let page2 = try alice.ok("steps party prep page 2")
        #expect(Self.titles(page2).first == "s51")
        let done = try alice.ok("done 100")
        #expect(done.data["title"] as? String == "s100")
    }

    @Test("info shows a task's steps with their progress, in both languages; info of a step names its task")
    func infoShowsSteps() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add party prep", "add balloons under party prep", "add cake under party prep", "done balloons"])
        let info = try alice.ok("info party prep")
        #expect(info.text.contains("Steps (1/2 done):"), "\(info.text)")
        #expect(info.text.contains("[x] balloons"))
        #expect(info.text.contains("[ ] cake"))
        let items = ((info.data["task"] as? JSONObject)?["step_items"] as? [JSONObject])?.compactMap {
            $0["title"] as? String
        }
        #expect(items == ["balloons", "cake"])
        try alice.ok("lang tr")
        #expect(try alice.ok("detay party prep").text.contains("Adımlar (1/2 tamam):"))
        #expect(try alice.ok("detay cake").text.contains("party prep"))
    }
}
