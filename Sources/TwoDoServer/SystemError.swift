// The error type of the I/O layer: a failed system call with its errno.

import Glibc

/// A system call that failed for a reason of the world (not a bug of ours).
public struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `accept`.
    public let call: String
    /// The errno it reported.
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// Prints like `accept: Too many open files (errno 24)`.
    public var description: String { "\(call): \(String(cString: strerror(errno))) (errno \(errno))" }
}
