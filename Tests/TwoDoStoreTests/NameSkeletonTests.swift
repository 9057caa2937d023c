// The store's look-alike check: skeletons stored with each user, filled for older files, legacy name keys.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store name skeletons")
struct NameSkeletonTests {
    let temp = TempDB()

    @Test("a look-alike of an existing name is not created, and lookalike(of:) names the original")
    func lookalikes() throws {
        let store = try Store(path: temp.path, durable: false)
        _ = try #require(try store.createUser(name: "alice", passwordHash: "$y$x", lang: .en, now: 1))
        #expect(try store.createUser(name: "\u{0430}lice", passwordHash: "$y$x", lang: .en, now: 1) == nil)
        #expect(try store.lookalike(of: "ａｌｉｃｅ") == "alice")
        #expect(try store.lookalike(of: "alicia") == nil)
        #expect(try store.createUser(name: "alicia", passwordHash: "$y$x", lang: .en, now: 1) != nil)
    }

    @Test("users from before migration 4 get their skeleton when the file is opened")
    func backfill() throws {
        do {
            let store = try Store(path: temp.path, durable: false)
            _ = try store.createUser(name: "mary", passwordHash: "$y$x", lang: .en, now: 1)
            try store.db.execute("UPDATE users SET name_skeleton = NULL")
            #expect(try store.lookalike(of: "rnary") == nil)
        }
        let reopened = try Store(path: temp.path, durable: false)
        #expect(try reopened.lookalike(of: "rnary") == "mary")
    }

    @Test("an account keyed before NFKC still logs in with the name as it was typed")
    func legacyKey() throws {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "ｂｏｂ", passwordHash: "$y$x", lang: .en, now: 1))
        try store.db.execute("UPDATE users SET name_key = '\(TextFold.key("ｂｏｂ"))'")
        #expect(try store.user(named: "ｂｏｂ")?.user.id == user.id)
    }
}
