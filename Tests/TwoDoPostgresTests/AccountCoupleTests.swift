// Joining and leaving a couple on both engines: everything moves, list names de-duplicated, the leaver's copy.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("Merge and leave on both engines")
struct AccountCoupleTests {
    @Test(
        "merge moves every list, task, routine and event; names get (2), (3); the old space goes", arguments: Engine.all
    )
    func merge(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        try store.rawList("groceries", in: alice.space)
        try store.rawList("Groceries (2)", in: alice.space)
        let bobGroceries = try store.rawList("Groceries", in: bob.space)
        let bobWork = try store.rawList("Work", in: bob.space)
        let inboxTask = try store.rawTask("milk", list: store.rawDefaultList(bob.space), space: bob.space, by: bob.id)
        let parent = try store.rawTask("bread", list: bobGroceries, space: bob.space, by: bob.id)
        try store.rawTask("crumbs", list: bobGroceries, space: bob.space, by: bob.id, parent: parent)
        try store.rawTask("report", list: bobWork, space: bob.space, by: bob.id)
        let b = AccountRawValue.int(bob.space.rawValue)
        try store.raw("INSERT INTO routines (space_id, name, name_key, created_at) VALUES ($1, 'walk', 'walk', 1)", [b])
        try store.raw(
            """
            INSERT INTO events (space_id, title, title_key, start_date, tz, created_at, updated_at)
            VALUES ($1, 'dentist', 'dentist', '2026-12-01', 'UTC', 1, 1)
            """, [b])
        try store.createInvite(code: InviteCode.random(), space: bob.space, by: bob.id, now: 1, lifetime: 100)

        #expect(try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 5) == 4)
        #expect(
            try store.rawListNames(alice.space) == ["Inbox", "groceries", "Groceries (2)", "Groceries (3)", "Work"])
        #expect(try store.spaceName(bob.space) == nil)
        #expect(try store.int("SELECT count(*) FROM spaces WHERE id = $1", [b]) == 0)
        #expect(try store.int("SELECT count(*) FROM lists WHERE space_id = $1", [b]) == 0)
        #expect(try store.int("SELECT count(*) FROM invites") == 0)
        #expect(try store.members(of: alice.space).map(\.name) == ["alice", "bob"])
        #expect(try store.user(bob.id)?.space == alice.space)
        let a = AccountRawValue.int(alice.space.rawValue)
        #expect(
            try store.int("SELECT list_id FROM tasks WHERE id = $1", [.int(inboxTask)])
                == store.rawDefaultList(alice.space).rawValue)
        #expect(try store.int("SELECT count(*) FROM tasks WHERE space_id = $1", [a]) == 4)
        #expect(try store.column("SELECT name FROM routines WHERE space_id = $1", [a]) == ["walk"])
        #expect(try store.column("SELECT title FROM events WHERE space_id = $1", [a]) == ["dentist"])
        #expect(try store.counts(of: alice.space) == SpaceCounts(tasks: 4, lists: 5, routines: 1, events: 1))
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test(
        "leave: a new space with a copy of the leaver's creations; the couple keeps everything", arguments: Engine.all)
    func leave(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
        let inbox = try store.rawDefaultList(alice.space)
        let work = try store.rawList("Work", in: alice.space)
        let shared = alice.space
        let mine = try store.rawTask("report", list: work, space: shared, by: bob.id, assignee: alice.id)
        try store.rawTask("step", list: work, space: shared, by: bob.id, parent: mine)
        let aliceTask = try store.rawTask("hers", list: inbox, space: shared, by: alice.id, assignee: bob.id)
        try store.rawTask("orphan step", list: inbox, space: shared, by: bob.id, parent: aliceTask)
        try store.raw(
            "UPDATE tasks SET done = 1, completed_by = $1 WHERE id = $2", [.int(alice.id.rawValue), .int(mine)])
        for (author, body) in [(bob.id, "bob's note"), (alice.id, "alice's note")] {
            try store.raw(
                "INSERT INTO task_notes (task_id, author_id, created_at, body, space_id) VALUES ($1, $2, 1, $3, (SELECT space_id FROM tasks WHERE id = $1))",
                [.int(mine), .int(author.rawValue), .text(body)])
        }
        let routine = try #require(
            try store.int(
                "INSERT INTO routines (space_id, name, name_key, created_by, assignee_id, created_at) VALUES ($1, 'walk', 'walk', $2, $2, 1) RETURNING id",
                [.int(shared.rawValue), .int(bob.id.rawValue)]))
        try store.raw(
            "INSERT INTO routine_marks (routine_id, day, state, by_id, at, space_id) VALUES ($1, '2026-11-25', 'done', $2, 1, (SELECT space_id FROM routines WHERE id = $1))",
            [.int(routine), .int(alice.id.rawValue)])
        let event = try #require(
            try store.int(
                """
                INSERT INTO events (space_id, title, title_key, start_date, tz, created_by, created_at, updated_at)
                VALUES ($1, 'dentist', 'dentist', '2026-12-01', 'UTC', $2, 1, 1) RETURNING id
                """, [.int(shared.rawValue), .int(bob.id.rawValue)]))
        try store.raw(
            "INSERT INTO event_exceptions (event_id, day, cancelled, space_id) VALUES ($1, '2026-12-08', 1, (SELECT space_id FROM events WHERE id = $1))",
            [.int(event)])

        let (space, copied) = try store.leave(user: bob.id, lang: .tr, now: 9)
        #expect(copied == 3)
        #expect(try store.user(bob.id)?.space == space)
        #expect(try store.members(of: shared).map(\.name) == ["alice"])
        #expect(try store.rawListNames(space) == ["Gelen Kutusu", "Work"])
        let s = AccountRawValue.int(space.rawValue)
        #expect(
            try store.raw(
                "SELECT title, done, completed_by, assignee_id FROM tasks WHERE space_id = $1 AND parent_id IS NULL ORDER BY id",
                [s]) == [["orphan step", "0", nil, nil], ["report", "1", nil, nil]])
        let copy = try #require(try store.int("SELECT id FROM tasks WHERE space_id = $1 AND title = 'report'", [s]))
        #expect(try store.column("SELECT title FROM tasks WHERE parent_id = $1", [.int(copy)]) == ["step"])
        #expect(try store.column("SELECT body FROM task_notes WHERE task_id = $1", [.int(copy)]) == ["bob's note"])
        #expect(
            try store.column(
                "SELECT by_id FROM routine_marks m JOIN routines r ON r.id = m.routine_id WHERE r.space_id = $1", [s])
                == [nil])
        // As SQLite's store does: the leaver's assignments are dropped everywhere, their own copies included.
        #expect(try store.column("SELECT assignee_id FROM routines WHERE space_id = $1", [s]) == [nil])
        #expect(
            try store.column(
                "SELECT day FROM event_exceptions x JOIN events e ON e.id = x.event_id WHERE e.space_id = $1", [s]) == [
                    "2026-12-08"
                ])
        // The couple keeps everything; the leaver's assignments there are dropped.
        #expect(try store.int("SELECT count(*) FROM tasks WHERE space_id = $1", [.int(shared.rawValue)]) == 4)
        #expect(try store.int("SELECT assignee_id FROM tasks WHERE id = $1", [.int(aliceTask)]) == nil)
        #expect(try store.column("SELECT assignee_id FROM routines WHERE id = $1", [.int(routine)]) == [nil])
        #expect(try store.int("SELECT count(*) FROM task_notes WHERE task_id = $1", [.int(mine)]) == 2)
        #expect(try store.counts(of: space) == SpaceCounts(tasks: 3, lists: 2, routines: 1, events: 1))
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("merge is one unit: a failure after it inside the savepoint rolls the whole move back", arguments: Engine.all)
    func mergeIsOneUnit(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        struct Boom: Error {}
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        try store.rawList("Work", in: bob.space)
        try store.rawTask("milk", list: store.rawDefaultList(bob.space), space: bob.space, by: bob.id)
        let turn = try store.beginTurn()
        #expect(throws: Boom.self) {
            try store.savepoint {
                try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
                throw Boom()
            }
        }
        try turn.commit()
        #expect(try store.user(bob.id)?.space == bob.space)
        #expect(try store.rawListNames(bob.space) == ["Inbox", "Work"])
        #expect(try store.rawListNames(alice.space) == ["Inbox"])
        #expect(try store.counts(of: bob.space).tasks == 1)
    }

    @Test(
        "leave is one unit: a failure after it inside the savepoint leaves the couple as it was", arguments: Engine.all)
    func leaveIsOneUnit(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        struct Boom: Error {}
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
        try store.rawTask(
            "milk", list: store.rawDefaultList(alice.space), space: alice.space, by: bob.id, assignee: bob.id)
        let turn = try store.beginTurn()
        #expect(throws: Boom.self) {
            try store.savepoint {
                _ = try store.leave(user: bob.id, lang: .en, now: 3)
                throw Boom()
            }
        }
        try turn.commit()
        #expect(try store.members(of: alice.space).map(\.name) == ["alice", "bob"])
        #expect(try store.int("SELECT count(*) FROM spaces") == 1)
        #expect(try store.int("SELECT count(*) FROM tasks") == 1)
        #expect(try store.column("SELECT assignee_id FROM tasks") == [String(bob.id.rawValue)])
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("counters stay exact around merge, leave and deletion in one turn, rolled back or not", arguments: Engine.all)
    func countersAroundBulkMoves(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        struct Boom: Error {}
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        let carol = try makeAccountUser(store, "carol")
        let work = try store.rawList("Work", in: bob.space)
        for i in 0..<5 {
            let task = try store.rawTask("t\(i)", list: work, space: bob.space, by: bob.id)
            if i == 0 { try store.raw("UPDATE tasks SET done = 1 WHERE id = $1", [.int(task)]) }
            if i == 1 { try store.rawTask("step", list: work, space: bob.space, by: bob.id, parent: task) }
        }
        try store.rawTask("c", list: store.rawDefaultList(carol.space), space: carol.space, by: carol.id)
        let turn = try store.beginTurn()
        #expect(throws: Boom.self) {
            try store.savepoint {
                try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
                throw Boom()
            }
        }
        try store.rawTask("after rollback", list: work, space: bob.space, by: bob.id)
        #expect(try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 3) == 7)
        // Counting by row is on again for the rest of the turn.
        try store.rawTask("after merge", list: store.rawDefaultList(alice.space), space: alice.space, by: alice.id)
        _ = try store.leave(user: bob.id, lang: .en, now: 4)
        try store.rawTask("after leave", list: store.rawDefaultList(alice.space), space: alice.space, by: alice.id)
        #expect(try store.deleteUser(carol.id))
        try store.rawTask("after delete", list: store.rawDefaultList(alice.space), space: alice.space, by: alice.id)
        #expect(try store.integrityProblems().isEmpty)
        try turn.commit()
        #expect(try store.integrityProblems().isEmpty)
        #expect(try store.counts(of: alice.space).tasks == 10)
        #expect(try store.counts(of: bob.space).tasks == 0)
        let bobSpace = try #require(try store.user(bob.id)?.space)
        #expect(try store.counts(of: bobSpace).tasks == 7)
    }

    @Test("PostgreSQL: merge and leave carry the search rows: moved ones follow, copies get their own")
    func searchRowsFollow() throws {
        guard let store = try Engine.makePostgresStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        let task = try store.rawTask("milk", list: store.rawDefaultList(bob.space), space: bob.space, by: bob.id)
        try store.indexSearchText(.task, id: task, space: bob.space, title: "Milk", description: "oat")
        try store.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
        #expect(try store.column("SELECT space FROM search_index") == [String(alice.space.rawValue)])
        let (space, _) = try store.leave(user: bob.id, lang: .en, now: 3)
        #expect(
            try store.raw("SELECT space, body FROM search_index ORDER BY id")
                == [[String(alice.space.rawValue), "milk oat"], [String(space.rawValue), "milk oat"]])
    }

    @Test(
        "PostgreSQL: two nodes creating the same or a look-alike name at once: one wins, the other gets nil",
        arguments: ["alice", "\u{0430}lice"])
    func createUserRace(name: String) throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let first = try PostgresStore(url: url)
        let second = RaceBox(try PostgresStore(url: url))
        let turn = try first.beginTurn()
        _ = try makeAccountUser(first, "alice")
        // The second node's check cannot see the uncommitted row; its insert waits for the first to commit.
        let done = DispatchSemaphore(value: 0)
        let outcome = RaceBox<Result<User?, Error>?>(nil)
        Thread.detachNewThread {
            outcome.value = Result { try second.value.createUser(name: name, passwordHash: "h", lang: .en, now: 2) }
            done.signal()
        }
        // Commit only once the second node's insert waits on the first's row (seen from a third connection).
        let observer = try PGConnection(url: url)
        var waited = false
        for _ in 0..<200 where !waited {
            let waiting = try observer.executeOnce(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
            waited = try waiting.int(0, 0) == 1
            if !waited { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(waited, "the second node's insert never waited for the first")
        try turn.commit()
        done.wait()
        let result = try #require(outcome.value)
        #expect(try result.get() == nil)
        #expect(try first.int("SELECT count(*) FROM users") == 1)
        #expect(try first.int("SELECT count(*) FROM spaces") == 1)
        #expect(try first.int("SELECT count(*) FROM lists") == 1)
    }
}

extension AccountCoupleTests {
    @Test("PostgreSQL: two partners joining with one code on two nodes at once: the second reads it used")
    func joinRace() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let first = try PostgresStore(url: url)
        let alice = try makeAccountUser(first, "alice")
        let bob = try makeAccountUser(first, "bob")
        let carol = try makeAccountUser(first, "carol")
        let code = InviteCode.random()
        try first.createInvite(code: code, space: alice.space, by: alice.id, now: 1, lifetime: 100)
        let second = RaceBox(try PostgresStore(url: url))
        // Bob joins on the first node, as the join handler does, and has not committed yet.
        let turn = try first.beginTurn()
        #expect(try first.invite(code, now: 2) == .valid(space: alice.space, createdBy: alice.id))
        try first.merge(user: bob.id, from: bob.space, into: alice.space, now: 2)
        try first.useInvite(code, by: bob.id, now: 2)
        let done = DispatchSemaphore(value: 0)
        let outcome = RaceBox<Result<InviteState, Error>?>(nil)
        Thread.detachNewThread {
            outcome.value = Result {
                let store = second.value
                let turn = try store.beginTurn()
                let state = Result { try store.invite(code, now: 3) }
                turn.rollback()
                return try state.get()
            }
            done.signal()
        }
        let observer = try PGConnection(url: url)
        var waited = false
        for _ in 0..<200 where !waited {
            let waiting = try observer.executeOnce(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'")
            waited = try waiting.int(0, 0) == 1
            if !waited { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(waited, "carol's lookup never waited for bob's turn")
        try turn.commit()
        done.wait()
        #expect(try #require(outcome.value).get() == .used)
        #expect(try first.members(of: alice.space).map(\.name) == ["alice", "bob"])
        _ = carol
    }
}

extension AccountCoupleTests {
    @Test("PostgreSQL: a task the joiner's other session adds on another node during the merge moves too")
    func mergeWhileAdding() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let first = try PostgresStore(url: url)
        let alice = try makeAccountUser(first, "alice")
        let bob = try makeAccountUser(first, "bob")
        try first.rawTask("old", list: first.rawDefaultList(bob.space), space: bob.space, by: bob.id)
        let other = try PostgresStore(url: url)
        let otherTurn = try other.beginTurn()
        try other.rawTask("new", list: other.rawDefaultList(bob.space), space: bob.space, by: bob.id)
        let merger = RaceBox(first)
        let done = DispatchSemaphore(value: 0)
        let outcome = RaceBox<Result<Int, Error>?>(nil)
        Thread.detachNewThread {
            outcome.value = Result {
                try merger.value.write { s in try s.merge(user: bob.id, from: bob.space, into: alice.space, now: 2) }
            }
            done.signal()
        }
        let observer = try PGConnection(url: url)
        var waited = false
        for _ in 0..<200 where !waited {
            let waiting = try observer.executeOnce(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
            waited = try waiting.int(0, 0) == 1
            if !waited { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(waited, "the merge never waited for the other session's turn")
        try otherTurn.commit()
        done.wait()
        #expect(try #require(outcome.value).get() == 2)
        #expect(
            try first.column("SELECT title FROM tasks WHERE space_id = $1 ORDER BY id", [.int(alice.space.rawValue)])
                == ["old", "new"])
        #expect(try first.integrityProblems().isEmpty)
    }
}

/// A value handed between the test's threads (used one at a time: the semaphore orders them).
private final class RaceBox<T>: @unchecked Sendable {
    /// The value.
    var value: T
    /// Wraps `value`.
    init(_ value: T) { self.value = value }
}
