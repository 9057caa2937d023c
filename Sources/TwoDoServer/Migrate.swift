// `twodo migrate --from <sqlite file> --to <postgresql url>`: the verified move to PostgreSQL.

import TwoDoPostgres
import TwoDoStore

/// Moves a TwoDo database from SQLite to PostgreSQL (see `SQLiteToPostgres`). The SQLite file is locked for
/// the whole copy, as a server would lock it, so no server can change it meanwhile; the file is not modified
/// beyond bringing its schema up to date, and stays usable.
public enum Migrate {
    /// Copies the SQLite database at `path` into the empty PostgreSQL database at `url`; returns the per-table
    /// reports of a copy that was verified and committed.
    public static func run(from path: String, to url: String) throws -> [SQLiteToPostgres.TableReport] {
        guard case .postgres = StoreLocation(url) else { throw MigrateError.targetNotPostgres(url) }
        guard case .sqlite = StoreLocation(path) else { throw MigrateError.sourceNotSQLite(path) }
        let lock = try DatabaseLock(databasePath: path)
        defer { lock.release() }
        let source = try Store(path: path)
        defer { source.close() }
        let target = try PostgresStore(url: url)
        defer { target.close() }
        return try SQLiteToPostgres.copy(from: source, to: target)
    }
}

/// A `twodo migrate` whose arguments name the wrong engines.
public enum MigrateError: Error, CustomStringConvertible {
    case targetNotPostgres(String)
    case sourceNotSQLite(String)

    public var description: String {
        switch self {
        case .targetNotPostgres(let url): "--to must be a postgresql:// URL, not \(url)"
        case .sourceNotSQLite(let path): "--from must be an SQLite file, not \(path)"
        }
    }
}
