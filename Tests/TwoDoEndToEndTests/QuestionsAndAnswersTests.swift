// End to end: a question gets the view it asks for (never a task), and yes/no/cancel answer the server's own
// questions, in English and Turkish, with the partner watching.

import Foundation
import Testing

@Suite("Questions and answers over TCP", .serialized, .timeLimit(.minutes(2)))
struct QuestionsAndAnswersTests {
    /// How many open tasks the user's default list holds, from `show`'s JSON.
    private func openCount(_ c: LineClient) throws -> Int {
        let shown = try c.ok("show")
        return (shown.data["tasks"] as? [JSONObject])?.filter { $0["status"] as? String == "open" }.count ?? -1
    }

    @Test("questions in English and Turkish answer with a view and add nothing; the partner hears no event")
    func questionsAreViews() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add pay rent today 6pm")
        _ = try bob.event()
        try alice.ok("add call mum tomorrow 10am")
        _ = try bob.event()
        // (The agenda has no heading of its own: `all tasks` shows its Today rows.)
        for (line, view) in [
            ("what's on today", "today"), ("What do I have tomorrow?", "tomorrow"), ("show my tasks", "mine"),
            ("all tasks", "today"), ("anything today?", "today"),
        ] {
            let reply = try alice.json(line)
            #expect(reply.code == "task.view", "\(line): \(reply)")
            #expect(reply.data[view] != nil, "\(line): \(reply)")
        }
        #expect(try openCount(alice) == 2)
        let today = try alice.ok("what's on today")
        #expect(((today.data["today"] as? [JSONObject])?.first?["title"] as? String) == "pay rent")
        _ = try alice.ok("lang tr")
        let turkish = try alice.json("bugün ne var?")
        #expect(turkish.code == "task.view")
        #expect(try alice.json("yarın ne var").code == "task.view")
        #expect(try alice.json("tüm görevler").code == "task.view")
        // A question the reader does not know is not offered as a task either.
        let unknown = try alice.json("what about the garden tomorrow?")
        #expect(unknown.code != "suggest.add", "\(unknown)")
        #expect(try openCount(alice) == 2)
        #expect(try bob.isQuiet(for: 0.3))
    }

    @Test("no, cancel, hayır and vazgeç drop the question before; yes after the leave warning leaves")
    func answers() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        // "Did you mean: add …?" answered no: nothing is added.
        let offered = try alice.json("buy milk tomorrow 5pm")
        #expect(offered.code == "suggest.add")
        let dropped = try alice.json("no")
        #expect(dropped.code == "confirm.dropped")
        #expect(dropped.text == "OK, nothing done.")
        #expect(try openCount(alice) == 0)
        // `no` with nothing asked says so (it used to suggest the verb "not").
        let nothing = try alice.json("no")
        #expect(nothing.code == "error.nothing_to_confirm")
        // The leave warning is a question: cancel keeps the couple, in English and Turkish.
        #expect(try alice.json("couple leave").code == "couple.leave_confirm")
        #expect(try alice.json("cancel").code == "confirm.dropped")
        _ = try alice.ok("lang tr")
        #expect(try alice.json("çift ayrıl").code == "couple.leave_confirm")
        let hayir = try alice.json("hayır")
        #expect(hayir.code == "confirm.dropped")
        #expect(hayir.text == "Tamam, hiçbir şey yapılmadı.")
        #expect(try alice.json("çift ayrıl").code == "couple.leave_confirm")
        #expect(try alice.json("Vazgeç").code == "confirm.dropped")
        #expect(try bob.isQuiet(for: 0.3))
        // Any other line drops the question: `evet` after it confirms nothing.
        #expect(try alice.json("çift ayrıl").code == "couple.leave_confirm")
        _ = try alice.ok("ping")
        #expect(try alice.json("evet").code == "error.nothing_to_confirm")
        // Answered yes right after the warning, it leaves, and the partner is told.
        #expect(try alice.json("çift ayrıl").code == "couple.leave_confirm")
        #expect(try alice.json("evet").code == "couple.left")
        #expect(try bob.event().event == "couple.left")
    }

    @Test("did-you-mean suggests verbs of the reader's language only: no Turkish bul for an English buy")
    func suggestionsInTheReadersLanguage() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let buy = try alice.json("buy bread")
        #expect(buy.code == "error.unknown_command")
        #expect(buy.data["suggestion"] as? String != "bul", "\(buy)")
        #expect(!buy.text.contains("bul"), "\(buy)")
        #expect(try alice.json("ad milk").data["suggestion"] as? String == "add")
        _ = try alice.ok("lang tr")
        #expect(try alice.json("ekel süt").data["suggestion"] as? String == "ekle")
        #expect(try alice.json("bull anahtar").data["suggestion"] as? String == "bul")
    }

    @Test("mark … as done, check off, rename … to, clear done, remind me in … to, move … to <date>: each does it")
    func englishWordOrders() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        for title in ["water plants", "stretch", "pay rent"] {
            try alice.ok("add \(title)")
            _ = try bob.event()
        }
        #expect(try alice.json("mark stretch as done").code == "task.completed")
        #expect(try bob.event().event == "task.completed")
        #expect(try alice.json("check off water plants").code == "task.completed")
        #expect(try bob.event().event == "task.completed")
        let renamed = try alice.json("rename pay rent to pay the rent")
        #expect(renamed.code == "task.edited", "\(renamed)")
        _ = try bob.event()
        let due = try alice.json("move pay the rent to tomorrow")
        #expect(due.code == "task.due", "\(due)")
        _ = try bob.event()
        let cleared = try alice.json("clear done")
        #expect(cleared.code == "list.cleared", "\(cleared)")
        #expect(cleared.data["count"] as? Int == 2)
        _ = try bob.event()
        let reminder = try alice.json("remind me in 2 minutes to stretch")
        #expect(reminder.code == "task.added", "\(reminder)")
        _ = try bob.event()
        let shown = try alice.ok("show")
        let titles = (shown.data["tasks"] as? [JSONObject])?.compactMap { $0["title"] as? String } ?? []
        #expect(titles.sorted() == ["pay the rent", "stretch"], "\(titles)")
    }

    @Test("help <group> answers for every group of the index, by its English or Turkish title or a synonym")
    func helpByGroup() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let groups = [
            ("tasks", "tasks", "görevler"), ("time", "time and reminders", "zaman ve hatırlatmalar"),
            ("views", "views", "görünümler"), ("routines", "routines", "rutinler"), ("calendar", "calendar", "takvim"),
            ("notes", "notes", "notlar"), ("inbox", "inbox", "bildirimler"), ("account", "account", "hesap"),
            ("couple", "couple", "çift"), ("settings", "settings", "ayarlar"), ("plan", "day plan", "gün planı"),
        ]
        for (name, english, turkish) in groups {
            for topic in [english, turkish, english.uppercased()] {
                let reply = try alice.json("help \(topic)")
                #expect(reply.code == "help", "help \(topic): \(reply)")
                #expect(reply.data["group"] as? String == name, "help \(topic): \(reply)")
                #expect(((reply.data["commands"] as? [Any])?.count ?? 0) >= 2, "help \(topic): \(reply)")
            }
        }
        #expect(try alice.json("help reminders").data["group"] as? String == "time")
        #expect(try alice.json("help habits").data["group"] as? String == "routines")
        // A command keeps its own help; an unknown topic is still refused.
        #expect(try alice.json("help add").data["command"] as? String == "add")
        #expect(try alice.json("help blorp").code == "error.not_found")
        // In human mode the group's index line comes first, then one usage line per command.
        let lines = try server.login("alice", json: false).lines("help tasks")
        #expect(lines.first?.hasPrefix("Tasks — ") == true)
        #expect(lines.contains { $0.hasPrefix("  add <title>") })
        #expect(lines.count >= 10)
    }

    @Test("events of one day are headed with that day once, in English and Turkish")
    func oneDayHeading() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        try alice.ok("event add dentist dec 11 3pm")
        let human = try server.login("alice", json: false)
        #expect(try human.lines("events on dec 11").first == "Events on Fri 11 Dec:")
        #expect(try human.lines("events on dec 12") == ["No events on Sat 12 Dec."])
        #expect(try human.lines("events from dec 10 to dec 12").first == "Events from Thu 10 Dec to Sat 12 Dec:")
        _ = try human.lines("lang tr")
        #expect(try human.lines("etkinlikler 11 aralık günü").first == "Cum 11 Ara günü etkinlikler:")
    }

    @Test("unread (okunmamış) is the inbox, which says how many are unread, in its text and its JSON")
    func unreadCount() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("mute chat")
        try bob.ok(["say one", "say two"])
        let inbox = try alice.json("unread")
        #expect(inbox.code == "inbox.list")
        #expect(inbox.data["unread"] as? Int == 2)
        let human = try server.login("alice", json: false)
        #expect(try human.lines("unread").contains(#"2 unread. "inbox read all" marks them read."#))
        _ = try human.lines("inbox read all")
        #expect(try alice.json("okunmamış").data["unread"] as? Int == 0)
    }

    @Test("inbox read 2 marks the row shown as 2, not the newest two; a row past the end is refused")
    func inboxReadRow() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("mute chat")
        try bob.ok(["say one", "say two", "say three"])
        let shown = try alice.ok("inbox")
        #expect((shown.data["notifications"] as? [JSONObject])?.map { $0["text"] as? String } == [
            "bob: three", "bob: two", "bob: one",
        ])
        let read = try alice.json("inbox read 2")
        #expect(read.code == "inbox.read" && read.data["count"] as? Int == 1)
        let after = try alice.ok("inbox")
        #expect((after.data["notifications"] as? [JSONObject])?.map { $0["unread"] as? Bool } == [true, false, true])
        #expect(try alice.json("inbox read 2").data["count"] as? Int == 0)  // already read
        #expect(try alice.json("inbox read 9").code == "error.not_found")
        #expect(try alice.json("bildirimler okundu 3").data["count"] as? Int == 1)
    }

    @Test("deleting a task's last open step completes the task when its other steps are done; the partner hears it")
    func lastOpenStepDeleted() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("add party")
        _ = try bob.event()
        for step in ["balloons", "cake"] {
            try alice.ok("add \(step) under party")
            _ = try bob.event()
        }
        try alice.ok("done balloons")
        _ = try bob.event()
        let deleted = try alice.json("delete cake")
        #expect(deleted.code == "step.deleted")
        #expect(deleted.text == #"Deleted step "cake" of "party". Its other steps are done, so "party" is done too."#)
        let event = try bob.event()
        #expect(event.text == #"alice deleted "cake", the last open step of "party", so "party" is done."#)
        let info = try alice.ok("show")
        let party = (info.data["tasks"] as? [JSONObject])?.first { $0["title"] as? String == "party" }
        #expect(party?["status"] as? String == "done", "\(info)")
        // Deleting a step while others are still open leaves the task open.
        try alice.ok(["add trip", "add tickets under trip", "add hotel under trip"])
        _ = try alice.ok("delete tickets")
        let trip = (try alice.ok("show").data["tasks"] as? [JSONObject])?.first { $0["title"] as? String == "trip" }
        #expect(trip?["status"] as? String == "open")
    }
}
