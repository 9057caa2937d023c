// What a registration waits for: readable, writable. Converted to EPOLL*/POLL* bits only at the boundary.

import CLinux

/// The readiness a descriptor is watched for (or, from `Posix.poll`, is ready for).
public struct Interest: OptionSet, Sendable, Hashable {
    /// The bits of this set (ours, not the kernel's).
    public let rawValue: UInt32
    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Data (or end of stream) can be read.
    public static let readable = Interest(rawValue: 1 << 0)
    /// Output can be written.
    public static let writable = Interest(rawValue: 1 << 1)

    /// The epoll bits: readable also asks for `EPOLLRDHUP`, so a half-close is seen.
    var epollBits: UInt32 {
        var bits: UInt32 = 0
        if contains(.readable) { bits |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue }
        if contains(.writable) { bits |= EPOLLOUT.rawValue }
        return bits
    }
}
