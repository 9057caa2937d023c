// The store on temporary files: migrations, identity checks, accounts, merging, ordering, notifications.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

/// A temporary database file, deleted with its WAL when the test ends.
final class TempDB {
    let path: String
    init() { path = NSTemporaryDirectory() + "twodo-store-\(UUID().uuidString).sqlite" }
    deinit { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
}

@Suite("Store")
struct StoreTests {
    let temp = TempDB()

    func makeStore() throws -> Store { try Store(path: temp.path, durable: false) }

    @Test("a new file is migrated to the latest schema and marked as TwoDo's")
    func migrates() throws {
        let store = try makeStore()
        #expect(try store.schemaVersion() == Migrations.all.count)
        #expect(try store.integrityProblems().isEmpty)
        let reopened = try Store(path: temp.path, durable: false)
        #expect(try reopened.schemaVersion() == Migrations.all.count)
    }

    @Test("a file that is not SQLite is refused and left untouched")
    func refusesGarbage() throws {
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
        try bytes.write(to: URL(fileURLWithPath: temp.path))
        #expect(throws: StoreOpenError.self) { try Store(path: temp.path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: temp.path)) == bytes)
    }

    @Test("another program's SQLite database is refused")
    func refusesForeign() throws {
        do {
            let db = try Database(path: temp.path)
            try db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
        }
        #expect(throws: StoreOpenError.self) { try Store(path: temp.path) }
    }

    @Test("user names are unique regardless of case and get a personal space with an Inbox")
    func users() throws {
        let store = try makeStore()
        let alice = try #require(try store.createUser(name: "Irmak", passwordHash: "$y$x", lang: .tr, now: 100))
        #expect(try store.createUser(name: "IRMAK", passwordHash: "$y$x", lang: .en, now: 100) == nil)
        #expect(try store.createUser(name: "ırmak", passwordHash: "$y$x", lang: .en, now: 100) == nil)
        #expect(try store.user(named: "irmak")?.user.id == alice.id)
        #expect(try store.lists(in: alice.space).map(\.name) == ["Gelen Kutusu"])
    }

    @Test("tasks list open first, then done, each by creation time")
    func ordering() throws {
        let store = try makeStore()
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        var ids: [TaskID] = []
        for (i, title) in ["a", "b", "c", "d"].enumerated() {
            ids.append(
                try store.addTask(
                    title: title, list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(10 + i)))
        }
        try store.setDone(ids[0], true, by: u.id, now: 50)
        try store.setDone(ids[2], true, by: u.id, now: 40)
        #expect(try store.tasks(in: inbox.id).map(\.title) == ["b", "d", "a", "c"])
        let done = try #require(try store.task(ids[0], in: u.space))
        #expect(done.completedBy == "alice" && done.completedAt == 50)
    }

    @Test("a task id from another space is not found")
    func isolation() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let c = try #require(try store.createUser(name: "carol", passwordHash: "h", lang: .en, now: 0))
        let id = try store.addTask(
            title: "secret", list: store.defaultList(in: a.space).id, space: a.space, by: a.id, assignee: nil, now: 1)
        #expect(try store.task(id, in: a.space) != nil)
        #expect(try store.task(id, in: c.space) == nil)
        #expect(try store.tasks(matching: "secret", in: c.space).isEmpty)
    }

