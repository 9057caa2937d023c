// Unit tests of the 1-3-5 day plan: capacity, ordering, statuses, the backlog and the midnight rollover
// (idempotence, DST days, a zone change, a restart in the middle).

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore

@testable import TwoDoFeatures

@Suite("Day plan handler")
struct PlanHandlerTests {
    /// A couple with `count` tasks `t1 … tN` in the default list, numbered by a `show`.
    private func couple(tasks count: Int) throws -> (HandlerHarness, (User, Session), (User, Session)) {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        for i in 1...count { try h.run("add t\(i)", as: alice.1) }
        try h.run("show", as: alice.1)
        return (h, alice, bob)
    }

    /// Runs the timer the way the loop does: in a savepoint, when its head is due.
    @discardableResult
    private func fire(_ h: HandlerHarness) throws -> [Outcome] {
        try h.store.savepoint { try h.handlers.fireDueReminders() }
    }

    @Test("buckets hold 1, 3 and 5 per region; a full bucket says what fills it and what is free")
    func capacity() throws {
        let (h, alice, _) = try couple(tasks: 8)
        #expect(try h.run("plan 1 morning must", as: alice.1).reply.code == .planPlanned)
        let full = try h.run("plan 2 morning must", as: alice.1).reply
        #expect(full.code == .errorPlanFull)
        #expect(
            full.lines[0]
                == "The morning's must is full (\"t1\"). Complementary has 3 free, misc has 5 free; or move one of them first."
        )
        for n in 2...4 { #expect(try h.run("plan \(n) morning complementary", as: alice.1).reply.ok) }
        #expect(try h.run("plan 5 morning medium", as: alice.1).reply.code == .errorPlanFull)
        // Another region, another day: room again.
        #expect(try h.run("plan 5 evening must", as: alice.1).reply.ok)
        #expect(try h.run("plan 6 morning must tomorrow", as: alice.1).reply.ok)
        // Moving the must task out frees its slot.
        #expect(try h.run("plan 1 afternoon", as: alice.1).reply.ok)
        #expect(try h.run("plan 7 morning must", as: alice.1).reply.ok)
        // A done task still fills its slot (the day's limit), and cannot be planned again.
        try h.run("done 7", as: alice.1)
        #expect(try h.run("plan 8 morning must", as: alice.1).reply.code == .errorPlanFull)
        #expect(try h.run("plan 7 evening", as: alice.1).reply.code == .errorAlreadyDone)
        // Turkish wording.
        try h.run("lang tr", as: alice.1)
        let tr = try h.run("planla 8 sabah şart", as: alice.1).reply
        #expect(tr.lines[0].hasPrefix("sabah planında şart kısmı dolu (\"t7\")."))
    }

