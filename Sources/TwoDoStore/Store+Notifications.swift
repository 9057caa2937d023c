// SQL on `notifications`: what members missed while offline, stored, paged, counted, read and pruned.

import Foundation
import TwoDoCore

extension Store {
    // Table `notifications`: migration 1.

    /// How long notifications are kept.
    public static let notificationLifetime: Int64 = 30 * 24 * 3600

    /// The most notifications one user's inbox keeps: past it, the oldest go (counted, and `inbox` says how
    /// many). A thousand is weeks of a busy couple's pushes while offline (a few dozen a day), and keeps every
    /// inbox command (a page, `read all`, `clear`, `delete <n>`) under a millisecond or so.
    public static let inboxLimit = 1_000

    /// Catalog arguments as a JSON object with sorted keys. Written by hand: this runs for every reminder line
    /// and `JSONSerialization` was a visible share of a reminder burst's CPU; read back with `JSONSerialization`.
    package static func encodeArguments(_ args: [String: String]) -> String {
        var out = "{"
        for (i, key) in args.keys.sorted().enumerated() {
            if i > 0 { out += "," }
            appendJSONString(key, to: &out)
            out += ":"
            appendJSONString(args[key] ?? "", to: &out)
        }
        return out + "}"
    }

    private static func appendJSONString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A user's notifications, newest first.
    public func notifications(for user: UserID, limit: Int = 50) throws -> [InboxItem] {
        try notifications(for: user, offset: 0, limit: limit)
    }
}