    @Test("joining merges lists and tasks, de-duplicating list names, losing nothing")
    func merge() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let b = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .tr, now: 0))
        let aGroceries = try store.addList(named: "Groceries", in: a.space, now: 1)
        let bGroceries = try store.addList(named: "groceries", in: b.space, now: 1)
        _ = try store.addTask(title: "milk", list: aGroceries, space: a.space, by: a.id, assignee: nil, now: 2)
        _ = try store.addTask(title: "süt", list: bGroceries, space: b.space, by: b.id, assignee: nil, now: 2)
        _ = try store.addTask(
            title: "ekmek", list: store.defaultList(in: b.space).id, space: b.space, by: b.id, assignee: nil, now: 2)
        let moved = try store.merge(user: b.id, from: b.space, into: a.space, now: 3)
        #expect(moved == 2)
        #expect(try store.lists(in: a.space).map(\.name) == ["Inbox", "Groceries", "groceries (2)"])
        #expect(Set(try store.tasks(inSpace: a.space).map(\.title)) == ["milk", "süt", "ekmek"])
        #expect(try store.members(of: a.space).map(\.name) == ["alice", "bob"])
        #expect(try store.spaceName(b.space) == nil)
    }

    @Test("leaving starts an empty personal space; the shared data stays")
    func leave() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let b = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .en, now: 0))
        try store.merge(user: b.id, from: b.space, into: a.space, now: 1)
        let task = try store.addTask(
            title: "x", list: store.defaultList(in: a.space).id, space: a.space, by: b.id, assignee: b.id, now: 2)
        let fresh = try store.leave(user: b.id, lang: .en, now: 3).space
        #expect(try store.tasks(inSpace: fresh).map(\.title) == ["x"])  // bob made it: his copy
        #expect(try store.task(task, in: a.space)?.assignee == nil)
        #expect(try store.members(of: a.space).map(\.name) == ["alice"])
    }

    @Test("invites are single use and expire")
    func invites() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let code = InviteCode.random()
        try store.createInvite(code: code, space: a.space, by: a.id, now: 100, lifetime: 50)
        #expect(try store.invite(code, now: 120) == .valid(space: a.space, createdBy: a.id))
        #expect(try store.invite(code, now: 150) == .expired)
        #expect(try store.invite(InviteCode.random(), now: 120) == .unknown)
        try store.useInvite(code, by: a.id, now: 130)
        #expect(try store.invite(code, now: 131) == .used)
    }

    @Test("word search folds case and Turkish letters and prefers exact titles")
    func search() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: a.space).id
        for title in ["Süt al", "süt", "Ispanak", "call mom"] {
            _ = try store.addTask(title: title, list: inbox, space: a.space, by: a.id, assignee: nil, now: 1)
        }
        #expect(try store.tasks(matching: "SÜT", in: a.space).map(\.title) == ["süt"])
        #expect(try store.tasks(matching: "sut al", in: a.space).map(\.title) == ["Süt al"])
        #expect(try store.tasks(matching: "ıspanak", in: a.space).map(\.title) == ["Ispanak"])
        #expect(try store.tasks(matching: "mom call", in: a.space).map(\.title) == ["call mom"])
        #expect(try store.tasks(matching: "nothing", in: a.space).isEmpty)
    }

    @Test("notifications keep their arguments and are counted until read")
    func notifications() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        try store.addNotification(
            for: a.id, key: "event.task.added", args: ["actor": "bob", "title": "süt \"x\""], now: 10)
        try store.addNotification(for: a.id, key: "event.chat.message", args: ["actor": "bob", "text": "hi"], now: 20)
        #expect(try store.unreadCount(for: a.id) == 2)
        let items = try store.notifications(for: a.id)
        #expect(items.map(\.key) == ["event.chat.message", "event.task.added"])
        #expect(items[1].args["title"] == "süt \"x\"")
        #expect(try store.markNotificationsRead(for: a.id) == 2)
        #expect(try store.unreadCount(for: a.id) == 0)
    }

    @Test("a savepoint rollback undoes one command and keeps the rest of the turn")
    func savepoints() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: a.space).id
        let turn = try store.beginTurn()
        _ = try store.savepoint {
            try store.addTask(title: "kept", list: inbox, space: a.space, by: a.id, assignee: nil, now: 1)
        }
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try store.savepoint {
                _ = try store.addTask(title: "undone", list: inbox, space: a.space, by: a.id, assignee: nil, now: 1)
                throw Undo()
            }
        }
        try turn.commit()
        #expect(try store.tasks(in: inbox).map(\.title) == ["kept"])
    }

    @Test("an online backup is a consistent, checkable copy")
    func backup() throws {
        let store = try makeStore()
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        _ = try store.addTask(
            title: "x", list: store.defaultList(in: a.space).id, space: a.space, by: a.id, assignee: nil, now: 1)
        let copy = TempDB()
        try Backup.copy(from: temp.path, to: copy.path)
        #expect(try Backup.check(path: copy.path).isEmpty)
        let restored = try Store(path: copy.path, durable: false)
        #expect(try restored.tasks(inSpace: a.space).map(\.title) == ["x"])
        #expect(throws: (any Error).self) { try Backup.copy(from: temp.path, to: copy.path) }
    }
}
