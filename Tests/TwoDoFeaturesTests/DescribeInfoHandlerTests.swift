// Unit tests of `describe` and `info`: replies, the partner's event, the store afterwards, and the hostile cases.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore

@testable import TwoDoFeatures

@Suite("Describe and info handlers")
struct DescribeInfoHandlerTests {
    @Test("describe sets, replaces and clears a task's description, each time one event for the partner")
    func describeTask() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add fix sink", as: alice.1)
        let set = try h.run("describe fix sink: the washer is worn", as: alice.1)
        #expect(set.reply.code == .taskDescribed)
        #expect(set.reply.lines == ["Saved the description of \"fix sink\"."])
        let event = try #require(set.events.first)
        #expect(set.events.count == 1)
        #expect(event.name == .taskDescribed)
        #expect(Set(event.recipients) == [alice.0.id, bob.0.id])
        #expect(event.render(lang: .en, tz: "UTC", json: false).contains("described \"fix sink\": the washer is worn"))
        #expect(event.render(lang: .tr, tz: "UTC", json: false).contains("açıklama yazdı: the washer is worn"))
        var task = try #require(try h.store.tasks(matching: "fix sink", in: alice.0.space).first)
        #expect(task.description == "the washer is worn")
        try h.run("describe fix sink: a new washer", as: bob.1)
        task = try #require(try h.store.tasks(matching: "fix sink", in: alice.0.space).first)
        #expect(task.description == "a new washer")
        let cleared = try h.run("describe fix sink:", as: alice.1)
        #expect(cleared.reply.lines == ["Removed the description of \"fix sink\"."])
        #expect(
            cleared.events.first?.render(lang: .en, tz: "UTC", json: false).contains("removed the description") == true)
        task = try #require(try h.store.tasks(matching: "fix sink", in: alice.0.space).first)
        #expect(task.description == nil)
    }

    @Test("a description of 2,000 characters is kept; one more is refused and nothing changes")
    func describeLimit() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add fix sink", as: alice.1)
        let ok = try h.run("describe fix sink: " + String(repeating: "ş", count: 2000), as: alice.1)
        #expect(ok.reply.code == .taskDescribed)
        let long = try h.run("describe fix sink: " + String(repeating: "x", count: 2001), as: alice.1)
        #expect(long.reply.code == .errorTitleTooLong)
        #expect(long.reply.lines[0].contains("2000"))
        #expect(long.events.isEmpty)
        let task = try #require(try h.store.tasks(matching: "fix sink", in: alice.0.space).first)
        #expect(task.description?.count == 2000)
        // An add whose description is too long adds nothing.
        let add = try h.run("add paint -- " + String(repeating: "y", count: 2001), as: alice.1)
        #expect(add.reply.code == .errorTitleTooLong)
        #expect(try h.store.tasks(matching: "paint", in: alice.0.space).isEmpty)
    }

    @Test("bidi controls and invisible characters in a description are refused whole")
    func describeInvisible() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add fix sink", as: alice.1)
        for bad in ["\u{202E}evil", "a\u{200B}b", "x\u{2066}y"] {
            let o = try h.run("describe fix sink: " + bad, as: alice.1)
            #expect(o.reply.code == .errorInvisibleChar)
            #expect(o.events.isEmpty)
        }
        #expect(try h.store.tasks(matching: "fix sink", in: alice.0.space).first?.description == nil)
    }

    @Test("another couple's id:N is not found, for describe and info alike")
    func otherCouple() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        let (carol, _) = try h.couple("carol", "dave")
        try h.run("add secret plan -- do not tell", as: carol.1)
        let id = try #require(try h.store.tasks(matching: "secret plan", in: carol.0.space).first?.id.rawValue)
        let d = try h.run("describe id:\(id): mine now", as: alice.1)
        #expect(d.reply.code == .errorNotFound)
        let i = try h.run("info id:\(id)", as: alice.1)
        #expect(i.reply.code == .errorNotFound)
        #expect(!i.reply.lines.joined().contains("do not tell"))
        #expect(try h.store.tasks(matching: "secret plan", in: carol.0.space).first?.description == "do not tell")
    }

    @Test("add … -- <text> keeps the description and says so; the row shows ¶ and JSON carries it")
    func inlineDescription() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        let o = try h.run("add fix sink tomorrow -- the washer is worn", as: alice.1)
        #expect(o.reply.code == .taskAdded)
        #expect(o.reply.lines[0].contains("with a description"))
        #expect(o.events.first?.render(lang: .tr, tz: "UTC", json: false).contains("açıklamalı") == true)
        let shown = try h.run("show", as: bob.1)
        #expect(shown.reply.lines.contains { $0.contains("fix sink ¶ —") })
        #expect(!shown.reply.lines.joined().contains("washer"))
        bob.1.json = true
        let json = try h.run("show", as: bob.1)
        #expect(json.reply.data?.serialized.contains("\"description\":\"the washer is worn\"") == true)
    }

    @Test("info is a read: nothing raised, nothing written")
    func infoReadOnly() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add fix sink -- worn", as: alice.1)
        let o = try h.run("info fix sink", as: alice.1)
        #expect(o.reply.code == .taskInfo)
        #expect(o.events.isEmpty)
        #expect(!o.wrote)
    }

    @Test("info shows the newest ten notes and counts the older ones")
    func infoNotesBounded() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add fix sink", as: alice.1)
        for i in 1...13 { try h.run("note fix sink: note \(i)", as: alice.1) }
        let o = try h.run("info fix sink", as: alice.1)
        let text = o.reply.lines.joined(separator: "\n")
        #expect(text.contains("Notes (13):"))
        #expect(text.contains("… and 3 older: notes id:"))
        #expect(text.contains("note 13"))
        #expect(text.contains("note 4"))
        #expect(!text.contains("note 3\n"))
        #expect(!text.contains(": note 1\n"))
    }

    @Test("show <words> answers as info for exactly one task; otherwise the no-such-list error stays")
    func showFallback() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add fix sink -- worn", as: alice.1)
        try h.run("add paint door", as: alice.1)
        try h.run("add paint wall", as: alice.1)
        let one = try h.run("show fix sink", as: alice.1)
        #expect(one.reply.code == .taskInfo)
        #expect(one.reply.lines.joined().contains("worn"))
        let two = try h.run("show paint", as: alice.1)
        #expect(two.reply.code == .errorNotFound)
        #expect(two.reply.lines[0].contains("paint"))
        let none = try h.run("show nothing here", as: alice.1)
        #expect(none.reply.code == .errorNotFound)
    }

    @Test("describe and info reach routines and events, explicitly or by plain words matching no task")
    func routinesAndEvents() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("routine add gym every monday", as: alice.1)
        try h.run("event add dinner at luigi's on friday 19:00", as: alice.1)
        let r = try h.run("describe routine gym: leg day", as: alice.1)
        #expect(r.reply.code == .routineDescribed)
        #expect(r.events.first?.name == .routineDescribed)
        let e = try h.run("describe dinner: bring wine", as: bob.1)
        #expect(e.reply.code == .eventDescribed)
        #expect(e.events.first?.name == .eventDescribed)
        let ri = try h.run("info routine gym", as: bob.1)
        #expect(ri.reply.code == .routineInfo)
        #expect(ri.reply.lines.joined().contains("Description: leg day"))
        let ei = try h.run("detay etkinlik dinner", as: alice.1)
        #expect(ei.reply.code == .eventInfo)
        #expect(ei.reply.lines.joined().contains("Description: bring wine"))
        let plain = try h.run("info gym", as: alice.1)
        #expect(plain.reply.code == .routineInfo)
    }
}
