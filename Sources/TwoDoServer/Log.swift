// Structured one-line logs to stderr (journald-friendly): `level=info msg="..." key=value ...`.

import Foundation
import Glibc

/// Writes log lines to standard error. Never given passwords or command text.
enum Log {
    nonisolated(unsafe) static var quiet = false

    static func info(_ message: String, _ fields: [String: String]) { write("info", message, fields) }
    static func error(_ message: String, _ fields: [String: String]) { write("error", message, fields) }

    private static func write(_ level: String, _ message: String, _ fields: [String: String]) {
        if quiet && level == "info" { return }
        var line = "level=\(level) msg=\(quote(message))"
        for key in fields.keys.sorted() { line += " \(key)=\(quote(fields[key]!))" }
        line += "\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }

    private static func quote(_ s: String) -> String {
        if !s.isEmpty && s.allSatisfy({ $0.isLetter || $0.isNumber || "._:/-".contains($0) }) { return s }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
