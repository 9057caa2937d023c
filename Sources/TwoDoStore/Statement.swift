// A prepared SQLite statement: binding, stepping and typed column access; finalized in deinit.

import CSQLite

/// A prepared statement owned by one `Database`. Not Sendable; never escapes the loop thread.
final class Statement {
    private let stmt: OpaquePointer
    private unowned let database: Database
    private let sql: String
    /// Column names by position. A linear scan of these short names is cheaper than hashing the name
    /// into a dictionary on every access (rows are read by name, a dozen columns per task row). When a name
    /// repeats, the last column wins, as it did with the dictionary.
    private var columns: [String] = []
    /// Whether every column name is distinct, so the in-order guess below may answer.
    private var namesAreDistinct = true
    /// The column after the last one looked up: readers mostly take columns in SELECT order, so checking
    /// this one first usually answers with one comparison instead of a scan.
    private var nextGuess = 0

    init(database: Database, sql: String) throws {
        var s: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &s, nil)
        guard rc == SQLITE_OK, let s else { throw database.error(sql: sql) }
        stmt = s
        self.database = database
        self.sql = sql
        for i in 0..<sqlite3_column_count(s) {
            columns.append(String(cString: sqlite3_column_name(s, i)))
        }
        namesAreDistinct = Set(columns).count == columns.count
    }

    deinit { sqlite3_finalize(stmt) }

    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    func bind(_ values: [SQLValue]) throws {
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .integer(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let v): rc = Database.bindText(stmt, index, v)
            case .blob(let v): rc = Database.bindBlob(stmt, index, v)
            }
            guard rc == SQLITE_OK else { throw database.error(sql: sql) }
        }
    }

    /// Steps once; true when a row is available, false when done.
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let e = database.error(sql: sql)
            sqlite3_reset(stmt)
            throw e
        }
    }

    func index(of name: String) -> Int32 {
        if namesAreDistinct {
            // Rows are read mostly in SELECT order with some columns skipped (no due time without a due date):
            // look forward from the guess first, then from the start.
            let count = columns.count
            let length = name.utf8.count  // a cheap first test: most other names differ in length
            var i = nextGuess < count ? nextGuess : 0
            for _ in 0..<count {
                if columns[i].utf8.count == length && columns[i] == name {
                    nextGuess = i + 1
                    return Int32(i)
                }
                i = i + 1 == count ? 0 : i + 1
            }
            preconditionFailure("no column \(name) in \(sql)")
        }
        guard let i = columns.lastIndex(of: name) else { preconditionFailure("no column \(name) in \(sql)") }
        nextGuess = i + 1
        return Int32(i)
    }

    func int(at i: Int32) -> Int64? {
        sqlite3_column_type(stmt, i) == SQLITE_NULL ? nil : sqlite3_column_int64(stmt, i)
    }

    func double(at i: Int32) -> Double? {
        sqlite3_column_type(stmt, i) == SQLITE_NULL ? nil : sqlite3_column_double(stmt, i)
    }

    /// How many columns a row has.
    var columnCount: Int { columns.count }

    /// The value in column `i`, whatever its type.
    func value(at i: Int32) -> SQLValue {
        switch sqlite3_column_type(stmt, i) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(stmt, i))
        case SQLITE_FLOAT: .real(sqlite3_column_double(stmt, i))
        case SQLITE_TEXT: .text(text(at: i) ?? "")
        case SQLITE_BLOB: .blob(blob(at: i) ?? [])
        default: .null
        }
    }

    func blob(at i: Int32) -> [UInt8]? {
        guard sqlite3_column_type(stmt, i) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(stmt, i))
        guard count > 0, let p = sqlite3_column_blob(stmt, i) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: count))
    }

    func text(at i: Int32) -> String? {
        guard sqlite3_column_type(stmt, i) != SQLITE_NULL, let p = sqlite3_column_text(stmt, i) else { return nil }
        // The byte count comes with the value; no need to scan for the terminator as String(cString:) does.
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(stmt, i))), as: UTF8.self)
    }
}
