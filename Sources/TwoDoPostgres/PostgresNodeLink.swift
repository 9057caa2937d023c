// A node's link to the other nodes on one database: the shared event log (live events) and presence.

import Foundation
import TwoDoStore
import TwoDoSystem

/// One event as one receiver reads it: already worded in their language and zone, as text and as a JSON line.
public struct EventDelivery: Codable, Sendable, Equatable {
    /// The receiving user's id.
    public let user: Int64
    /// The line a text-mode session shows.
    public let text: String
    /// The line a JSON-mode session shows.
    public let json: String
    /// An unread inbox row that the node delivering this line to a live session marks read (a reminder).
    public let notification: Int64?

    public init(user: Int64, text: String, json: String, notification: Int64? = nil) {
        self.user = user
        self.text = text
        self.json = json
        self.notification = notification
    }
}

/// A TwoDo node's link to the others on one PostgreSQL database: the shared event log and who is online where.
///
/// - Writing: `append` runs on the store's connection inside the turn's transaction, after the turn's
///   commands: it takes a transaction-scoped advisory lock (so ids are handed out in commit order across
///   nodes), inserts one row, and `NOTIFY`s. An aborted turn leaves neither row nor notification.
/// - Reading: a connection of its own `LISTEN`s; the loop waits on its socket, and on a notification (or
///   after a reconnect) `receive` reads the rows past the last one seen that other nodes wrote. A node that
///   was cut off catches up on what it missed, within the retention.
/// - Presence: the node beats (`heartbeat`) about every second and records which users have sessions on it
///   (`setOnline`), so a handler on another node sends a partner's event live instead of to the inbox. A
///   node that stops beating is forgotten after `nodeTimeout` seconds, its sessions with it.
/// Owned by the event-loop thread, like the store.
public final class PostgresNodeLink {
    /// This node's name in the log (its own rows were delivered locally already).
    public let node: String
    private let url: String
    private var listener: PGConnection?
    /// The newest row read (or, at start, the newest row there was).
    private var lastSeen: Int64 = 0
    /// When the next reconnection may be tried, and the wait after that one (doubling to 1 s).
    private var retryAt: Double = 0
    private var backoff: Double = 0.25
    /// Rows are kept this long (seconds): the longest outage after which a node still catches up.
    public static let retention: Int64 = 3600
    /// The most rows one `receive` reads (the rest on the next call).
    static let batch = 500
    /// The advisory lock key that orders appends (any constant the schema owns).
    static let orderLock: Int64 = 0x7477_6F64_6F5F_6576  // "twodo_ev"

    /// Connects the listening connection; starts after the newest row there is (old events are not replayed).
    public init(url: String, node: String) throws {
        self.url = url
        self.node = node
        let listener = try PGConnection(url: url, timeout: PostgresStore.connectTimeout)
        listener.responseTimeout = PostgresStore.responseTimeout
        try listener.executeScript("LISTEN twodo_events")
        lastSeen = try listener.execute("SELECT coalesce(max(id), 0) AS last FROM event_log").requiredInt(0, "last")
        self.listener = listener
    }

    /// The listening connection's socket, to wait on; nil while disconnected.
    public var socket: Int32? { listener?.socket }

