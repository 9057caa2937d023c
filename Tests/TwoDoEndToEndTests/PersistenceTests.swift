// End to end: data survives a graceful restart, a SIGTERM with clients connected, and kill -9 after an acknowledgement.

import Foundation
import Testing

@Suite("Persistence and durability of the real binary", .serialized, .timeLimit(.minutes(1)))
struct PersistenceTests {
    /// Reads JSON lines until the server closes the connection; returns them.
    static func readUntilClosed(_ c: LineClient, timeout: Double = 5) throws -> [JSONObject] {
        var objects: [JSONObject] = []
        while true {
            do {
                objects.append(try c.readJSON(timeout: timeout))
            } catch LineClientError.closed {
                return objects
            }
        }
    }

    /// Whether two JSON values are equal.
    static func same(_ a: Any, _ b: Any) -> Bool {
        NSDictionary(dictionary: ["v": a]).isEqual(to: ["v": b])
    }

    @Test("after a graceful stop (exit 0) a new server on the same database has everything")
    func restart() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok(["add milk", "add bread", "say hi"])
        try bob.ok(["done milk", "lang tr"])
        let before = try alice.json("export").data
        let aliceInbox = try alice.json("inbox").data

        #expect(server.stop() == 0)
        #expect(alice.isClosedByServer(within: 2))
        #expect(bob.isClosedByServer(within: 2))
        #expect(server.log.contains("msg=stopped"))
        if !TestEngine.isPostgres {  // `twodo check` is SQLite's integrity check of the file
            let check = try TestServer.runBinary(["check", "--db", server.databasePath])
            #expect(check.status == 0)
            #expect(check.stdout.contains("ok"))
        }

        let second = try server.startAgain()
        let alice2 = try second.login("alice")
        let after = try alice2.json("export").data
        #expect(Self.same(before, after), "\(before)\n\(after)")
        #expect(Self.same(aliceInbox, try alice2.json("inbox").data))
        let members = try alice2.json("couple").data["members"] as? [JSONObject]
        #expect(members?.compactMap { $0["name"] as? String } == ["alice", "bob"])

        let bob2 = try second.connect()
        _ = try bob2.command("json on")
        let login = try bob2.json("login bob plover-obo-27")
        #expect(login.data["lang"] as? String == "tr")
        #expect(login.text.contains("hoş geldiniz"), "\(login.text)")
        // Still paired and live after the restart.
        try alice2.ok("add cheese")
        #expect(try bob2.event().event == "task.added")
    }

    @Test("an acknowledged add survives kill -9")
    func killAfterAcknowledgement() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let added = try alice.json("add survives a crash")
        #expect(added.code == "task.added")
        server.kill()
        #expect(alice.isClosedByServer(within: 2))

        let second = try server.startAgain()
        let back = try second.login("alice")
        #expect(ListTaskTests.titles(try back.json("show")) == ["survives a crash"])
    }

    @Test("a pipelined burst of adds, every one acknowledged, all survive kill -9")
    func killAfterPipelinedBurst() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let count = 60
        let burst = (1...count).map { "@id=t\($0) add task \($0)\n" }.joined()
        try alice.send(bytes: Array(burst.utf8))
        var acknowledged: [String] = []
        for _ in 1...count {
            let reply = try alice.readJSON()
            #expect(reply.code == "task.added")
            if let id = reply["id"] as? String { acknowledged.append(id) }
        }
        #expect(acknowledged == (1...count).map { "t\($0)" })
        server.kill()

        let second = try server.startAgain()
        let back = try second.login("alice")
        // `show` answers 50 tasks a page: the 60 are on two pages.
        let shown = ListTaskTests.titles(try back.json("show")) + ListTaskTests.titles(try back.json("show page 2"))
        #expect(shown == (1...count).map { "task \($0)" })
    }

    @Test("SIGTERM while clients are connected and sending: exit 0, and every acknowledged command is kept")
    func gracefulStopUnderLoad() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok((1...10).map { "add early \($0)" })
        // A writer keeps sending small batches while the server is told to stop, so the stop lands mid-stream.
        let total = 1500
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { finished.signal() }
            for start in stride(from: 1, through: total, by: 20) {
                let batch = (start..<min(start + 20, total + 1)).map { "add late \($0)\n" }.joined()
                do { try alice.send(bytes: Array(batch.utf8)) } catch { return }
                usleep(2_000)
            }
        }
        usleep(60_000)
        #expect(server.stop() == 0)
        finished.wait()

        let replies = try Self.readUntilClosed(alice)
        let acknowledged = replies.filter { $0["type"] as? String == "reply" && $0.code == "task.added" }
            .compactMap { $0.data["title"] as? String }
        #expect(replies.allSatisfy { $0.ok != false }, "no command failed during shutdown")
        _ = try Self.readUntilClosed(bob)

        let second = try server.startAgain()
        let back = try second.login("alice")
        let stored = Set(try ListTaskTests.allTitles(back))
        for n in 1...10 { #expect(stored.contains("early \(n)")) }
        let lost = acknowledged.filter { !stored.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost)")
        let sent = Set((1...total).map { "late \($0)" })
        #expect(stored.subtracting((1...10).map { "early \($0)" }).isSubset(of: sent))
    }
}
