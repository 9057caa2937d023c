// One request the Matrix bridge's sender thread carries out for the logic: join, leave or post.

/// A change the bot makes on the homeserver, queued in order (a room is joined before it is written to).
enum MatrixOutgoing: Sendable, Equatable {
    case join(room: String)
    case leave(room: String)
    /// A message with the transaction id it keeps across retries.
    case message(room: String, text: String, notice: Bool, transactionID: String)

    /// The room it concerns, for logs.
    var room: String {
        switch self {
        case .join(let room), .leave(let room), .message(let room, _, _, _): return room
        }
    }

    /// Its name in logs (never the text).
    var kind: String {
        switch self {
        case .join: return "join"
        case .leave: return "leave"
        case .message: return "send"
        }
    }

    /// Carries it out once with `client`.
    func perform(with client: MatrixClient) throws {
        switch self {
        case .join(let room): try client.join(room)
        case .leave(let room): try client.leave(room)
        case .message(let room, let text, let notice, let id):
            try client.send(text, notice: notice, to: room, transactionID: id)
        }
    }
}
