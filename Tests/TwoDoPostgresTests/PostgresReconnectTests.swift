// A store whose database goes away: unavailable while it is away, working again by itself once it is back.

import Foundation
import TwoDoTestSupport
import Testing
import TwoDoStore

@testable import TwoDoPostgres

@Suite("PostgreSQL reconnection")
struct PostgresReconnectTests {
    @Test("A killed connection is replaced at the next transaction, without a failed turn")
    func killedConnection() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let store = try PostgresStore(url: url)
        let killer = try PGConnection(url: url)
        try killer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        usleep(50_000)
        let turn = try store.beginTurn()
        try store.connection.execute("INSERT INTO spaces (name, created_at) VALUES ($1, 1)", [.text("after")])
        try turn.commit()
        let n = try killer.execute("SELECT count(*) AS n FROM spaces WHERE name = 'after'").requiredInt(0, "n")
        #expect(n == 1)
    }

    @Test("While the database is down every transaction is refused as unavailable; after it is back they work")
    func databaseDownAndBack() throws {
        guard TestCluster.shared() != nil else { return }
        // Durable (fsync on): an immediate stop is a crash, and what was committed before it must be there after.
        let cluster = try TemporaryCluster(forTests: false)
        defer { cluster.stop() }
        try cluster.createDatabase("app")
        let store = try PostgresStore(url: cluster.url(database: "app"))
        try cluster.pause(mode: "immediate")
        var refusals = 0
        for _ in 0..<3 {
            do {
                _ = try store.beginTurn()
                Issue.record("a transaction began with the database down")
            } catch let e as DatabaseError {
                #expect(e.isUnavailable, "\(e)")
                refusals += 1
            }
        }
        #expect(refusals == 3)
        try cluster.resume()
        // The back-off may hold the next attempt back a little: within 2 s a turn commits.
        let deadline = Date().addingTimeInterval(5)
        var committed = false
        while !committed && Date() < deadline {
            if let turn = try? store.beginTurn() {
                try store.connection.execute("INSERT INTO spaces (name, created_at) VALUES ('back', 1)")
                try turn.commit()
                committed = true
            } else {
                usleep(100_000)
            }
        }
        #expect(committed)
    }

    @Test("A database that stops answering costs a turn under a second, not the loop; back, it serves within 2 s")
    func databaseHungAndBack() throws {
        guard TestCluster.shared() != nil else { return }
        let cluster = try TemporaryCluster(forTests: true)
        defer {
            try? cluster.thaw()
            cluster.stop()
        }
        try cluster.createDatabase("app")
        let store = try PostgresStore(url: cluster.url(database: "app"))
        let turn = try store.beginTurn()
        try turn.commit()
        try cluster.freeze()
        // Every attempt while it hangs fails as unavailable, each within a second (the first one gives up the
        // connection it waited on, the later ones try a new one for a quarter of a second, or not at all).
        for attempt in 0..<4 {
            let started = Date()
            do {
                let turn = try store.beginTurn()
                try store.connection.execute("INSERT INTO spaces (name, created_at) VALUES ('hung', 1)")
                try turn.commit()
                Issue.record("attempt \(attempt) committed while the database hung")
            } catch let e as DatabaseError {
                #expect(e.isUnavailable, "\(e)")
            }
            let took = Date().timeIntervalSince(started)
            #expect(took < 1.1, "attempt \(attempt) took \(took) s")
        }
        try cluster.thaw()
        let back = Date()
        var committed = false
        while !committed && Date().timeIntervalSince(back) < 5 {
            if let turn = try? store.beginTurn() {
                try store.connection.execute("INSERT INTO spaces (name, created_at) VALUES ('back', 1)")
                try turn.commit()
                committed = true
            } else {
                usleep(50_000)
            }
        }
        #expect(committed)
        #expect(Date().timeIntervalSince(back) < 2, "served again \(Date().timeIntervalSince(back)) s after")
    }
}
