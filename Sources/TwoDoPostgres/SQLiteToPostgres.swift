// `twodo migrate`: a verified copy of an SQLite database into an empty PostgreSQL one, ids and all.

import TwoDoCore
import TwoDoStore

/// Copies every table of an SQLite store into a freshly migrated PostgreSQL store in one transaction, keeping
/// every id (so nothing that refers to one changes), then verifies each table by its row count and a checksum
/// computed over both sides' rows, before committing. A difference rolls the whole copy back.
///
/// Not copied, and why:
/// - the full-text index and its queue: PostgreSQL's `search_index` is rebuilt from the copied rows;
/// - the task counters: PostgreSQL's triggers count the copied tasks (and the check compares them);
/// - the undo history: its entries are SQLite changesets, meaningless to PostgreSQL (undo starts afresh).
public enum SQLiteToPostgres {
    /// One table's outcome: rows copied and the checksum both sides agreed on.
    public struct TableReport: Sendable, Equatable {
        public let table: String
        public let rows: Int
        public let checksum: String
    }

    /// Why a copy was refused or failed verification.
    public enum Failure: Error, CustomStringConvertible {
        /// The target already holds TwoDo data.
        case targetNotEmpty(String)
        /// The source has a table this build does not know how to copy (a newer TwoDo?).
        case unknownTable(String)
        /// A table's copy differs from its source.
        case mismatch(table: String, source: String, target: String)

        public var description: String {
            switch self {
            case .targetNotEmpty(let table):
                "the target database already holds TwoDo data (table \(table) is not empty); copy into an empty one"
            case .unknownTable(let table): "the source has a table this build cannot copy: \(table)"
            case .mismatch(let table, let source, let target):
                "verification failed for \(table): source \(source), copy \(target); nothing was committed"
            }
        }
    }

    /// The tables copied as they are, parents before children (foreign keys are checked row by row).
    static let copied = [
        "spaces", "users", "invites", "lists", "tasks", "task_notes", "notifications", "reminders", "routines",
        "routine_schedules", "routine_pauses", "routine_marks", "events", "event_exceptions", "item_notes",
        "schedule_reminders", "password_resets", "plan_entries", "resume_tokens", "muted_kinds", "calendar_links",
    ]
    /// Tables rebuilt or deliberately left behind (see the type's comment).
    static let notCopied: Set<String> = [
        "search_index", "search_index_data", "search_index_idx", "search_index_content", "search_index_docsize",
        "search_index_config", "search_pending", "space_task_counts", "list_open_counts", "undo_log",
        // SQLite's AUTOINCREMENT high-water marks (migration 21); PostgreSQL's identities are set past the copy.
        "sqlite_sequence",
    ]
    /// Rows per INSERT statement.
    static let batch = 100

    /// Copies `source` into `target` (which must hold no TwoDo data) and verifies the copy; returns one report
    /// per table. Everything happens in one PostgreSQL transaction: a failure leaves the target empty.
    public static func copy(from source: Store, to target: PostgresStore) throws -> [TableReport] {
        for table in try source.tableNames() where !copied.contains(table) && !notCopied.contains(table) {
            throw Failure.unknownTable(table)
        }
        return try target.write { pg -> [TableReport] in
            for table in ["users", "spaces"] {
                let n = try pg.connection.execute("SELECT count(*) AS n FROM \(table)").requiredInt(0, "n")
                if n > 0 { throw Failure.targetNotEmpty(table) }
            }
            var reports: [TableReport] = []
            // The per-row counter trigger stands aside (one counter row updated per copied task in one
            // transaction is quadratic); the counters are set from the copied rows below.
            try pg.withoutRowCounting {
                for table in copied {
                    let columns = try source.columnNames(of: table)
                    var original = Checksum()
                    var pending: [[SQLValue]] = []
                    try source.forEachRow(of: table) { values in
                        original.add(values.map(Checksum.text(of:)))
                        pending.append(values)
                        if pending.count == batch {
                            try insert(pending, into: table, columns: columns, on: pg.connection)
                            pending.removeAll(keepingCapacity: true)
                        }
                    }
                    if !pending.isEmpty { try insert(pending, into: table, columns: columns, on: pg.connection) }
                    let copy = try checksum(of: table, columns: columns, on: pg.connection)
                    guard copy == original else {
                        throw Failure.mismatch(table: table, source: original.summary, target: copy.summary)
                    }
                    reports.append(TableReport(table: table, rows: original.rows, checksum: original.hex))
                    if columns.contains("id") {
                        // Past every id SQLite ever handed out, deleted rows' too: ids are never reused.
                        let handedOut = try source.highestID(of: table)
                        try pg.connection.executeOnce(
                            "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), greatest(coalesce(max(id), 0), $1) + 1, false) FROM \(table)",
                            [.integer(handedOut)])
                    }
                }
                try pg.connection.executeOnce(
                    "INSERT INTO space_task_counts (space_id, tasks) SELECT space_id, count(*) FROM tasks GROUP BY space_id"
                )
                try pg.connection.executeOnce(
                    """
                    INSERT INTO list_open_counts (list_id, open, done)
                    SELECT list_id, count(*) FILTER (WHERE done = 0 AND parent_id IS NULL),
                        count(*) FILTER (WHERE done <> 0 AND parent_id IS NULL)
                    FROM tasks GROUP BY list_id
                    """)
            }
            try PostgresStore.rebuildSearchText(on: pg.connection)
            let problems = try pg.integrityProblems()
            guard problems.isEmpty else {
                throw Failure.mismatch(table: "task counters", source: "rows", target: problems.joined(separator: "; "))
            }
            return reports
        }
    }

