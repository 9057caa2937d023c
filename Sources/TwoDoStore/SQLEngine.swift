// The one SQL layer both engines share: statement text written once, the dialect for what differs, and the
// small surface (rows, one row, a write) each engine runs it on.

import TwoDoCore

/// Where the two engines' SQL differs.
///
/// Shared statements are written in SQLite's spelling with `?` placeholders; PostgreSQL's text is derived from
/// it (`numbered`). The few constructs that differ beyond placeholders are spelled by the dialect, so a
/// statement built with `SQL { dialect in … }` still has one source.
public enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `needle` occurs in `haystack` (both SQL expressions): `instr` on SQLite, `strpos` on PostgreSQL.
    package func contains(_ haystack: String, _ needle: String) -> String {
        switch self {
        case .sqlite: "instr(\(haystack), \(needle)) > 0"
        case .postgres: "strpos(\(haystack), \(needle)) > 0"
        }
    }

    /// A table `alias(value)` of the ids bound as one value (`ids`), to drive a join by primary key:
    /// `json_each` of a JSON list on SQLite, `unnest` of a `bigint[]` on PostgreSQL.
    package func idTable(_ alias: String) -> String {
        switch self {
        case .sqlite: "json_each(?) \(alias)"
        case .postgres: "unnest(?::bigint[]) \(alias)(value)"
        }
    }

    /// `column` is one of the ids bound as one value (`ids`).
    package func isIn(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) IN (SELECT value FROM json_each(?))"
        case .postgres: "\(column) = ANY(?::bigint[])"
        }
    }

    /// `column` where it must not choose the plan: SQLite's unary `+` keeps its index out of the planner's
    /// choice; PostgreSQL plans by statistics and takes the column as it is.
    package func unindexed(_ column: String) -> String {
        self == .sqlite ? "+" + column : column
    }

    /// Ids bound as one value, however many there are: a JSON list on SQLite, an array literal on PostgreSQL.
    package func ids(_ ids: [Int64]) -> SQLValue {
        .text(SQLDialect.idList(ids, open: self == .sqlite ? "[" : "{", close: self == .sqlite ? "]" : "}"))
    }

    /// `[1,2,3]` (or `{1,2,3}`): written digit by digit into one buffer: a search hands over up to 2,000 ids,
    /// and a `String` per id joined afterwards was half of the page query's time.
    package static func idList(_ ids: [Int64], open: Unicode.Scalar, close: Unicode.Scalar) -> String {
        // At most 20 characters per id and its comma, and the two brackets.
        String(unsafeUninitializedCapacity: 2 + ids.count * 21) { buffer in
            var at = 0
            buffer[at] = UInt8(ascii: open)
            at += 1
            for (i, id) in ids.enumerated() {
                if i > 0 {
                    buffer[at] = UInt8(ascii: ",")
                    at += 1
                }
                if id < 0 {
                    buffer[at] = UInt8(ascii: "-")
                    at += 1
                }
                var n = id.magnitude
                var width = 1
                while n >= 10 {
                    n /= 10
                    width += 1
                }
                n = id.magnitude
                for k in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[k] = UInt8(ascii: "0") + UInt8(n % 10)
                    n /= 10
                }
                at += width
            }
            buffer[at] = UInt8(ascii: close)
            return at + 1
        }
    }

    /// ` RETURNING columns` on PostgreSQL, for the rows whose search text or counters it keeps by hand
    /// (`indexText`, `addToCounters`); nothing on SQLite, whose triggers keep both.
    package func returning(_ columns: String) -> String { self == .postgres ? " RETURNING " + columns : "" }

    /// Whether a bulk statement run with the per-row counting off (`SQLEngine.bulk(countingRows: false)`) keeps
    /// the task counters by hand (`addToCounters`, `recountNewSpace`): PostgreSQL's, whose trigger would update
    /// one counter row once per row; SQLite's triggers count every row cheaply and are never off.
    package var countsBulkByHand: Bool { self == .postgres }

    /// Whether rows are locked for other writers (FOR UPDATE, advisory locks): PostgreSQL's nodes write at
    /// once; SQLite's one writer holds the whole file for the transaction already.
    package var locksRows: Bool { self == .postgres }

    /// `, space_id` where a child row (a plan entry, a reminder, a mark) is given its owner's space by the
    /// statement: SQLite's inserts copy it from the owner (the composite keys of migration 21); PostgreSQL's
    /// `a_space` triggers fill it from the parent. Spelled in both the column list and the `SELECT … FROM owner`.
    package var ownerSpace: String { self == .sqlite ? ", space_id" : "" }

    /// `sql` with SQLite's placeholders (`?`, `?NNN`) numbered as PostgreSQL's (`$1`, `$NNN`); quoted text
    /// and identifiers are left alone.
    package static func numbered(_ sql: String) -> String {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 16)
        var next = 1
        var quote: Character?
        var iterator = sql.makeIterator()
        var pending: Character? = nil
        func take() -> Character? {
            if let p = pending {
                pending = nil
                return p
            }
            return iterator.next()
        }
        while let c = take() {
            if let q = quote {
                out.append(c)
                if c == q { quote = nil }
                continue
            }
            switch c {
            case "'", "\"":
                quote = c
                out.append(c)
            case "?":
                var digits = ""
                while let d = take() {
                    if d.isASCII, d.isNumber {
                        digits.append(d)
                    } else {
                        pending = d
                        break
                    }
                }
                if digits.isEmpty {
                    out += "$\(next)"
                    next += 1
                } else {
                    out += "$" + digits
                    next = (Int(digits) ?? next) + 1
                }
            default:
                out.append(c)
            }
        }
        return out
    }
}

