// The session table: lookups by nick in any case, and re-keying when a user changes nick.

import Testing
import TwoDoBridge

@Suite("SessionTable", .timeLimit(.minutes(1)))
struct SessionTableTests {
    func session(_ id: Int, _ nick: String) -> BridgeSession {
        BridgeSession(id: SessionID(id), nick: nick, userHost: "~\(nick)@host", now: 0, backoff: Backoff())
    }

    @Test("finds a session by nick in any case")
    func lookup() {
        var table = SessionTable()
        table.insert(session(1, "Alice"))
        #expect(table.session(forNick: "alice")?.id == SessionID(1))
        #expect(table.session(forNick: "ALICE")?.id == SessionID(1))
        #expect(table.session(forNick: "bob") == nil)
    }

    @Test("a nick change moves the session, with its state, to the new nick")
    func rename() throws {
        var table = SessionTable()
        var alice = session(1, "alice")
        alice.account = "alice"
        alice.shared = true
        table.insert(alice)
        table.insert(session(2, "bob"))
        let renamed = table.rename(from: "alice", to: "Alice_away")
        let result = try #require(renamed)
        #expect(result.id == SessionID(1))
        #expect(result.displaced == nil)
        #expect(table.session(forNick: "alice") == nil)
        let moved = try #require(table.session(forNick: "alice_AWAY"))
        #expect(moved.id == SessionID(1))
        #expect(moved.nick == "Alice_away")
        #expect(moved.account == "alice" && moved.shared)
        #expect(table.count == 2)
        #expect(table.session(forNick: "bob")?.id == SessionID(2))
    }

    @Test("a change of case only keeps the session under the same key")
    func renameCaseOnly() {
        var table = SessionTable()
        table.insert(session(1, "alice"))
        let renamed = table.rename(from: "alice", to: "ALICE")
        #expect(renamed != nil && renamed?.displaced == nil)
        #expect(table.session(forNick: "alice")?.nick == "ALICE")
        #expect(table.count == 1)
    }

    @Test("renaming onto a nick that still has a stale session displaces that session")
    func renameDisplaces() {
        var table = SessionTable()
        table.insert(session(1, "alice"))
        table.insert(session(2, "bob"))
        let result = table.rename(from: "alice", to: "bob")
        #expect(result?.id == SessionID(1))
        #expect(result?.displaced == SessionID(2))
        #expect(table.count == 1)
        #expect(table.session(forNick: "bob")?.id == SessionID(1))
        #expect(table[SessionID(2)] == nil)
    }

    @Test("renaming a nick without a session changes nothing")
    func renameUnknown() {
        var table = SessionTable()
        table.insert(session(1, "alice"))
        let renamed = table.rename(from: "carol", to: "alice")
        #expect(renamed == nil)
        #expect(table.session(forNick: "alice")?.id == SessionID(1))
    }

    @Test("removing frees the nick")
    func remove() {
        var table = SessionTable()
        table.insert(session(1, "alice"))
        #expect(table.remove(SessionID(1))?.nick == "alice")
        #expect(table.session(forNick: "alice") == nil)
        table.insert(session(2, "alice"))
        #expect(table.session(forNick: "alice")?.id == SessionID(2))
    }
}
