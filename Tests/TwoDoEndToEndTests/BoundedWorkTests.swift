// End to end: bounded work per command and fair turns — the inbox cap, the exception cap, one share per address.

import Foundation
import Testing

@Suite("Bounded work and fair turns over TCP", .serialized, .timeLimit(.minutes(3)))
struct BoundedWorkTests {
    /// Sends `lines` in one write and reads one JSON reply per line (events skipped); returns the replies.
    private static func pipeline(_ lines: [String], on c: LineClient, timeout: Double = 60) throws -> [JSONObject] {
        try c.send(bytes: Array(lines.map { $0 + "\n" }.joined().utf8))
        var replies: [JSONObject] = []
        while replies.count < lines.count {
            let object = try c.readJSON(timeout: timeout)
            if object["type"] as? String == "reply" { replies.append(object) }
        }
        return replies
    }

    @Test("an inbox past its cap keeps the newest 1,000 and says how many older ones it dropped, in en and tr")
    func inboxCap() throws {
        let server = try TestServer()
        let (alice, bob) = try server.couple()
        try alice.ok("mute chat")
        let said = try Self.pipeline((1...1_005).map { "say message \($0)" }, on: bob)
        #expect(said.allSatisfy { $0.ok == true })

        let inbox = try alice.ok("inbox")
        #expect(inbox.data["dropped"] as? Int == 5)
        #expect(inbox.data["limit"] as? Int == 1_000)
        let first = try #require((inbox.data["notifications"] as? [JSONObject])?.first)
        #expect(first["text"] as? String == "bob: message 1005")
        // The last page ends with the oldest kept: message 6 (1 to 5 were dropped).
        let last = try alice.ok("inbox page 20")
        #expect((last.data["notifications"] as? [JSONObject])?.last?["text"] as? String == "bob: message 6")

        let english = try server.login("alice", json: false)
        let lines = try english.lines("inbox")
        #expect(lines[0] == "Your notifications (newest first):")
        #expect(
            lines[1]
                == #"5 older notifications were dropped: the inbox keeps the newest 1000. "inbox clear" starts it afresh."#
        )
        _ = try english.lines("lang tr")
        #expect(
            try english.lines("bildirimler")[1]
                == #"Eski 5 bildirim silindi: bildirimler en yeni 1000 tanesini saklar. Sıfırdan başlamak için "bildirimleri temizle"."#
        )

        #expect(try alice.ok("inbox read all").data["count"] as? Int == 1_000)
        #expect(try alice.ok("inbox clear").data["count"] as? Int == 1_000)
        let cleared = try alice.ok("inbox")
        #expect(cleared.data["dropped"] as? Int == 0)
        #expect((cleared.data["notifications"] as? [JSONObject])?.isEmpty == true)
    }

    @Test("a repeating event takes changed or cancelled occurrences up to its limit, then a localized refusal")
    func exceptionCap() throws {
        let server = try TestServer(extraArguments: ["--limit-exceptions", "2"])
        let alice = try server.user("alice")
        try alice.ok("event add yoga every monday 6pm")
        try alice.ok("event delete yoga this 2026-11-23")
        try alice.ok("event delete yoga this 2026-11-30")
        let refused = try alice.json("event delete yoga this 2026-12-07")
        #expect(refused.code == "error.limit_exceptions")
        #expect(refused.data["limit"] as? Int == 2)
        #expect(refused.text.hasPrefix(#""yoga" already has 2 changed or cancelled occurrences"#))
        #expect(try alice.json("event move yoga this 8pm").code == "error.limit_exceptions")
        // The series itself still changes, and a listing still works.
        try alice.ok("events")
        let turkish = try server.login("alice", json: false)
        _ = try turkish.lines("lang tr")
        let line = try turkish.lines("etkinlik sil yoga bu")
        #expect(
            line.first?.hasPrefix(#""yoga" etkinliğinin zaten 2 değiştirilmiş ya da iptal edilmiş tekrarı var"#) == true
        )
    }

    @Test("sixteen connections from one address pipelining `add` share one slice: a bystander's add is served early")
    func oneSharePerAddress() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0"])
        let flooders = try (0..<16).map { i -> LineClient in
            let c = try server.connect(from: "127.0.3.1")
            _ = try c.command("json on")
            let reply = try c.command("register flood\(i) \(TestServer.password("flood\(i)"))", timeout: 20)
            guard reply.contains("\"ok\":true") else { throw TestServerError.unexpected(reply) }
            return c
        }
        let bystander = try server.user("alice")
        let perFlooder = 1_500
        for (i, c) in flooders.enumerated() {
            try c.send(bytes: Array((0..<perFlooder).map { "add f\(i) chore \($0)\n" }.joined().utf8))
        }
        let mine = try #require(try bystander.ok("add bystander chore", timeout: 60).data["id"] as? Int)
        var before = 0
        for c in flooders {
            var read = 0
            while read < perFlooder {
                let reply = try c.readJSON(timeout: 60)
                guard reply["type"] as? String == "reply" else { continue }
                read += 1
                if let id = reply.data["id"] as? Int, id < mine { before += 1 }
            }
        }
        // Served a connection at a time, the bystander waited for a slice of each of the sixteen (4,096 adds or
        // more); one share per address lets at most a few shares of the flood go first.
        #expect(before < 1_500, "flood adds stored before the bystander's: \(before) of \(16 * perFlooder)")
    }

    @Test("the search index takes a burst's text a batch at a time as it comes, and the rest by itself")
    func searchBacklogDrains() throws {
        let server = try TestServer()
        guard !server.databasePath.hasPrefix("postgresql://") else { return }
        let alice = try server.user("alice")
        let pending = {
            Int(
                try ToolRun.run("/usr/bin/sqlite3", [server.databasePath, "SELECT count(*) FROM search_pending;"])
                    .stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        let added = try Self.pipeline((1...1_000).map { "add gadget \($0)" }, on: alice)
        #expect(added.allSatisfy { $0.ok == true })
        // Never more than a batch (128) and one turn's commands (at most 256) wait: a `search` now moves little.
        let waiting = try pending()
        #expect(waiting >= 0 && waiting < 128 + 256, "rows waiting right after the burst: \(waiting)")
        // A second later the next turn (this ping's) takes what is left.
        Thread.sleep(forTimeInterval: 1.2)
        _ = try alice.ok("ping")
        var left = try pending()
        let deadline = Date().addingTimeInterval(5)
        while left != 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            left = try pending()
        }
        #expect(left == 0, "rows still waiting for the search index: \(left)")
        let found = try alice.ok("search gadget 999")
        #expect((found.data["tasks"] as? [JSONObject])?.first?["title"] as? String == "gadget 999")
    }
}
