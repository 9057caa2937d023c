// What the bridge logic asks the runner to do: send to IRC, open, feed or close a TwoDo connection, log.

/// One step for the runner, produced by `BridgeCore` in response to an input.
public enum BridgeAction: Sendable, Equatable {
    /// Queue a message for the IRC server in the lane of a target (a nick or channel key).
    case irc(IRCMessage, lane: String)
    /// Open the TwoDo connection of a session; report back with `sessionConnected` or `sessionConnectFailed`.
    case open(SessionID)
    /// Send one line to a session's TwoDo connection.
    case send(SessionID, String)
    /// Close a session's TwoDo connection (the server logs it out).
    case close(SessionID)
    /// Retarget lines still queued for a nick to its new nick (lane keys, as `IRCNick.key` gives them).
    case renameLane(from: String, to: String)
    /// Write a log line. Never carries message text: no command, no password, no reply.
    case log(String, [String: String])
}

/// Tunables of the bridge logic.
public struct BridgeSettings: Sendable {
    /// The channel the bot joins and where couples may `share here`; nil for none.
    public var channel: String?
    /// A logged-in session silent this long gets a `ping` so the server's idle timeout does not end it.
    public var keepaliveInterval: Double = 600
    /// How often the bot asks the IRC server which of its users are still online (`ISON`).
    public var presenceInterval: Double = 60
    /// Waits between attempts to reopen a TwoDo connection that was lost.
    public var reconnect = Backoff(initial: 1, maximum: 30)
    /// At most this many sessions at once; more users are told to try later.
    public var maxSessions = 1000

    /// Settings with the defaults above and `channel`.
    public init(channel: String? = nil) {
        self.channel = channel
    }
}
