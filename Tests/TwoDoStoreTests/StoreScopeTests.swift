// The store's scoped savepoint (release, rollback of its own work only, nesting) and loud NULL reads.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Store scoped savepoints and required columns")
struct StoreScopeTests {
    let temp = TempDB()

    private struct Boom: Error {}

    /// The labels in the scratch table, in insertion order.
    private func labels(_ store: Store) throws -> [String] {
        try store.db.query("SELECT label FROM scratch ORDER BY rowid") { try $0.requiredText("label") }
    }

    private func open() throws -> Store {
        let store = try Store(path: temp.path, durable: false)
        try store.db.execute("CREATE TABLE scratch (label TEXT, n INTEGER)")
        return store
    }

    @Test("a scope that returns is released and its work stays, inside and after the transaction")
    func releasesOnSuccess() throws {
        let store = try open()
        let turn = try store.beginTurn()
        let value = try store.savepoint {
            try store.db.execute("INSERT INTO scratch (label) VALUES ('inner')")
            return 42
        }
        #expect(value == 42)
        // Released: a ROLLBACK TO the scope's name now fails, as no such savepoint is open.
        #expect(throws: DatabaseError.self) { try store.db.execute("ROLLBACK TO sp0") }
        try turn.commit()
        #expect(try labels(store) == ["inner"])
        #expect(!store.db.isInTransaction)
    }

    @Test("a scope that throws undoes its own work only and rethrows; the outer work survives")
    func rollsBackOwnWorkOnly() throws {
        let store = try open()
        let turn = try store.beginTurn()
        try store.db.execute("INSERT INTO scratch (label) VALUES ('outer')")
        #expect(throws: Boom.self) {
            try store.savepoint {
                try store.db.execute("INSERT INTO scratch (label) VALUES ('doomed')")
                throw Boom()
            }
        }
        try store.db.execute("INSERT INTO scratch (label) VALUES ('after')")
        try turn.commit()
        #expect(try labels(store) == ["outer", "after"])
    }

    @Test("scopes nest: an inner failure keeps the outer scope's work, an outer failure undoes both")
    func nests() throws {
        let store = try open()
        let turn = try store.beginTurn()
        try store.savepoint {
            try store.db.execute("INSERT INTO scratch (label) VALUES ('a')")
            #expect(throws: Boom.self) {
                try store.savepoint {
                    try store.db.execute("INSERT INTO scratch (label) VALUES ('b')")
                    throw Boom()
                }
            }
            try store.savepoint { try store.db.execute("INSERT INTO scratch (label) VALUES ('c')") }
        }
        #expect(throws: Boom.self) {
            try store.savepoint {
                try store.db.execute("INSERT INTO scratch (label) VALUES ('d')")
                try store.savepoint { try store.db.execute("INSERT INTO scratch (label) VALUES ('e')") }
                throw Boom()
            }
        }
        try turn.commit()
        #expect(try labels(store) == ["a", "c"])
    }

    @Test("a storage error inside the scope comes back as that DatabaseError")
    func rethrowsStorageErrors() throws {
        let store = try open()
        let turn = try store.beginTurn()
        #expect(throws: DatabaseError.self) {
            try store.savepoint { try store.db.execute("INSERT INTO no_such_table VALUES (1)") }
        }
        try store.savepoint { try store.db.execute("INSERT INTO scratch (label) VALUES ('fine')") }
        try turn.commit()
        #expect(try labels(store) == ["fine"])
    }

    @Test(
        "a required column read as NULL throws, naming the column",
        arguments: [("label", true), ("n", false)])
    func requiredNullThrows(column: String, text: Bool) throws {
        let store = try open()
        try store.db.execute("INSERT INTO scratch (label, n) VALUES (NULL, NULL)")
        let error = #expect(throws: DatabaseError.self) {
            _ = try store.db.queryOne("SELECT \(column) FROM scratch") { row -> String in
                text ? try row.requiredText(column) : String(try row.requiredInt(column))
            }
        }
        #expect(error?.message.contains(column) == true)
        // Present values still read.
        try store.db.execute("UPDATE scratch SET label = '', n = 0")
        #expect(try store.db.queryOne("SELECT label, n FROM scratch") { try $0.requiredText("label") } == "")
        #expect(try store.db.queryOne("SELECT label, n FROM scratch") { try $0.requiredInt("n") } == 0)
    }
}