    @Test("the board: regions, buckets, free slots, marks and progress, numbered for done and start")
    func board() throws {
        let (h, alice, bob) = try couple(tasks: 4)
        try h.run("plan 1 morning must", as: alice.1)
        try h.run("plan 2 morning", as: alice.1)
        try h.run("plan 3 evening complementary", as: alice.1)
        let board = try h.run("plan", as: alice.1).reply
        #expect(
            board.lines == [
                "Your plan for Mon 23 Nov (today): 0 of 3 done ░░░",
                "Morning: 0 of 2 done ░░",
                "  must: full",
                "    1. [ ] t1",
                "  complementary: 3 free",
                "  misc: 4 free",
                "    2. [ ] t2",
                "Afternoon: nothing planned (9 free)",
                "Evening: 0 of 1 done ░",
                "  must: 1 free",
                "  complementary: 2 free",
                "    3. [ ] t3",
                "  misc: 5 free",
            ])
        // Board numbers drive done and start.
        #expect(try h.run("done 1", as: alice.1).reply.code == .taskCompleted)
        try h.run("plan", as: alice.1)
        #expect(try h.run("start 3", as: alice.1).reply.code == .planStarted)
        let after = try h.run("plan", as: alice.1).reply
        #expect(after.lines[0] == "Your plan for Mon 23 Nov (today): 1 of 3 done ▓░░")
        #expect(after.lines.contains("    1. [x] t1"))
        #expect(after.lines.contains("    3. [~] t3"))
        // The partner's board, in Turkish.
        try h.run("lang tr", as: bob.1)
        let seen = try h.run("plan alice", as: bob.1).reply
        #expect(seen.lines[0] == "alice için Pzt 23 Kas (bugün) planı: 3 işten 1 tanesi bitti ▓░░")
        #expect(seen.lines.contains("Sabah: 2 işten 1 tanesi bitti ▓░"))
        #expect(seen.lines.contains("Öğleden sonra: boş (9 yer var)"))
        // Planning the partner's task is refused.
        #expect(try h.run("planla 2 akşam", as: bob.1).reply.code == .errorPlanTaken)
    }

    @Test("reordering inside a bucket: first, last, before; across buckets is refused")
    func reorder() throws {
        let (h, alice, _) = try couple(tasks: 4)
        for n in 1...3 { try h.run("plan \(n) morning", as: alice.1) }
        try h.run("plan 4 morning must", as: alice.1)
        let order = { () throws -> [String] in
            try h.run("plan", as: alice.1).reply.lines.filter { $0.hasPrefix("    ") }
        }
        #expect(try h.run("plan t3 first", as: alice.1).reply.code == .planReordered)
        #expect(try order() == ["    1. [ ] t4", "    2. [ ] t3", "    3. [ ] t1", "    4. [ ] t2"])
        #expect(try h.run("plan t3 last", as: alice.1).reply.ok)
        #expect(try order() == ["    1. [ ] t4", "    2. [ ] t1", "    3. [ ] t2", "    4. [ ] t3"])
        #expect(
            try h.run("plan t3 before t1", as: alice.1).reply.lines == ["\"t3\" is now number 1 of the morning's misc."]
        )
        #expect(try order() == ["    1. [ ] t4", "    2. [ ] t3", "    3. [ ] t1", "    4. [ ] t2"])
        #expect(try h.run("plan t3 before t4", as: alice.1).reply.code == .errorPlanOtherBucket)
    }

    @Test("statuses: start plans an unplanned task into the current region; defer, unplan, backlog, undo")
    func statuses() throws {
        let (h, alice, bob) = try couple(tasks: 3)
        // 09:00 UTC: the morning.
        #expect(try h.run("start 1", as: alice.1).reply.lines == ["Started \"t1\" and put it in the morning (misc)."])
        #expect(try h.run("start t1", as: alice.1).reply.code == .errorPlanAlreadyStarted)
        try h.run("plan 2 evening", as: alice.1)
        #expect(try h.run("defer t2", as: alice.1).reply.code == .planDeferred)
        #expect(try h.run("defer t2", as: alice.1).reply.code == .errorPlanAlreadyDeferred)
        #expect(try h.run("defer t3", as: alice.1).reply.ok)  // an unplanned task goes straight to the backlog
        let backlog = try h.run("backlog", as: alice.1).reply
        #expect(backlog.lines[0] == "Your backlog: 2 tasks waiting.")
        #expect(backlog.lines[1] == "Today")
        #expect(backlog.lines[2].hasPrefix("  1. [»] t3"))
        // Backlog numbers plan from the backlog.
        #expect(try h.run("plan 1 afternoon", as: alice.1).reply.code == .planPlanned)
        #expect(try h.run("backlog", as: alice.1).reply.lines[0] == "Your backlog: 1 task waiting.")
        // show marks statuses and who planned for when.
        let show = try h.run("show", as: bob.1).reply.lines
        #expect(show.contains { $0.hasPrefix("  1. [~] t1") && $0.contains("alice's plan: Mon 23 Nov, morning") })
        // A deferred task is planned for no day: it says whose backlog it waits in.
        #expect(
            show.contains { $0.hasPrefix("  2. [»] t2") && $0.contains("in alice's backlog") && !$0.contains("plan:") })
        #expect(try h.run("unplan t1", as: alice.1).reply.code == .planUnplanned)
        #expect(try h.run("unplan t1", as: alice.1).reply.code == .errorPlanNotPlanned)
        // Undo puts it back on the board.
        #expect(try h.run("undo", as: alice.1).reply.code == .changeUndone)
        #expect(try h.run("plan", as: alice.1).reply.lines.contains("    1. [~] t1"))
        // A past day cannot be planned.
        #expect(try h.run("plan t1 morning 1 Nov 2026", as: alice.1).reply.code == .errorPlanPastDay)
    }

    @Test("plan add creates a task in the default list, planned, and tells the partner in their language")
    func planAdd() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("lang tr", as: bob.1)
        let o = try h.run("plan add write essay morning must", as: alice.1)
        #expect(o.reply.code == .planAdded)
        #expect(o.reply.lines == ["Planned \"write essay\" for the morning (must)."])
        let event = try #require(o.events.first { $0.name == .planPlanned })
        #expect(
            event.render(lang: .tr, tz: "UTC", json: false)
                == "alice, \"write essay\" işini sabah için planladı (şart).")
        #expect(
            event.render(lang: .en, tz: "UTC", json: false) == "alice planned \"write essay\" for the morning (must).")
        let later = try h.run("plan add pay rent evening tomorrow", as: alice.1)
        #expect(later.reply.lines == ["Planned \"pay rent\" for the evening of Tue 24 Nov (tomorrow) (misc)."])
    }

    @Test("rollover at local midnight: once, counted, idempotent, done tasks stay, told live or in the inbox")
    func rollover() throws {
        let (h, alice, bob) = try couple(tasks: 4)
        try h.run("plan 1 morning must", as: alice.1)
        try h.run("plan 2 morning", as: alice.1)
        try h.run("plan 3 evening", as: alice.1)
        try h.run("plan 4 evening tomorrow", as: alice.1)
        try h.run("done t3", as: alice.1)
        #expect(try h.handlers.nextReminderTime() == 1_795_478_400)  // 2026-11-24 00:00 UTC
        #expect(try fire(h).isEmpty)
        h.handlers.clock.set(1_795_478_400)
        h.presence.offline = [alice.0.id]
        #expect(try fire(h).isEmpty)  // nobody online: the inbox has it
        #expect(try h.store.unreadCount(for: alice.0.id) == 1)
        // Twice is safe: nothing more moves, nobody is told again.
        #expect(try fire(h).isEmpty)
        #expect(try h.store.unreadCount(for: alice.0.id) == 1)
        h.presence.offline = []
        let inbox = try h.run("inbox", as: alice.1).reply.lines
        #expect(inbox.contains { $0.contains("2 unfinished tasks from yesterday moved to your backlog.") })
        let backlog = try h.run("backlog", as: alice.1).reply.lines
        #expect(backlog[0] == "Your backlog: 2 tasks waiting.")
        // The next head is tomorrow's entry's midnight.
        #expect(try h.handlers.nextReminderTime() == Int64(1_795_564_800))
        // The done task stays on yesterday's board, done.
        #expect(try h.run("plan yesterday", as: alice.1).reply.lines.contains("    1. [x] t3"))
        _ = bob
    }

    @Test("a restart in the middle: a rolled-back rollover runs again whole, once")
    func restartInTheMiddle() throws {
        let (h, alice, _) = try couple(tasks: 2)
        try h.run("plan 1 morning", as: alice.1)
        try h.run("plan 2 evening", as: alice.1)
        h.handlers.clock.set(1_795_478_400)
        struct Crash: Error {}
        #expect(throws: Crash.self) {
            try h.store.savepoint {
                _ = try h.handlers.fireDueReminders()
                throw Crash()
            }
        }
        #expect(try h.store.backlogCount(of: alice.0.id) == 0)
        #expect(try h.store.unreadCount(for: alice.0.id) == 0)
        let told = try fire(h)
        #expect(told.count == 1)
        #expect(told.first?.rawLines == ["2 unfinished tasks from yesterday moved to your backlog."])
        #expect(try h.store.backlogCount(of: alice.0.id) == 2)
        #expect(try fire(h).isEmpty)
    }

    @Test(
        "DST days: the rollover comes at the local midnight after a 25-hour day",
        arguments: [
            // America/New_York, 2026-11-01 (clocks back at 06:00 UTC): the day ends at 05:00 UTC on the 2nd.
            ("America/New_York", Int64(1_793_534_400), Int64(1_793_595_600)),
            // Europe/Berlin, 2026-10-25 (clocks back at 01:00 UTC): the day ends at 23:00 UTC.
            ("Europe/Berlin", Int64(1_792_929_600), Int64(1_792_969_200)),
        ])
    func dstDays(zone: String, noon: Int64, midnight: Int64) throws {
        let (h, alice, _) = try couple(tasks: 1)
        try h.run("tz \(zone)", as: alice.1)
        h.handlers.clock.set(noon)
        try h.run("plan 1 evening", as: alice.1)
        #expect(try h.handlers.nextReminderTime() == midnight)
        h.handlers.clock.set(midnight - 1)
        #expect(try fire(h).isEmpty)
        #expect(try h.store.backlogCount(of: alice.0.id) == 0)
        h.handlers.clock.set(midnight)
        #expect(try fire(h).count == 1)
        #expect(try h.store.backlogCount(of: alice.0.id) == 1)
    }

    @Test("a zone change mid-day moves the rollover to the new zone's midnight")
    func zoneChange() throws {
        let (h, alice, _) = try couple(tasks: 1)
        try h.run("tz Europe/Istanbul", as: alice.1)
        try h.run("plan 1 morning", as: alice.1)
        #expect(try h.handlers.nextReminderTime() == 1_795_467_600)  // 24 Nov 00:00 in Istanbul
        try h.run("tz America/New_York", as: alice.1)
        #expect(try h.handlers.nextReminderTime() == 1_795_496_400)  // 24 Nov 00:00 in New York
        h.handlers.clock.set(1_795_467_600)
        #expect(try fire(h).isEmpty)
        h.handlers.clock.set(1_795_496_400)
        #expect(try fire(h).count == 1)
    }

    @Test("JSON: the board as data, and every task carries its plan entry or null")
    func json() throws {
        let (h, alice, _) = try couple(tasks: 2)
        try h.run("plan 1 afternoon complementary", as: alice.1)
        alice.1.json = true
        let board = try h.run("plan", as: alice.1).reply
        let text = try #require(board.data).serialized
        #expect(text.contains(#""user":"alice","date":"2026-11-23","today":true,"done":0,"total":1"#))
        #expect(text.contains(#""bucket":"complementary","capacity":3,"free":2"#))
        #expect(
            text.contains(
                #""plan":{"user":"alice","date":"2026-11-23","region":"afternoon","bucket":"complementary","position":1,"status":"todo","deferred_at":null}"#
            ))
        let show = try #require(try h.run("show", as: alice.1).reply.data).serialized
        #expect(show.contains(#""plan":null"#))
    }

    @Test("attacks: another couple's task, huge and invisible input, a reference to nothing")
    func attacks() throws {
        let (h, alice, _) = try couple(tasks: 1)
        let (carol, _) = try h.user("carol")
        let carolSession = try #require(h.presence.sessionsByUser[carol.id]?.first)
        try h.run("add secret", as: carolSession)
        let id = try #require(try h.store.tasks(matching: "secret", in: carol.space).first?.id)
        #expect(try h.run("plan id:\(id.rawValue) morning", as: alice.1).reply.code == .errorNotFound)
        #expect(try h.run("start id:\(id.rawValue)", as: alice.1).reply.code == .errorNotFound)
        #expect(try h.run("plan 99 morning", as: alice.1).reply.code == .errorNoSuchRow)
        let huge = String(repeating: "x", count: 3000)
        #expect(try h.run("plan add \(huge) morning", as: alice.1).reply.code == .errorTitleTooLong)
        #expect(try h.run("plan add a\u{200B}b morning", as: alice.1).reply.ok == false)
        #expect(try h.run("plan \(huge)", as: alice.1).reply.code == .errorUsage)
        #expect(try h.run("backlog page 99", as: alice.1).reply.code == .errorPageRange)
    }

    @Test("plan morning shows that region alone, its rows numbered as on the whole board")
    func oneRegion() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("plan add call mom morning must", as: alice.1)
        try h.run("plan add water plants evening", as: alice.1)
        try h.run("plan add pay rent morning", as: alice.1)
        let whole = try h.run("plan", as: alice.1).reply.lines
        let evening = try h.run("plan evening", as: alice.1).reply.lines
        #expect(evening.contains { $0.contains("water plants") }, "\(evening)")
        #expect(!evening.contains { $0.contains("call mom") || $0.contains("pay rent") }, "\(evening)")
        // The same number as on the whole board, so `start 3` means the same row after either.
        let row = try #require(evening.first { $0.contains("water plants") })
        #expect(whole.contains(row), "\(whole) vs \(row)")
        let sabah = try h.run("plan sabah", as: alice.1).reply.lines
        #expect(sabah.contains { $0.contains("call mom") } && !sabah.contains { $0.contains("water plants") })
    }
}
