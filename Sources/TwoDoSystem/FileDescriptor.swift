// A descriptor that owns what it names and closes it exactly once.

/// An open file descriptor owned by one object; closed by `close()` or when the owner goes away.
///
/// Invariant: once closed, `rawValue` is nil and no system call can reach the number again (it may already
/// belong to another file). Not `Sendable`: it belongs to the thread that made it.
public final class FileDescriptor {
    /// The descriptor number; nil once closed.
    public private(set) var rawValue: Int32?

    /// Takes ownership of `rawValue` (which must be open).
    public init(owning rawValue: Int32) {
        precondition(rawValue >= 0, "a FileDescriptor owns an open descriptor, not \(rawValue)")
        self.rawValue = rawValue
    }

    deinit { close() }

    /// Whether `close()` has run.
    public var isClosed: Bool { rawValue == nil }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        guard let fd = rawValue else { return }
        rawValue = nil
        Posix.close(fd)
    }
}
