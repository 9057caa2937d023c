// The TwoDo store on SQLite: opens and checks the database file, migrates it, and closes it cleanly.

import CSQLite
import Foundation
import TwoDoCore

/// TwoDo's persistent state in one SQLite file. Owned by one thread (the event loop).
public final class Store {
    /// The underlying connection. Internal: the server goes through named Store methods.
    let db: Database
    /// How deep the open `savepoint(_:)` scopes are nested; names each savepoint uniquely.
    var savepointDepth = 0
    /// Counts changes to the tables names come from; see `namesGeneration`.
    let namesWatch = NamesWatch()
    /// Column names per table, as changesets number them (Store+Undo), read once per table: migrations only
    /// run before the store is used.
    var columnNamesCache: [String: [String]] = [:]
    /// The WAL's frame count after each commit, for the checkpoint thread (kept only with background checkpoints).
    public let walWatch = WALWatch()
    /// The size, in bytes, a WAL file is cut back to when it starts over: just above the most the loop lets
    /// it hold (`Checkpointer.loopPages` frames of a 4 KiB page), so in steady use it is never cut.
    static let walFileLimit = (Int(Checkpointer.loopPages) + 256) * (4096 + 24)

    /// Opens the database at `path`, refusing foreign or damaged files, and migrates it.
    ///
    /// A file that exists but is not TwoDo's is never written to: the checks run before any
    /// pragma that could change it.
    /// - Parameter durable: `synchronous=FULL` (every commit is fsynced); tests may turn it off.
    ///   - backgroundCheckpoints: the caller runs a `Checkpointer`, so COMMIT never checkpoints.
    public init(path: String, durable: Bool = true, backgroundCheckpoints: Bool = false) throws {
        do {
            db = try Database(path: path)
            try Store.checkIdentity(db: db, path: path)
            try db.execute("PRAGMA journal_mode = WAL")
            // When a checkpoint lets the WAL restart from its beginning, a file grown past this is cut back. Below
            // it the file keeps its blocks, so the next cycle's frames overwrite allocated space instead of making
            // the file system allocate it again (−13% CPU per durable command, PERFORMANCE §17).
            try db.execute("PRAGMA journal_size_limit = \(Store.walFileLimit)")
            if backgroundCheckpoints {
                try db.execute("PRAGMA wal_autocheckpoint = 0")
                walWatch.attach(to: db.handle)
            }
            try db.execute(durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = OFF")
            try db.execute("PRAGMA foreign_keys = ON")
            // Every command runs in a SAVEPOINT whose sub-journal (the originals of the pages it changes, for
            // ROLLBACK TO; never used for crash recovery) would otherwise spill past 64 KB into a temporary
            // file, written page by page: 13% of a durable add's CPU (PERFORMANCE §14).
            try db.execute("PRAGMA temp_store = MEMORY")
            namesWatch.attach(to: db)
            try migrate()
            try fillNameSkeletons()
        } catch let e as DatabaseError {
            // SQLite's own text ("unable to open database file") does not say which file.
            throw StoreOpenError.cannotOpen(path: path, detail: Store.explain(e, path: path))
        }
    }

    /// SQLite's reason, with the likely cause when the file could not be opened at all.
    private static func explain(_ e: DatabaseError, path: String) -> String {
        guard e.code & 0xFF == SQLITE_CANTOPEN else { return e.description }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if !FileManager.default.fileExists(atPath: folder.isEmpty ? "/" : folder) {
            return "the folder \(folder) does not exist"
        }
        return "\(e.message) (check that the folder \(folder) is writable)"
    }

    /// Ends the store's use of the file: rolls back an open transaction and folds the write-ahead log
    /// into the database (a TRUNCATE checkpoint), so a stopped server leaves one self-contained file.
    public func close() {
        rollback()
        try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Refuses files that are not SQLite, are another program's, or are newer than this build.
    private static func checkIdentity(db: Database, path: String) throws {
        let appID: Int64
        let version: Int64
        let tableCount: Int64
        do {
            appID = try db.queryOne("PRAGMA application_id") { $0.statement.int(at: 0) ?? 0 } ?? 0
            version = try db.queryOne("PRAGMA user_version") { $0.statement.int(at: 0) ?? 0 } ?? 0
            tableCount = try db.queryOne("SELECT count(*) AS n FROM sqlite_schema") { try $0.requiredInt("n") } ?? 0
        } catch let e as DatabaseError {
            throw StoreOpenError.notADatabase(path: path, detail: e.message)
        }
        if appID == 0 && tableCount == 0 { return }  // a new, empty file: ours to initialize
        guard appID == Migrations.applicationID else { throw StoreOpenError.foreign(path: path) }
        if version > Int64(Migrations.all.count) { throw StoreOpenError.tooNew(path: path, version: Int(version)) }
    }

    private func migrate() throws {
        let current = try db.queryOne("PRAGMA user_version") { $0.statement.int(at: 0) ?? 0 } ?? 0
        guard current < Int64(Migrations.all.count) else { return }
        for (index, sql) in Migrations.all.enumerated() where Int64(index + 1) > current {
            let rebuilds = Migrations.rebuildingTables.contains(index + 1)
            // The pragma is a no-op inside a transaction: set before, and on again after, whatever happens (a
            // store must never run with its keys off, so a failure to turn them on again fails the open).
            if rebuilds { try db.execute("PRAGMA foreign_keys = OFF") }
            do {
                try migrate(index: index, sql: sql, checkingKeys: rebuilds)
            } catch {
                if rebuilds { try db.execute("PRAGMA foreign_keys = ON") }
                throw error
            }
            if rebuilds { try db.execute("PRAGMA foreign_keys = ON") }
        }
    }

    /// Runs migration `index + 1` in a transaction and records it.
    private func migrate(index: Int, sql: String, checkingKeys: Bool) throws {
        try db.inTransaction {
            try db.execute(sql)
            if checkingKeys {
                let broken = try db.query("PRAGMA foreign_key_check") { $0.statement.text(at: 0) ?? "" }
                guard broken.isEmpty else {
                    throw DatabaseError(
                        code: 0, message: "migration \(index + 1) left rows without their parents in \(Set(broken))",
                        sql: nil)
                }
            }
            try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try db.execute("PRAGMA user_version = \(index + 1)")
        }
    }

    /// The schema version recorded in the file.
    public func schemaVersion() throws -> Int {
        Int(try db.queryOne("PRAGMA user_version") { $0.statement.int(at: 0) ?? 0 } ?? 0)
    }

    /// Runs SQLite's full integrity check; returns the problems found (empty when healthy).
    public func integrityProblems() throws -> [String] {
        let rows = try db.query("PRAGMA integrity_check") { $0.statement.text(at: 0) ?? "" }
        return rows == ["ok"] ? [] : rows
    }

    /// Lets SQLite's COMMIT checkpoint the write-ahead log again (every `pages` pages), for when
    /// the background checkpoint thread is unavailable.
    public func enableAutomaticCheckpoints(pages: Int = 1000) throws {
        try db.execute("PRAGMA wal_autocheckpoint = \(pages)")
    }
}
