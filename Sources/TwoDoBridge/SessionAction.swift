// What the shared session logic asks its network's core to do; the core turns it into its own actions.

/// One step produced by `SessionCore`, in order. The network's core renders `tell` and `announce` in its
/// own terms (IRC private messages and channel notices; Matrix room messages) and passes the rest on.
public enum SessionAction<Contact: ChatContact>: Sendable, Equatable {
    /// Open the TwoDo connection of a session; report back with `sessionConnected` or `sessionConnectFailed`.
    case open(SessionID)
    /// Send one line to a session's TwoDo connection.
    case send(SessionID, String)
    /// Close a session's TwoDo connection (the server logs it out).
    case close(SessionID)
    /// Text for the user: a reply (`notice` false) or an event or bridge notice (`notice` true).
    case tell(Contact, String, notice: Bool)
    /// Text for the shared place of a `shared` session, marked with `account` when it is the account's own
    /// reply.
    case announce(String, by: String?)
    /// Write a log line. Never carries message text: no command, no password, no reply.
    case log(String, [String: String])
}
