// The TwoDo store on PostgreSQL: connects, migrates, and is the second engine behind TwoDoStorage.

import TwoDoStore
import TwoDoSystem

/// TwoDo's persistent state in a PostgreSQL database. Owned by one thread (the event loop), over one
/// connection.
///
/// The transaction scopes are in PostgresStore+Transactions.swift; the data areas (accounts, tasks, ...)
/// are added as extensions, each conforming to one of `TwoDoStorage`'s protocols.
public final class PostgresStore {
    /// The one connection. Internal: the area extensions run their statements on it. Replaced by a new one
    /// when it was lost (`ensureConnected`).
    private(set) var connection: PGConnection
    /// What it connects to (kept to reconnect).
    let url: String
    /// When the next reconnection may be tried (monotonic seconds), and the wait after that one.
    private var reconnectAt: Double = 0
    private var reconnectBackoff: Double = 0.25
    /// How long the loop waits on the database at most: for one statement's answer, and for a new connection
    /// (seconds). Past it the command fails with `error.unavailable` instead of holding every other client.
    public static let responseTimeout: Double = 0.75
    public static let connectTimeout: Double = 0.25
    /// The bound for the few commands whose statements may touch a whole list or space at once (deleting a
    /// list, an account or a couple's move): bounded by the space limits, they may legitimately take longer.
    public static let bulkResponseTimeout: Double = 10
    /// The longest wait between two reconnection attempts: a node serves again within about this long of the
    /// database's return.
    static let reconnectBackoffLimit: Double = 1
    /// How deep the open `savepoint(_:)` scopes are nested; names each savepoint uniquely.
    var savepointDepth = 0
    /// See `namesGeneration`.
    var namesCounter: UInt64 = 0
    /// The shared statements' texts with their placeholders numbered, by their source (`SQLEngine`).
    var numberedStatements: [String: String] = [:]
    /// Whether search rows get pg_trgm's index (else searches scan).
    public let hasTrigramSearch: Bool

    /// Connects to `url` (`postgresql://user@host:port/db`) and migrates the database.
    ///
    /// A database of another program (tables, no `schema_version`) or of a newer TwoDo is refused
    /// untouched, as SQLite's store refuses such files.
    public init(url: String) throws {
        let shown = PostgresStore.redacted(url)
        self.url = url
        do {
            connection = try PGConnection(url: url)
            hasTrigramSearch = try PostgresMigrations.migrate(connection)
            // Migrations may take their time; from here on no statement waits longer than this.
            connection.responseTimeout = PostgresStore.responseTimeout
        } catch let refusal as PostgresMigrations.Refusal {
            switch refusal {
            case .foreign: throw StoreOpenError.foreign(path: shown)
            case .tooNew(let version): throw StoreOpenError.tooNew(path: shown, version: version)
            }
        } catch let e as DatabaseError {
            throw StoreOpenError.cannotOpen(path: shown, detail: e.description)
        }
    }

    /// Makes sure the connection is usable before a transaction starts: after a lost connection (a database
    /// restart, a fail-over) it connects again, at most once per back-off step (0.25 s doubling to 1 s), and
    /// throws an unavailable `DatabaseError` while the database cannot be reached. Nothing is retried inside a
    /// transaction: what a lost connection interrupted was never acknowledged.
    func ensureConnected() throws {
        if connection.isConnected { return }
        let now = Monotonic.now()
        guard now >= reconnectAt else {
            throw DatabaseError(postgres: "the database cannot be reached (reconnecting)", sqlState: "08006", sql: nil)
        }
        do {
            let fresh = try PGConnection(url: url, timeout: PostgresStore.connectTimeout)
            fresh.responseTimeout = PostgresStore.responseTimeout
            connection.close()
            connection = fresh
            savepointDepth = 0
            reconnectBackoff = 0.25
            noteNamesChanged()
        } catch {
            reconnectAt = now + reconnectBackoff
            reconnectBackoff = min(reconnectBackoff * 2, PostgresStore.reconnectBackoffLimit)
            throw error
        }
    }

    /// Runs `body` with statements allowed `bulkResponseTimeout` instead of `responseTimeout` (an inner call
    /// leaves the outer one's timeout as it was).
    func withBulkTimeout<T>(_ body: () throws -> T) rethrows -> T {
        let connection = self.connection
        let previous = connection.responseTimeout
        connection.responseTimeout = PostgresStore.bulkResponseTimeout
        defer { connection.responseTimeout = previous }
        return try body()
    }

    /// Records that user names, space membership or list names may have changed: every mutator of
    /// `users`, `spaces` and `lists` calls it (PostgreSQL has no update hook to count them for us).
    public func noteNamesChanged() { namesCounter &+= 1 }

    /// `url` without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return url
        }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
