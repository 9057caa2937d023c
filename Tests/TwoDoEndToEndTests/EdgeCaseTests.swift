// End to end: edges of snooze, repeats, reminders and wording, one test each, with two partners where the
// partner is concerned.
// The test clock starts on Sun 22 Nov 2026 09:00 UTC; alice and bob both read UTC.

import Foundation
import Testing

@Suite("Repeats, reminders and wording: edge cases over TCP", .serialized, .timeLimit(.minutes(2)))
struct EdgeCaseTests {
    @Test("snooze never makes a task due earlier: it counts from the later of now and the due time")
    func snoozeFromDue() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add pay rent today 5pm")
        _ = try bob.event()
        let later = try alice.ok("snooze pay rent 10m")
        #expect(later.text == #"Snoozed "pay rent" until Sun 22 Nov 17:10."#)
        #expect(later.data["due"] as? String == "2026-11-22T17:10:00Z")
        #expect(try bob.event().text == #"alice snoozed "pay rent" until Sun 22 Nov 17:10."#)
        // A plain snooze is one hour, from the due time too.
        #expect(try alice.ok("snooze pay rent").data["due"] as? String == "2026-11-22T18:10:00Z")
        _ = try bob.event()
        // An overdue task is snoozed from now.
        try alice.ok("add call bank today 8am")
        _ = try bob.event()
        #expect(try alice.ok("snooze call bank 10m").data["due"] as? String == "2026-11-22T09:10:00Z")
        // Turkish, the same rule.
        try bob.ok("lang tr")
        #expect(try bob.ok("ertele pay rent 10dk").data["due"] as? String == "2026-11-22T18:20:00Z")
    }

    @Test("moving one occurrence of a repeating event says the new time, in the reply and to the partner")
    func eventMoveThis() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("event add swim every wednesday at 7pm")
        _ = try bob.event()
        let moved = try alice.ok("event move swim this 8pm")
        #expect(moved.text.contains("Wed 25 Nov 20:00"), "\(moved.text)")
        #expect(!moved.text.contains("19:00"), "\(moved.text)")
        let event = try bob.event()
        #expect(event.event == "event.moved")
        // It says which date moved and that the series stays.
        #expect(
            event.text == #"alice moved "swim" of Wed 25 Nov to Wed 25 Nov 20:00; the other dates stay as they were."#)
        #expect(moved.text.hasSuffix("the other dates stay as they were."), "\(moved.text)")
        // The series itself keeps its time.
        #expect(try alice.ok("event show swim").text.contains("every Wednesday"))
        try bob.ok("lang tr")
        try bob.ok("etkinlik ekle yüzme her perşembe 19:00")
        _ = try alice.event()
        let tr = try bob.ok("etkinlik taşı yüzme bu 21:00")
        #expect(tr.text.contains("Per 26 Kas 21:00"), "\(tr.text)")
        #expect(tr.text.hasSuffix("diğer tarihler olduğu gibi kalıyor."), "\(tr.text)")
        #expect(
            try alice.event().text
                == #"bob moved "yüzme" of Thu 26 Nov to Thu 26 Nov 21:00; the other dates stay as they were."#)
    }

    @Test("undone on a done repeating task reopens it and takes back the next occurrence that done added")
    func undoneRepeating() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add trash today 10pm every day")
        _ = try bob.event()
        try alice.ok("done trash")
        _ = try bob.event()
        let reopened = try bob.ok("undone trash")
        #expect(reopened.data["due"] as? String == "2026-11-22T22:00:00Z")
        #expect(try alice.event().event == "task.reopened")
        let open = try openTasks(alice).filter { $0["title"] as? String == "trash" }
        #expect(open.count == 1)
        #expect(open.first?["due"] as? String == "2026-11-22T22:00:00Z")
        // Done again: one next occurrence, as before.
        try alice.ok("done trash")
        let again = try openTasks(alice).filter { $0["title"] as? String == "trash" }
        #expect(again.map { $0["due"] as? String } == ["2026-11-23T22:00:00Z"])
    }

    @Test("repeat every sunday moves a first date that is not a Sunday to the next Sunday")
    func repeatMovesFirstDate() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add bins tuesday 7pm")
        _ = try bob.event()
        let set = try alice.ok("repeat bins every sunday")
        #expect(set.text == #""bins" repeats every Sunday; next due Sun 29 Nov 19:00."#)
        #expect(set.data["due"] as? String == "2026-11-29T19:00:00Z")
        #expect(try bob.event().event == "task.repeat")
        // A date the rule already has stays.
        try alice.ok("add laundry monday")
        _ = try bob.event()
        #expect(try alice.ok("repeat laundry every monday").data["due"] as? String == "2026-11-23T23:59:59Z")
        try bob.ok("lang tr")
        try bob.ok("ekle çiçek sula salı")
        #expect(try bob.ok("tekrarla çiçek sula her pazar").data["due"] as? String == "2026-11-29T23:59:59Z")
    }

    @Test("add … for the partner remind me 15 minutes before reminds the speaker, not only the assignee")
    func remindMeMeansSpeaker() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add call mum today 5pm for bob remind me 15 minutes before")
        _ = try bob.event()
        try alice.ok("clock set 2026-11-22T16:45:00Z")
        let aliceGot = try alice.drainEvents().filter { $0.event == "reminder.due" }
        #expect(aliceGot.count == 1)
        #expect(aliceGot.first?.text.hasPrefix(#"⏰ Reminder: "call mum" is due at Sun 22 Nov 17:00"#) == true)
        #expect(try bob.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
        // At the due time the assignee is reminded, as before.
        try alice.ok("clock set 2026-11-22T17:00:00Z")
        #expect(try bob.drainEvents().filter { $0.event == "reminder.due" }.count == 1)
        #expect(try alice.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
        // Turkish: `bana` is the speaker too.
        try bob.ok("ekle fatura öde yarın 17:00 alice için bana 15 dk önce hatırlat")
        _ = try alice.drainEvents()
        try alice.ok("clock set 2026-11-23T16:45:00Z")
        #expect(try bob.drainEvents().filter { $0.event == "reminder.due" }.count == 1)
        #expect(try alice.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
    }

    @Test("add … to <list> today puts the task in that existing list, even when the list is a time word")
    func listBeforeDate() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("list add Evening")
        _ = try bob.event()
        let added = try alice.ok("add answer email to evening today")
        #expect(added.data["title"] as? String == "answer email")
        #expect(added.data["list"] as? String == "Evening")
        #expect(added.data["due"] as? String == "2026-11-22T23:59:59Z")
        #expect(try bob.event().text == #"alice added "answer email" to Evening — due Sun 22 Nov."#)
        // Without a list of that name, "evening" is still a time.
        let timed = try alice.ok("add walk the dog in the evening")
        #expect(timed.data["list"] as? String == "Inbox")
    }

    @Test(
        "a nag of seconds in add is the nag range error, not part of the title",
        arguments: [
            "add x nag every 30 seconds", "add x nag every 30s", "nag x every 30 seconds",
            "ekle x 30 saniyede bir dürt",
        ])
    func nagSeconds(line: String) throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add x")
        let reply = try alice.json(line)
        #expect(reply.code == "error.nag_range", "\(reply)")
        #expect(reply.text.contains("1 minute to 24 hours"))
        #expect(try openTasks(alice).count == 1)
    }

    @Test("wording: every 1 minute, (1 task), took, and a routine's assignee after a comma")
    func wording() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("add dishes")
        let bob = try server.user("bob")
        let created = try alice.ok("couple create")
        let code = try #require(created.data["code"] as? String)
        let joined = try bob.ok("couple join \(code)")
        #expect(joined.text == "You joined alice. Everything you had moved into your shared space (0 tasks).")
        _ = try alice.event()
        #expect(
            try alice.ok("nag dishes every 1 minute").text.hasPrefix(#"I'll nag about "dishes" every minute until"#))
        #expect(try alice.ok("nag dishes every 2 minutes").text.contains("every 2 minutes"))
        try alice.ok("assign dishes alice")
        let took = try bob.drainEvents().filter { $0.event == "task.assigned" }
        #expect(took.last?.text == #"alice took "dishes"."#)
        try alice.ok("assign dishes bob")
        #expect(
            try bob.drainEvents().filter { $0.event == "task.assigned" }.last?.text == #"alice gave "dishes" to bob."#)
        let routine = try alice.ok("routine add meds every day at 9am for bob")
        #expect(routine.text.hasPrefix(#"Added the routine "meds": every day at 09:00, for bob."#), "\(routine.text)")
        try bob.ok("lang tr")
        let tr = try bob.ok("rutin ekle vitamin her gün 9'da alice için")
        #expect(tr.text.hasPrefix(#""vitamin" rutini eklendi: her gün saat 09:00, alice için."#), "\(tr.text)")
        // One task moved on joining: "1 task".
        let server2 = try TestServer()
        let carol = try server2.user("carol")
        let dave = try server2.user("dave")
        try dave.ok("add one thing")
        let code2 = try #require(try carol.ok("couple create").data["code"] as? String)
        #expect(try dave.ok("couple join \(code2)").text.hasSuffix("(1 task)."))
        #expect(try carol.event().text == "dave joined you. Their 1 task is now shared.")
    }

    /// The open tasks `export` lists, every occurrence of a repeating one included.
    private func openTasks(_ c: LineClient) throws -> [JSONObject] {
        let data = try c.ok("export").data
        return (data["lists"] as? [JSONObject] ?? []).flatMap { $0["tasks"] as? [JSONObject] ?? [] }
            .filter { $0["status"] as? String == "open" }
    }
}
