// The monotonic clock (CLOCK_MONOTONIC): for timeouts, rate limits and latencies, never for stored times.

import Glibc

/// Time that only moves forward, immune to changes of the wall clock.
public enum Monotonic {
    /// Seconds since an arbitrary start.
    public static func now() -> Double {
        let ts = read()
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Nanoseconds since an arbitrary start (for latency stamps).
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        let ts = read()
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    @inline(__always)
    private static func read() -> timespec {
        var ts = timespec()
        // CLOCK_MONOTONIC cannot fail on Linux with a valid pointer.
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts
    }
}
