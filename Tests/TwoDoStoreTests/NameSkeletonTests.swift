// SQLite's backfill of name skeletons for files from before migration 4 (the look-alike checks themselves run on
// both engines in Tests/TwoDoPostgresTests/AccountStoreTests.swift).

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store name skeletons")
struct NameSkeletonTests {
    let temp = TempDB()

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
}
