// The store's transaction scopes: write { } commits or rolls back, read { } sees one snapshot, the turn's
// transaction commits or rolls back once, and namesGeneration follows every change to names.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store transactions")
struct StoreTransactionTests {
    let temp = TempDB()

    private struct Boom: Error {}

    private func open() throws -> Store { try Store(path: temp.path, durable: false) }

    /// The titles of every task of `space`, read through a separate connection (so only committed rows count).
    private func committedTitles(in space: SpaceID) throws -> [String] {
        try open().tasks(inSpace: space).map(\.title)
    }

    @Test("write { } commits: another connection sees the work, and the value comes back")
    func writeCommits() throws {
        let store = try open()
        let (user, inbox) = try store.write { tx in
            let user = try #require(try tx.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
            return (user, try tx.defaultList(in: user.space).id)
        }
        let id = try store.write { tx in
            try tx.addTask(title: "milk", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
        }
        #expect(try committedTitles(in: user.space) == ["milk"])
        #expect(try store.task(id, in: user.space)?.title == "milk")
        #expect(!store.db.isInTransaction)
    }

    @Test("write { } rolls everything back when its body throws, and rethrows the body's error")
    func writeRollsBack() throws {
        let store = try open()
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        #expect(throws: Boom.self) {
            try store.write { tx in
                _ = try tx.addTask(title: "doomed", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
                _ = try tx.addList(named: "Doomed too", in: user.space, now: 1)
                throw Boom()
            }
        }
        #expect(!store.db.isInTransaction)
        #expect(try store.tasks(inSpace: user.space).isEmpty)
        #expect(try store.listNames(in: user.space) == ["Inbox"])
        #expect(try committedTitles(in: user.space).isEmpty)
    }

    @Test("a storage error inside write { } rolls back the earlier statements of the body too")
    func writeRollsBackOnStorageError() throws {
        let store = try open()
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        #expect(throws: DatabaseError.self) {
            try store.write { tx in
                _ = try tx.addTask(title: "first", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
                // The same folded name twice in one space breaks the lists' UNIQUE (space_id, name_key).
                _ = try tx.addList(named: "Chores", in: user.space, now: 1)
                _ = try tx.addList(named: "CHORES", in: user.space, now: 1)
            }
        }
        #expect(try store.tasks(inSpace: user.space).isEmpty)
        #expect(try store.listNames(in: user.space) == ["Inbox"])
    }

    @Test("read { } sees committed data, from one snapshot while it lasts")
    func readSeesCommittedSnapshot() throws {
        let store = try open()
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        let writer = try open()
        _ = try writer.addTask(title: "one", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
        let (before, during) = try store.read { tx in
            let before = try tx.tasks(in: inbox).map(\.title)
            // Another connection commits meanwhile: this read's snapshot does not move.
            _ = try writer.addTask(title: "two", list: inbox, space: user.space, by: user.id, assignee: nil, now: 2)
            return (before, try tx.tasks(in: inbox).map(\.title))
        }
        #expect(before == ["one"])
        #expect(during == ["one"])
        #expect(!store.db.isInTransaction)
        #expect(try store.read { try $0.tasks(in: inbox).map(\.title) } == ["one", "two"])
    }

    @Test("read { } inside the turn sees the turn's own uncommitted writes")
    func readInsideTurn() throws {
        let store = try open()
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        let turn = try store.beginTurn()
        _ = try store.addTask(title: "pending", list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
        #expect(try store.read { try $0.tasks(in: inbox).map(\.title) } == ["pending"])
        #expect(store.db.isInTransaction)
        turn.rollback()
        #expect(try store.tasks(in: inbox).isEmpty)
    }

    @Test("the turn's transaction commits every command's savepoint together, or rolls all of them back")
    func turnCommitsOrRollsBack() throws {
        let store = try open()
        let user = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: user.space).id
        for (title, commits) in [("kept", true), ("dropped", false)] {
            let turn = try store.beginTurn()
            _ = try store.savepoint {
                try store.addTask(title: title, list: inbox, space: user.space, by: user.id, assignee: nil, now: 1)
            }
            #expect(try committedTitles(in: user.space) == ["kept"].filter { $0 != title })
            if commits { try turn.commit() } else { turn.rollback() }
            #expect(!store.db.isInTransaction)
        }
        #expect(try committedTitles(in: user.space) == ["kept"])
    }

    /// Seeds and reads a space through the engine-neutral surface only, as a second engine would be used.
    private func exercise<S: TwoDoStorage>(_ storage: S) throws -> [String] {
        let user = try storage.write { tx in
            try #require(try tx.createUser(name: "alice", passwordHash: "h", lang: .tr, now: 0))
        }
        try storage.write { tx in
            let list = try tx.addList(named: "Ev", in: user.space, now: 1)
            _ = try tx.addTask(title: "süt", list: list, space: user.space, by: user.id, assignee: nil, now: 2)
            try tx.addNotification(for: user.id, key: "k", args: ["a": "b"], now: 2, read: false)
        }
        return try storage.read { tx in
            try tx.lists(in: user.space).map { "\($0.name):\($0.openCount)" }
                + [String(try tx.unreadCount(for: user.id))]
        }
    }

    @Test("the SQLite store is usable through the engine-neutral TwoDoStorage surface alone")
    func engineNeutralSurface() throws {
        #expect(try exercise(try open()) == ["Gelen Kutusu:0", "Ev:1", "1"])
        // Committed: a fresh connection sees the same.
        #expect(try open().lists(in: SpaceID(1)).map(\.name) == ["Gelen Kutusu", "Ev"])
    }
}
