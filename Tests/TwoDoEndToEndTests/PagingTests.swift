// End to end: every listing is paged (50 rows, `more`/`devamı`, `page N`/`sayfa N`) and spaces have limits.

import Foundation
import Testing

@Suite("Paging and space limits over TCP", .serialized, .timeLimit(.minutes(2)))
struct PagingTests {
    /// Sends `lines` in one write and reads one JSON reply per line (events in between are skipped).
    @discardableResult
    static func pipeline(_ c: LineClient, _ lines: [String]) throws -> [JSONObject] {
        try c.send(bytes: Array(lines.map { $0 + "\n" }.joined().utf8))
        var replies: [JSONObject] = []
        while replies.count < lines.count {
            let object = try c.readJSON(timeout: 30)
            if object["type"] as? String == "reply" { replies.append(object) }
        }
        return replies
    }

    /// `count` tasks `task 001` … added to `list` in one pipelined write; every add must succeed.
    static func seed(
        _ c: LineClient, _ count: Int, prefix: String = "task", to list: String? = nil, extra: String = ""
    ) throws {
        let lines = (1...count).map { n in
            "add \(prefix) \(String(format: "%03d", n))" + (list.map { " to \($0)" } ?? "") + extra
        }
        let replies = try pipeline(c, lines)
        #expect(replies.allSatisfy { $0.ok == true }, "seeding failed: \(replies.first { $0.ok != true } ?? [:])")
    }

    /// A human-mode connection of an existing user, with the whole login reply read.
    static func human(_ server: TestServer, _ name: String) throws -> LineClient {
        let c = try server.connect()
        _ = try c.lines("login \(name) \(TestServer.password(name))")
        return c
    }

    /// The titles of a `show` or view reply, in order, with their numbers.
    static func rows(_ reply: JSONObject, _ key: String = "tasks") -> [(Int, String)] {
        (reply.data[key] as? [JSONObject] ?? []).map { ($0["n"] as? Int ?? -1, $0["title"] as? String ?? "") }
    }

