// The store the server runs on, opened from `--db`, with what its engine needs beside it.

import Foundation
import TwoDoPostgres
import TwoDoStore
import TwoDoSystem

/// Where TwoDo's state lives, read from `--db`: a `postgresql://` (or `postgres://`) URL is a PostgreSQL
/// database, anything else the path of an SQLite file (the zero-configuration default).
public enum StoreLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(url: String)

    public init(_ db: String) {
        let lowered = db.lowercased()
        if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
            self = .postgres(url: db)
        } else {
            self = .sqlite(path: db)
        }
    }
}

/// The server's store and its engine's companions: for SQLite the lock that keeps a second server off the file
/// and the checkpoint thread; for PostgreSQL (several nodes share one database by design) the link to the
/// other nodes: the shared event log and presence.
final class ServerStorage {
    /// Every call the loop and the handlers make goes through the engine-neutral surface.
    let store: any TwoDoStorage
    /// Held for the server's life: no second server on the same SQLite file.
    private let databaseLock: DatabaseLock?
    /// Copies the SQLite WAL into the database file off the loop (nil: COMMIT does it every 1000 pages).
    private let checkpointer: Checkpointer?
    /// The PostgreSQL store, when that is the engine (the link appends on its connection).
    let postgres: PostgresStore?
    /// The link to the other nodes on the same PostgreSQL database (nil on SQLite).
    let link: PostgresNodeLink?

    /// Opens the store `config.databasePath` names.
    init(config: ServerConfig) throws {
        switch StoreLocation(config.databasePath) {
        case .sqlite(let path):
            let lock = try DatabaseLock(databasePath: path)
            let sqlite: Store
            do {
                sqlite = try Store(
                    path: path, durable: config.durable, backgroundCheckpoints: config.backgroundCheckpoints)
            } catch {
                lock.release()
                throw error
            }
            var checkpointer: Checkpointer? = nil
            if config.backgroundCheckpoints {
                do {
                    checkpointer = try Checkpointer(path: path, watch: sqlite.walWatch)
                } catch {
                    // Without the thread, the WAL would only grow: give the checkpoints back to SQLite's COMMIT.
                    Log.error("checkpoint thread unavailable; checkpointing in the loop", ["error": "\(error)"])
                    try sqlite.enableAutomaticCheckpoints()
                }
            }
            store = sqlite
            databaseLock = lock
            self.checkpointer = checkpointer
            postgres = nil
            link = nil
        case .postgres(let url):
            let pg = try PostgresStore(url: url)
            store = pg
            postgres = pg
            link = try PostgresNodeLink(url: url, node: ServerStorage.nodeName())
            databaseLock = nil
            checkpointer = nil
        }
    }

    /// Ends the store's use of its storage: the checkpoint thread stops, the store closes (SQLite folds its WAL
    /// into the file), the lock goes.
    func close() {
        link?.leave()
        link?.disconnect()
        checkpointer?.stop()
        store.close()
        databaseLock?.release()
    }
}

extension ServerStorage {
    /// A name for this node in the shared tables: host, pid and a random part (a restarted node is a new one).
    static func nodeName() -> String {
        let host = ProcessInfo.processInfo.hostName
        return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(UInt32.random(in: 0...UInt32.max))"
    }
}
