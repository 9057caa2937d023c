// One RESP2 value as Redis sends it, and the encoding of a command as an array of bulk strings.

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

/// Encodes commands the way every Redis client sends them: an array of bulk strings.
public enum RESPEncoder {
    /// Appends `*<n>\r\n` and `$<len>\r\n<arg>\r\n` for each argument to `out`.
    public static func append(_ arguments: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "*"))
        appendDecimal(arguments.count, to: &out)
        for argument in arguments {
            out.append(UInt8(ascii: "$"))
            appendDecimal(argument.utf8.count, to: &out)
            out.append(contentsOf: argument.utf8)
            out.append(13)
            out.append(10)
        }
    }

    /// The encoding of one command.
    public static func encode(_ arguments: [String]) -> [UInt8] {
        var out: [UInt8] = []
        append(arguments, to: &out)
        return out
    }

    /// Appends `n` in decimal followed by CRLF.
    private static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(n).utf8)
        out.append(13)
        out.append(10)
    }
}
