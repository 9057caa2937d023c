// End to end: what a stranger tried through `undo` once ids were reused, and the undo stack across a
// couple's parting. Each test failed on the server before migration 21 and the scoped undo.

import Foundation
import Testing

@Suite("Isolation of couples over TCP", .serialized, .timeLimit(.minutes(2)))
struct IsolationTests {
    /// Everything `client` has, as the text of its export (tasks, notes, lists, routines, events).
    private func everything(_ client: LineClient) throws -> String {
        let data = try client.json("export").data
        let bytes = try JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a task restored by undo goes back to its own list, never into a stranger's Inbox registered since")
    func restoredTaskStaysHome() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok([
            "list add Secret", "add call this number: your account is locked to Secret", "delete call this number",
            "list delete Secret confirm",
        ])
        // A stranger registers: their space's Inbox is the next list made.
        let carol = try server.user("carol")
        let first = try alice.json("undo")
        let second = try alice.json("undo")
        #expect(first.code == "change.undone", "\(first)")
        #expect(second.code == "change.undone", "\(second)")
        #expect(!(try everything(carol)).contains("account is locked"), "the task reached the stranger's space")
        let home = try alice.json("show Secret")
        #expect(home.ok == true, "\(home)")
        let mine = try everything(alice)
        #expect(mine.contains("account is locked"))
    }

    @Test("a note restored by undo goes back onto its own task, never onto a stranger's task made since")
    func restoredNoteStaysHome() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok([
            "add secret plan", "note secret plan: meet at the station", "note delete secret plan 1",
            "delete secret plan",
        ])
        let carol = try server.user("carol")
        try carol.ok("add carol's errand")
        #expect(try alice.json("undo").code == "change.undone")  // the task is back (its id was never taken)
        #expect(try alice.json("undo").code == "change.undone")  // and its note, on it
        #expect(!(try everything(carol)).contains("meet at the station"), "the note reached the stranger's task")
        #expect(try everything(alice).contains("meet at the station"))
    }

    @Test("a reminder restored by undo never replaces a stranger's reminder: theirs still fires")
    func restoredReminderReplacesNothing() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok(["add pay rent today 10am", "add water plants", "delete pay rent"])
        let carol = try server.user("carol")
        try carol.ok("add dentist today 11am")
        #expect(try alice.json("undo").code == "change.undone")
        try carol.ok("clock set 2026-11-22T11:00:00Z")
        let fired = try carol.event()
        #expect(fired.event == "reminder.due", "\(fired)")
        #expect(fired.data["title"] as? String == "dentist")
    }

    @Test("the undo stack starts empty after leaving and joining again: nothing reaches back across the parting")
    func stackEmptiedAtLeaveAndJoin() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add fix the sink")
        _ = try bob.event()
        try alice.ok("couple leave confirm")
        _ = try bob.event()
        let invite = try bob.json("couple create")
        let code = try #require(invite.data["code"] as? String)
        try alice.ok("couple join \(code)")
        let undo = try alice.json("undo")
        #expect(undo.code == "error.nothing_to_undo", "\(undo)")
        #expect(try everything(bob).contains("fix the sink"))
        // The partner who stayed starts afresh too.
        #expect(try bob.json("undo").code == "error.nothing_to_undo")
    }

    @Test("the Turkish user gets the same refusal in Turkish: geri al after leaving and joining again")
    func stackEmptiedTurkish() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple("ayse", "mehmet")
        try alice.ok(["lang tr", "süt ekle"])
        _ = try bob.event()
        try alice.ok("çiftten ayrıl onayla")
        _ = try bob.event()
        let invite = try bob.json("çift oluştur")
        let code = try #require(invite.data["code"] as? String)
        try alice.ok("çift katıl \(code)")
        let undo = try alice.json("geri al")
        #expect(undo.code == "error.nothing_to_undo", "\(undo)")
        #expect(!undo.text.isEmpty && !undo.text.contains("Nothing"), "\(undo.text)")
    }
}
