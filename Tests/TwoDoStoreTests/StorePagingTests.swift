// The store's page queries: each page is a slice of the full order, counts agree, word search reads little.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store paging")
struct StorePagingTests {
    let temp = TempDB()

    @Test("pages of a list are consecutive slices of its full order, and the counts match")
    func listPages() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        var ids: [TaskID] = []
        for i in 0..<23 {
            ids.append(
                try store.addTask(
                    title: "t\(i)", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        for i in [0, 5, 7] { try store.setDone(ids[i], true, by: u.id, now: 100) }
        let all = try store.tasks(in: inbox.id).map(\.id)
        var paged: [TaskID] = []
        for offset in stride(from: 0, to: 30, by: 10) {
            paged += try store.tasks(in: inbox.id, offset: offset, limit: 10).map(\.id)
        }
        #expect(paged == all)
        #expect(try store.taskCounts(in: inbox.id) == (open: 20, done: 3))
        #expect(try store.openTaskCount(in: inbox.id) == 20)
        #expect(try store.taskCount(inSpace: u.space) == 23)
        #expect(try store.tasks(in: inbox.id, offset: 23, limit: 10).isEmpty)
    }

    @Test("the trigger-kept counts agree with counting the rows after adds, dones, moves, deletes and a merge")
    func countersFollowEveryChange() throws {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let b = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: a.space)
        let errands = try store.addList(named: "Errands", in: a.space, now: 0)
        var ids: [TaskID] = []
        for i in 0..<40 {
            ids.append(
                try store.addTask(
                    title: "t\(i)", list: i % 2 == 0 ? inbox.id : errands, space: a.space, by: a.id, assignee: nil,
                    now: Int64(i)))
        }
        for i in 0..<5 {
            _ = try store.addTask(
                title: "b\(i)", list: try store.defaultList(in: b.space).id, space: b.space, by: b.id, assignee: nil,
                now: 0)
        }
        for i in [1, 2, 3, 10] { try store.setDone(ids[i], true, by: a.id, now: 50) }
        try store.setDone(ids[2], false, by: a.id, now: 51)
        try store.move(ids[4], to: errands, now: 52)
        try store.move(ids[3], to: inbox.id, now: 52)
        try store.deleteTask(ids[6])
        try store.deleteTask(ids[10])
        _ = try store.merge(user: b.id, from: b.space, into: a.space, now: 60)
        func counted(_ sql: String, _ id: Int64) throws -> Int {
            Int(try store.db.queryOne(sql, .integer(id)) { try $0.requiredInt("n") } ?? -1)
        }
        for list in try store.lists(in: a.space) {
            #expect(
                try store.openTaskCount(in: list.id)
                    == counted("SELECT count(*) AS n FROM tasks WHERE list_id = ? AND done = 0", list.id.rawValue))
        }
        #expect(
            try store.taskCount(inSpace: a.space)
                == counted("SELECT count(*) AS n FROM tasks WHERE space_id = ?", a.space.rawValue))
        #expect(try store.taskCount(inSpace: a.space) == 43)
        try store.deleteList(errands)
        #expect(
            try store.taskCount(inSpace: a.space)
                == counted("SELECT count(*) AS n FROM tasks WHERE space_id = ?", a.space.rawValue))
    }

    @Test("due and undated pages filter by range and assignee, and their counts agree")
    func duePages() throws {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: a.space)
        for day in 1...9 {
            let id = try store.addTask(
                title: "d\(day)", list: inbox.id, space: a.space, by: a.id, assignee: day % 3 == 0 ? a.id : nil,
                now: Int64(day))
            try store.setDue(
                id,
                DueDate(
                    date: LocalDate(year: 2026, month: 12, day: day), time: LocalTime(hour: 9, minute: 0), tz: "UTC"),
                now: 10)
        }
        for i in 0..<4 {
            _ = try store.addTask(
                title: "u\(i)", list: inbox.id, space: a.space, by: a.id, assignee: i == 0 ? a.id : nil, now: 20)
        }
        let dec4 = DueDate(date: LocalDate(year: 2026, month: 12, day: 4), time: nil, tz: "UTC").instant
        #expect(try store.dueTaskCount(in: a.space, from: .min, before: .max, assignee: nil) == 9)
        #expect(try store.dueTaskCount(in: a.space, from: dec4, before: .max, assignee: nil) == 5)
        let page = try store.dueTasks(in: a.space, from: .min, before: .max, assignee: nil, offset: 2, limit: 3).map(
            \.title)
        #expect(page == ["d3", "d4", "d5"])
        #expect(
            try store.dueTasks(in: a.space, from: .min, before: .max, assignee: a.id, offset: 0, limit: 50).map(\.title)
                == ["d3", "d6", "d9"])
        #expect(try store.dueTaskCount(in: a.space, from: .min, before: .max, assignee: a.id) == 3)
        #expect(try store.undatedTaskCount(in: a.space, assignee: nil) == 4)
        #expect(try store.undatedTasks(in: a.space, assignee: nil, offset: 1, limit: 2).map(\.title) == ["u1", "u2"])
        #expect(try store.undatedTasks(in: a.space, assignee: a.id, offset: 0, limit: 50).map(\.title) == ["u0"])
    }

    @Test("undated tasks come list by list with the default list first, also after a merge")
    func undatedOrder() throws {
        let store = try Store(path: temp.path, durable: false)
        let a = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let b = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .en, now: 0))
        let bobList = try store.addList(named: "Bob's", in: b.space, now: 1)
        let aliceList = try store.addList(named: "Alice's", in: a.space, now: 2)
        _ = try store.addTask(title: "in bob's list", list: bobList, space: b.space, by: b.id, assignee: nil, now: 3)
        _ = try store.addTask(
            title: "in alice's list", list: aliceList, space: a.space, by: a.id, assignee: nil, now: 4)
        _ = try store.addTask(
            title: "bob's inbox", list: store.defaultList(in: b.space).id, space: b.space, by: b.id, assignee: nil,
            now: 5)
        _ = try store.addTask(
            title: "alice's inbox", list: store.defaultList(in: a.space).id, space: a.space, by: a.id, assignee: nil,
            now: 6)
        try store.merge(user: b.id, from: b.space, into: a.space, now: 7)
        let titles = try store.undatedTasks(in: a.space, assignee: nil, offset: 0, limit: 50).map(\.title)
        #expect(titles == ["bob's inbox", "alice's inbox", "in alice's list", "in bob's list"])
        #expect(
            try store.undatedTasks(in: a.space, assignee: nil, offset: 1, limit: 2).map(\.title) == [
                "alice's inbox", "in alice's list",
            ])
        #expect(try store.undatedTaskCount(in: a.space, assignee: nil) == 4)
    }

    @Test("a word reference reads at most `limit` tasks and an exact title wins alone")
    func search() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        for i in 0..<300 {
            _ = try store.addTask(
                title: "task \(i) of the big pile", list: inbox.id, space: u.space, by: u.id, assignee: nil,
                now: Int64(i))
        }
        _ = try store.addTask(title: "Task", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: 400)
        #expect(try store.tasks(matching: "task", in: u.space).map(\.title) == ["Task"])
        #expect(try store.tasks(matching: "pile", in: u.space).count == 20)
        #expect(
            try store.tasks(matching: "big pile task", in: u.space, limit: 5).map(\.title)
                == (0..<5).map { "task \($0) of the big pile" })
        // More words than SQL tests: the rest are checked on the rows read.
        #expect(
            try store.tasks(matching: "task 17 of the big pile", in: u.space).map(\.title) == [
                "task 17 of the big pile"
            ])
        #expect(
            try store.tasks(matching: "the big pile 299 task", in: u.space).map(\.title) == ["task 299 of the big pile"]
        )
        #expect(try store.tasks(matching: "pile nothing", in: u.space).isEmpty)
    }

    @Test("space counts: tasks, lists, routines and events, and notifications by page")
    func counts() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        _ = try store.addList(named: "Two", in: u.space, now: 1)
        _ = try store.addTask(
            title: "x", list: store.defaultList(in: u.space).id, space: u.space, by: u.id, assignee: nil, now: 1)
        #expect(try store.counts(of: u.space) == SpaceCounts(tasks: 1, lists: 2, routines: 0, events: 0))
        #expect(try store.listCount(in: u.space) == 2)
        #expect(try store.routineCount(in: u.space) == 0)
        #expect(try store.indexedEventCount(in: u.space) == 0)
        #expect(try store.noteCount(task: TaskID(1)) == 0)
        for i in 0..<7 { try store.addNotification(for: u.id, key: "k", args: ["n": "\(i)"], now: Int64(i)) }
        #expect(try store.notificationCount(for: u.id) == 7)
        #expect(try store.notifications(for: u.id, offset: 5, limit: 5).map { $0.args["n"] } == ["1", "0"])
    }
}

