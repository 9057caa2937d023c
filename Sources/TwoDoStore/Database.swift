// An SQLite connection: opening, pragmas, statement cache and scoped transactions.

import CSQLite

/// SQLite copies bound text and blobs when given this destructor; the macro does not import.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to or read from an SQL statement.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// An open SQLite connection. Not thread-safe: one owner (the event loop thread) uses it. Internal, like
/// `Statement`, `Row` and `SQLValue`: no SQLite type can appear in the store's public surface.
final class Database {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]
    /// Each column's place in its table's primary key, read once per table (`primaryKeyColumns(of:)`).
    private var primaryKeys: [String: [UInt8]] = [:]
    /// The layout of the tables last recorded on this connection (`ChangeRecorder.record`).
    var recordingLayout: ChangeRecorder.Layout?
    /// The file path this connection was opened with.
    let path: String

    /// Opens (creating if needed) the database at `path`.
    /// - Parameter readOnly: open without the right to write or create.
    init(path: String, readOnly: Bool = false) throws {
        var db: OpaquePointer?
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(code: rc, message: message, sql: nil)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 5000)
        do {
            try SearchFold.register(on: db)
        } catch {
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Each of `table`'s columns' place in its primary key (1, 2, … in key order; 0 when not part of it), in
    /// declaration order, as `PRAGMA table_info` says and as a changeset's table header must carry it (read once,
    /// then remembered; `refresh` reads again after a migration changed the table).
    func primaryKeyColumns(of table: String, refresh: Bool = false) throws -> [UInt8] {
        if !refresh, let known = primaryKeys[table] { return known }
        let sql = "SELECT pk FROM pragma_table_info(?) ORDER BY cid"
        let flags = try query(sql, .text(table)) { UInt8(clamping: $0.statement.int(at: 0) ?? 0) }
        guard !flags.isEmpty else { throw DatabaseError(code: SQLITE_ERROR, message: "no table \(table)", sql: sql) }
        primaryKeys[table] = flags
        return flags
    }

    /// Runs one or more statements that take no parameters and return no rows of interest.
    func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// A cached prepared statement for `sql`, reset and with its bindings cleared.
    func statement(_ sql: String) throws -> Statement {
        if let s = cache[sql] {
            s.reset()
            return s
        }
        let s = try Statement(database: self, sql: sql)
        cache[sql] = s
        return s
    }

    /// Runs `sql` with `values` bound, discarding rows; returns the number of changed rows.
    @discardableResult
    func run(_ sql: String, _ values: SQLValue...) throws -> Int {
        try run(sql, values)
    }

    /// Runs `sql` with an array of `values` bound, discarding rows; returns the number of changed rows.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        let s = try statement(sql)
        try s.bind(values)
        while try s.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs `sql` with `values` bound and maps every row.
    func query<T>(_ sql: String, _ values: SQLValue..., map: (Row) throws -> T) throws -> [T] {
        try query(sql, values, map: map)
    }

    /// Runs `sql` with an array of `values` bound (a statement whose filters vary) and maps every row.
    func query<T>(_ sql: String, _ values: [SQLValue], map: (Row) throws -> T) throws -> [T] {
        let s = try statement(sql)
        try s.bind(values)
        var out: [T] = []
        while try s.step() { out.append(try map(Row(statement: s))) }
        return out
    }

    /// Runs `sql` with `values` bound and appends every mapped row to `out`: one array for several queries,
    /// without copying a second one onto the first.
    func query<T>(_ sql: String, _ values: [SQLValue], into out: inout [T], map: (Row) throws -> T) throws {
        let s = try statement(sql)
        try s.bind(values)
        while try s.step() { out.append(try map(Row(statement: s))) }
    }

    /// Runs `sql` with `values` bound and maps the first row, if any.
    func queryOne<T>(_ sql: String, _ values: SQLValue..., map: (Row) throws -> T) throws -> T? {
        try queryOne(sql, values, map: map)
    }

    /// Runs `sql` with an array of `values` bound and maps the first row, if any.
    func queryOne<T>(_ sql: String, _ values: [SQLValue], map: (Row) throws -> T) throws -> T? {
        let s = try statement(sql)
        try s.bind(values)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return try map(Row(statement: s))
    }

    /// The row id of the last insert on this connection.
    var lastInsertID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` inside BEGIN IMMEDIATE ... COMMIT, rolling back when it throws.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    func error(sql: String?) -> DatabaseError {
        DatabaseError(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    static func bindBlob(_ stmt: OpaquePointer, _ index: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), transientDestructor) }
    }

    static func bindText(_ stmt: OpaquePointer, _ index: Int32, _ text: String) -> Int32 {
        sqlite3_bind_text(stmt, index, text, -1, transientDestructor)
    }
}
