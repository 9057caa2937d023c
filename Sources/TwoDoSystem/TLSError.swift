// The TLS layer's error: what failed (loading a certificate, a handshake) and OpenSSL's reasons, for logs.

import CSSL

/// A TLS operation that failed: a certificate or key that would not load, a handshake a client broke.
public struct TLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. `certificate /etc/twodo/fullchain.pem` or `handshake`.
    public let operation: String
    /// OpenSSL's reasons, oldest first (`wrong version number`), or the system's (`Connection reset by peer`).
    public let reason: String

    /// An error for `operation` with `reason`.
    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// Prints like `tls handshake: wrong version number`.
    public var description: String { "tls \(operation): \(reason)" }

    /// The error for `operation` from the thread's OpenSSL error queue, which this empties (a reason left
    /// there would be blamed on the next call that fails); `fallback` when the queue holds nothing.
    static func fromQueue(_ operation: String, fallback: String = "unknown error") -> TLSError {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if let text = ERR_reason_error_string(code) {
                reasons.append(String(cString: text))
            } else {
                reasons.append("error \(String(code, radix: 16))")
            }
        }
        return TLSError(operation: operation, reason: reasons.isEmpty ? fallback : reasons.joined(separator: "; "))
    }
}
