// What a non-blocking system call did: finished, or would have had to wait.

/// The result of a non-blocking I/O call.
public enum IOResult<T> {
    /// The call finished with this value (for a read, 0 bytes means end of stream).
    case done(T)
    /// Nothing can move now (`EAGAIN`); wait for readiness.
    case wouldBlock
}

extension IOResult: Equatable where T: Equatable {}