/// One statement's text for both engines: SQLite's as written, PostgreSQL's with numbered placeholders (and
/// its own spelling of whatever `SQLDialect` spells differently).
///
/// A string literal is a statement both engines run as is but for placeholders; it costs SQLite nothing (the
/// text is used as written) and PostgreSQL one cached rewrite per distinct text.
public struct SQL: Sendable, ExpressibleByStringLiteral {
    /// SQLite's text, `?` placeholders.
    package let text: String
    /// PostgreSQL's spelling, still with `?` placeholders, when the dialect spelled it; nil: `text`.
    package let postgres: String?

    public init(stringLiteral text: String) {
        self.text = text
        postgres = nil
    }

    /// A statement as written (`?` placeholders), not a literal (composed of shared parts).
    package init(_ text: String) {
        self.text = text
        postgres = nil
    }

    /// A statement with parts the dialects spell differently; built once for each.
    package init(_ build: (SQLDialect) -> String) {
        text = build(.sqlite)
        let other = build(.postgres)
        postgres = other == text ? nil : other
    }

    private init(text: String, postgres: String?) {
        self.text = text
        self.postgres = postgres
    }

    /// The text to number for PostgreSQL.
    package var postgresSource: String { postgres ?? text }

    /// The statement followed by `tail` (a shared column list and its WHERE clause).
    package static func + (head: SQL, tail: String) -> SQL {
        SQL(text: head.text + tail, postgres: head.postgres.map { $0 + tail })
    }
}

