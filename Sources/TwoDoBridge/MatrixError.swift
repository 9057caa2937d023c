// Failures talking to a homeserver, and what the bridge does about each (retry when, or give up).

import Foundation

/// A failed Matrix API call.
public enum MatrixError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request never got an HTTP answer (refused, reset, timed out).
    case transport(String)
    /// `429 M_LIMIT_EXCEEDED`: try again after this many seconds.
    case rateLimited(retryAfter: Double)
    /// Any other non-2xx answer, with the Matrix `errcode` (`M_FORBIDDEN`, `M_UNKNOWN_TOKEN`, ...).
    case http(status: Int, errcode: String)
    /// A 2xx answer whose body was not what the API promises.
    case badResponse(String)

    /// The error for a response, or nil when its status is 2xx.
    public init?(_ response: MatrixResponse) {
        guard !(200..<300).contains(response.status) else { return nil }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        let errcode = object["errcode"] as? String ?? ""
        if response.status == 429 || errcode == "M_LIMIT_EXCEEDED" {
            let milliseconds = (object["retry_after_ms"] as? NSNumber)?.doubleValue ?? 5000
            self = .rateLimited(retryAfter: max(0.1, milliseconds / 1000))
        } else {
            self = .http(status: response.status, errcode: errcode)
        }
    }

    /// Seconds to wait before trying the same request again, or nil when trying again cannot help
    /// (the homeserver refused it for good: forbidden, unknown room, bad request).
    ///
    /// - Parameter backoff: the wait for errors that say nothing about how long to wait.
    public func retryDelay(backoff: inout Backoff) -> Double? {
        switch self {
        case .rateLimited(let after): return after
        case .transport, .badResponse: return backoff.next()
        case .http(let status, let errcode):
            // Server trouble and a bad token (the operator may fix it) are worth waiting out.
            if status >= 500 || errcode == "M_UNKNOWN_TOKEN" || status == 401 { return backoff.next() }
            return nil
        }
    }

    public var description: String {
        switch self {
        case .transport(let reason): return "transport: \(reason)"
        case .rateLimited(let after): return "rate limited for \(after) s"
        case .http(let status, let errcode): return "HTTP \(status) \(errcode)"
        case .badResponse(let what): return "bad response: \(what)"
        }
    }
}
