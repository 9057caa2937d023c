// End to end: a routine's whole life seen by both partners, the week agenda with due tasks, notes on
// tasks and routines, and that another couple can neither see nor touch any of it.

import Foundation
import Testing

@Suite("Routines, agenda and notes over a routine's whole life", .serialized, .timeLimit(.minutes(2)))
struct PlannerLifecycleTests {
    /// The routine named `name` in an export, if any.
    private func routine(_ name: String, in client: LineClient) throws -> JSONObject? {
        let routines = try client.ok("export").data["routines"] as? [JSONObject] ?? []
        return routines.first { $0["name"] as? String == name }
    }

    @Test("rename, edit, pause, resume and delete reach the partner live, in the partner's language")
    func routineLifecycle() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("routine add gym every mon, wed and fri")
        #expect(try bob.event().event == "routine.added")

        try alice.ok("routine rename gym to workout")
        let renamed = try bob.event()
        #expect(renamed.event == "routine.renamed")
        #expect(renamed.text.contains("workout"))
        #expect(try alice.json("routine done gym").ok == false)

        try alice.ok("routine edit workout every day")
        #expect(try bob.event().event == "routine.edited")
        let edited = try #require(try routine("workout", in: alice))
        #expect((edited["schedule"] as? JSONObject)?["freq"] as? String == "daily")

        // Bob pauses it in Turkish; Alice's done is refused while it is paused, and works after resuming.
        try bob.ok("rutin duraklat workout")
        #expect(try alice.event().event == "routine.paused")
        #expect(try alice.json("routine done workout").code == "error.routine_paused")
        #expect(try bob.json("rutin yapıldı workout").code == "error.routine_paused")
        try bob.ok("rutin devam workout")
        #expect(try alice.event().event == "routine.resumed")
        try alice.ok("routine done workout")
        let done = try bob.event()
        #expect(done.event == "routine.done")
        #expect(done.text.contains("workout"))
        #expect(try routine("workout", in: bob)?["paused"] as? Bool == false)

