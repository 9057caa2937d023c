// Tunables of the Matrix bridge logic.

/// Limits and timings of `MatrixCore`, with defaults that suit a small homeserver.
public struct MatrixSettings: Sendable {
    /// A logged-in session silent this long gets a `ping` so the server's idle timeout does not end it.
    public var keepaliveInterval: Double = 600
    /// Waits between attempts to reopen a TwoDo connection that was lost.
    public var reconnect = Backoff(initial: 1, maximum: 30)
    /// At most this many sessions at once; more users are told to try later.
    public var maxSessions = 1000
    /// At most this many command lines are taken from one Matrix message (a pasted list, say).
    public var maxLinesPerMessage = 20
    /// The largest message body the bridge sends, in UTF-8 bytes; longer replies are split. Matrix
    /// events may be 64 KiB, but clients show long messages badly.
    public var maxMessageBytes = 16_000

    /// Settings with the defaults above.
    public init() {}
}
