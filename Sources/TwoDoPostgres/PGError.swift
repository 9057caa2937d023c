// How a PostgreSQL failure is classified, and how it becomes the storage layer's DatabaseError.

import TwoDoStore

/// SQLite's result codes this engine reports its failures as (sqlite3.h's values; the CSQLite module is
/// not a dependency of the PostgreSQL engine).
private enum SQLiteCode {
    static let error: Int32 = 1
    static let busy: Int32 = 5
    static let ioerr: Int32 = 10
    static let full: Int32 = 13
    static let constraint: Int32 = 19
    static let constraintForeignKey: Int32 = 787
    static let constraintUnique: Int32 = 2067
}

/// What kind of failure a PostgreSQL error is: the distinctions the store acts on.
public enum PGErrorKind: Sendable, Equatable {
    /// A unique or primary-key constraint was violated (SQLSTATE 23505).
    case uniqueViolation
    /// Another integrity constraint (foreign key, not null, check: SQLSTATE class 23).
    case constraint
    /// The connection to the server is gone (class 08, an administrator's shutdown 57P01-57P03, or
    /// libpq reporting the connection bad): the statement's outcome is unknown; reconnect.
    case connectionLost
    /// The disk is full (53100).
    case diskFull
    /// A serialization failure or deadlock (40001, 40P01): the transaction may be retried.
    case serialization
    /// Anything else.
    case other

    /// Classifies an SQLSTATE (nil when libpq gave none, which means the connection failed).
    public init(sqlState: String?) {
        guard let s = sqlState else {
            self = .connectionLost
            return
        }
        switch s {
        case "23505": self = .uniqueViolation
        case "53100": self = .diskFull
        case "40001", "40P01": self = .serialization
        case "57P01", "57P02", "57P03": self = .connectionLost
        default:
            if s.hasPrefix("23") {
                self = .constraint
            } else if s.hasPrefix("08") {
                self = .connectionLost
            } else {
                self = .other
            }
        }
    }
}

extension DatabaseError {
    /// A PostgreSQL failure as the storage layer's error: the SQLSTATE in `sqlState` and the message, and
    /// an SQLite-equivalent code so engine-neutral code (`isConstraint`, `isDiskFull`) keeps working.
    package init(postgres message: String, sqlState: String?, sql: String?) {
        let kind = PGErrorKind(sqlState: sqlState)
        let code: Int32
        switch kind {
        case .uniqueViolation: code = SQLiteCode.constraintUnique
        case .constraint: code = sqlState == "23503" ? SQLiteCode.constraintForeignKey : SQLiteCode.constraint
        case .diskFull: code = SQLiteCode.full
        case .connectionLost: code = SQLiteCode.ioerr
        case .serialization: code = SQLiteCode.busy
        case .other: code = SQLiteCode.error
        }
        let state = sqlState ?? "08006"
        self.init(code: code, message: "[\(state)] \(message)", sql: sql, sqlState: state)
    }

    /// What kind of PostgreSQL failure this is (`.other` for SQLite's errors).
    public var postgresKind: PGErrorKind {
        guard let sqlState else { return .other }
        return PGErrorKind(sqlState: sqlState)
    }
}
