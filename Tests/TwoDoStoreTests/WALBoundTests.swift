// The WAL stays bounded even when the checkpoint thread never gets to run.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("WAL bound without the checkpoint thread")
struct WALBoundTests {
    let temp = TempDB()

    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test("with the thread starved, the writer's own commits checkpoint once the WAL passes its bound")
    func writerCheckpointsWhenBehind() throws {
        // Background checkpoints are promised, but no Checkpointer runs: the worst case of a starved thread.
        let store = try Store(path: temp.path, durable: false, backgroundCheckpoints: true)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        let title = String(repeating: "w", count: 150)
        let bound = (Int(Checkpointer.loopPages) + 200) * (4096 + 24)
        var largest = 0
        for i in 0..<6000 {
            _ = try store.write { tx in
                try tx.addTask(
                    title: "\(i) \(title)", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
            }
            largest = max(largest, size(temp.path + "-wal"))
        }
        print(
            "WAL bound: largest WAL \(largest / 1024) KiB, bound \(bound / 1024) KiB, database \(size(temp.path) / 1024) KiB"
        )
        // 6,000 commits write far more than the bound (each at least a few pages), so only checkpoints keep it.
        #expect(largest <= bound, "the WAL grew to \(largest) bytes")
        #expect(size(temp.path) > 1 << 20, "nothing was copied into the database file")
        #expect(try store.tasks(inSpace: user.space).count == 6000)
    }
}