    /// Appends this turn's deliveries on `store`'s connection, inside its open transaction.
    public func append(_ deliveries: [EventDelivery], in store: PostgresStore, now: Int64) throws {
        guard !deliveries.isEmpty else { return }
        let body = String(decoding: try JSONEncoder().encode(deliveries), as: UTF8.self)
        try store.connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(PostgresNodeLink.orderLock)])
        try store.connection.execute(
            "INSERT INTO event_log (node, at, deliveries) VALUES ($1, $2, $3::jsonb)",
            [.text(node), .integer(now), .text(body)])
        try store.connection.execute("SELECT pg_notify('twodo_events', '')")
    }

    /// What other nodes committed since the last call, oldest first, at most `batch` rows' worth; `more`
    /// says rows are left for another call. Throws (and drops the connection) when it was lost.
    public func receive() throws -> (deliveries: [EventDelivery], more: Bool) {
        guard let listener else { return ([], false) }
        do {
            _ = try listener.takeNotifications()
            let rows = try listener.execute(
                "SELECT id, node, deliveries::text AS d FROM event_log WHERE id > $1 ORDER BY id LIMIT $2",
                [.integer(lastSeen), .integer(Int64(PostgresNodeLink.batch))])
            var deliveries: [EventDelivery] = []
            let decoder = JSONDecoder()
            for r in 0..<rows.rowCount {
                lastSeen = try rows.requiredInt(r, "id")
                guard try rows.string(r, "node") != node, let text = try rows.string(r, "d") else { continue }
                deliveries += try decoder.decode([EventDelivery].self, from: Data(text.utf8))
            }
            return (deliveries, rows.rowCount == PostgresNodeLink.batch)
        } catch {
            disconnect()
            throw error
        }
    }

    /// Whether the listener is connected.
    public var isConnected: Bool { listener != nil }

    /// Drops the listening connection (it failed); `reconnect` brings it back.
    public func disconnect() {
        listener?.close()
        listener = nil
    }

    /// Tries to connect again when the back-off allows (`now`: monotonic seconds); true when connected.
    /// Rows committed meanwhile are read by the next `receive`, from where the node left off.
    public func reconnect(now: Double) -> Bool {
        if listener != nil { return true }
        guard now >= retryAt else { return false }
        do {
            let fresh = try PGConnection(url: url, timeout: PostgresStore.connectTimeout)
            fresh.responseTimeout = PostgresStore.responseTimeout
            try fresh.executeScript("LISTEN twodo_events")
            listener = fresh
            backoff = 0.25
            return true
        } catch {
            retryAt = now + backoff
            backoff = min(backoff * 2, PostgresStore.reconnectBackoffLimit)
            return false
        }
    }

    /// Deletes rows older than the retention (any node may; the statement is idempotent).
    public func prune(now: Int64) throws {
        try listener?.execute("DELETE FROM event_log WHERE at < $1", [.integer(now - PostgresNodeLink.retention)])
    }

    // MARK: Presence

    /// Whether this node's row exists (a first heartbeat ran); sessions reference it.
    private var knownToOthers = false

    /// Seconds after its last heartbeat that a node (and its sessions) count as gone.
    public static let nodeTimeout: Int64 = 15

    /// Records that this node is alive at `now` (unix seconds) and forgets nodes silent past the timeout.
    /// Returns true when the node's row was new (first beat, or the others had forgotten it after an outage):
    /// its sessions are then gone from the table, and the caller records them again with `setOnline`.
    @discardableResult
    public func heartbeat(now: Int64) throws -> Bool {
        guard let listener else { return false }
        let row = try listener.execute(
            """
            INSERT INTO nodes (node, seen_at) VALUES ($1, $2)
            ON CONFLICT (node) DO UPDATE SET seen_at = EXCLUDED.seen_at RETURNING (xmax = 0) AS inserted
            """,
            [.text(node), .integer(now)])
        try listener.execute(
            "DELETE FROM nodes WHERE seen_at < $1", [.integer(now - PostgresNodeLink.nodeTimeout)])
        return try row.bool(0, "inserted") ?? false
    }

    /// Records whether `user` has sessions on this node.
    public func setOnline(_ user: Int64, _ online: Bool, now: Int64) throws {
        guard let listener else { return }
        if online {
            if !knownToOthers {
                try heartbeat(now: now)
                knownToOthers = true
            }
            try listener.execute(
                "INSERT INTO node_sessions (node, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                [.text(node), .integer(user)])
        } else {
            try listener.execute(
                "DELETE FROM node_sessions WHERE node = $1 AND user_id = $2", [.text(node), .integer(user)])
        }
    }

    /// Whether `user` has sessions on another node that is alive at `now`.
    public func isOnlineElsewhere(_ user: Int64, now: Int64) throws -> Bool {
        guard let listener else { return false }
        let rows = try listener.execute(
            """
            SELECT 1 AS online FROM node_sessions s JOIN nodes n ON n.node = s.node
            WHERE s.user_id = $1 AND s.node <> $2 AND n.seen_at >= $3 LIMIT 1
            """,
            [.integer(user), .text(node), .integer(now - PostgresNodeLink.nodeTimeout)])
        return rows.rowCount > 0
    }

    /// Takes this node out of the cluster's presence (a clean stop).
    public func leave() {
        _ = try? listener?.execute("DELETE FROM nodes WHERE node = $1", [.text(node)])
    }

    // MARK: Shared throttles

    /// Unix seconds, the clock of the shared throttle counts.
    public var wallNow: Double { Date().timeIntervalSince1970 }

    /// The failure count and last failure time of `key`; nil when none. Throws when disconnected.
    public func throttleEntry(_ key: String) throws -> (count: Int, last: Double)? {
        guard let listener else { throw PostgresNodeLink.disconnected }
        let rows = try listener.execute("SELECT count, last FROM throttle_failures WHERE key = $1", [.text(key)])
        guard rows.rowCount == 1 else { return nil }
        return (Int(try rows.requiredInt(0, "count")), try rows.double(0, "last") ?? 0)
    }

    /// Counts one more failure of `key` now; a count whose last failure is older than `window` starts again.
    public func throttleRecord(_ key: String, window: Double) throws {
        guard let listener else { throw PostgresNodeLink.disconnected }
        try listener.execute(
            """
            INSERT INTO throttle_failures AS f (key, count, last) VALUES ($1, 1, $2)
            ON CONFLICT (key) DO UPDATE
            SET count = CASE WHEN EXCLUDED.last - f.last > $3 THEN 1 ELSE f.count + 1 END, last = EXCLUDED.last
            """, [.text(key), .real(wallNow), .real(window)])
    }

    /// Forgets `key`'s failures.
    public func throttleForget(_ key: String) throws {
        guard let listener else { throw PostgresNodeLink.disconnected }
        try listener.execute("DELETE FROM throttle_failures WHERE key = $1", [.text(key)])
    }

    /// Forgets the keys starting with `prefix` idle for more than `idleFor` seconds.
    public func throttlePrune(prefix: String, idleFor: Double) throws {
        guard let listener else { throw PostgresNodeLink.disconnected }
        try listener.execute(
            "DELETE FROM throttle_failures WHERE starts_with(key, $1) AND last < $2",
            [.text(prefix), .real(wallNow - idleFor)])
    }

    /// Thrown by the shared-throttle calls while the listening connection is down (callers fall back).
    static let disconnected = DatabaseError(postgres: "the node link is disconnected", sqlState: "08003", sql: nil)

    /// Marks inbox row `id` read: its line reached a live session on this node.
    public func markDelivered(notification id: Int64) throws {
        guard let listener else { throw PostgresNodeLink.disconnected }
        try listener.execute("UPDATE notifications SET is_read = 1 WHERE id = $1", [.integer(id)])
    }
}
