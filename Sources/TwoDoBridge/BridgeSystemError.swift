// A failed system call in the bridge, printed like `connect: Connection refused (errno 111)`.

import Glibc

/// A system call that failed for a reason outside our control (a refused connection, a reset).
public struct BridgeSystemError: Error, Equatable, CustomStringConvertible {
    /// The call that failed (`connect`, `getaddrinfo`, ...).
    public var call: String
    /// The error number (or, for `getaddrinfo`, its own error code).
    public var errno: Int32
    /// A readable reason.
    public var reason: String

    /// An error for `call` failing with `errno`; `reason` defaults to `strerror`.
    public init(call: String, errno: Int32, reason: String? = nil) {
        self.call = call
        self.errno = errno
        self.reason = reason ?? String(cString: strerror(errno))
    }

    public var description: String { "\(call): \(reason) (errno \(errno))" }
}