        try bob.ok("rutin sil workout")
        #expect(try alice.event().event == "routine.deleted")
        #expect(try routine("workout", in: alice) == nil)
        #expect(try alice.json("routine done workout").ok == false)
    }

    @Test("the week agenda numbers due tasks, so done <n> completes the right one")
    func agendaWithTasks() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add call the plumber tomorrow 10am")
        try alice.ok("add buy a gift friday")
        try alice.ok("add someday maybe")
        try alice.ok("event add dinner friday 7pm-9pm")
        try alice.ok("routine add gym every wednesday")
        let week = try alice.ok("agenda week").data
        let days = try #require(week["days"] as? [JSONObject])
        #expect(days.count == 7)
        let tasks = days.flatMap { ($0["tasks"] as? [JSONObject]) ?? [] }.compactMap { $0["title"] as? String }
        #expect(tasks == ["call the plumber", "buy a gift"])
        let events = days.flatMap { ($0["events"] as? [JSONObject]) ?? [] }.compactMap { $0["title"] as? String }
        #expect(events == ["dinner"])
        let routines = days.flatMap { ($0["routines"] as? [JSONObject]) ?? [] }.compactMap { $0["name"] as? String }
        #expect(routines == ["gym"])

        let human = try server.login("alice", json: false)
        let lines = try human.lines("agenda week")
        #expect(lines.contains { $0.contains("1.") && $0.contains("call the plumber") })
        #expect(lines.contains { $0.contains("2.") && $0.contains("buy a gift") })
        let reply = try human.lines("done 2")
        #expect(reply.joined().contains("buy a gift"))
        let export = try alice.ok("export").data
        let all = ((export["lists"] as? [JSONObject]) ?? []).flatMap { ($0["tasks"] as? [JSONObject]) ?? [] }
        let gift = try #require(all.first { $0["title"] as? String == "buy a gift" })
        let plumber = try #require(all.first { $0["title"] as? String == "call the plumber" })
        #expect(gift["completed_by"] as? String == "alice")
        #expect(plumber["completed_by"] is NSNull)
    }

    @Test("notes on a task and a routine: live to the partner, listed with author, deleted by number")
    func notes() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add milk")
        _ = try bob.event()
        try bob.ok("note milk: oat, not soy")
        let noted = try alice.event()
        #expect(noted.event == "task.noted")
        #expect(noted.text.contains("oat, not soy"))
        let list = try alice.ok("notes milk").data["notes"] as? [JSONObject] ?? []
        #expect(list.map { $0["author"] as? String } == ["bob"])

        try alice.ok("routine add plants every sunday")
        _ = try bob.event()
        try alice.ok("note routine plants: the fern needs less")
        #expect(try bob.event().event == "routine.noted")
        try bob.ok("note routine plants: and the cactus none")
        _ = try alice.event()
        let notes = try alice.ok("notes routine plants").data["notes"] as? [JSONObject] ?? []
        #expect(notes.compactMap { $0["text"] as? String } == ["the fern needs less", "and the cactus none"])
        try alice.ok("note delete routine plants 1")
        #expect(try bob.event().event == "note.deleted")
        let left = try routine("plants", in: bob)?["notes"] as? [JSONObject] ?? []
        #expect(left.compactMap { $0["text"] as? String } == ["and the cactus none"])
        #expect(try alice.json("note delete routine plants 5").code == "error.not_found")
    }

    @Test("a note rewritten by number reaches the partner live, survives kill -9, and undo brings the old one back")
    func noteEdit() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add milk")
        _ = try bob.event()
        try alice.ok("note milk: oat")
        _ = try bob.event()
        let edited = try bob.ok("note edit milk 1 oat, the blue carton")
        #expect(edited.code == "note.edited")
        #expect(edited.data["was"] as? String == "oat")
        let event = try alice.event()
        #expect(event.event == "note.edited")
        #expect(event.text.contains("oat, the blue carton"))
        let notes = try alice.ok("notes milk").data["notes"] as? [JSONObject] ?? []
        #expect(notes.map { $0["author"] as? String } == ["bob"])
        #expect(notes.map { $0["text"] as? String } == ["oat, the blue carton"])
        server.kill()
        let second = try server.startAgain()
        let (alice2, bob2) = try (second.login("alice"), second.login("bob"))
        let kept = try alice2.ok("notes milk").data["notes"] as? [JSONObject] ?? []
        #expect(kept.map { $0["text"] as? String } == ["oat, the blue carton"])
        #expect(try bob2.json("undo").code == "change.undone")
        let back = try alice2.ok("notes milk").data["notes"] as? [JSONObject] ?? []
        #expect(back.map { $0["text"] as? String } == ["oat"])
        #expect(back.map { $0["author"] as? String } == ["alice"])
    }

    @Test("another couple cannot see, mark, note, move or delete this couple's routines and events")
    func isolation() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("routine add gym every day")
        try alice.ok("event add dinner friday 7pm")
        _ = try bob.event()
        _ = try bob.event()
        let eventID = try #require((try alice.ok("events").data["events"] as? [JSONObject])?.first?["id"] as? Int)
        let (carol, dave) = try server.couple("carol", "dave")

        #expect(try carol.json("routine done gym").ok == false)
        #expect(try carol.json("routine delete gym").ok == false)
        #expect(try carol.json("note routine gym: hi").ok == false)
        #expect(try carol.json("event delete id:\(eventID)").ok == false)
        #expect(try carol.json("event move id:\(eventID) saturday 8pm").ok == false)
        #expect(try carol.json("notes event id:\(eventID)").ok == false)
        #expect((try carol.ok("routines").data["routines"] as? [JSONObject] ?? []).isEmpty)
        #expect((try carol.ok("events").data["events"] as? [JSONObject] ?? []).isEmpty)
        let export = try carol.ok("export").data
        #expect((export["routines"] as? [JSONObject] ?? []).isEmpty)
        #expect((export["events"] as? [JSONObject] ?? []).isEmpty)
        #expect(try dave.isQuiet(for: 0.2))
        #expect(try alice.isQuiet(for: 0.2))
        #expect(try bob.isQuiet(for: 0.2))
        // Alice's things are untouched.
        #expect((try routine("gym", in: alice)?["occurrences"] as? [JSONObject] ?? []).isEmpty)
        #expect((try alice.ok("events").data["events"] as? [JSONObject] ?? []).count == 1)
    }
}
