// Unit tests of `note edit`: the reply, the partner's event, the stored note, search, undo, and the hostile cases.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoStore

@testable import TwoDoFeatures

@Suite("Note edit handler")
struct NoteEditHandlerTests {
    @Test("editing a task's note rewrites it in place as the editor's words, tells the partner, and search follows")
    func editTaskNote() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add oat milk", as: alice.1)
        try h.run("note oat milk: the blue carton", as: alice.1)
        try h.run("note oat milk: two of them", as: alice.1)
        let edited = try h.run("note edit oat milk 2 three of them", as: bob.1)
        #expect(edited.reply.code == .noteEdited)
        #expect(edited.reply.lines == [#"Note 2 of "oat milk" now reads: three of them"#])
        #expect(edited.events.count == 1)
        let event = try #require(edited.events.first)
        #expect(event.name == .noteEdited)
        #expect(
            event.render(lang: .en, tz: "UTC", json: false).contains(#"rewrote note 2 of "oat milk": three of them"#))
        #expect(event.render(lang: .tr, tz: "UTC", json: false).contains("numaralı notu değiştirdi: three of them"))
        let task = try #require(try h.store.tasks(matching: "oat milk", in: alice.0.space).first)
        let notes = try h.store.notes(of: task.id)
        #expect(notes.map(\.text) == ["the blue carton", "three of them"])
        #expect(notes.map(\.author) == ["alice", "bob"])
        // The listing numbers them as `note edit` takes them.
        let listed = try h.run("notes oat milk", as: alice.1)
        #expect(
            listed.reply.lines.dropFirst().map { $0.hasPrefix("  1. alice") || $0.hasPrefix("  2. bob") } == [
                true, true,
            ])
        #expect(try h.run("search three", as: alice.1).reply.lines.first == #"1 found for "three":"#)
        #expect(try h.run("search two", as: alice.1).reply.lines == [#"Nothing matches "two"."#])
    }

    @Test("undo puts the note's old words, author and time back")
    func undoEdit() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add oat milk", as: alice.1)
        try h.run("note oat milk: the blue carton", as: alice.1)
        try h.run("note edit oat milk 1 the green one", as: alice.1)
        #expect(try h.run("undo", as: alice.1).reply.code == .changeUndone)
        let task = try #require(try h.store.tasks(matching: "oat milk", in: alice.0.space).first)
        #expect(try h.store.notes(of: task.id).map(\.text) == ["the blue carton"])
        #expect(try h.run("search green", as: alice.1).reply.lines == [#"Nothing matches "green"."#])
        #expect(try h.run("search blue", as: alice.1).reply.lines.first == #"1 found for "blue":"#)
    }

    @Test("routine and event notes are edited the same way, in Turkish too")
    func editItemNotes() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("routine add gym every monday 7pm", as: alice.1)
        try h.run("note routine gym: bring towel", as: alice.1)
        let routine = try h.run("note edit routine gym 1 bring two towels", as: bob.1)
        #expect(routine.reply.code == .noteEdited)
        #expect(routine.events.first?.name == .noteEdited)
        try h.run("event add dentist friday 10:00", as: alice.1)
        try h.run("note event dentist: bring the card", as: alice.1)
        let event = try h.run("not değiştir etkinlik dentist 1 kartı unutma", as: alice.1)
        #expect(event.reply.code == .noteEdited)
        #expect(try h.run("search kartı", as: bob.1).reply.lines.first == #"1 found for "kartı":"#)
        #expect(try h.run("search card", as: bob.1).reply.lines == [#"Nothing matches "card"."#])
    }

    @Test("a missing note, a missing number's text, invisible text and an overlong note change nothing")
    func refusals() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        try h.run("add oat milk", as: alice.1)
        try h.run("note oat milk: the blue carton", as: alice.1)
        let missing = try h.run("note edit oat milk 5 x", as: alice.1)
        #expect(missing.reply.code == .errorNotFound)
        #expect(missing.events.isEmpty)
        #expect(try h.run("note edit oat milk 1", as: alice.1).reply.code == .errorUsage)
        #expect(try h.run("note edit oat milk 1 a\u{202E}b", as: alice.1).reply.ok == false)
        let long = try h.run("note edit oat milk 1 " + String(repeating: "x", count: 10_000), as: bob.1)
        #expect(long.reply.code == .errorTitleTooLong)
        let task = try #require(try h.store.tasks(matching: "oat milk", in: alice.0.space).first)
        #expect(try h.store.notes(of: task.id).map(\.text) == ["the blue carton"])
    }

    @Test("another couple's task, by its id, is not found: its note is never rewritten")
    func strangersNote() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        try h.run("add secret plan", as: alice.1)
        try h.run("note secret plan: meet at the station", as: alice.1)
        let task = try #require(try h.store.tasks(matching: "secret plan", in: alice.0.space).first)
        let (carol, _) = try h.couple("carol", "dave")
        let attempt = try h.run("note edit id:\(task.id.rawValue) 1 gotcha", as: carol.1)
        #expect(attempt.reply.code == .errorNotFound)
        #expect(try h.store.notes(of: task.id).map(\.text) == ["meet at the station"])
    }
}
