// SQLite's session extension, wrapped: a changeset of the rows a body changed (written by ChangeRecorder), inverted,
// applied with conflicts refused, and read row by row. `undo` is built on it (Store+Undo.swift).

import CSQLite

/// A changeset of SQLite's session extension: the before and after values of every row a scope changed
/// in the recorded tables. Internal: the store's public surface carries it as opaque bytes.
struct Changeset {
    /// The changeset as SQLite serialises it.
    let bytes: [UInt8]

    /// Whether nothing was changed.
    var isEmpty: Bool { bytes.isEmpty }

    /// One changed row: its table, what happened to it, and its values (nil where the changeset does not
    /// carry a column: an UPDATE carries the primary key and the changed columns only).
    struct Change {
        enum Operation { case insert, update, delete }
        let table: String
        let operation: Operation
        /// The values before the change (for DELETE and UPDATE).
        let old: [SQLValue?]
        /// The values after the change (for INSERT and UPDATE).
        let new: [SQLValue?]
        /// Which columns form the primary key.
        let primaryKey: [Bool]

        /// The primary key as one comparable string (`tasks:42`).
        var key: String {
            let values = operation == .insert ? new : old
            var parts: [String] = []
            for (i, isKey) in primaryKey.enumerated() where isKey {
                parts.append(values[i].map { "\($0)" } ?? "nil")
            }
            return table + ":" + parts.joined(separator: ",")
        }
    }

    /// Runs `body` with the changes to `tables` recorded (by `ChangeRecorder`); returns what it changed.
    static func record<T>(on db: Database, tables: [String], _ body: () throws -> T) throws -> (T, Changeset) {
        try ChangeRecorder.record(on: db, tables: tables, body)
    }

    /// The changeset that reverses this one: inserts become deletes, deletes inserts, updates swap values.
    func inverted() throws -> Changeset {
        guard !bytes.isEmpty else { return self }
        var count: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        let rc = bytes.withUnsafeBytes {
            sqlite3changeset_invert(Int32($0.count), UnsafeMutableRawPointer(mutating: $0.baseAddress), &count, &buffer)
        }
        defer { sqlite3_free(buffer) }
        guard rc == SQLITE_OK, let buffer else {
            throw DatabaseError(code: rc, message: "cannot invert changes", sql: nil)
        }
        return Changeset(bytes: Array(UnsafeRawBufferPointer(start: buffer, count: Int(count))))
    }

    /// Every changed row, in changeset order.
    func changes() throws -> [Change] {
        guard !bytes.isEmpty else { return [] }
        return try bytes.withUnsafeBytes { raw -> [Change] in
            var iterator: OpaquePointer?
            var rc = sqlite3changeset_start(
                &iterator, Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress))
            guard rc == SQLITE_OK, let iterator else {
                throw DatabaseError(code: rc, message: "cannot read changes", sql: nil)
            }
            defer { sqlite3changeset_finalize(iterator) }
            var out: [Change] = []
            while sqlite3changeset_next(iterator) == SQLITE_ROW {
                var table: UnsafePointer<CChar>?
                var columns: Int32 = 0
                var op: Int32 = 0
                var indirect: Int32 = 0
                rc = sqlite3changeset_op(iterator, &table, &columns, &op, &indirect)
                guard rc == SQLITE_OK, let table else { throw DatabaseError(code: rc, message: "bad change", sql: nil) }
                var pk: UnsafeMutablePointer<UInt8>?
                var pkColumns: Int32 = 0
                sqlite3changeset_pk(iterator, &pk, &pkColumns)
                let operation: Change.Operation =
                    op == SQLITE_INSERT ? .insert : op == SQLITE_DELETE ? .delete : .update
                var old: [SQLValue?] = []
                var new: [SQLValue?] = []
                for i in 0..<columns {
                    var value: OpaquePointer?
                    if operation != .insert {
                        sqlite3changeset_old(iterator, i, &value)
                        old.append(value.map(Changeset.value))
                    }
                    value = nil
                    if operation != .delete {
                        sqlite3changeset_new(iterator, i, &value)
                        new.append(value.map(Changeset.value))
                    }
                }
                out.append(
                    Change(
                        table: String(cString: table), operation: operation, old: old, new: new,
                        primaryKey: (0..<Int(columns)).map { i in pk.map { $0[i] != 0 } ?? false }))
            }
            return out
        }
    }

    /// A value of the changeset or the pre-update hook as an `SQLValue`.
    static func value(_ v: OpaquePointer) -> SQLValue {
        switch sqlite3_value_type(v) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(v))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(v))
        case SQLITE_TEXT:
            guard let p = sqlite3_value_text(v) else { return .text("") }
            return .text(
                String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(v))), as: UTF8.self))
        case SQLITE_BLOB:
            let n = Int(sqlite3_value_bytes(v))
            guard n > 0, let p = sqlite3_value_blob(v) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: p, count: n)))
        default: return .null
        }
    }

    /// How applying a changeset ended.
    enum ApplyResult: Equatable {
        case applied
        /// A row was not as the changeset expects (changed or removed since), a key was taken, or a reference
        /// would dangle; nothing was applied.
        case conflict
    }

    /// Applies this changeset on `db`. A conflict in one of `lenientTables` (state the server itself moves on,
    /// such as a reminder's fired time) is settled in the changeset's favour, a row to delete that is gone is
    /// passed over (a cascade of this apply removed it: callers check beforehand that rows are as expected);
    /// any other conflict aborts, and nothing is applied. Must run inside a transaction (a savepoint is used for the all-or-nothing).
    func apply(on db: Database, lenientTables: Set<String>) throws -> ApplyResult {
        guard !bytes.isEmpty else { return .applied }
        final class Context {
            let lenient: Set<String>
            var refused = false
            init(_ lenient: Set<String>) { self.lenient = lenient }
        }
        let context = Context(lenientTables)
        let conflict: @convention(c) (UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Int32 = {
            raw, kind, iterator in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
            var table: UnsafePointer<CChar>?
            var columns: Int32 = 0
            var op: Int32 = 0
            var indirect: Int32 = 0
            sqlite3changeset_op(iterator, &table, &columns, &op, &indirect)
            let name = table.map { String(cString: $0) } ?? ""
            if context.lenient.contains(name) {
                switch kind {
                case SQLITE_CHANGESET_DATA, SQLITE_CHANGESET_CONFLICT: return SQLITE_CHANGESET_REPLACE
                case SQLITE_CHANGESET_NOTFOUND: return SQLITE_CHANGESET_OMIT
                default: break
                }
            }
            // A row to delete that is already gone was removed by a cascade of this same apply (its parent's
            // delete came first); the caller checked beforehand that every such row was there as expected.
            if kind == SQLITE_CHANGESET_NOTFOUND && op == SQLITE_DELETE { return SQLITE_CHANGESET_OMIT }
            context.refused = true
            return SQLITE_CHANGESET_ABORT
        }
        let rc = bytes.withUnsafeBytes { raw in
            withExtendedLifetime(context) {
                sqlite3changeset_apply(
                    db.handle, Int32(raw.count), UnsafeMutableRawPointer(mutating: raw.baseAddress), nil, conflict,
                    Unmanaged.passUnretained(context).toOpaque())
            }
        }
        if context.refused || rc == SQLITE_ABORT || rc == SQLITE_CONSTRAINT { return .conflict }
        guard rc == SQLITE_OK else { throw db.error(sql: "sqlite3changeset_apply") }
        return .applied
    }
}
