// A turn whose COMMIT failed, without sockets: what each outcome becomes before anything is delivered.

import Testing
import TwoDoCore
import TwoDoProtocol
import TwoDoText
@testable import TwoDoFeatures
@testable import TwoDoServer

@Suite("A failed COMMIT voids the turn")
struct TurnCommitFailureTests {
    /// Records the order in which undo closures run.
    final class Log { var undone: [String] = [] }

    private func event() -> Event {
        Event(
            name: .taskAdded, actor: "alice", key: .eventTaskAdded, args: ["title": "milk", "list": "Inbox"],
            data: .object([]), recipients: [UserID(2)])
    }

    @Test(
        "reads before the first write stand; from it on: the failure in the reader's language, no events, undo newest first"
    )
    func voidsFromFirstWrite() {
        let log = Log()
        var read = Outcome(connection: 1, reply: .success(.pong, ["pong"]))
        read.lines = ["pong"]
        var add = Outcome(connection: 1, reply: .success(.taskAdded, ["Added \"milk\" to Inbox."]))
        add.wrote = true
        add.events = [event()]
        add.undo = { log.undone.append("add") }
        add.lines = ["Added \"milk\" to Inbox."]
        // A read after a write may have read the write: it is voided too.
        var show = Outcome(connection: 2, reply: .success(.taskList, ["Inbox: 1 open"]))
        show.undo = { log.undone.append("show") }
        var login = Outcome(connection: 3, reply: .success(.authLoggedIn, ["Welcome back."]))
        login.wrote = true
        login.replyIfCommitFails = .success(.authLoggedIn, ["Welcome back (no resume token)."])
        login.undo = { log.undone.append("login") }
        var closing = Outcome(connection: 2, reply: .success(.taskAdded, ["Added \"eggs\"."]))
        closing.wrote = true
        closing.close = true
        closing.endsSessions = [7]
        closing.undo = { log.undone.append("closing") }
        var gone = Outcome(connection: 9, reply: .success(.taskAdded, ["Added \"tea\"."]))
        gone.wrote = true
        gone.events = [event()]

        let languages: [UInt64: Language] = [1: .en, 2: .tr, 3: .en]
        let (out, unstored) = Server.voided(
            [read, add, show, login, closing, gone], code: .errorStorage, language: { languages[$0] })

        #expect(out[0].reply.code == .pong && out[0].lines == ["pong"])
        #expect(out[1].reply.code == .errorStorage)
        #expect(out[1].reply.lines == [Catalog.text(.errorStorage, .en)])
        #expect(out[1].events.isEmpty && out[1].lines == nil)
        #expect(out[2].reply.code == .errorStorage)
        #expect(out[2].reply.lines == [Catalog.text(.errorStorage, .tr)])
        #expect(out[3].reply.lines == ["Welcome back (no resume token)."])
        #expect(unstored == [3])
        #expect(out[4].reply.code == .errorStorage && !out[4].close && out[4].endsSessions.isEmpty)
        // A connection gone meanwhile is left as it was: nobody reads it.
        #expect(out[5].reply.code == .taskAdded && out[5].events.count == 1)
        // Every voided command's undo ran, newest first; the standing login's did not.
        #expect(log.undone == ["closing", "show", "add"])
    }

    @Test("a turn of reads only is delivered as it was")
    func readsOnly() {
        let outcomes = [
            Outcome(connection: 1, reply: .success(.pong, ["pong"])),
            Outcome(connection: 2, reply: .success(.taskList, ["Inbox"])),
        ]
        let (out, unstored) = Server.voided(outcomes, code: .errorUnavailable, language: { _ in .en })
        #expect(out.map(\.reply.code) == [.pong, .taskList])
        #expect(unstored.isEmpty)
    }
}