    /// The numbered task lines of a human reply (`  51. [ ] task 051 …`).
    static func numbered(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true && $0.contains(". [") }
    }

    @Test(
        "show answers 50 rows and a footer; more continues with 51-100 and numbering; done 75 on page 2 hits task 075")
    func showAndMoreInEnglish() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("list add Groceries")
        _ = try bob.event()
        try Self.seed(alice, 120, to: "Groceries")
        for _ in 0..<120 { #expect(try bob.event().event == "task.added") }
        let ah = try Self.human(server, "alice")

        let first = try ah.lines("show groceries")
        let firstRows = Self.numbered(first)
        #expect(firstRows.count == 50)
        #expect(firstRows.first?.hasPrefix("  1. [ ] task 001") == true)
        #expect(firstRows.last?.hasPrefix("  50. [ ] task 050") == true)
        #expect(first.last == "… 70 more (page 1 of 3): type \"more\"")

        let second = try ah.lines("more")
        let secondRows = Self.numbered(second)
        #expect(secondRows.count == 50)
        #expect(secondRows.first?.hasPrefix("  51. [ ] task 051") == true)
        #expect(secondRows.last?.hasPrefix("  100. [ ] task 100") == true)
        #expect(second.last == "… 20 more (page 2 of 3): type \"more\"")

        // `done 75` refers to the row shown on page 2; the partner is told which task it was.
        let done = try ah.lines("done 75")
        #expect(done.first?.contains("task 075") == true)
        let event = try bob.event()
        #expect(event.event == "task.completed")
        #expect(event.data["title"] as? String == "task 075")

        // `more` reads on by key after task 100: tasks 101–120, then 075, done now and so last in the list.
        // (By offset, page 3 began at task 102: 075 leaving the open rows shifted 101 onto page 2.)
        let third = try ah.lines("more")
        #expect(Self.numbered(third).count == 21)
        #expect(Self.numbered(third).first?.hasPrefix("  101. [ ] task 101") == true)
        #expect(Self.numbered(third).last?.hasPrefix("  121. [x] task 075") == true)
        #expect(third.last == "(page 3 of 3, the last)")
        let end = try ah.lines("more")
        #expect(end == ["That was the last page (3 of 3). Nothing more to show."])

        // A number means a row of the page shown last: row 110 is on page 3, not on the page 1 shown now, so it
        // is refused (it used to act on whatever row 110 was by then: task 111, since 075 had moved last).
        _ = try ah.lines("show groceries")
        #expect(try ah.lines("done 110") == ["No row 110 in your last list — type \"show\"."])
        #expect(try bob.isQuiet(for: 0.3), "nothing changed, nobody is told")
    }

    @Test("Turkish: 50 rows, the footer, devamı, göster … sayfa N, and the end and nothing-to-continue errors")
    func showAndMoreInTurkish() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try bob.ok("lang tr")
        try alice.ok("list add Market")
        try Self.seed(alice, 120, to: "Market")
        let bh = try Self.human(server, "bob")
        #expect(
            try bh.lines("devamı") == [
                "Devam edecek bir liste yok: \"devamı\" son listenizin (göster, ajanda, bildirimler, etkinlikler …) sonraki sayfasını gösterir."
            ])
        let first = try bh.lines("marketi göster")
        #expect(Self.numbered(first).count == 50)
        #expect(first.last == "… 70 tane daha (sayfa 1/3): \"devamı\" yazın")
        let second = try bh.lines("devamı")
        #expect(Self.numbered(second).first?.hasPrefix("  51. [ ] task 051") == true)
        #expect(second.last == "… 20 tane daha (sayfa 2/3): \"devamı\" yazın")
        let third = try bh.lines("market listesini göster sayfa 3")
        #expect(Self.numbered(third).count == 20)
        #expect(third.last == "(sayfa 3/3, son sayfa)")
        #expect(try bh.lines("sonraki") == ["Son sayfadaydınız (3/3). Gösterilecek başka bir şey yok."])
        #expect(try bh.lines("göster market sayfa 4") == ["4. sayfa yok: bu listede 3 sayfa var."])
        let bad = try bh.lines("göster market sayfa 0")
        #expect(bad.count == 1 && bad[0].contains("0"))
        // `#n` works on the page shown in Turkish too.
        _ = try bh.lines("göster market 2. sayfa")
        #expect(try bh.lines("#60 bitti").first?.contains("task 060") == true)
    }

    @Test("JSON: data.page, data.pages, data.total; page N jumps; bad and huge page numbers get clear errors")
    func jsonFieldsAndPageNumbers() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("list add Groceries")
        try Self.seed(alice, 120, to: "Groceries")

        let first = try alice.ok("show groceries")
        #expect(first.data["page"] as? Int == 1)
        #expect(first.data["pages"] as? Int == 3)
        #expect(first.data["total"] as? Int == 120)
        #expect(Self.rows(first).count == 50)
        #expect(Self.rows(first).first! == (1, "task 001"))

        let third = try alice.ok("show groceries page 3")
        #expect(third.data["page"] as? Int == 3)
        #expect(Self.rows(third).count == 20)
        #expect(Self.rows(third).first! == (101, "task 101"))
        #expect(Self.rows(third).last! == (120, "task 120"))
        let end = try alice.json("more")
        #expect(end.code == "error.no_more_pages")
        #expect(end.data["pages"] as? Int == 3)

        for line in ["show groceries page 4", "show groceries page 9999999999999999999", "show groceries page 99999"] {
            let reply = try alice.json(line)
            #expect(reply.code == "error.page_range", "\(line)")
            #expect(reply.data["pages"] as? Int == 3)
            #expect(reply.text == "There is no page \(reply.data["page"] as? Int ?? 0): this listing has 3 pages.")
        }
        for (line, value) in [
            ("show groceries page 0", "0"), ("show groceries page -2", "-2"), ("show groceries page two", "two"),
        ] {
            let reply = try alice.json(line)
            #expect(reply.code == "error.bad_value", "\(line)")
            #expect(reply.data["verb"] as? String == "page")
            #expect(reply.data["value"] as? String == value)
        }
        // An empty list is one empty page; page 2 of it does not exist.
        try alice.ok("list add Empty")
        let empty = try alice.ok("show empty")
        #expect(empty.data["pages"] as? Int == 1 && empty.data["total"] as? Int == 0)
        #expect(try alice.json("show empty page 2").code == "error.page_range")
        // A listing that shrank below the next page: `more` says there is no more; one deleted meanwhile: not found.
        try alice.ok("list add Small")
        try Self.seed(alice, 60, prefix: "small", to: "Small")
        #expect(try alice.ok("show small").data["pages"] as? Int == 2)
        let deletes = try Self.pipeline(alice, (41...60).map { "delete small \(String(format: "%03d", $0))" })
        #expect(deletes.allSatisfy { $0.code == "task.deleted" })
        #expect(try alice.json("more").code == "error.no_more_pages")
        #expect(try alice.ok("show small").data["pages"] as? Int == 1)
        _ = try alice.ok("show groceries")
        try alice.ok("list delete Groceries confirm")
        #expect(try alice.json("more").code == "error.not_found")
        #expect(try alice.json("done 3").code == "error.no_such_row")
        // `page` is only special on listings: such a title is added whole.
        let added = try alice.ok("add read page 3 of the contract")
        #expect(added.data["title"] as? String == "read page 3 of the contract")
        #expect(try alice.ok("add read page 3").data["title"] as? String == "read page 3")
    }

    @Test("agenda, views and inbox are paged in SQL order with continuous numbers")
    func agendaAndInbox() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        bob.shutdownWrite()
        #expect(bob.isClosedByServer(within: 5))
        try Self.seed(alice, 60, prefix: "call", extra: " tomorrow")
        try Self.seed(alice, 5, prefix: "spare")

        // `agenda week` is not paged: it shows the first 50 tasks and says how many more `upcoming` pages through.
        let week = try alice.ok("agenda week")
        #expect(week.data["tasks_total"] as? Int == 60)
        let days = week.data["days"] as? [JSONObject] ?? []
        #expect(days.reduce(0) { $0 + (($1["tasks"] as? [JSONObject])?.count ?? 0) } == 50)
        #expect(
            week.text.hasSuffix("… 10 more tasks due this week are not shown here: \"upcoming\" lists them 50 a page."))
        #expect(try alice.ok("done 50").data["title"] as? String == "call 050")
        try alice.ok("undone call 050")

        let agenda = try alice.ok("agenda")
        #expect(agenda.data["total"] as? Int == 65)
        #expect(agenda.data["pages"] as? Int == 2)
        #expect((agenda.data["tomorrow"] as? [JSONObject])?.count == 50)
        let page2 = try alice.ok("more")
        #expect(page2.data["page"] as? Int == 2)
        #expect(Self.rows(page2, "tomorrow").map(\.0) == Array(51...60))
        #expect(
            Self.rows(page2, "nodate").map(\.1) == ["spare 001", "spare 002", "spare 003", "spare 004", "spare 005"])
        #expect(Self.rows(page2, "nodate").first?.0 == 61)
        #expect(try alice.ok("done 55").data["title"] as? String == "call 055")
        let tomorrow = try alice.ok("tomorrow page 2")
        #expect(Self.rows(tomorrow, "tomorrow").map(\.1).first == "call 051")
        #expect(tomorrow.data["total"] as? Int == 59)
        #expect(try alice.json("agenda page 3").code == "error.page_range")

        // Bob was away for all of it: 65 notifications, newest first, 50 a page.
        let bob2 = try server.login("bob")
        let inbox = try bob2.ok("inbox")
        let total = try #require(inbox.data["total"] as? Int)
        #expect(total >= 66)  // the 65 adds and the completion
        #expect((inbox.data["notifications"] as? [JSONObject])?.count == 50)
        let inbox2 = try bob2.ok("inbox page 2")
        #expect((inbox2.data["notifications"] as? [JSONObject])?.count == total - 50)
        #expect(try bob2.json("more").code == "error.no_more_pages")
        let bh = try Self.human(server, "bob")
        let lines = try bh.lines("inbox")
        #expect(lines.last == "… \(total - 50) more (page 1 of 2): type \"more\"")
    }

    @Test("events, routines and lists listings are paged too")
    func eventsRoutinesLists() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("event add standup every day 9am")
        try alice.ok("event add lunch every day 12pm")
        let events = try alice.ok("events")
        let total = try #require(events.data["total"] as? Int)
        #expect(total > 50)
        #expect((events.data["events"] as? [JSONObject])?.count == 50)
        let more = try alice.ok("more")
        #expect((more.data["events"] as? [JSONObject])?.count == total - 50)
        let tr = try alice.ok("etkinlikler sayfa 2")
        #expect(tr.data["page"] as? Int == 2)
        // The calendar's month grid is on every page; its events come 50 a page.
        let december = try alice.ok("calendar december")
        #expect(december.data["total"] as? Int == 62)
        #expect((december.data["events"] as? [JSONObject])?.count == 50)
        #expect((december.data["marked_days"] as? [Int])?.count == 31)
        let december2 = try alice.ok("takvim aralık sayfa 2")
        #expect((december2.data["events"] as? [JSONObject])?.count == 12)
        #expect(december2.data["page"] as? Int == 2)
        #expect(try alice.json("more").code == "error.no_more_pages")

        try Self.pipeline(alice, (1...55).map { "list add L\($0)" })
        let lists = try alice.ok("lists")
        #expect(lists.data["total"] as? Int == 56)
        #expect((lists.data["lists"] as? [JSONObject])?.count == 50)
        #expect(
            (try alice.ok("lists page 2").data["lists"] as? [JSONObject])?.map { $0["name"] as? String } == [
                "L50", "L51", "L52", "L53", "L54", "L55",
            ])
        try alice.ok("routine add gym every day")
        let routines = try alice.ok("routines")
        #expect(routines.data["pages"] as? Int == 1 && routines.data["total"] as? Int == 1)
    }

    @Test("each space limit is refused with its code; a join past a limit is refused before anything moves")
    func limits() throws {
        let server = try TestServer(extraArguments: [
            "--limit-lists", "3", "--limit-list-tasks", "5", "--limit-tasks", "8", "--limit-routines", "1",
            "--limit-events", "1", "--limit-notes", "2",
        ])
        let alice = try server.user("alice")
        try alice.ok(["list add A", "list add B"])
        let lists = try alice.json("list add C")
        #expect(lists.code == "error.limit_lists")
        #expect(lists.data["limit"] as? Int == 3)
        #expect(lists.text == "You already have 3 lists, the most a space may hold. Delete a list first.")

        try Self.seed(alice, 5, prefix: "a", to: "A")
        let full = try alice.json("add a 006 to A")
        #expect(full.code == "error.limit_list_tasks")
        #expect(full.text.contains("\"A\"") && full.text.contains("5"))
        try Self.seed(alice, 3, prefix: "b", to: "B")
        #expect(try alice.json("add one more").code == "error.limit_tasks")
        // Moving or reopening into a full list is refused too; finishing one makes room.
        #expect(try alice.json("move b 001 to A").code == "error.limit_list_tasks")
        try alice.ok("done a 001")
        try alice.ok("move b 001 to A")
        #expect(try alice.json("undone a 001").code == "error.limit_list_tasks")

        try alice.ok(["note a 002: one", "note a 002: two"])
        let notes = try alice.json("note a 002: three")
        #expect(notes.code == "error.limit_notes")
        try alice.ok("routine add gym every day")
        #expect(try alice.json("routine add run every day").code == "error.limit_routines")
        try alice.ok("event add dentist friday 10am")
        #expect(try alice.json("event add party saturday 8pm").code == "error.limit_events")
        try alice.ok("lang tr")
        #expect(
            try alice.json("liste ekle C").text
                == "Zaten 3 listeniz var; bir alanda en fazla bu kadar liste olabilir. Önce bir liste silin.")
        try alice.ok("lang en")

        // Carol's one task would make 9 tasks in the shared space: refused, and both spaces stay as they were.
        let carol = try server.user("carol")
        try carol.ok("add carol's task")
        let code = try #require(try alice.ok("couple create").data["code"] as? String)
        let refused = try carol.json("couple join \(code)")
        #expect(refused.code == "error.limit_join")
        #expect(refused.data["what"] as? String == "tasks")
        #expect(
            refused.text.contains("9") && refused.text.contains("8") && refused.text.contains("Nothing was changed"))
        #expect(try carol.ok("who").code == "who")
        #expect(try carol.ok("couple").text.contains("alice") == false)
        #expect(Self.rows(try carol.ok("show")).map(\.1) == ["carol's task"])
        #expect(try alice.ok("show A").data["total"] as? Int == 6)
        // With room made, the same invite works.
        try alice.ok("delete a 003")
        let joined = try carol.json("couple join \(code)")
        #expect(joined.code == "couple.joined")
        #expect(joined.data["moved"] as? Int == 1)
    }

    @Test("30 pipelined shows of a 5,000-task list answer 50 rows each, fast, and the server stays small")
    func bigListShows() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0"])
        let (alice, bob) = try server.couple()
        bob.shutdownWrite()
        #expect(bob.isClosedByServer(within: 5))
        for batch in 0..<10 {
            try Self.pipeline(alice, (1...500).map { "add big \(batch * 500 + $0)" })
        }
        let before = server.residentKiB
        let carol = try server.user("carol")
        let start = Date()
        try alice.send(bytes: Array(String(repeating: "show\n", count: 30).utf8))
        #expect(try carol.ok("ping").code == "pong")
        let pingSeconds = Date().timeIntervalSince(start)
        for _ in 0..<30 {
            let reply = try alice.readJSON(timeout: 30)
            #expect(reply.code == "task.list")
            #expect((reply.data["tasks"] as? [JSONObject])?.count == 50)
            #expect(reply.data["total"] as? Int == 5000)
        }
        #expect(pingSeconds < 2)
        #expect(server.residentKiB - before < 30_000)
        // The last page is as cheap as the first.
        let last = try alice.ok("show page 100")
        #expect((last.data["tasks"] as? [JSONObject])?.last?["title"] as? String == "big 5000")
    }

    @Test("a window with more event occurrences than one listing may expand is refused; a shorter one works")
    func occurrenceLimit() throws {
        let server = try TestServer(extraArguments: ["--limit-occurrences", "40"])
        let alice = try server.user("alice")
        try alice.ok("event add standup every day 9am")
        try alice.ok("event add lunch every day 12pm")
        let refused = try alice.json("events")
        #expect(refused.code == "error.too_many_occurrences")
        #expect(refused.data["limit"] as? Int == 40)
        #expect(refused.text.contains("40") && refused.text.contains("events from Dec 1 to Dec 7"))
        #expect(try alice.json("calendar december").code == "error.too_many_occurrences")
        #expect(try alice.ok("events from Dec 1 to Dec 7").data["total"] as? Int == 14)
        // today's 9:00 stand-up began as it was added
        #expect(try alice.ok("events today to friday").data["total"] as? Int == 11)
        #expect(try alice.ok("calendar").data["total"] as? Int == 17)
        #expect(try alice.ok("agenda week").code == "agenda.week")
        try alice.ok("lang tr")
        let tr = try alice.json("etkinlikler")
        #expect(tr.code == "error.too_many_occurrences")
        #expect(tr.text.contains("etkinlikler 1 Aralık'tan 7 Aralık'a kadar"))
        #expect(try alice.ok("etkinlikler 1 Aralık'tan 7 Aralık'a kadar").data["total"] as? Int == 14)
    }

    @Test("attacks: 1,000 pipelined more, another couple's list, and a 19-digit page leave the server sound")
    func attacks() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try Self.seed(alice, 120)
        let carol = try server.user("carol")
        try carol.ok("list add Secret")
        try carol.ok("add carol's secret to Secret")

        // Alice cannot see Carol's list, by name or page, and `more` then continues nothing of Carol's.
        let other = try alice.json("show Secret")
        #expect(other.code == "error.not_found")
        #expect(try alice.json("show Secret page 2").code == "error.not_found")
        #expect(try alice.json("more").code == "error.no_listing")
        #expect(try alice.json("show page 9999999999999999999").code == "error.page_range")

        _ = try alice.ok("show")
        try alice.send(bytes: Array(String(repeating: "more\n", count: 1000).utf8))
        // Meanwhile another client is served.
        #expect(try carol.ok("ping").code == "pong")
        var codes: [String: Int] = [:]
        for _ in 0..<1000 { codes[try alice.readJSON(timeout: 30).code ?? "?", default: 0] += 1 }
        #expect(codes == ["task.list": 2, "error.no_more_pages": 998])
        #expect(try alice.ok("done 120").data["title"] as? String == "task 120")
        // A word reference that matches 119 tasks reads only a few of them and names five.
        let ambiguous = try alice.json("done task")
        #expect(ambiguous.code == "error.ambiguous")
        #expect((ambiguous.data["candidates"] as? [JSONObject])?.count == 5)
        #expect(try alice.ok("done task 007").data["title"] as? String == "task 007")
        #expect(server.residentKiB < 200_000)
    }

    @Test("help tells about more and paging in English and Turkish")
    func help() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        #expect(try alice.ok("help").text.contains("type \"more\" for the next page"))
        #expect(try alice.ok("help more").text.hasPrefix("more  — the next page"))
        #expect(try alice.ok("help page").text.contains("show groceries page 3"))
        try alice.ok("lang tr")
        #expect(try alice.ok("yardım").text.contains("\"devamı\" yazın"))
        #expect(try alice.ok("yardım devamı").text.hasPrefix("devamı  — son listenizin sonraki sayfası"))
        #expect(try alice.ok("yardım sayfa").text.contains("göster market sayfa 3"))
    }
}
