// AccountLifecycleStore and ResumeTokenStore on both engines: deleting users, reset rows, resume tokens.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("Account lifecycle and resume tokens on both engines")
struct AccountLifecycleTests {
    @Test("deleting a partner keeps the shared items with NULL authorship and frees the name", arguments: Engine.all)
    func deletePartner(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        let b = try makeAccountUser(store, "bob")
        try store.merge(user: b.id, from: b.space, into: a.space, now: 2)
        let list = try store.rawDefaultList(a.space)
        let task = try store.rawTask("milk", list: list, space: a.space, by: b.id, assignee: b.id)
        let bid = AccountRawValue.int(b.id.rawValue)
        try store.raw(
            "INSERT INTO task_notes (task_id, author_id, created_at, body, space_id) VALUES ($1, $2, 4, 'oat', (SELECT space_id FROM tasks WHERE id = $1))",
            [.int(task), bid])
        try store.raw("UPDATE tasks SET done = 1, completed_by = $1 WHERE id = $2", [bid, .int(task)])
        try store.setResetCode(hash: "$y$code", expiresAt: 100, for: b.id)
        try store.addResumeToken(digest: "d", for: b.id, now: 1, expiresAt: 100)
        try store.addNotification(for: b.id, key: "k", args: [:], now: 1)
        _ = try store.setMuted(.chat, true, for: b.id)
        let code = InviteCode.random()
        try store.createInvite(code: code, space: a.space, by: b.id, now: 1, lifetime: 100)

        #expect(try store.deleteUser(b.id) == false)
        #expect(try store.user(b.id) == nil)
        #expect(try store.resetCode(of: b.id) == nil)
        #expect(try store.resumeTokenUser(digest: "d", now: 2) == nil)
        #expect(try store.notificationCount(for: b.id) == 0)
        #expect(try store.mutedKinds(of: b.id).isEmpty)
        #expect(try store.invite(code, now: 2) == .unknown)
        #expect(
            try store.raw("SELECT created_by, completed_by, assignee_id FROM tasks WHERE id = $1", [.int(task)])
                == [[nil, nil, nil]])
        #expect(try store.column("SELECT author_id FROM task_notes WHERE task_id = $1", [.int(task)]) == [nil])
        #expect(try store.members(of: a.space).map(\.name) == ["alice"])
        #expect(try store.createUser(name: "Bob", passwordHash: "$y$x", lang: .en, now: 6) != nil)
        #expect(try store.integrityProblems().isEmpty)
        try expectNoOrphans(store, engine)
        #expect(try store.deleteUser(UserID(999)) == false)
    }

    @Test(
        "deleting a partner sets every reference to them NULL, in every table; their undo history goes",
        arguments: Engine.all)
    func deleteNullsEveryReference(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        let b = try makeAccountUser(store, "bob")
        try store.merge(user: b.id, from: b.space, into: a.space, now: 2)
        let s = AccountRawValue.int(a.space.rawValue)
        let u = AccountRawValue.int(b.id.rawValue)
        let task = try store.rawTask("t", list: store.rawDefaultList(a.space), space: a.space, by: b.id, assignee: b.id)
        try store.raw("UPDATE tasks SET completed_by = $1 WHERE id = $2", [u, .int(task)])
        try store.raw(
            "INSERT INTO task_notes (task_id, author_id, created_at, body, space_id) VALUES ($1, $2, 1, 'n', (SELECT space_id FROM tasks WHERE id = $1))",
            [.int(task), u])
        let routine = try #require(
            try store.int(
                """
                INSERT INTO routines (space_id, name, name_key, created_by, assignee_id, created_at)
                VALUES ($1, 'r', 'r', $2, $2, 1) RETURNING id
                """, [s, u]))
        try store.raw(
            "INSERT INTO routine_marks (routine_id, day, state, by_id, at, space_id) VALUES ($1, '2026-11-26', 'done', $2, 1, (SELECT space_id FROM routines WHERE id = $1))",
            [.int(routine), u])
        try store.raw(
            """
            INSERT INTO events (space_id, title, title_key, start_date, tz, created_by, assignee_id, created_at, updated_at)
            VALUES ($1, 'e', 'e', '2026-12-01', 'UTC', $2, $2, 1, 1)
            """, [s, u])
        try store.raw(
            "INSERT INTO item_notes (routine_id, author_id, created_at, body, space_id) VALUES ($1, $2, 1, 'n', (SELECT space_id FROM routines WHERE id = $1))",
            [.int(routine), u])
        let code = InviteCode.random()
        try store.createInvite(code: code, space: a.space, by: a.id, now: 1, lifetime: 100)
        try store.useInvite(code, by: b.id, now: 2)
        try store.raw(
            """
            INSERT INTO undo_log (user_id, space_id, at, verb, kind, effect, title, changes)
            VALUES ($1, $2, 1, 'add', 'task', 'added', 't', $3)
            """, [u, s, .text("x")])

        #expect(try store.deleteUser(b.id) == false)
        for (table, column) in Store.userReferences {
            #expect(
                try store.int("SELECT count(*) FROM \(table) WHERE \(column) IS NOT NULL") == 0, "\(table).\(column)")
            #expect(try store.int("SELECT count(*) FROM \(table)") == 1, "\(table) keeps its row")
        }
        #expect(try store.int("SELECT count(*) FROM undo_log") == 0)
        #expect(try store.invite(code, now: 3) == .used)
        #expect(try store.integrityProblems().isEmpty)
        try expectNoOrphans(store, engine)
    }

    @Test("deleting a member alone deletes their space and everything in it", arguments: Engine.all)
    func deleteAlone(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let c = try makeAccountUser(store, "carol", .tr)
        let s = AccountRawValue.int(c.space.rawValue)
        try store.rawTask("süt", list: store.rawDefaultList(c.space), space: c.space, by: c.id)
        try store.raw("INSERT INTO routines (space_id, name, name_key, created_at) VALUES ($1, 'r', 'r', 1)", [s])
        try store.createInvite(code: InviteCode.random(), space: c.space, by: c.id, now: 1, lifetime: 100)
        #expect(try store.deleteUser(c.id) == true)
        #expect(try store.spaceName(c.space) == nil)
        for table in ["tasks", "lists", "routines", "invites", "users", "spaces"] {
            #expect(try store.int("SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
        #expect(try store.counts(of: c.space) == SpaceCounts(tasks: 0, lists: 0, routines: 0, events: 0))
        #expect(try store.integrityProblems().isEmpty)
        try expectNoOrphans(store, engine)
    }

    @Test("a user who left a couple is still unnamed from the rows they wrote there", arguments: Engine.all)
    func deleteAfterLeaving(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        let b = try makeAccountUser(store, "bob")
        try store.merge(user: b.id, from: b.space, into: a.space, now: 2)
        let task = try store.rawTask(
            "shared", list: store.rawDefaultList(a.space), space: a.space, by: a.id, assignee: a.id)
        try store.raw("UPDATE tasks SET completed_by = $1 WHERE id = $2", [.int(b.id.rawValue), .int(task)])
        _ = try store.leave(user: b.id, lang: .en, now: 3)
        #expect(try store.deleteUser(b.id) == true)
        #expect(try store.column("SELECT completed_by FROM tasks WHERE id = $1", [.int(task)]) == [nil])
        #expect(try store.members(of: a.space).map(\.name) == ["alice"])
    }

    @Test(
        "a request and a code share one row; a new code replaces the old; clearing forgets both", arguments: Engine.all)
    func resetRows(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        #expect(try store.resetRequestTime(of: a.id) == nil)
        #expect(try store.resetCode(of: a.id) == nil)
        try store.recordResetRequest(for: a.id, now: 10)
        #expect(try store.resetCode(of: a.id) == nil)
        try store.setResetCode(hash: "one", expiresAt: 20, for: a.id)
        try store.setResetCode(hash: "two", expiresAt: 30, for: a.id)
        try store.recordResetRequest(for: a.id, now: 12)
        #expect(try store.resetRequestTime(of: a.id) == 12)
        #expect(try store.resetCode(of: a.id)?.hash == "two")
        #expect(try store.resetCode(of: a.id)?.expiresAt == 30)
        #expect(try store.int("SELECT count(*) FROM password_resets") == 1)
        try store.clearReset(of: a.id)
        #expect(try store.resetCode(of: a.id) == nil && store.resetRequestTime(of: a.id) == nil)
    }

    @Test("resume tokens: found until expiry, ended one by one or all, per user", arguments: Engine.all)
    func resumeTokens(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        let b = try makeAccountUser(store, "bob")
        try store.addResumeToken(digest: "a1", for: a.id, now: 10, expiresAt: 100)
        try store.addResumeToken(digest: "a2", for: a.id, now: 11, expiresAt: 50)
        try store.addResumeToken(digest: "b1", for: b.id, now: 12, expiresAt: 100)
        #expect(try store.resumeTokenUser(digest: "a1", now: 99) == a.id)
        #expect(try store.resumeTokenUser(digest: "a1", now: 100) == nil)
        #expect(try store.resumeTokenUser(digest: "nope", now: 20) == nil)
        #expect(try store.resumeTokenCount(of: a.id, now: 20) == 2)
        #expect(try store.resumeTokenCount(of: a.id, now: 50) == 1)
        try store.deleteResumeToken(digest: "a2")
        #expect(try store.resumeTokenUser(digest: "a2", now: 20) == nil)
        #expect(try store.deleteResumeTokens(of: a.id) == 1)
        #expect(try store.deleteResumeTokens(of: a.id) == 0)
        #expect(try store.resumeTokenUser(digest: "b1", now: 20) == b.id)
    }

    @Test("past the cap a new token drops the user's oldest; expired ones go when one is added", arguments: Engine.all)
    func resumeTokenCap(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let a = try makeAccountUser(store, "alice")
        let b = try makeAccountUser(store, "bob")
        try store.addResumeToken(digest: "b", for: b.id, now: 1, expiresAt: 1_000)
        try store.addResumeToken(digest: "old", for: a.id, now: 1, expiresAt: 5)
        #expect(try store.int("SELECT count(*) FROM resume_tokens WHERE user_id = $1", [.int(a.id.rawValue)]) == 1)
        for i in 0...ResumeTokens.maxPerUser {
            try store.addResumeToken(digest: "t\(i)", for: a.id, now: 10 + Int64(i), expiresAt: 1_000)
        }
        #expect(try store.resumeTokenUser(digest: "old", now: 1) == nil)  // expired, so dropped on the first add
        #expect(try store.resumeTokenUser(digest: "t0", now: 100) == nil)  // the oldest, past the cap
        #expect(try store.resumeTokenUser(digest: "t1", now: 100) == a.id)
        #expect(try store.resumeTokenCount(of: a.id, now: 100) == ResumeTokens.maxPerUser)
        #expect(try store.resumeTokenUser(digest: "b", now: 100) == b.id)
    }

    /// SQLite: no row points at a missing one (PostgreSQL enforces every foreign key as statements run).
    private func expectNoOrphans(_ store: any AccountEngineStore, _ engine: Engine) throws {
        if engine == .sqlite { #expect(try store.raw("PRAGMA foreign_key_check").isEmpty) }
    }
}
