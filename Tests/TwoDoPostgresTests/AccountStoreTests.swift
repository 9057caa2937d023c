// AccountStore on both engines: users and their settings, look-alike refusal, invites, counts, merge and leave.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("AccountStore on both engines")
struct AccountStoreTests {
    @Test("a new user gets a personal space with one default list in their language", arguments: Engine.all)
    func createUser(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "Alice")
        let ayse = try makeAccountUser(store, "Ayşe", .tr)
        #expect(alice.space != ayse.space && alice.id != ayse.id)
        #expect(try store.rawListNames(alice.space) == ["Inbox"])
        #expect(try store.rawListNames(ayse.space) == ["Gelen Kutusu"])
        #expect(try store.spaceName(alice.space) == nil)
        #expect(try store.user(alice.id) == alice)
        #expect(try store.user(UserID(999)) == nil)
        let found = try #require(try store.user(named: "ALICE"))
        #expect(found.user == alice && found.passwordHash == "$y$x")
        #expect(try store.user(named: "bob") == nil)
        #expect(try store.createUser(name: "alice", passwordHash: "h", lang: .en, now: 2) == nil)
        #expect(try store.members(of: alice.space) == [alice])
        #expect(try store.int("SELECT count(*) FROM spaces") == 2)
    }

    @Test("settings round-trip: hash, language, zone, display name, week start", arguments: Engine.all)
    func settings(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        try store.setPasswordHash("$y$new", for: alice.id)
        try store.setLanguage(.tr, for: alice.id)
        try store.setTimeZone("Europe/Istanbul", for: alice.id)
        try store.setDisplayName("Ali 'the' \"quoted\"", for: alice.id)
        try store.setWeekStart("sunday", for: alice.id)
        #expect(try store.passwordHash(of: alice.id) == "$y$new")
        #expect(try store.passwordHash(of: UserID(999)) == nil)
        let read = try #require(try store.user(alice.id))
        #expect(read.lang == .tr && read.tz == "Europe/Istanbul" && read.displayName == "Ali 'the' \"quoted\"")
        #expect(try store.weekStart(of: alice.id) == "sunday")
        try store.setDisplayName(nil, for: alice.id)
        try store.setWeekStart(nil, for: alice.id)
        #expect(try store.user(alice.id)?.displayName == nil)
        #expect(try store.weekStart(of: alice.id) == nil)
        try store.renameSpace(alice.space, to: "Home")
        #expect(try store.spaceName(alice.space) == "Home")
        let space = try store.createSpace(name: "Ev", lang: .tr, now: 3)
        #expect(try store.spaceName(space) == "Ev")
        #expect(try store.rawListNames(space) == ["Gelen Kutusu"])
    }

    @Test(
        "a look-alike of an existing name is not created, and lookalike(of:) names the original", arguments: Engine.all)
    func lookalikes(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        _ = try makeAccountUser(store, "alice")
        #expect(try store.createUser(name: "\u{0430}lice", passwordHash: "$y$x", lang: .en, now: 1) == nil)
        #expect(try store.lookalike(of: "ａｌｉｃｅ") == "alice")
        #expect(try store.lookalike(of: "alicia") == nil)
        #expect(try store.createUser(name: "alicia", passwordHash: "$y$x", lang: .en, now: 1) != nil)
        // A refused name leaves no space behind.
        #expect(try store.int("SELECT count(*) FROM spaces") == 2)
    }

    @Test("an account keyed before NFKC still logs in with the name as it was typed", arguments: Engine.all)
    func legacyKey(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let user = try makeAccountUser(store, "ｂｏｂ")
        try store.raw("UPDATE users SET name_key = $1", [.text(TextFold.key("ｂｏｂ"))])
        #expect(try store.user(named: "ｂｏｂ")?.user.id == user.id)
    }

    @Test("members are listed oldest account first", arguments: Engine.all)
    func membersOrder(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let bob = try makeAccountUser(store, "bob")
        let alice = try makeAccountUser(store, "alice")
        try store.merge(user: alice.id, from: alice.space, into: bob.space, now: 2)
        #expect(try store.members(of: bob.space).map(\.name) == ["bob", "alice"])
    }

    @Test("invites: a new one voids the earlier unused ones; state by now; used stays used", arguments: Engine.all)
    func invites(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        let bob = try makeAccountUser(store, "bob")
        let first = InviteCode.random()
        let second = InviteCode.random()
        #expect(try store.invite(first, now: 0) == .unknown)
        #expect(try store.createInvite(code: first, space: alice.space, by: alice.id, now: 10, lifetime: 100) == false)
        #expect(try store.invite(first, now: 50) == .valid(space: alice.space, createdBy: alice.id))
        #expect(try store.invite(first, now: 110) == .expired)
        #expect(try store.createInvite(code: second, space: alice.space, by: alice.id, now: 20, lifetime: 100) == true)
        #expect(try store.invite(first, now: 30) == .unknown)
        try store.useInvite(second, by: bob.id, now: 40)
        #expect(try store.invite(second, now: 41) == .used)
        // A used invite stays; an expired unused one is voided without counting as "still valid".
        let third = InviteCode.random()
        #expect(try store.createInvite(code: third, space: alice.space, by: alice.id, now: 50, lifetime: 10) == false)
        #expect(
            try store.createInvite(code: InviteCode.random(), space: alice.space, by: alice.id, now: 70, lifetime: 10)
                == false)
        #expect(try store.invite(second, now: 71) == .used)
        #expect(try store.invite(third, now: 71) == .unknown)
    }

    @Test("counts(of:) counts tasks (steps included), lists, routines and both kinds of events", arguments: Engine.all)
    func counts(engine: Engine) throws {
        guard let store = try engine.makeAccountStore() else { return }
        let alice = try makeAccountUser(store, "alice")
        #expect(try store.counts(of: alice.space) == SpaceCounts(tasks: 0, lists: 1, routines: 0, events: 0))
        let list = try store.rawList("Chores", in: alice.space)
        let task = try store.rawTask("a", list: list, space: alice.space, by: alice.id)
        try store.rawTask("step", list: list, space: alice.space, by: alice.id, parent: task)
        try store.raw(
            "INSERT INTO routines (space_id, name, name_key, created_at) VALUES ($1, 'r', 'r', 1)",
            [.int(alice.space.rawValue)])
        for freq in [AccountRawValue.null, .text("weekly")] {
            try store.raw(
                """
                INSERT INTO events (space_id, title, title_key, start_date, tz, rec_freq, created_at, updated_at)
                VALUES ($1, 'e', 'e', '2026-11-26', 'UTC', $2, 1, 1)
                """, [.int(alice.space.rawValue), freq])
        }
        #expect(try store.counts(of: alice.space) == SpaceCounts(tasks: 2, lists: 2, routines: 1, events: 2))
        #expect(try store.counts(of: SpaceID(999)) == SpaceCounts(tasks: 0, lists: 0, routines: 0, events: 0))
    }
}
