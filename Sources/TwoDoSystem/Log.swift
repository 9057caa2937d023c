// Structured one-line logs to stderr (journald-friendly): `level=info msg="..." key=value ...`.

import Glibc
import Synchronization

/// Writes one log line per record to standard error, every value escaped so a record is always one line.
///
/// Never given passwords or command text. The format is stable: operators grep for `level=error`,
/// `msg=disconnect`, `reason="output limit"`.
public enum Log {
    private static let quietFlag = Atomic<Bool>(false)

    /// Drops `info` records (tests and benchmarks that start many servers); errors are always written.
    public static var quiet: Bool {
        get { quietFlag.load(ordering: .relaxed) }
        set { quietFlag.store(newValue, ordering: .relaxed) }
    }

    /// An `info` record: a session or connection event.
    public static func info(_ message: String, _ fields: [String: String] = [:]) { write("info", message, fields) }
    /// An `error` record: something failed or broke.
    public static func error(_ message: String, _ fields: [String: String] = [:]) { write("error", message, fields) }

    private static func write(_ level: String, _ message: String, _ fields: [String: String]) {
        if quiet && level == "info" { return }
        let bytes = Array(line(level: level, message: message, fields: fields).utf8)
        // One write per record, so records from different threads never interleave within a line.
        _ = bytes.withUnsafeBytes { try? Posix.write(2, $0) }
    }

    /// The record as written (with its newline): fields sorted by key, values quoted and escaped as needed.
    public static func line(level: String, message: String, fields: [String: String]) -> String {
        var line = "level=\(level) msg=\(quote(message))"
        for key in fields.keys.sorted() { line += " \(key)=\(quote(fields[key]!))" }
        return line + "\n"
    }

    /// `value` bare when it is a plain word (letters, digits, `._:/-#[]`), else in double quotes with
    /// backslash, quote and every control character escaped (`\n`, `\r`, `\t`, `\u{1b}`...).
    public static func quote(_ value: String) -> String {
        if !value.isEmpty && value.unicodeScalars.allSatisfy(isBare) { return value }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if isControl(scalar) {
                    escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        if "._:/-#[]".unicodeScalars.contains(scalar) { return true }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// C0, DEL, C1 and the line/paragraph separators: anything that could break or disguise a line.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || scalar.properties.generalCategory == .format
    }
}
