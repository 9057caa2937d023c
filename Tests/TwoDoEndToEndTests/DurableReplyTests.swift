// End to end: a write's reply and its partner's event wait for the sync thread's fsync; nothing else changes.

import Foundation
import Glibc
import Testing

/// The server's sync thread is held back (`--test-sync-delay`) so a reply that did not wait for it would show.
@Suite("Replies wait for the fsync of their commit", .serialized, .timeLimit(.minutes(2)), TestEngine.sqliteFile)
struct DurableReplyTests {
    static let delay = 0.4

    static func server(delay: Double = DurableReplyTests.delay) throws -> TestServer {
        try TestServer(extraArguments: ["--rate-limit", "0", "--test-sync-delay", "\(delay)"])
    }

    @Test("a write's reply and the partner's event come after the fsync; a command that wrote nothing answers at once")
    func writesWait() throws {
        let server = try Self.server()
        let (alice, bob) = try server.couple()
        let started = Date()
        try alice.send("add milk")
        let reply = try alice.readJSON(timeout: 5)
        let replied = Date().timeIntervalSince(started)
        #expect(reply.code == "task.added")
        let event = try bob.event(timeout: 5)
        let heard = Date().timeIntervalSince(started)
        #expect(event.event == "task.added")
        #expect(replied >= Self.delay * 0.9, "the reply came \(replied) s after the command, before the fsync")
        #expect(heard >= Self.delay * 0.9, "the partner heard \(heard) s after the command, before the fsync")
        // Nothing is waiting now and `ping` writes nothing: no fsync to wait for (the fastest of three, in case
        // one shares its turn with the search index's once-a-second write).
        var fastest = Double.infinity
        for _ in 0..<3 {
            let t = Date()
            #expect(try alice.json("ping").code == "pong")
            fastest = min(fastest, Date().timeIntervalSince(t))
        }
        #expect(fastest < Self.delay / 2, "a command that wrote nothing waited \(fastest) s")
    }

    @Test("pipelined writes and reads keep their order, and a read answered behind a held write sees it")
    func pipelinedOrder() throws {
        let server = try Self.server()
        let alice = try server.user("alice")
        try alice.send(bytes: Array("add one\nshow\nping\nadd two\nadd three\nshow\n".utf8))
        var codes: [String] = []
        var lastTitles: [String] = []
        for _ in 0..<6 {
            let reply = try alice.readJSON(timeout: 10)
            codes.append(reply.code ?? "?")
            if reply.code == "task.list" {
                lastTitles = (reply.data["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
                if codes.count == 2 { #expect(lastTitles == ["one"]) }
            }
        }
        #expect(codes == ["task.added", "task.list", "pong", "task.added", "task.added", "task.list"])
        #expect(lastTitles == ["one", "two", "three"])
    }

    @Test("a client that half-closes right after a write still gets its reply before the server closes")
    func halfCloseGetsReply() throws {
        let server = try Self.server()
        let alice = try server.user("alice")
        try alice.send("add bread")
        alice.shutdownWrite()
        let reply = try alice.readJSON(timeout: 5)
        #expect(reply.code == "task.added")
        #expect(alice.isClosedByServer(within: 3))
    }

    @Test("a client that hangs up while its write waits: the write stands and the partner still hears of it")
    func hangUpWhileHeld() throws {
        let server = try Self.server()
        let (alice, bob) = try server.couple()
        try alice.send("add eggs")
        Thread.sleep(forTimeInterval: Self.delay / 4)
        var linger = linger(l_onoff: 1, l_linger: 0)  // a reset, not an orderly close
        setsockopt(alice.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(alice.fd)
        let event = try bob.event(timeout: 5)
        #expect(event.event == "task.added")
        #expect(event.data["title"] as? String == "eggs")
        let titles = (try bob.ok("show").data["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String }
        #expect(titles == ["eggs"])
    }

    @Test("a command every 15 ms while each fsync takes 0.3 s: more turns wait than the cap, and all are answered in order")
    func manyHeldTurns() throws {
        let server = try Self.server(delay: 0.3)
        let alice = try server.user("alice")
        let count = 60
        for i in 0..<count {
            try alice.send("add item \(i)")
            Thread.sleep(forTimeInterval: 0.015)
        }
        var titles: [String] = []
        for _ in 0..<count {
            let reply = try alice.readJSON(timeout: 20)
            #expect(reply.code == "task.added")
            titles.append((reply.data["title"] as? String) ?? "?")
        }
        #expect(titles == (0..<count).map { "item \($0)" })
        #expect(try alice.json("ping").code == "pong")
    }

    @Test("an export asked for behind a held write waits for it and holds the write")
    func exportBehindWrite() throws {
        let server = try Self.server()
        let (alice, bob) = try server.couple()
        try alice.send("add soap")
        Thread.sleep(forTimeInterval: 0.05)  // alice's add has run and waits for its fsync
        try bob.send("export")
        var export: JSONObject = [:]
        while true {
            let object = try bob.readJSON(timeout: 10)
            if object["type"] as? String == "reply" {
                export = object
                break
            }
        }
        let lists = export.data["lists"] as? [JSONObject] ?? []
        let titles = lists.flatMap { ($0["tasks"] as? [JSONObject] ?? []).compactMap { $0["title"] as? String } }
        #expect(titles.contains("soap"))
        #expect(try alice.readJSON(timeout: 5).code == "task.added")
    }
}
