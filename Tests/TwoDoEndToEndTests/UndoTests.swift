// End to end: `undo` / `geri al` over TCP — every undoable change taken back to the byte of `export`, the
// partner told live, the refusal when the partner changed the same item since, the stack's depth, age and
// restart, and what a careless or hostile user tries.

import Foundation
import Testing

@Suite("Undo over TCP", .serialized, .timeLimit(.minutes(2)))
struct UndoTests {
    /// Whether two JSON values are equal.
    static func same(_ a: Any, _ b: Any) -> Bool {
        NSDictionary(dictionary: ["v": a]).isEqual(to: ["v": b])
    }

    /// A couple with something of every kind in their space.
    static func furnished() throws -> (TestServer, LineClient, LineClient) {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok([
            "add fix sink tomorrow 18:00", "note fix sink: the washer is worn", "list add Garden",
            "add rake to Garden", "add seeds to Garden", "routine add water plants every day",
            "event add dentist friday 10:00", "note event dentist: bring the card", "add old bulbs to Garden",
            "done old bulbs",
        ])
        for _ in 0..<10 { _ = try bob.event() }
        return (server, alice, bob)
    }

    @Test(
        "every undoable change, undone, leaves export exactly as it was; the partner hears of each undo",
        arguments: [
            "add buy milk", "done fix sink", "edit fix sink to fix the sink", "delete fix sink",
            "move fix sink to Garden",
            "due fix sink friday 9am", "priority fix sink high", "assign fix sink to bob", "repeat fix sink every week",
            "nag fix sink every 10 minutes", "remind fix sink 30 minutes before", "snooze fix sink 2h",
            "note fix sink: call the plumber", "note delete fix sink 1", "list add Shop", "list rename Garden to Yard",
            "list delete Garden confirm", "routine add stretch every day", "routine done water plants",
            "routine edit water plants every week", "routine rename water plants to plants",
            "routine pause water plants",
            "routine delete water plants", "event add party saturday 20:00", "event edit dentist title dentist visit",
            "event move dentist saturday 11:00", "event delete dentist", "note event dentist: parking is paid",
            "note delete event dentist 1", "list clear Garden", "list icon Garden 🌱", "note fix sink call the plumber",
            "describe fix sink: the washer is worn out", "add buy a washer under fix sink",
            "describe event dentist: room 4",
        ])
    func everyChange(change: String) throws {
        let (server, alice, bob) = try Self.furnished()
        defer { withExtendedLifetime(server) {} }
        let before = try alice.json("export").data
        try alice.ok(change)
        while !(try bob.isQuiet(for: 0.2)) { _ = try bob.event() }  // nag and remind tell nobody
        #expect(!Self.same(before, try alice.json("export").data), "`\(change)` changed nothing")
        let undone = try alice.json("undo")
        #expect(undone.code == "change.undone", "\(change): \(undone)")
        let event = try bob.event()
        #expect(event.event == "change.undone", "\(change): \(event)")
        #expect((event["text"] as? String ?? "").contains("alice"))
        let after = try alice.json("export").data
        #expect(Self.same(before, after), "`\(change)` undone:\n\(before)\n\(after)")
    }

