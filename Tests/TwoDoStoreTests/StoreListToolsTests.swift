// The store side of `list clear` and `list icon` on a durable file: one statement, notes and search rows go too.

import Foundation
import Testing
import TwoDoCore

@testable import TwoDoStore

@Suite("Store list tools")
struct StoreListToolsTests {
    let temp = TempDB()

    @Test("deleting 5,000 done tasks (with notes) is one bounded write; open tasks, icons and other lists stay")
    func clearFiveThousand() throws {
        let store = try Store(path: temp.path, durable: true)
        let user = try #require(try store.createUser(name: "alice", passwordHash: "x", lang: .en, now: 0))
        let big = try store.addList(named: "Big", in: user.space, now: 0)
        try store.setIcon("🛒", of: big)
        let inbox = try store.defaultList(in: user.space)
        try store.savepoint {
            for i in 0..<5_000 {
                let id = try store.addTask(
                    title: "item \(i)", list: big, space: user.space, by: user.id, assignee: nil, now: Int64(i))
                try store.setDone(id, true, by: user.id, now: Int64(i))
                if i % 10 == 0 { try store.addNote(to: id, by: user.id, text: "note \(i)", now: Int64(i)) }
            }
            _ = try store.addTask(title: "open", list: big, space: user.space, by: user.id, assignee: nil, now: 1)
            let other = try store.addTask(
                title: "other done", list: inbox.id, space: user.space, by: user.id, assignee: nil, now: 1)
            try store.setDone(other, true, by: user.id, now: 1)
        }
        try store.flushSearchIndex(limit: .max)
        let clock = ContinuousClock()
        var removed = 0
        let took = try clock.measure { try store.savepoint { removed = try store.deleteDoneTasks(in: big) } }
        print("deleteDoneTasks over 5,000 done tasks on a durable file: \(took)")
        #expect(removed == 5_000)
        #expect(took < .seconds(5))
        #expect(try store.taskCounts(in: big).done == 0)
        #expect(try store.taskCounts(in: inbox.id).done == 1)
        #expect(try store.openTaskCount(in: big) == 1)
        #expect(try store.list(named: "big", in: user.space)?.icon == "🛒")
        #expect(try store.searchHits(["item"], in: user.space).tasks.isEmpty)
        #expect(try store.integrityProblems().isEmpty)
        #expect(try store.deleteDoneTasks(in: big) == 0)
    }
}
