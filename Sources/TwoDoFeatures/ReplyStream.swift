// A long reply (export) written piece by piece while the peer reads it, never whole in memory.

/// A reply too long to build at once. The loop asks it for the next piece whenever the connection's
/// unsent output falls below a low-water mark, after the turn's COMMIT (so it reads committed state only).
/// Commands the same client sent after it wait until it ends, so replies stay in order; partner events
/// that arrive meanwhile are held and sent after it.
public protocol ReplyStream: AnyObject {
    /// Appends the next piece, about `budget` bytes or a little more, to `out`.
    /// - Returns: true when the reply is complete (its last line ended).
    func write(into out: inout [UInt8], budget: Int) throws -> Bool
}