/// An engine as the shared queries see it: a statement with values in, rows read by a `RowReader` out.
///
/// Both stores conform; the storage methods whose SQL is the same on both are written once, in extensions of
/// this protocol, and are each store's own (generic over `Self`, so SQLite's are specialized to its `Row`).
public protocol SQLEngine: AnyObject {
    /// The engine's row.
    associatedtype Row: RowReader
    /// Which spelling the engine reads.
    var dialect: SQLDialect { get }
    /// Every row of `sql` run with `values`, each mapped by `map`.
    func rows<T>(_ sql: SQL, _ values: [SQLValue], map: (Row) throws -> T) throws -> [T]
    /// Every row of `sql` run with `values`, each mapped by `map` and appended to `out`: one array for several
    /// queries, without copying a second one onto the first.
    func rows<T>(_ sql: SQL, _ values: [SQLValue], into out: inout [T], map: (Row) throws -> T) throws
    /// The first row of `sql` run with `values` mapped by `map`, nil when there is none.
    func row<T>(_ sql: SQL, _ values: [SQLValue], map: (Row) throws -> T) throws -> T?
    /// Runs a statement that returns no rows of interest; how many rows it changed.
    @discardableResult
    func write(_ sql: SQL, _ values: [SQLValue]) throws -> Int
    /// Runs an INSERT of one row into a table with an `id` key; the new row's id (SQLite's last rowid,
    /// PostgreSQL's `RETURNING id`).
    func insert(_ sql: SQL, _ values: [SQLValue]) throws -> Int64
    /// Runs an INSERT of one row of a searchable table (an `INSERT … SELECT … FROM owner` may add none) whose
    /// text is `title` and `description`; the new row's id, nil when none was added. PostgreSQL also writes the
    /// row's search text (`indexText`) in the space the insert gave it (`RETURNING id, space_id`); SQLite's
    /// triggers queue it themselves.
    func insert(
        _ kind: SearchTextKind, _ sql: SQL, _ values: [SQLValue], title: String, description: String?
    ) throws -> Int64?
    /// Runs `body`, statements over a whole list or space (a merge, a leave, deleting an account or a list's
    /// done tasks): PostgreSQL allows them its longer bulk response timeout and, with `countingRows` false, turns
    /// its per-row task counter trigger off for them (`body` then keeps the counters itself, see
    /// `SQLDialect.countsBulkByHand`); SQLite runs `body` as it is.
    func bulk<T>(countingRows: Bool, _ body: () throws -> T) throws -> T
    /// Called before a write to `users` or `lists`: PostgreSQL moves the names generation on by hand (SQLite's
    /// update hook sees every such row change itself).
    func namesWillChange()
    /// Writes (or rewrites) the search text of an item whose title or description a shared statement changed,
    /// as the statement's `RETURNING` answered it: PostgreSQL keeps its search rows by hand; SQLite's
    /// triggers already queued the change (`search_pending`), so it does nothing (and its statements return
    /// no rows to call it with).
    func indexText(_ kind: SearchTextKind, id: Int64, space: SpaceID, title: String, description: String?) throws
    /// Gives copy `new` of searchable row `old` (of `kind`) the original's search text, in `space`: PostgreSQL
    /// copies its search row; SQLite's triggers queued the copy's text when it was inserted.
    func copyText(_ kind: SearchTextKind, from old: Int64, to new: Int64, space: SpaceID) throws
}

/// What a search row is of (its id is the item's × 8 + this).
public enum SearchTextKind: Int64, Sendable {
    case task = 0
    case taskNote = 1
    case routine = 2
    case event = 3
    case itemNote = 4
}

extension SQLEngine {
    /// Runs an UPDATE of an item's title or description, or an INSERT … SELECT of copies, that ends in
    /// `returning("id, space_id, <title>, description")`, and (re)writes the search text of the rows it answered
    /// (PostgreSQL's; none on SQLite).
    package func updateText(_ kind: SearchTextKind, title: String, _ sql: SQL, _ values: [SQLValue]) throws {
        let changed = try rows(sql, values) {
            (
                try $0.requiredInt("id"), SpaceID(try $0.requiredInt("space_id")), try $0.requiredText(title),
                try $0.text("description")
            )
        }
        for (id, space, title, description) in changed {
            try indexText(kind, id: id, space: space, title: title, description: description)
        }
    }

    /// The integer in column `n` of the first row of `sql` (0 when there is no row or it is NULL).
    package func count(_ sql: SQL, _ values: SQLValue...) throws -> Int {
        let n: Int64?? = try row(sql, values) { (row: Row) -> Int64? in try row.int("n") }
        return Int((n ?? nil) ?? 0)
    }

    /// A LIMIT's value: `nil` or a negative count is no limit (SQLite reads -1 so, PostgreSQL reads NULL so
    /// and refuses a negative one).
    package func limit(_ n: Int?) -> SQLValue {
        guard let n, n >= 0 else { return dialect == .sqlite ? .integer(-1) : .null }
        return .integer(Int64(n))
    }
}

extension SQLValue {
    /// An integer, or NULL.
    package static func bind(_ value: Int64?) -> SQLValue { value.map { .integer($0) } ?? .null }
    /// An integer, or NULL.
    package static func bind(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// Text, or NULL.
    package static func bind(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
}
