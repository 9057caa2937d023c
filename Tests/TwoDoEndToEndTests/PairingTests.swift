// End to end: two partners register, pair, and see each other's changes live.

import Foundation
import Testing

@Suite("Two partners over TCP", .serialized, .timeLimit(.minutes(2)))
struct PairingTests {
    @Test("a task added by one partner reaches the other at once, and completion comes back")
    func liveAddAndComplete() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        try server.pair(alice, bob)

        let added = try alice.json("add milk")
        #expect(added["code"] as? String == "task.added")
        let event = try bob.readJSON()
        #expect(event["type"] as? String == "event")
        #expect(event["event"] as? String == "task.added")
        #expect(event["actor"] as? String == "alice")
        #expect((event["text"] as? String)?.contains("milk") == true)

        let done = try bob.json("done milk")
        #expect(done["code"] as? String == "task.completed")
        let back = try alice.readJSON()
        #expect(back["event"] as? String == "task.completed")
        #expect(back["actor"] as? String == "bob")
        #expect(try alice.isQuiet(for: 0.2))
    }
}
