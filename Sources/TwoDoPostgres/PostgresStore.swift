// The TwoDo store on PostgreSQL: connects, migrates, and is the second engine behind TwoDoStorage.

import TwoDoStore

/// TwoDo's persistent state in a PostgreSQL database. Owned by one thread (the event loop), over one
/// connection.
///
/// The transaction scopes are in PostgresStore+Transactions.swift; the data areas (accounts, tasks, ...)
/// are added as extensions, each conforming to one of `TwoDoStorage`'s protocols.
public final class PostgresStore {
    /// The one connection. Internal: the area extensions run their statements on it.
    let connection: PGConnection
    /// How deep the open `savepoint(_:)` scopes are nested; names each savepoint uniquely.
    var savepointDepth = 0
    /// See `namesGeneration`.
    var namesCounter: UInt64 = 0
    /// Whether search rows get pg_trgm's index (else searches scan).
    public let hasTrigramSearch: Bool

    /// Connects to `url` (`postgresql://user@host:port/db`) and migrates the database.
    ///
    /// A database of another program (tables, no `schema_version`) or of a newer TwoDo is refused
    /// untouched, as SQLite's store refuses such files.
    public init(url: String) throws {
        let shown = PostgresStore.redacted(url)
        do {
            connection = try PGConnection(url: url)
            hasTrigramSearch = try PostgresMigrations.migrate(connection)
        } catch let refusal as PostgresMigrations.Refusal {
            switch refusal {
            case .foreign: throw StoreOpenError.foreign(path: shown)
            case .tooNew(let version): throw StoreOpenError.tooNew(path: shown, version: version)
            }
        } catch let e as DatabaseError {
            throw StoreOpenError.cannotOpen(path: shown, detail: e.description)
        }
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