    /// One multi-row INSERT of `rows` (every value bound).
    private static func insert(_ rows: [[SQLValue]], into table: String, columns: [String], on c: PGConnection) throws {
        var placeholders: [String] = []
        var values: [PGValue] = []
        values.reserveCapacity(rows.count * columns.count)
        for row in rows {
            let first = values.count
            placeholders.append("(" + (1...columns.count).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
            for value in row {
                switch value {
                case .null: values.append(.null)
                case .integer(let v): values.append(.integer(v))
                case .real(let v): values.append(.real(v))
                case .text(let v): values.append(.text(v))
                case .blob(let v): values.append(.bytea(v))
                }
            }
        }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let sql =
            "INSERT INTO \(table) (\(list)) OVERRIDING SYSTEM VALUE VALUES " + placeholders.joined(separator: ", ")
        // Full batches share one prepared statement; the last, shorter one runs once.
        if rows.count == batch { try c.execute(sql, values) } else { try c.executeOnce(sql, values) }
    }

    /// The checksum of `table`'s rows as PostgreSQL now holds them, read through a cursor in pieces.
    private static func checksum(of table: String, columns: [String], on c: PGConnection) throws -> Checksum {
        var sum = Checksum()
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        try c.executeScript("DECLARE twodo_copy_check NO SCROLL CURSOR FOR SELECT \(list) FROM \(table)")
        while true {
            let rows = try c.executeScript("FETCH 5000 FROM twodo_copy_check")
            if rows.rowCount == 0 { break }
            for r in 0..<rows.rowCount {
                sum.add(try (0..<columns.count).map { try rows.isNull(r, $0) ? nil : rows.string(r, $0) })
            }
        }
        try c.executeScript("CLOSE twodo_copy_check")
        return sum
    }
}

/// An order-independent checksum of a table's rows: each row's values rendered as PostgreSQL prints them,
/// hashed (64-bit FNV-1a, a checksum, not a security measure), and the hashes summed and xored.
struct Checksum: Equatable {
    private(set) var rows = 0
    private var sum: UInt64 = 0
    private var xor: UInt64 = 0

    /// Adds one row (nil: NULL).
    mutating func add(_ values: [String?]) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in values {
            for byte in (value.map { "v" + $0 } ?? "n").utf8 {
                h ^= UInt64(byte)
                h = h &* 0x100_0000_01b3
            }
            h ^= 0x1f
            h = h &* 0x100_0000_01b3
        }
        rows += 1
        sum &+= h
        xor ^= h
    }

    /// A value of an SQLite row as PostgreSQL's text output would show it.
    static func text(of value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let v): String(v)
        case .real(let v): "\(v)"
        case .text(let v): v
        case .blob(let v): "\\x" + v.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// `rows`/`hash` for messages.
    var summary: String { "\(rows) rows, \(hex)" }
    /// The two hashes in hex.
    var hex: String { String(sum, radix: 16) + String(xor, radix: 16) }
}
