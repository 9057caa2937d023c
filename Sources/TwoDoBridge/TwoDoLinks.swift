// Every session's TwoDo connection, for a bridge runner: open, send, receive and close by session id.

/// The TwoDo sockets of a bridge's sessions. Both runners (IRC and Matrix) keep their sessions' links
/// here and report what happened to them back to their core (`sessionConnected`, `sessionClosed`, ...).
///
/// Invariant: a link is here only while its session is open in the core. Not `Sendable`: it belongs to
/// the runner's loop thread.
final class TwoDoLinks {
    /// What became of a line given to `send`.
    enum SendOutcome: Equatable {
        /// It went out.
        case sent
        /// The session has no link (it was closed meanwhile): nothing to do.
        case noLink
        /// The link broke and is now closed: tell the core with `sessionClosed`.
        case broke
    }

    /// Where TwoDo listens.
    let endpoint: Endpoint
    private var links: [SessionID: TCPSocket] = [:]

    /// No links yet, to `endpoint`.
    init(endpoint: Endpoint) { self.endpoint = endpoint }

    /// Whether `id` has an open link.
    func contains(_ id: SessionID) -> Bool { links[id] != nil }

    /// The descriptors to wait on, in session order.
    var watched: [(fd: Int32, id: SessionID)] {
        links.sorted { $0.key < $1.key }.map { ($0.value.fd, $0.key) }
    }

    /// Opens the link of `id`; false when TwoDo could not be reached (within 2 s per address).
    func open(_ id: SessionID) -> Bool {
        guard let socket = try? TCPSocket.connect(to: endpoint, timeout: 2, maxLineBytes: 8 << 20) else {
            return false
        }
        links[id]?.close()
        links[id] = socket
        return true
    }

    /// Sends one line on the link of `id`.
    func send(_ line: String, to id: SessionID) -> SendOutcome {
        guard let link = links[id] else { return .noLink }
        do {
            try link.send(line: line)
            return .sent
        } catch {
            close(id)
            return .broke
        }
    }

    /// The complete lines that arrived on the link of `id` (call when it is readable); nil when the link
    /// broke or TwoDo closed it, and it is now closed; empty when there is no link.
    func receive(from id: SessionID) -> [String]? {
        guard let link = links[id] else { return [] }
        do {
            return try link.receiveLines()
        } catch {
            close(id)
            return nil
        }
    }

    /// Closes the link of `id`, if any.
    func close(_ id: SessionID) {
        links.removeValue(forKey: id)?.close()
    }

    /// Closes every link.
    func closeAll() {
        for link in links.values { link.close() }
        links.removeAll()
    }
}
