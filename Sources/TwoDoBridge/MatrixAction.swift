// What the Matrix bridge logic asks the runner to do: talk to the homeserver, to TwoDo, or log.

/// One step for the runner, produced by `MatrixCore` in response to an input.
public enum MatrixAction: Sendable, Equatable {
    /// Join a room the bot was invited to.
    case join(room: String)
    /// Leave (or decline the invite to) a room.
    case leave(room: String)
    /// Post a message: `m.notice` when `notice`, else `m.text`.
    case message(room: String, text: String, notice: Bool)
    /// Open the TwoDo connection of a session; report back with `sessionConnected` or `sessionConnectFailed`.
    case open(SessionID)
    /// Send one line to a session's TwoDo connection.
    case send(SessionID, String)
    /// Close a session's TwoDo connection (the server logs it out).
    case close(SessionID)
    /// Write a log line. Never carries message text: no command, no password, no reply.
    case log(String, [String: String])
}