    @Test("a stack: undo goes back one change at a time, newest first, then says there is nothing left")
    func stack() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let empty = try alice.json("export").data
        try alice.ok(["add fix sink", "note fix sink: washer", "done fix sink"])
        var said: [String] = []
        for _ in 0..<3 { said.append(try alice.json("undo").text) }
        #expect(
            said == [
                #"Undone: "done" on "fix sink"."#, #"Undone: "note" on "fix sink"."#,
                #"Undone: "fix sink" is removed again."#,
            ])
        #expect(Self.same(empty, try alice.json("export").data))
        let nothing = try alice.json("undo")
        #expect(nothing.ok == false)
        #expect(nothing.code == "error.nothing_to_undo")
    }

    @Test(
        "undo refuses, changing nothing, when the partner changed the same item since; the next undo goes further back")
    func refusesOverPartnersChange() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["add milk", "add bread"])
        _ = try bob.event()
        _ = try bob.event()
        try bob.ok("edit bread to rye bread")
        _ = try alice.event()
        let before = try alice.json("export").data
        let refused = try alice.json("undo")
        #expect(refused.ok == false)
        #expect(refused.code == "error.undo_conflict")
        #expect(refused.text.contains("changed since"))
        #expect(Self.same(before, try alice.json("export").data), "a refused undo changed something")
        #expect(try bob.isQuiet(for: 0.3), "the partner heard of an undo that did not happen")
        // The refused entry is gone: the next undo takes back "add milk".
        let next = try alice.json("undo")
        #expect(next.code == "change.undone")
        #expect(next.data["title"] as? String == "milk")
        _ = try bob.event()
        #expect((try bob.json("search bread").data["tasks"] as? [JSONObject])?.count == 1)
    }

    @Test("a note the partner added since keeps the task: undoing its add is refused, not cascaded")
    func refusesCascadeOverPartnersNote() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add fix sink")
        _ = try bob.event()
        try bob.ok("note fix sink: I bought a washer")
        _ = try alice.event()
        let refused = try alice.json("undo")
        #expect(refused.code == "error.undo_conflict", "\(refused)")
        let notes = try bob.json("notes fix sink").data["notes"] as? [JSONObject]
        #expect(notes?.count == 1)
    }

    @Test("deleting a list with its tasks and notes, then undo: all of it back, same ids, in both sessions")
    func restoresListWithTasks() throws {
        let (server, alice, bob) = try Self.furnished()
        defer { withExtendedLifetime(server) {} }
        let garden = try bob.json("show Garden").data
        try alice.ok("list delete Garden confirm")
        _ = try bob.event()
        let restored = try alice.json("undo")
        #expect(restored.text == #"Undone: "Garden" is back."#)
        let event = try bob.event()
        #expect(event.text == #"alice restored "Garden"."#)
        #expect(Self.same(garden, try bob.json("show Garden").data))
        // And the restored tasks work as before (the ids bots hold are the same).
        let id = ((garden["tasks"] as? [JSONObject])?.first?["id"] as? Int) ?? -1
        try bob.ok("done id:\(id)")
    }

    @Test(
        "Turkish: geri al alone undoes, geri al with a reference still reopens; replies and events in each reader's language"
    )
    func turkish() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["lang tr", "ekmek ekle", "ekmek bitti"])
        _ = try bob.event()
        _ = try bob.event()
        let reopened = try alice.json("ekmek geri al")
        #expect(reopened.code == "task.reopened")
        _ = try bob.event()
        let undone = try alice.json("geri al")
        #expect(undone.code == "change.undone")
        #expect(undone.text == #"Geri alındı: "ekmek" için "geri al"."#)
        #expect(try bob.event().text == #"alice undid "undone" on "ekmek"."#)
        let gone = try alice.json("geri al")
        #expect(gone.text == #"Geri alındı: "ekmek" için "bitti"."#)
        _ = try bob.event()
        try bob.ok("lang tr")
        #expect(try alice.json("GERİ AL").text == #"Geri alındı: "ekmek" yeniden kaldırıldı."#)
        #expect(try bob.event().text == #"alice, "ekmek" eklemesini geri aldı."#)
        #expect(try alice.json("geri al").code == "error.nothing_to_undo")
    }

    @Test("the stack survives a restart (and kill -9); entries older than 24 hours and beyond 20 are not undone")
    func persistsAndIsBounded() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        for i in 1...22 { try alice.ok("add task \(i)") }
        server.kill()
        let second = try server.startAgain()
        let alice2 = try second.login("alice")
        for i in (3...22).reversed() {
            let undone = try alice2.json("undo")
            #expect(undone.data["title"] as? String == "task \(i)", "\(undone)")
        }
        #expect(try alice2.json("undo").code == "error.nothing_to_undo")
        let titles = (try alice2.json("show").data["tasks"] as? [JSONObject])?.compactMap { $0["title"] as? String }
        #expect(titles == ["task 1", "task 2"])
        try alice2.ok("add late")
        try alice2.ok("clock advance 25h")
        #expect(try alice2.json("undo").code == "error.nothing_to_undo")
    }

    @Test("each user undoes only their own changes; another couple's undo cannot reach this space")
    func ownChangesOnly() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        let carol = try server.user("carol")
        try alice.ok("add milk")
        _ = try bob.event()
        #expect(try bob.json("undo").code == "error.nothing_to_undo")
        #expect(try carol.json("undo").code == "error.nothing_to_undo")
        try carol.ok("add carols thing")
        try carol.ok("undo")
        #expect((try bob.json("show").data["tasks"] as? [JSONObject])?.count == 1)
    }

    @Test("hostile and careless: arguments, not logged in, a pipelined flood of undos, reads are not on the stack")
    func hostile() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.json("undo 3").code == "error.usage")
        #expect(try alice.json("undo everything please").code == "error.usage")
        let stranger = try server.connect()
        #expect(try stranger.command("undo").contains("log in"))
        try alice.ok(["add a", "add b", "show", "search a", "lists", "lang tr", "lang en"])
        // Reads and settings are not undone: the newest entry is still "add b".
        #expect(try alice.json("undo").data["title"] as? String == "b")
        for _ in 0..<200 { try alice.send("undo") }
        var codes: [String: Int] = [:]
        for _ in 0..<200 { codes[(try alice.readJSON()).code ?? "?", default: 0] += 1 }
        #expect(codes == ["change.undone": 1, "error.nothing_to_undo": 199])
        #expect((try alice.json("show").data["tasks"] as? [JSONObject])?.isEmpty == true)
    }

    @Test("moving one occurrence twice records both moves (a keyed exception row, no id column) and undoes both")
    func occurrenceMovedTwice() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("event add swim every monday 19:00")
        let before = try alice.json("export").data
        try alice.ok("event move swim this 20:00")
        try alice.ok("event move swim this 21:00")
        #expect(try alice.json("undo").code == "change.undone")
        #expect(try alice.json("undo").code == "change.undone")
        #expect(Self.same(before, try alice.json("export").data))
    }
}
