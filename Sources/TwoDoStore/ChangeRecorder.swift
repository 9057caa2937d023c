// Records the rows a scope changes through SQLite's pre-update hook and writes them as a session-extension changeset.

import CSQLite

/// The before and after images of every row a scope changes in a set of tables, caught by SQLite's pre-update hook
/// and written in the session extension's changeset format, so `Changeset` inverts, reads and applies them with
/// the extension's own functions.
///
/// Why not a session object per scope: a session reads each table's layout when it first sees a change and, to
/// write its changeset, prepares a `SELECT` per changed table to read back the new values. That cost about 110 µs
/// per recorded command (most of undo's price in docs/PERFORMANCE.md §12); the hook hands over the old and new
/// values as the change happens, for a few µs.
///
/// One recorder is active per scope; a scope opened inside another (an undo's apply while the command is
/// recorded) records into both. Owned by the event loop thread, like the connection.
final class ChangeRecorder {
    /// The recorded tables' names, NUL-terminated, compared against the hook's table name without allocating.
    private let names: [[CChar]]
    /// Each column's place in the primary key (0: not in it), per recorded table (`PRAGMA table_info`'s `pk`).
    private var primaryKeys: [[UInt8]]
    /// The recorder of the enclosing scope, if any: it sees every change this one sees.
    private let parent: ChangeRecorder?
    /// The changed rows in the order first touched: what the row was before the scope and is now.
    private var entries: [Entry] = []
    /// Where each row's entry is in `entries`.
    private var index: [RowKey: Int] = [:]

    private struct RowKey: Hashable {
        let table: Int
        let key: [SQLValue]
    }

    private struct Entry {
        let table: Int
        /// The row before the scope; nil when it did not exist.
        let before: [SQLValue]?
        /// The row now; nil when it no longer exists.
        var after: [SQLValue]?
        /// Whether every change to the row came from a trigger or a foreign-key action.
        var indirect: Bool
    }

    private init(layout: Layout, parent: ChangeRecorder?) {
        names = layout.names
        primaryKeys = layout.primaryKeys
        self.parent = parent
    }

    /// The recorded tables' names as C strings and their primary-key flags: built once per list of tables and
    /// connection, not per command (they were 1.5% of a durable command's CPU, PERFORMANCE §17).
    final class Layout {
        /// The tables, as the caller named them.
        let tables: [String]
        let names: [[CChar]]
        let primaryKeys: [[UInt8]]

        init(tables: [String], on db: Database) throws {
            self.tables = tables
            names = tables.map { Array($0.utf8CString) }
            primaryKeys = try tables.map { try db.primaryKeyColumns(of: $0) }
        }
    }

    /// Runs `body` with the changes to `tables` recorded; returns what it changed as a changeset.
    static func record<T>(on db: Database, tables: [String], _ body: () throws -> T) throws -> (T, Changeset) {
        // The same list as last time is nearly always the same array (`Store.undoTables`): compared in O(1).
        let layout: Layout
        if let known = db.recordingLayout, known.tables == tables {
            layout = known
        } else {
            layout = try Layout(tables: tables, on: db)
            db.recordingLayout = layout
        }
        let previous = sqlite3_preupdate_hook(db.handle, nil, nil)
        let parent = previous.map { Unmanaged<ChangeRecorder>.fromOpaque($0).takeUnretainedValue() }
        let recorder = ChangeRecorder(layout: layout, parent: parent)
        let result: T
        do {
            result = try withExtendedLifetime(recorder) {
                sqlite3_preupdate_hook(db.handle, preUpdate, Unmanaged.passUnretained(recorder).toOpaque())
                defer { sqlite3_preupdate_hook(db.handle, parent.map { _ in preUpdate }, previous) }
                return try body()
            }
        }
        return (result, try recorder.changeset(on: db, tables: tables))
    }

