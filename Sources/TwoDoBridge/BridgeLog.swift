// The bridge's one-line logs to stderr (journald-friendly), in the server's `key=value` format.

import Glibc

/// Writes `level=info msg=... key=value` lines to standard error. Never given message text.
enum BridgeLog {
    /// An `info` line: a session or connection event.
    static func info(_ message: String, _ fields: [String: String] = [:]) { write("info", message, fields) }
    /// An `error` line: a connection failed or broke.
    static func error(_ message: String, _ fields: [String: String] = [:]) { write("error", message, fields) }

    private static func write(_ level: String, _ message: String, _ fields: [String: String]) {
        var line = "level=\(level) msg=\(quote(message))"
        for key in fields.keys.sorted() { line += " \(key)=\(quote(fields[key]!))" }
        line += "\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }

    private static func quote(_ s: String) -> String {
        if !s.isEmpty && s.allSatisfy({ $0.isLetter || $0.isNumber || "._:/-#[]".contains($0) }) { return s }
        var escaped = ""
        for c in s {
            switch c {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n", "\r": escaped += " "
            default: escaped.append(c)
            }
        }
        return "\"" + escaped + "\""
    }
}
