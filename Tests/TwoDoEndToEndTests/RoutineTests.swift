// End to end: routines over TCP — live streak events, time-of-day reminders, pictures in both languages, export.

import Foundation
import Testing

@Suite("Routines over TCP", .serialized, .timeLimit(.minutes(2)))
struct RoutineTests {
    /// alice (English) and bob (Turkish) as a couple: their JSON connections and a human-mode one each.
    private func couple(_ server: TestServer) throws -> (LineClient, LineClient, LineClient, LineClient) {
        let (a, b) = try server.couple()
        try b.ok("lang tr")
        let ah = try server.login("alice", json: false)
        let bh = try server.login("bob", json: false)
        return (a, b, ah, bh)
    }

    @Test("a partner's done day is a live event, with the streak once there is one")
    func liveStreak() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("routine add run every day")
        #expect(try alice.event().event == "routine.added")
        var texts: [String] = []
        for _ in 0..<5 {
            try bob.ok("routine done run")
            let event = try alice.event()
            #expect(event.event == "routine.done")
            #expect(event["actor"] as? String == "bob")
            texts.append(event.text)
            try bob.ok("clock advance 1d")
        }
        #expect(texts[0] == "bob did \"run\" (Sun 22 Nov).")
        #expect(texts[1] == "bob kept \"run\" going: 2 days in a row 🔥")
        #expect(texts[4] == "bob kept \"run\" going: 5 days in a row 🔥")
        let stats = try alice.ok("routine stats run").data["stats"] as? [String: Any]
        // Friday 27: today is still open, so the streak of 5 stands.
        #expect(stats?["current_streak"] as? Int == 5)
        #expect(stats?["completion_rate"] as? Int == 100)
        #expect(try alice.isQuiet(for: 0.2))
    }

    @Test("routines and routine stats draw the same picture for both partners, in their languages")
    func pictures() throws {
        let server = try TestServer()
        let (_, _, ah, bh) = try couple(server)
        _ = try ah.lines("routine add gym every day")
        _ = try ah.lines("routine add plants every sunday for both")
        _ = try ah.lines("routine done gym")
        _ = try ah.lines("clock advance 1d")
        _ = try ah.lines("routine skip gym")
        _ = try ah.lines("clock advance 2d")
        #expect(try ah.lines("routine done gym") == ["✓ \"gym\" done for Wed 25 Nov. Streak: 1."])
        let list = try ah.lines("routines")
        #expect(
            list == [
                "Due today (Wed 25 Nov):",
                "  [x] gym — every day — streak 1, 67% done — ----------■·□■",
                "Not due today:",
                "      plants — every Sunday, for both — streak 0, 0% done — ----------□---",
                "■ done  □ missed  · skipped  - not due  ○ due today",
            ])
        _ = try bh.lines("kim")  // drain the live events alice's changes sent to bob's human session
        let liste = try bh.lines("rutinler")
        #expect(
            liste == [
                "Bugün yapılacaklar (Çar 25 Kas):",
                "  [x] gym — her gün, alice için — seri 1, %67 yapıldı — ----------■·□■",
                "Bugün olmayanlar:",
                "      plants — her pazar, ikimiz için — seri 0, %0 yapıldı — ----------□---",
                "■ yapıldı  □ kaçırıldı  · atlandı  - gün değil  ○ bugün yapılacak",
            ])
        let stats = try ah.lines("routine stats gym")
        #expect(
            stats == [
                "\"gym\" — every day, for alice",
                "Current streak: 1 · longest: 1 · done: 2 · completion (last 30 due): 67% (2 of 3)",
                "Last 30 days: --------------------------■·□■",
                "■ done  □ missed  · skipped  - not due  ○ due today",
            ])
        let istatistik = try bh.lines("rutin istatistik plants")
        #expect(
            istatistik == [
                "\"plants\" — her pazar, ikimiz için",
                "Şu anki seri: 0 · en uzun: 0 · yapılan: 0 · tamamlama (son 30 gün): %0 (1 içinden 0)",
                "Son 30 gün: --------------------------□---",
                "■ yapıldı  □ kaçırıldı  · atlandı  - gün değil  ○ bugün yapılacak",
            ])
    }

    @Test("marking a day that is not due says when it is; one mark per day; undo")
    func dueRules() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("routine add rent every month on the 1st")
        let notDue = try alice.json("routine done rent")
        #expect(notDue.code == "error.routine_not_due")
        #expect(notDue.data["next"] as? String == "2026-12-01")
        #expect(notDue.text == "\"rent\" is not due on Sun 22 Nov: it is every month on the 1st. Next due: Tue 1 Dec.")
        try alice.ok("routine add gym every mon, wed and fri")
        #expect(try alice.json("routine done gym").code == "error.routine_not_due")
        try alice.ok("clock advance 1d")
        try alice.ok("routine done gym")
        #expect(try alice.json("routine done gym").code == "error.routine_already_marked")
        #expect(try alice.json("routine skip gym monday").code == "error.routine_already_marked")
        // last Wednesday: before the start
        #expect(try alice.json("routine done gym wednesday").code == "error.routine_not_due")
        #expect(try alice.json("routine done gym 2026-11-25").code == "error.routine_future")
        try alice.ok("routine skip gym 2026-11-25")
        try alice.ok("routine undo gym")
        try alice.ok("routine undo gym")
        #expect(try alice.json("routine undo gym").code == "error.not_found")
        try alice.ok("routine pause gym")
        #expect(try alice.json("routine done gym").code == "error.routine_paused")
        try alice.ok("routine resume gym")
        try alice.ok("routine done gym")
        // A name ending in date words is the routine's name when one is called that.
        try alice.ok("routine add call mum sunday every day")
        #expect(try alice.ok("routine done call mum sunday").code == "routine.done")
        #expect(try alice.json("routine done call mum sunday").code == "error.routine_already_marked")
    }

    @Test("a routine with a time reminds its assignee once per due day, not when already done")
    func reminders() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("routine add gym every day at 9:30am")
        _ = try bob.event()  // routine.added
        try alice.ok("clock advance 31m")
        let reminder = try alice.event()
        #expect(reminder.event == "reminder.due")
        #expect(reminder.text == "⏰ Time for \"gym\". Answer \"routine done gym\" when it is done.")
        #expect((reminder.data["kind"] as? String) == "routine")
        try alice.ok("clock advance 10m")
        #expect(try alice.isQuiet(for: 0.3))
        #expect(try bob.isQuiet(for: 0.1))
        // Monday: done before 09:30, so no reminder that day.
        try alice.ok("clock set 2026-11-23T08:00:00Z")
        try alice.ok("routine done gym")
        _ = try bob.event()  // routine.done
        try alice.ok("clock advance 2h")
        #expect(try alice.isQuiet(for: 0.3))
        // Tuesday it reminds again.
        try alice.ok("clock set 2026-11-24T09:31:00Z")
        #expect(try alice.event().event == "reminder.due")
        // It is also in the inbox (read, since alice was online).
        let inbox = try alice.ok("inbox").data["notifications"] as? [[String: Any]] ?? []
        #expect(inbox.filter { ($0["text"] as? String)?.contains("Time for") == true }.count == 2)
    }

    @Test("export carries routines with schedule, occurrences, stats and notes")
    func export() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("routine add gym every mon, wed and fri at 7am for bob")
        _ = try bob.event()
        try alice.ok("clock advance 1d")
        try bob.ok("routine done gym")
        _ = try alice.event()
        try alice.ok("note routine gym: new shoes")
        let noted = try bob.event()
        #expect(noted.event == "routine.noted")
        #expect(noted.text == "alice added a note to the routine \"gym\": new shoes")
        let data = try alice.ok("export").data
        let routine = try #require((data["routines"] as? [[String: Any]])?.first)
        #expect(routine["name"] as? String == "gym")
        #expect(routine["assignee"] as? String == "bob")
        #expect(routine["paused"] as? Bool == false)
        let schedule = routine["schedule"] as? [String: Any]
        #expect(schedule?["freq"] as? String == "weekly")
        #expect(schedule?["interval"] as? Int == 1)
        #expect(schedule?["weekdays"] as? [Int] == [1, 3, 5])
        #expect(schedule?["time"] as? String == "07:00")
        let occurrences = routine["occurrences"] as? [[String: Any]] ?? []
        #expect(occurrences.count == 1)
        #expect(occurrences.first?["date"] as? String == "2026-11-23")
        #expect(occurrences.first?["state"] as? String == "done")
        #expect(occurrences.first?["by"] as? String == "bob")
        let stats = routine["stats"] as? [String: Any]
        #expect(stats?["current_streak"] as? Int == 1)
        #expect(stats?["longest_streak"] as? Int == 1)
        #expect(stats?["total_completed"] as? Int == 1)
        #expect(stats?["completion_rate"] as? Int == 100)
        let notes = routine["notes"] as? [[String: Any]] ?? []
        #expect(notes.first?["author"] as? String == "alice")
        #expect(notes.first?["text"] as? String == "new shoes")
        #expect(notes.first?["at"] as? String == "2026-11-23T09:00:00Z")
    }
}
