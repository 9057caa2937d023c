// Encodes a command as RESP2 sends it: an array of bulk strings.

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
