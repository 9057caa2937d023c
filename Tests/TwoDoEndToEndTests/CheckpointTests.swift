// The write-ahead log is copied into the database by the checkpoint thread, so it stays small under writes.

import Foundation
import Testing

@Suite("WAL checkpoints off the loop", .serialized, .timeLimit(.minutes(2)))
struct CheckpointTests {
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Adds `count` tasks with 150-character titles, 200 per round trip.
    private func write(_ client: LineClient, count: Int) throws {
        var next = 0
        while next < count {
            let batch = min(200, count - next)
            var bytes: [UInt8] = []
            for i in next..<(next + batch) {
                bytes += Array("add task \(i) \(String(repeating: "w", count: 140))\n".utf8)
            }
            try client.send(bytes: bytes)
            for _ in 0..<batch {
                let reply = try client.readJSON(timeout: 20)
                guard reply.ok == true else { throw TestServerError.unexpected("add failed: \(reply)") }
            }
            next += batch
        }
    }

    @Test(
        "under 8,000 adds the checkpoint thread copies the WAL into the database file and the WAL stays small",
        TestEngine.sqliteFile)
    func walStaysSmall() throws {
        let server = try TestServer(extraArguments: ["--rate-limit", "0"])
        let alice = try server.user("alice")
        var largestWAL = 0
        for _ in 0..<8 {
            try write(alice, count: 1000)
            largestWAL = max(largestWAL, size(server.databasePath + "-wal"))
        }
        Thread.sleep(forTimeInterval: 1.2)  // two checkpoint intervals
        let database = size(server.databasePath)
        print("checkpoints: largest WAL \(largestWAL / 1024) KiB while writing, database file \(database / 1024) KiB")
        #expect(largestWAL < 16 << 20, "the WAL grew to \(largestWAL) bytes")
        #expect(database > 1 << 20, "the database file holds \(database) bytes: the WAL was not copied into it")
        // Everything is still there after a kill -9.
        server.kill()
        let again = try server.startAgain()
        let lists = try #require(try again.login("alice").ok("export").data["lists"] as? [JSONObject])
        #expect(lists.reduce(0) { $0 + (($1["tasks"] as? [JSONObject])?.count ?? 0) } == 8000)
    }
}
