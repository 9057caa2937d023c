// A reply bigger than the output cap reaches a client that reads; only a client that does not read is dropped.

import Foundation
import Testing

@Suite("Replies larger than the output cap", .timeLimit(.minutes(2)))
struct LargeReplyTests {
    /// Adds `count` tasks with 200-character titles, 250 per round trip so neither side's buffers fill.
    private func fill(_ client: LineClient, count: Int) throws -> Set<String> {
        var titles = Set<String>()
        var next = 0
        while next < count {
            let batch = min(250, count - next)
            var bytes: [UInt8] = []
            for i in next..<(next + batch) {
                let title = "task \(i) " + String(repeating: "x", count: 200 - "task \(i) ".count)
                titles.insert(title)
                bytes += Array("add \(title)\n".utf8)
            }
            try client.send(bytes: bytes)
            for _ in 0..<batch {
                let reply = try client.readJSON(timeout: 20)
                guard reply.ok == true else { throw TestServerError.unexpected("add failed: \(reply)") }
            }
            next += batch
        }
        return titles
    }

    @Test("an export of over 1 MiB arrives whole on one line, and the connection stays usable")
    func bigExport() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0"])
        let alice = try server.user("alice")
        let titles = try fill(alice, count: 6000)

        try alice.send("export")
        let line = try alice.readLine(timeout: 30)
        #expect(line.utf8.count > 1 << 20, "the export should be bigger than the 1 MiB output cap")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSONObject)
        #expect(object.ok == true)
        let lists = try #require(object.data["lists"] as? [JSONObject])
        let exported = lists.flatMap { ($0["tasks"] as? [JSONObject]) ?? [] }.compactMap { $0["title"] as? String }
        #expect(Set(exported) == titles)
        #expect(try alice.json("ping").code == "pong")
    }

    @Test(
        "a client that asks for big replies and never reads is dropped after the grace period; its partner is unaffected"
    )
    func nonReaderOfBigReplies() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0", "--admin", "alice", "--drain-timeout", "2"])
        let (alice, bob) = try server.couple()
        _ = try fill(alice, count: 1500)
        // Bob asks for ~450 KB exports and never reads. They stream until the kernel's buffers (several MB
        // on loopback) are full; the rest wait unread behind them, so the server holds at most the cap for
        // him, and once he has taken nothing for the grace period (2 s here) he is dropped. Alice's 1,500
        // adds already reached him as unread events, so his sends may fail with a reset once he is gone.
        for _ in 0..<40 {
            guard (try? bob.send("export")) != nil else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try alice.ok("add one more")
        // Wait without reading bob's socket (reading it would make him a reader): the server's own count says
        // when he was dropped.
        var drops = 0
        let deadline = Date().addingTimeInterval(20)
        while drops == 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            drops = try #require(try alice.ok("stats").data["output_drops"] as? Int)
        }
        #expect(drops == 1)
        #expect(bob.isClosedByServer(within: 10))
        #expect(try alice.json("ping").code == "pong")
    }
}
