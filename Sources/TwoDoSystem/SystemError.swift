// The one error type of the system layer: a failed system call with its errno, printed for operators.

import Glibc

/// A system call that failed for a reason of the world (a refused connection, a full descriptor table).
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. `accept`.
    public let call: String
    /// The errno it reported (for `getaddrinfo`, its own error code).
    public let errno: Int32
    /// A readable reason; `strerror(errno)` unless the call has its own words.
    public let reason: String

    /// An error for `call` failing with `errno`; `reason` defaults to `strerror`.
    public init(call: String, errno: Int32, reason: String? = nil) {
        self.call = call
        self.errno = errno
        self.reason = reason ?? String(cString: strerror(errno))
    }

    /// The error `call` just left in the thread's `errno`.
    public static func last(_ call: String) -> SystemError { SystemError(call: call, errno: Glibc.errno) }

    /// Prints like `accept: Too many open files (errno 24)`.
    public var description: String { "\(call): \(reason) (errno \(errno))" }
}
