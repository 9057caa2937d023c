// namesGeneration on both engines: every account mutator of users, spaces or lists moves it on; inbox,
// token and reset work leaves it alone; rollbacks move it on.

import Foundation
import Testing
import TwoDoCore
import TwoDoStore

@testable import TwoDoPostgres

@Suite("namesGeneration of the account area on both engines")
struct AccountNamesGenerationTests {
    /// Two members in separate spaces, each with a second list.
    struct Fixture: Sendable {
        var alice: User
        var bob: User
    }

    /// One change made through the store's API, named for the test report.
    struct Mutation: Sendable, CustomTestStringConvertible {
        var name: String
        var run: @Sendable (any AccountEngineStore, Fixture) throws -> Void
        var testDescription: String { name }
    }

    private func fixture(_ engine: Engine) throws -> (any AccountEngineStore, Fixture)? {
        guard let store = try engine.makeAccountStore() else { return nil }
        let alice = try makeAccountUser(store, "alice", now: 0)
        let bob = try makeAccountUser(store, "bob", .tr, now: 0)
        try store.rawList("Chores", in: alice.space)
        try store.rawList("Chores", in: bob.space)
        return (store, Fixture(alice: alice, bob: bob))
    }

    static let nameChanges: [Mutation] = [
        Mutation(name: "createUser") { s, _ in _ = try s.createUser(name: "carol", passwordHash: "h", lang: .en, now: 1)
        },
        Mutation(name: "createSpace") { s, _ in _ = try s.createSpace(name: "Home", lang: .en, now: 1) },
        Mutation(name: "renameSpace") { s, f in try s.renameSpace(f.alice.space, to: "Home") },
        Mutation(name: "merge") { s, f in try s.merge(user: f.bob.id, from: f.bob.space, into: f.alice.space, now: 1) },
        Mutation(name: "leave") { s, f in _ = try s.leave(user: f.alice.id, lang: .en, now: 1) },
        Mutation(name: "setLanguage") { s, f in try s.setLanguage(.tr, for: f.alice.id) },
        Mutation(name: "setTimeZone") { s, f in try s.setTimeZone("Europe/Istanbul", for: f.alice.id) },
        Mutation(name: "setDisplayName") { s, f in try s.setDisplayName("Al", for: f.alice.id) },
        Mutation(name: "setPasswordHash") { s, f in try s.setPasswordHash("h2", for: f.alice.id) },
        Mutation(name: "setWeekStart") { s, f in try s.setWeekStart("sunday", for: f.alice.id) },
        Mutation(name: "deleteUser") { s, f in _ = try s.deleteUser(f.bob.id) },
    ]

    static let otherWork: [Mutation] = [
        Mutation(name: "addNotification") { s, f in try s.addNotification(for: f.alice.id, key: "k", args: [:], now: 1)
        },
        Mutation(name: "markNotificationsRead") { s, f in _ = try s.markNotificationsRead(for: f.alice.id, newest: nil)
        },
        Mutation(name: "setMuted") { s, f in _ = try s.setMuted(.chat, true, for: f.alice.id) },
        Mutation(name: "addResumeToken") { s, f in
            try s.addResumeToken(digest: "d", for: f.alice.id, now: 1, expiresAt: 9)
        },
        Mutation(name: "recordResetRequest") { s, f in try s.recordResetRequest(for: f.alice.id, now: 1) },
        Mutation(name: "setResetCode") { s, f in try s.setResetCode(hash: "c", expiresAt: 9, for: f.alice.id) },
        Mutation(name: "createInvite") { s, f in
            try s.createInvite(code: InviteCode.random(), space: f.alice.space, by: f.alice.id, now: 1, lifetime: 9)
        },
    ]

    @Test("every change to users, spaces or lists moves it on", arguments: Engine.all, nameChanges)
    func nameChangesBump(engine: Engine, mutation: Mutation) throws {
        guard let (store, f) = try fixture(engine) else { return }
        let before = store.namesGeneration
        try mutation.run(store, f)
        #expect(store.namesGeneration != before)
    }

    @Test(
        "inbox, token, reset and invite work leaves it alone (the parser cache stays)", arguments: Engine.all, otherWork
    )
    func otherWorkKeeps(engine: Engine, mutation: Mutation) throws {
        guard let (store, f) = try fixture(engine) else { return }
        let before = store.namesGeneration
        try mutation.run(store, f)
        #expect(store.namesGeneration == before)
    }

    @Test("a rolled-back turn moves it on and undoes the account change", arguments: Engine.all)
    func rollbackBumps(engine: Engine) throws {
        guard let (store, f) = try fixture(engine) else { return }
        let turn = try store.beginTurn()
        let carol = try makeAccountUser(store, "carol")
        try store.renameSpace(f.alice.space, to: "Undone")
        let seen = store.namesGeneration
        turn.rollback()
        #expect(store.namesGeneration != seen)
        #expect(try store.user(carol.id) == nil)
        #expect(try store.spaceName(f.alice.space) == nil)
    }
}
