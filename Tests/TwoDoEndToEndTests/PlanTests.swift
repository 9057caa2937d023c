// End to end: the 1-3-5 day plan over TCP — two partners in two zones and two languages plan their days, see
// each other's planning live, hit the capacity, start and defer, and find yesterday's unfinished tasks in their
// backlog after their own midnight (test clock), across a restart.

import Foundation
import Testing

@Suite("Day plan over TCP", .serialized, .timeLimit(.minutes(2)))
struct PlanTests {
    @Test("plan, capacity, live events in the reader's language, start, the partner's board, reorder")
    func planning() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Istanbul")
        try bob.ok("tz America/New_York")
        try bob.ok("lang tr")
        let added = try alice.ok("plan add write essay morning must")
        #expect(added.code == "plan.added")
        #expect((added.data["plan"] as? JSONObject)?["bucket"] as? String == "must")
        let planned = try bob.event()
        #expect(planned.event == "plan.planned")
        #expect(planned.text == "alice, \"write essay\" işini sabah için planladı (şart).")
        // The must slot holds one task.
        let full = try alice.json("plan add call mom morning must")
        #expect(full.code == "error.plan_full")
        #expect(full.text.contains("\"write essay\""))
        #expect(full.text.contains("Complementary has 3 free"))
        try alice.ok("plan add call mom morning")
        _ = try bob.event()
        // Bob plans his own day in Turkish; Alice reads it in English.
        #expect(try bob.ok("plan ekle koşu akşam şart").code == "plan.added")
        #expect(try alice.event().text == "bob planned \"koşu\" for the evening (must).")
        // Each sees the other's day.
        let hers = try bob.ok("plan alice")
        #expect(hers.data["user"] as? String == "alice")
        #expect(hers.data["total"] as? Int == 2)
        // Numbers of the board drive start and done.
        try alice.ok("plan")
        let started = try alice.ok("start 2")
        #expect(started.code == "plan.started")
        #expect(try bob.event().text == "alice, \"call mom\" işine başladı.")
        #expect(try alice.ok("done 1").code == "task.completed")
        _ = try bob.event()
        // Bob cannot plan Alice's task.
        #expect(try bob.json("planla \"call mom\" akşam").code == "error.plan_taken")
        // Reorder inside a bucket is live too.
        try alice.ok("plan add buy stamps morning")
        _ = try bob.event()
        let moved = try alice.ok("plan \"buy stamps\" first")
        #expect(moved.code == "plan.reordered")
        #expect(try bob.event().event == "plan.reordered")
    }

    @Test("the board and backlog pictures, line by line, in English and Turkish")
    func pictures() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("plan add write essay morning must")
        try alice.ok("plan add call mom morning complementary")
        try alice.ok("plan add pay rent evening")
        try alice.ok("done write essay")
        let en = try server.login("alice", json: false)
        #expect(
            try en.lines("plan") == [
                "Your plan for Sun 22 Nov (today): 1 of 3 done ▓░░",
                "Morning: 1 of 2 done ▓░",
                "  must: full",
                "    1. [x] write essay",
                "  complementary: 2 free",
                "    2. [ ] call mom",
                "  misc: 5 free",
                "Afternoon: nothing planned (9 free)",
                "Evening: 0 of 1 done ░",
                "  must: 1 free",
                "  complementary: 3 free",
                "  misc: 4 free",
                "    3. [ ] pay rent",
            ])
        let tr = try server.login("bob", json: false)
        #expect(
            try tr.lines("plan alice") == [
                "alice için Paz 22 Kas (bugün) planı: 3 işten 1 tanesi bitti ▓░░",
                "Sabah: 2 işten 1 tanesi bitti ▓░",
                "  şart: dolu",
                "    1. [x] write essay",
                "  tamamlayıcı: 2 yer boş",
                "    2. [ ] call mom",
                "  ufak: 5 yer boş",
                "Öğleden sonra: boş (9 yer var)",
                "Akşam: 1 işten 0 tanesi bitti ░",
                "  şart: 1 yer boş",
                "  tamamlayıcı: 3 yer boş",
                "  ufak: 4 yer boş",
                "    3. [ ] pay rent",
            ])
        #expect(
            try tr.lines("plan") == [
                "Paz 22 Kas (bugün) için henüz bir plan yok. \"planla <#numara|kelimeler> sabah\" ya da \"plan ekle <başlık> akşam şart\" yazın."
            ])
        // show marks statuses.
        #expect(try en.lines("start 2") == ["Started \"call mom\": in progress."])
        let show = try en.lines("show")
        #expect(show.contains { $0.hasPrefix("  1. [~] call mom") && $0.contains("alice's plan: Sun 22 Nov, morning") })
        #expect(try en.lines("defer 2") == ["Moved \"pay rent\" to your backlog."])
        #expect(
            try en.lines("backlog") == [
                "Your backlog: 1 task waiting.", "Today", "  1. [»] pay rent — planned for Sun 22 Nov, evening",
            ])
        // Bob's human session heard Alice's start and defer live, in Turkish, before his own reply.
        #expect(
            try tr.lines("bekleyenler") == [
                "alice, \"call mom\" işine başladı.", "alice, \"pay rent\" işini sonraya bıraktı.",
                "Bekleyen işiniz yok.",
            ])
    }

    @Test("rollover at each person's own midnight, counted, live or at the next login; backlog triage; restart")
    func rollover() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("tz Europe/Istanbul")  // UTC+3: midnight at 21:00 UTC
        try bob.ok("tz America/New_York")  // UTC-5: midnight at 05:00 UTC
        try bob.ok("lang tr")
        try alice.ok("plan add write essay morning must")
        try alice.ok("plan add call mom evening")
        try alice.ok("plan add water plants evening")
        try alice.ok("done water plants")
        for _ in 0..<4 { _ = try bob.event() }
        try bob.ok("plan ekle koşu akşam")
        _ = try alice.event()
        // 20:59 UTC: nobody's midnight yet.
        try alice.ok("clock set 2026-11-22T20:59:00Z")
        #expect(try alice.isQuiet(for: 0.3))
        // 21:00 UTC: Alice's midnight; Bob hears nothing (his is at 05:00).
        try alice.ok("clock set 2026-11-22T21:00:00Z")
        let told = try alice.event()
        #expect(told.event == "plan.rolled_over")
        #expect(told.text == "2 unfinished tasks from yesterday moved to your backlog.")
        #expect(told.data["count"] as? Int == 2)
        #expect(try bob.isQuiet(for: 0.3))
        // Once only: time moving on tells her nothing more.
        try alice.ok("clock advance 1h")
        #expect(try alice.isQuiet(for: 0.3))
        // Bob is offline at his midnight: he is told at the next login, and the inbox keeps it.
        try bob.send("quit")
        _ = bob.isClosedByServer(within: 2)
        try alice.ok("clock set 2026-11-23T05:00:00Z")
        let bobAgain = try server.login("bob")
        let inbox = try bobAgain.ok("bildirimler")
        #expect(inbox.text.contains("Dünden kalan 1 bitmemiş iş bekleyenlere taşındı."))
        // Alice triages her backlog, newest first, grouped.
        let backlog = try alice.ok("backlog")
        #expect(backlog.code == "plan.backlog")
        let rows = backlog.data["tasks"] as? [JSONObject] ?? []
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0["group"] as? String == "today" })
        #expect(rows.allSatisfy { ($0["plan"] as? JSONObject)?["status"] as? String == "deferred" })
        let replanned = try alice.ok("plan 1 afternoon")
        #expect((replanned.data["plan"] as? JSONObject)?["date"] as? String == "2026-11-23")
        #expect(try alice.ok("delete 2").code == "task.deleted")
        #expect((try alice.ok("backlog").data["tasks"] as? [JSONObject])?.isEmpty == true)
        // Restart: the plan survives, and nothing rolls over twice.
        server.stop()
        let again = try server.startAgain(testClock: "2026-11-23T06:00:00Z")
        let alice2 = try again.login("alice")
        let board = try alice2.ok("plan")
        #expect(board.data["total"] as? Int == 1)
        #expect(try alice2.isQuiet(for: 0.3))
        #expect(try alice2.ok("inbox").text.contains("2 unfinished tasks from yesterday"))
        _ = bobAgain
    }

    @Test("attacks: another couple's ids, a partner's task, past days, junk and invisible text")
    func attacks() throws {
        let server = try TestServer()
        let (alice, _) = try server.couple()
        let carol = try server.user("carol")
        let secret = try carol.ok("add secret")
        let id = secret.data["id"] as? Int ?? 0
        #expect(try alice.json("plan id:\(id) morning").code == "error.not_found")
        #expect(try alice.json("start id:\(id)").code == "error.not_found")
        #expect(try alice.json("defer id:\(id)").code == "error.not_found")
        #expect(try alice.json("plan add x morning 1 Jan 2020").code == "error.plan_past_day")
        #expect(try alice.json("plan add x morning Feb 30").code == "error.bad_date")
        #expect(try alice.json("plan \(String(repeating: "ab ", count: 1000)) morning").code == "error.not_found")
        #expect(try alice.json("plan add a\u{202E}b morning").ok == false)
        #expect(try carol.json("plan alice").code == "error.usage")  // not her partner: no such board
    }
}
