// The error type of the storage layer: an engine's result code, its message and the SQL that failed.

import CSQLite

/// A failure reported by the storage engine, matchable by its primary result code.
///
/// SQLite's errors carry its result code. PostgreSQL's carry the SQLSTATE in `sqlState` (and in the
/// message) and an SQLite-equivalent `extendedCode` chosen by the PostgreSQL engine (a constraint
/// violation is `SQLITE_CONSTRAINT`, a full disk `SQLITE_FULL`), so code matching either engine works.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code.
    public let extendedCode: Int32
    /// SQLite's message.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// PostgreSQL's five-character SQLSTATE (`23505` a unique violation), nil for SQLite.
    public let sqlState: String?

    /// The primary result code (the low byte of the extended code).
    public var code: Int32 { extendedCode & 0xFF }
    /// The disk or its quota is full.
    public var isDiskFull: Bool { code == SQLITE_FULL }
    /// The file is not a database, or it is corrupt.
    public var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// A constraint (unique, foreign key, ...) was violated.
    public var isConstraint: Bool { code == SQLITE_CONSTRAINT }

    /// A unique or primary-key constraint was violated (SQLite's extended code, PostgreSQL's 23505).
    /// The database could not be reached (PostgreSQL's connection lost or refused, the server shutting down):
    /// nothing of the failed work was saved, and trying again later may work. Never true for SQLite.
    public var isUnavailable: Bool {
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    public var isUniqueViolation: Bool {
        if let sqlState { return sqlState == "23505" }
        // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555): macros Swift does not import.
        return extendedCode == 2067 || extendedCode == 1555
    }

    /// Makes an error; `sqlState` is given by the PostgreSQL engine only.
    package init(code: Int32, message: String, sql: String?, sqlState: String? = nil) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
        self.sqlState = sqlState
    }

    public var description: String {
        let engine = sqlState.map { "PostgreSQL error \($0)" } ?? "SQLite error \(extendedCode)"
        if let sql { return "\(engine): \(message) (in: \(sql))" }
        return "\(engine): \(message)"
    }
}

/// Errors found while opening a database file, before any data is touched.
public enum StoreOpenError: Error, Sendable, CustomStringConvertible {
    /// The file is not an SQLite database, or it is damaged.
    case notADatabase(path: String, detail: String)
    /// The file is an SQLite database of some other program.
    case foreign(path: String)
    /// The file was written by a newer TwoDo whose schema this build does not know.
    case tooNew(path: String, version: Int)
    /// The integrity check failed.
    case corrupt(path: String, detail: String)
    /// SQLite could not open or prepare the file (a missing folder, no permission, a read-only disk).
    case cannotOpen(path: String, detail: String)

    public var description: String {
        switch self {
        case .notADatabase(let path, let detail):
            return "\(path) is not a TwoDo database (\(detail)); refusing to touch it"
        case .foreign(let path):
            return "\(path) is an SQLite database of another program; refusing to touch it"
        case .tooNew(let path, let version):
            return "\(path) has schema version \(version), newer than this build knows; upgrade twodo"
        case .corrupt(let path, let detail):
            return "\(path) failed the integrity check: \(detail)"
        case .cannotOpen(let path, let detail):
            return "cannot open the database \(path): \(detail)"
        }
    }
}