    /// Called by the hook for every row about to change on the connection.
    fileprivate func capture(_ db: OpaquePointer, _ op: Int32, _ table: UnsafePointer<CChar>) {
        var recorder: ChangeRecorder? = self
        while let r = recorder {
            r.captureHere(db, op, table)
            recorder = r.parent
        }
    }

    private func captureHere(_ db: OpaquePointer, _ op: Int32, _ table: UnsafePointer<CChar>) {
        guard
            let t = names.firstIndex(where: { name in
                // SQLite's own comparison: it names tables without regard to case, as this does.
                name.withUnsafeBufferPointer { sqlite3_stricmp($0.baseAddress!, table) == 0 }
            })
        else { return }
        let count = Int(sqlite3_preupdate_count(db))
        let indirect = sqlite3_preupdate_depth(db) > 0
        let old = op == SQLITE_INSERT ? nil : ChangeRecorder.values(db, count, sqlite3_preupdate_old)
        let new = op == SQLITE_DELETE ? nil : ChangeRecorder.values(db, count, sqlite3_preupdate_new)
        if let old, let new, key(t, old) != key(t, new) {
            // A changed primary key is the old row gone and a new one come.
            note(t, key(t, old), old: old, new: nil, indirect: indirect)
            note(t, key(t, new), old: nil, new: new, indirect: indirect)
            return
        }
        note(t, key(t, (old ?? new)!), old: old, new: new, indirect: indirect)
    }

    private func note(_ table: Int, _ key: [SQLValue], old: [SQLValue]?, new: [SQLValue]?, indirect: Bool) {
        let rowKey = RowKey(table: table, key: key)
        if let i = index[rowKey] {
            entries[i].after = new
            entries[i].indirect = entries[i].indirect && indirect
        } else {
            index[rowKey] = entries.count
            entries.append(Entry(table: table, before: old, after: new, indirect: indirect))
        }
    }

    private func key(_ table: Int, _ row: [SQLValue]) -> [SQLValue] {
        let pk = primaryKeys[table]
        var key: [SQLValue] = []
        for (i, value) in row.enumerated() where i < pk.count && pk[i] > 0 { key.append(value) }
        return key
    }

    private typealias ValueReader = (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32

    private static func values(_ db: OpaquePointer, _ count: Int, _ read: ValueReader) -> [SQLValue] {
        var row: [SQLValue] = []
        row.reserveCapacity(count)
        for i in 0..<count {
            var value: OpaquePointer?
            _ = read(db, Int32(i), &value)
            row.append(value.map(Changeset.value) ?? .null)
        }
        return row
    }

    /// The recorded rows as a changeset (empty when nothing ended up different): one table header per table, in
    /// the order first changed, then its rows (the format in SQLite's `sqlite3session.h`).
    private func changeset(on db: Database, tables: [String]) throws -> Changeset {
        var writer = ChangesetWriter()
        for t in tables.indices {
            var headerWritten = false
            for entry in entries where entry.table == t {
                let width = (entry.before ?? entry.after)?.count ?? 0
                if primaryKeys[t].count != width {
                    // The table changed shape since its layout was read (a migration): read it again.
                    primaryKeys[t] = try db.primaryKeyColumns(of: tables[t], refresh: true)
                    db.recordingLayout = nil
                }
                guard let operation = ChangesetWriter.Operation(entry.before, entry.after) else { continue }
                if !headerWritten {
                    writer.table(tables[t], primaryKey: primaryKeys[t])
                    headerWritten = true
                }
                writer.change(
                    operation, before: entry.before, after: entry.after, primaryKey: primaryKeys[t],
                    indirect: entry.indirect)
            }
        }
        return Changeset(bytes: writer.bytes)
    }
}

/// The pre-update hook: hands each change to the active recorder.
private let preUpdate:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, sqlite3_int64,
        sqlite3_int64
    ) -> Void = { context, db, op, database, table, _, _ in
        guard let context, let db, let database, let table, sqlite3_stricmp(database, "main") == 0 else { return }
        Unmanaged<ChangeRecorder>.fromOpaque(context).takeUnretainedValue().capture(db, op, table)
    }

