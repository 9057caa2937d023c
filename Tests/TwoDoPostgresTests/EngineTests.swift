// The both-engines plumbing: one test body per engine, and what a fresh PostgreSQL store costs.

import Foundation
import Testing
@testable import TwoDoPostgres
import TwoDoStore

@Suite struct EngineTests {
    private struct Boom: Error {}

    /// The same scope rules on any engine, through the engine-neutral protocol only.
    private func exercise<S: TransactionalStore>(_ store: S) throws {
        #expect(try store.schemaVersion() > 0)
        #expect(try store.integrityProblems() == [])
        let before = store.namesGeneration
        #expect(throws: Boom.self) { try store.write { _ in throw Boom() } }
        #expect(store.namesGeneration != before)
        let turn = try store.beginTurn()
        #expect(try store.savepoint { 7 } == 7)
        #expect(throws: Boom.self) { try store.savepoint { throw Boom() } }
        try turn.commit()
        #expect(try store.read { _ in "snapshot" } == "snapshot")
        store.close()
    }

    @Test(arguments: Engine.all)
    func transactionScopesOnEveryEngine(engine: Engine) throws {
        guard let store = try engine.makeStore() else { return }
        try exercise(store)
    }

    @Test func freshPostgresStoresAreIsolatedAndCheap() throws {
        guard let first = try Engine.makePostgresStore() else { return }
        try first.connection.executeScript("INSERT INTO spaces (created_at) VALUES (1)")
        let clock = ContinuousClock()
        var stores: [PostgresStore] = []
        let elapsed = try clock.measure {
            for _ in 0..<5 { if let store = try Engine.makePostgresStoreInOwnDatabase() { stores.append(store) } }
        }
        print(
            "a fresh PostgreSQL store (database copied from the migrated template, connect, version check): \(elapsed / 5)"
        )
        var schemaStores: [PostgresStore] = []
        let schemaElapsed = try clock.measure {
            for _ in 0..<5 {
                if let store = try Engine.makePostgresStore() { schemaStores.append(store) }
            }
        }
        print("a fresh PostgreSQL store (schema created, connect, migrate): \(schemaElapsed / 5)")
        for store in schemaStores {
            #expect(try store.connection.execute("SELECT count(*) AS n FROM spaces").int(0, "n") == 0)
            #expect(store.hasTrigramSearch)
            #expect(try store.schemaVersion() == PostgresMigrations.currentVersion)
        }
        try schemaStores[0].connection.executeScript("INSERT INTO spaces (created_at) VALUES (1)")
        #expect(try schemaStores[0].connection.execute("SELECT max(id) AS id FROM spaces").int(0, "id") == 1)
        #expect(try schemaStores[1].connection.execute("SELECT count(*) AS n FROM spaces").int(0, "n") == 0)
        for store in stores {
            #expect(try store.connection.execute("SELECT count(*) AS n FROM spaces").int(0, "n") == 0)
            #expect(try store.schemaVersion() == PostgresMigrations.currentVersion)
        }
        // Identity sequences start afresh in every database, as ids do in a fresh SQLite file.
        try stores[0].connection.executeScript("INSERT INTO spaces (created_at) VALUES (1)")
        #expect(try stores[0].connection.execute("SELECT max(id) AS id FROM spaces").int(0, "id") == 1)
    }
}
