// The shared event log: rows with the commit only, other nodes' rows only, in commit order, caught up after a cut.

import Foundation
import Testing
import TwoDoStore

@testable import TwoDoPostgres

@Suite("PostgreSQL event log")
struct PostgresNodeLinkTests {
    /// Two nodes on one fresh database: A's store and log, and B's log (nil when PostgreSQL is unavailable).
    private static func twoNodes(
        _ test: String = #function
    ) throws -> (PostgresStore, PostgresNodeLink, PostgresNodeLink)? {
        guard let url = try Engine.freshPostgresURL(test) else { return nil }
        let store = try PostgresStore(url: url)
        return (store, try PostgresNodeLink(url: url, node: "a"), try PostgresNodeLink(url: url, node: "b"))
    }

    /// Waits up to 5 s for the log's socket to report a notification, then reads.
    private static func receive(_ log: PostgresNodeLink, expecting: Int) throws -> [EventDelivery] {
        var got: [EventDelivery] = []
        let deadline = Date().addingTimeInterval(5)
        while got.count < expecting && Date() < deadline {
            got += try log.receive().deliveries
            if got.count < expecting { usleep(10_000) }
        }
        return got
    }

    private static func delivery(_ n: Int) -> EventDelivery {
        EventDelivery(user: Int64(n), text: "ayşe added \"süt\" #\(n)", json: "{\"type\":\"event\",\"n\":\(n)}")
    }

    @Test("A committed turn's events reach the other node, not its own; an aborted turn's never do")
    func committedOnly() throws {
        guard let (store, a, b) = try Self.twoNodes() else { return }
        let aborted = try store.beginTurn()
        try a.append([Self.delivery(1)], in: store, now: 1000)
        aborted.rollback()
        let turn = try store.beginTurn()
        try a.append([Self.delivery(2), Self.delivery(3)], in: store, now: 1000)
        #expect(try b.receive().deliveries.isEmpty, "visible before the commit")
        try turn.commit()
        #expect(try Self.receive(b, expecting: 2) == [Self.delivery(2), Self.delivery(3)])
        #expect(try a.receive().deliveries.isEmpty, "a node never gets its own rows back")
        // Nothing more arrives later either (the aborted row never existed).
        usleep(100_000)
        #expect(try b.receive().deliveries.isEmpty)
    }

    @Test("A row that commits late is not skipped: a second writer waits for the first's commit before taking an id")
    func commitOrder() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let store = try PostgresStore(url: url)
        let a = try PostgresNodeLink(url: url, node: "a")
        let b = try PostgresNodeLink(url: url, node: "b")
        let firstAppended = DispatchSemaphore(value: 0)
        let firstDone = DispatchSemaphore(value: 0)
        // Node C appends first and commits slowly; node A appends meanwhile and commits at once. Without the
        // ordering lock A's row would get the larger id yet commit first, B would read it and move past C's.
        let slow = Thread {
            do {
                let other = try PostgresStore(url: url)
                let c = try PostgresNodeLink(url: url, node: "c")
                let turn = try other.beginTurn()
                try c.append([PostgresNodeLinkTests.delivery(1)], in: other, now: 1000)
                firstAppended.signal()
                usleep(300_000)
                try turn.commit()
            } catch {
                Issue.record("slow writer: \(error)")
                firstAppended.signal()
            }
            firstDone.signal()
        }
        slow.start()
        firstAppended.wait()
        let turn = try store.beginTurn()
        try a.append([Self.delivery(2)], in: store, now: 1000)
        try turn.commit()
        var got = try b.receive().deliveries
        firstDone.wait()
        got += try Self.receive(b, expecting: 2 - got.count)
        #expect(got.map(\.user) == [1, 2])
    }

    @Test("Rows are read in commit order, and a reconnected node catches up on what it missed")
    func orderAndCatchUp() throws {
        guard let (store, a, b) = try Self.twoNodes() else { return }
        for n in 1...3 {
            let turn = try store.beginTurn()
            try a.append([Self.delivery(n)], in: store, now: 1000)
            try turn.commit()
        }
        #expect(try Self.receive(b, expecting: 3).map(\.user) == [1, 2, 3])
        // B is cut off; A goes on; B comes back and reads the rows in between, in order.
        b.disconnect()
        #expect(b.socket == nil)
        for n in 4...6 {
            let turn = try store.beginTurn()
            try a.append([Self.delivery(n)], in: store, now: 1000)
            try turn.commit()
        }
        #expect(b.reconnect(now: 0))
        #expect(try Self.receive(b, expecting: 3).map(\.user) == [4, 5, 6])
    }

    @Test("A node reads a backlog in bounded batches, and old rows are pruned")
    func batchesAndPrune() throws {
        guard let (store, a, b) = try Self.twoNodes() else { return }
        let turn = try store.beginTurn()
        for n in 0..<(PostgresNodeLink.batch + 10) { try a.append([Self.delivery(n)], in: store, now: 1000) }
        try turn.commit()
        let first = try b.receive()
        #expect(first.deliveries.count == PostgresNodeLink.batch)
        #expect(first.more)
        let second = try b.receive()
        #expect(second.deliveries.count == 10)
        #expect(!second.more)
        try b.prune(now: 1000 + PostgresNodeLink.retention + 1)
        let left = try store.connection.execute("SELECT count(*) AS n FROM event_log").requiredInt(0, "n")
        #expect(left == 0)
    }

    @Test("A node that loses its listening connection says so, and reconnects with back-off")
    func lostListener() throws {
        guard let url = try Engine.freshPostgresURL() else { return }
        let store = try PostgresStore(url: url)
        let b = try PostgresNodeLink(url: url, node: "b")
        try store.connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        usleep(100_000)
        #expect(throws: DatabaseError.self) { _ = try b.receive() }
        #expect(!b.isConnected)
        #expect(b.reconnect(now: 1))
        #expect(b.isConnected)
    }
}