/// Writes changesets in the session extension's format: a table header (`T`, the column count, a primary-key
/// flag per column, the name), then per row the operation, the indirect flag and the old and/or new record.
struct ChangesetWriter {
    private(set) var bytes: [UInt8] = []

    enum Operation {
        case insert, update, delete

        /// What a row's before and after images amount to; nil when nothing changed.
        init?(_ before: [SQLValue]?, _ after: [SQLValue]?) {
            switch (before, after) {
            case (nil, nil): return nil
            case (nil, _): self = .insert
            case (_, nil): self = .delete
            case (let b?, let a?):
                guard b != a else { return nil }
                self = .update
            }
        }
    }

    /// A table's header. `primaryKey` holds each column's place in the key (0: not in it) exactly as
    /// `PRAGMA table_info` gives it: `sqlite3changeset_apply` skips, without an error, a table whose header does
    /// not match the database's (a composite key's second column is 2, not 1).
    mutating func table(_ name: String, primaryKey: [UInt8]) {
        bytes.append(0x54)  // 'T'
        putVarint(UInt64(primaryKey.count))
        bytes.append(contentsOf: primaryKey)
        bytes.append(contentsOf: name.utf8)
        bytes.append(0)
    }

    mutating func change(
        _ operation: Operation, before: [SQLValue]?, after: [SQLValue]?, primaryKey: [UInt8], indirect: Bool
    ) {
        switch operation {
        case .insert:
            bytes.append(UInt8(SQLITE_INSERT))
            bytes.append(indirect ? 1 : 0)
            for value in after! { put(value) }
        case .delete:
            bytes.append(UInt8(SQLITE_DELETE))
            bytes.append(indirect ? 1 : 0)
            for value in before! { put(value) }
        case .update:
            let (old, new) = (before!, after!)
            bytes.append(UInt8(SQLITE_UPDATE))
            bytes.append(indirect ? 1 : 0)
            // Old: the key and the changed columns; new: the changed columns; the rest undefined.
            for i in old.indices {
                if primaryKey[i] > 0 || old[i] != new[i] { put(old[i]) } else { bytes.append(0) }
            }
            for i in new.indices {
                if old[i] != new[i] { put(new[i]) } else { bytes.append(0) }
            }
        }
    }

    private mutating func put(_ value: SQLValue) {
        switch value {
        case .null: bytes.append(5)
        case .integer(let i):
            bytes.append(1)
            putBigEndian(UInt64(bitPattern: i))
        case .real(let d):
            bytes.append(2)
            putBigEndian(d.bitPattern)
        case .text(let s):
            bytes.append(3)
            let utf8 = Array(s.utf8)
            putVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        case .blob(let b):
            bytes.append(4)
            putVarint(UInt64(b.count))
            bytes.append(contentsOf: b)
        }
    }

    private mutating func putBigEndian(_ v: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift)))
        }
    }

    /// SQLite's variable-length integer: 7 bits per byte, high bit set on all but the last, the ninth byte whole.
    mutating func putVarint(_ value: UInt64) {
        var v = value
        if v & (UInt64(0xff00_0000) << 32) != 0 {
            var out = [UInt8](repeating: 0, count: 9)
            out[8] = UInt8(truncatingIfNeeded: v)
            v >>= 8
            for i in stride(from: 7, through: 0, by: -1) {
                out[i] = UInt8(truncatingIfNeeded: (v & 0x7f) | 0x80)
                v >>= 7
            }
            bytes.append(contentsOf: out)
            return
        }
        var buffer: [UInt8] = []
        repeat {
            buffer.append(UInt8(truncatingIfNeeded: (v & 0x7f) | 0x80))
            v >>= 7
        } while v != 0
        buffer[0] &= 0x7f
        bytes.append(contentsOf: buffer.reversed())
    }
}
