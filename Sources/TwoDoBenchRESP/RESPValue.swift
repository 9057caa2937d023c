// One RESP2 value as Redis sends it: simple and bulk strings, errors, integers, arrays.

/// A RESP2 value: what `redis-server` answers and pushes (pub/sub messages are arrays).
public enum RESPValue: Equatable, Sendable {
    /// `+OK\r\n`
    case simple(String)
    /// `-ERR message\r\n`
    case error(String)
    /// `:42\r\n`
    case integer(Int64)
    /// `$3\r\nfoo\r\n`; nil for the null bulk string `$-1\r\n`.
    case bulk([UInt8]?)
    /// `*2\r\n...`; nil for the null array `*-1\r\n`.
    case array([RESPValue]?)

    /// Whether this is an error reply.
    public var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// The bulk string's bytes as text, or the simple string; nil otherwise.
    public var text: String? {
        switch self {
        case .simple(let s): return s
        case .bulk(let bytes?): return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }

    /// The elements of a non-null array; nil otherwise.
    public var elements: [RESPValue]? {
        if case .array(let items?) = self { return items }
        return nil
    }
}
