// Online, consistent copies of a live database through SQLite's backup API, and the offline check.

import CSQLite

/// Copies and checks database files.
public enum Backup {
    /// Copies the database at `source` to `destination` while other connections keep writing.
    /// Refuses to overwrite an existing destination.
    public static func copy(from source: String, to destination: String) throws {
        let src = try Database(path: source, readOnly: true)
        let dst = try Database(path: destination)
        let tables = try dst.queryOne("SELECT count(*) AS n FROM sqlite_schema") { try $0.requiredInt("n") } ?? 0
        guard tables == 0 else {
            throw DatabaseError(code: SQLITE_CANTOPEN, message: "destination already holds a database", sql: nil)
        }
        guard let backup = sqlite3_backup_init(dst.handle, "main", src.handle, "main") else {
            throw dst.error(sql: nil)
        }
        var rc: Int32
        repeat {
            rc = sqlite3_backup_step(backup, 256)
            if rc == SQLITE_BUSY || rc == SQLITE_LOCKED { sqlite3_sleep(20) }
        } while rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED
        sqlite3_backup_finish(backup)
        guard rc == SQLITE_DONE else {
            throw DatabaseError(code: rc, message: String(cString: sqlite3_errstr(rc)), sql: nil)
        }
    }

    /// Opens `path` read-only and runs the integrity check; returns the problems found.
    public static func check(path: String) throws -> [String] {
        let db = try Database(path: path, readOnly: true)
        do {
            let appID = try db.queryOne("PRAGMA application_id") { $0.statement.int(at: 0) ?? 0 } ?? 0
            guard appID == Migrations.applicationID else { throw StoreOpenError.foreign(path: path) }
            let rows = try db.query("PRAGMA integrity_check") { $0.statement.text(at: 0) ?? "" }
            guard rows == ["ok"] else { return rows }
            // A file at migration 21 or later holds every row in its own space: any row that does not is named.
            let version = try db.queryOne("PRAGMA user_version") { $0.statement.int(at: 0) ?? 0 } ?? 0
            guard version >= 21 else { return [] }
            var problems = try db.query("PRAGMA foreign_key_check") { row -> String in
                "row \(row.statement.int(at: 1) ?? 0) of \(row.statement.text(at: 0) ?? "?") has no parent in \(row.statement.text(at: 2) ?? "?")"
            }
            for (rule, sql) in IsolationCheck.queries {
                let n = try db.queryOne(sql) { try $0.requiredInt("n") } ?? 0
                if n > 0 { problems.append("\(n) row(s) break the rule: \(rule)") }
            }
            return problems
        } catch let e as DatabaseError {
            throw StoreOpenError.notADatabase(path: path, detail: e.message)
        }
    }
}