@Suite("Store search pages")
struct StoreSearchPageTests {
    let temp = TempDB()

    @Test("search pages are consecutive slices of open-before-done, newest-first order; counts and filters agree")
    func searchPages() throws {
        let store = try Store(path: temp.path, durable: false)
        let u = try #require(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 0))
        let v = try #require(try store.createUser(name: "bob", passwordHash: "h", lang: .en, now: 0))
        let inbox = try store.defaultList(in: u.space)
        var ids: [TaskID] = []
        for i in 0..<57 {
            ids.append(
                try store.addTask(
                    title: "chore \(i)", list: inbox.id, space: u.space, by: u.id, assignee: nil, now: Int64(i)))
        }
        // Another space's matching task is never counted nor shown, even if its id were handed in.
        let other = try store.addTask(
            title: "chore elsewhere", list: try store.defaultList(in: v.space).id, space: v.space, by: v.id,
            assignee: nil, now: 5)
        for i in [3, 10, 40] { try store.setDone(ids[i], true, by: u.id, now: 100) }
        try store.flushSearchIndex()
        let hits = try store.searchHits(["chore"], in: u.space)
        #expect(Set(hits.tasks) == Set(ids))
        let expected =
            ids.enumerated().filter { ![3, 10, 40].contains($0.offset) }.map(\.element).reversed()
            + [ids[40], ids[10], ids[3]]
        var paged: [TaskID] = []
        for offset in stride(from: 0, to: 60, by: 20) {
            let (total, page) = try store.searchPage(
                hits.tasks, in: u.space, filter: SearchFilter(), offset: offset, limit: 20)
            #expect(total == 57)
            paged += page.map(\.id)
        }
        #expect(paged == Array(expected))
        // Another space's id handed in (the index never does) is never shown, and a filtered count skips it.
        let foreign = try store.searchPage(
            [other] + hits.tasks, in: u.space, filter: SearchFilter(), offset: 0, limit: 100)
        #expect(!foreign.tasks.map(\.id).contains(other) && foreign.tasks.count == 57)
        #expect(
            try store.searchTaskCount([other] + hits.tasks, in: u.space, filter: SearchFilter(list: inbox.id)) == 57)
        let (doneTotal, done) = try store.searchPage(
            hits.tasks, in: u.space, filter: SearchFilter(doneOnly: true), offset: 0, limit: 20)
        #expect(doneTotal == 3 && done.map(\.id) == [ids[40], ids[10], ids[3]])
        let past = try store.searchPage(hits.tasks, in: u.space, filter: SearchFilter(), offset: 57, limit: 20)
        #expect(past.total == 57 && past.tasks.isEmpty)
    }

    @Test("the id list handed to SQL is exact JSON for any ids")
    func idList() {
        #expect(Store.jsonList([]) == "[]")
        #expect(Store.jsonList([0, 7, 10, 99, 100, 1_234_567]) == "[0,7,10,99,100,1234567]")
        #expect(Store.jsonList([-5, Int64.max, Int64.min]) == "[-5,9223372036854775807,-9223372036854775808]")
    }
}
