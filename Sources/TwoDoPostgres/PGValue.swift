// A value bound to a PostgreSQL statement parameter: every value the store sends travels as one of these.

/// One bound parameter of a PostgreSQL statement (sent in text format, typed by the server from context).
public enum PGValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer (`bigint`).
    case integer(Int64)
    /// A double-precision float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes (`bytea`).
    case bytea([UInt8])
    /// A boolean.
    case bool(Bool)
}
