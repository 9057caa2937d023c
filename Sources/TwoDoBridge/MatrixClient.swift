// The few client-server API calls the bridge makes: whoami, sync, room history, join, leave, send.

import Foundation

/// Builds the bridge's API requests and reads their answers, over any `MatrixTransport`.
public struct MatrixClient: Sendable {
    /// What carries the requests.
    public let transport: any MatrixTransport
    /// How long a `/sync` long-poll waits on the homeserver, in milliseconds.
    public var syncTimeoutMilliseconds: Int

    /// The room event types the bridge reads: messages (plain and encrypted) and memberships.
    static let eventTypes = #"["m.room.message","m.room.member","m.room.encrypted"]"#

    /// The sync filter: only `eventTypes` in timelines, no presence, typing or receipts.
    static let filter =
        #"{"presence":{"not_types":["*"]},"account_data":{"not_types":["*"]},"room":{"ephemeral":{"not_types":["*"]},"account_data":{"not_types":["*"]},"state":{"types":["m.room.member"]},"timeline":{"limit":50,"types":\#(eventTypes)}}}"#

    /// The room history filter: the same event types as the sync timeline.
    static let historyFilter = #"{"types":\#(eventTypes)}"#

    /// One page of a room's history, read backwards (`dir=b`).
    public struct HistoryPage: Sendable, Equatable {
        /// The page's events, newest first.
        public var events: [MatrixSyncBatch.Timeline.Entry]
        /// Where the next (older) page starts; nil when there is nothing older (or nothing before `to`).
        public var end: String?
    }

    /// A client over `transport`.
    public init(transport: any MatrixTransport, syncTimeoutMilliseconds: Int = 30_000) {
        self.transport = transport
        self.syncTimeoutMilliseconds = syncTimeoutMilliseconds
    }

    /// The user id the access token belongs to.
    public func whoami() throws -> String {
        let object = try call(MatrixRequest(method: "GET", path: "/_matrix/client/v3/account/whoami"))
        guard let user = object["user_id"] as? String else { throw MatrixError.badResponse("whoami without user_id") }
        return user
    }

    /// What happened since `since` (everything recent when nil), waiting up to the sync timeout for news.
    public func sync(since: String?) throws -> MatrixSyncBatch {
        var path = "/_matrix/client/v3/sync?filter=\(Self.escape(Self.filter))"
        if let since {
            path += "&since=\(Self.escape(since))&timeout=\(syncTimeoutMilliseconds)"
        } else {
            path += "&timeout=0"
        }
        let timeout = Double(syncTimeoutMilliseconds) / 1000 + 30
        let response = try transport.perform(MatrixRequest(method: "GET", path: path, timeout: timeout))
        if let error = MatrixError(response) { throw error }
        guard let batch = MatrixSyncBatch(json: response.body) else { throw MatrixError.badResponse("sync") }
        return batch
    }

    /// Events of `room` before `from`, newest first, up to `limit` of them, stopping at `to` when given
    /// (a previous sync's `next_batch`): `GET /rooms/{room}/messages?dir=b` with the sync's event types.
    public func history(of room: String, from: String, to: String?, limit: Int = 100) throws -> HistoryPage {
        var path =
            "/_matrix/client/v3/rooms/\(Self.escape(room))/messages?from=\(Self.escape(from))&dir=b&limit=\(limit)"
            + "&filter=\(Self.escape(Self.historyFilter))"
        if let to { path += "&to=\(Self.escape(to))" }
        let object = try call(MatrixRequest(method: "GET", path: path))
        guard let chunk = object["chunk"] as? [Any] else { throw MatrixError.badResponse("messages without chunk") }
        return HistoryPage(
            events: chunk.map { MatrixSyncBatch.entry($0 as? [String: Any] ?? [:]) }, end: object["end"] as? String)
    }

    /// Joins `room` (accepting an invite).
    public func join(_ room: String) throws {
        _ = try call(
            MatrixRequest(
                method: "POST", path: "/_matrix/client/v3/rooms/\(Self.escape(room))/join", body: Data("{}".utf8)))
    }

    /// Leaves `room` (or declines its invite).
    public func leave(_ room: String) throws {
        _ = try call(
            MatrixRequest(
                method: "POST", path: "/_matrix/client/v3/rooms/\(Self.escape(room))/leave", body: Data("{}".utf8)))
    }

    /// Posts a text (`m.text`) or notice (`m.notice`) to `room`, with a monospaced HTML copy when the
    /// text is laid out in columns. The same `transactionID` sent again
    /// (a retry) is not posted twice: the homeserver answers with the first event's id.
    ///
    /// - Returns: the event id.
    @discardableResult
    public func send(_ text: String, notice: Bool, to room: String, transactionID: String) throws -> String {
        var content: [String: Any] = ["msgtype": notice ? "m.notice" : "m.text", "body": text]
        if let html = MatrixText.preformattedHTML(text) {
            content["format"] = "org.matrix.custom.html"
            content["formatted_body"] = html
        }
        let body = try JSONSerialization.data(withJSONObject: content, options: [.sortedKeys])
        let path = "/_matrix/client/v3/rooms/\(Self.escape(room))/send/m.room.message/\(Self.escape(transactionID))"
        let object = try call(MatrixRequest(method: "PUT", path: path, body: body))
        guard let id = object["event_id"] as? String else { throw MatrixError.badResponse("send without event_id") }
        return id
    }

    private func call(_ request: MatrixRequest) throws -> [String: Any] {
        let response = try transport.perform(request)
        if let error = MatrixError(response) { throw error }
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw MatrixError.badResponse(request.method)
        }
        return object
    }

    /// Percent-encodes a path segment or query value (room ids hold `!` and `:`, tokens `_`).
    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
