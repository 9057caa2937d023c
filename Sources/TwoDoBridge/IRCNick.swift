// How IRC compares nicks and channel names: case-insensitively, RFC 1459 style.

/// Nick and channel comparison keys.
///
/// RFC 1459 treats `[]\~` as the upper case of `{}|^`; servers announcing `CASEMAPPING=ascii` (ngircd)
/// do not, but folding them too only ever merges names such a server keeps apart in theory, never in
/// practice (nobody holds both `a[` and `a{`), and it is right for the servers that do.
public enum IRCNick {
    /// The comparison key of a nick or channel name.
    public static func key(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar -> Unicode.Scalar in
                    switch scalar {
                    case "A"..."Z": return Unicode.Scalar(scalar.value + 32)!
                    case "[": return "{"
                    case "]": return "}"
                    case "\\": return "|"
                    case "~": return "^"
                    default: return scalar
                    }
                }))
    }

    /// Whether `target` names a channel rather than a nick.
    public static func isChannel(_ target: String) -> Bool {
        guard let first = target.first else { return false }
        return "#&+!".contains(first)
    }
}
