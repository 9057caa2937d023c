// The server's wall clock: the system's, or a frozen test clock moved only by `clock` commands.

import Foundation

/// The time the server believes it is, in Unix seconds. Used for stored times, never for timeouts.
public final class WallClock {
    private var frozen: Int64?

    /// A system clock, or a test clock frozen at `testStart`.
    public init(testStart: Int64?) { frozen = testStart }

    /// Whether this is a test clock.
    public var isTest: Bool { frozen != nil }

    /// The current Unix time in seconds.
    public var now: Int64 {
        if let frozen { return frozen }
        return Int64(Date().timeIntervalSince1970)
    }

    /// Moves a test clock forward (no-op for the system clock).
    public func advance(by seconds: Int64) { if let f = frozen { frozen = f + max(0, seconds) } }

    /// Sets a test clock.
    public func set(_ seconds: Int64) { if frozen != nil { frozen = seconds } }
}
