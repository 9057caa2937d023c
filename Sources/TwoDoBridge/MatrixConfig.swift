// What `twodo bridge matrix` was told: the homeserver, the bot's user id and token, TwoDo, the state file.

import Foundation

/// The Matrix bridge's configuration (from flags and `TWODO_MATRIX_*` environment variables).
public struct MatrixConfig: Sendable {
    /// The homeserver's base URL (`https://matrix.example.org`), without a trailing slash.
    public var homeserver: URL
    /// The bot's Matrix user id (`@twodo:example.org`).
    public var user: String
    /// The bot's access token; only ever taken from the environment (`TWODO_MATRIX_TOKEN`), never logged.
    public var token: String
    /// The TwoDo server.
    public var twodo: Endpoint
    /// Where the `/sync` position and the direct rooms are kept between runs.
    public var statePath: String
    /// How long one `/sync` long-poll waits on the homeserver, in milliseconds.
    public var syncTimeoutMilliseconds = 30_000
    /// The logic's tunables.
    public var settings = MatrixSettings()

    /// A configuration from its parts.
    public init(homeserver: URL, user: String, token: String, twodo: Endpoint, statePath: String) {
        self.homeserver = homeserver
        self.user = user
        self.token = token
        self.twodo = twodo
        self.statePath = statePath
    }

    /// Whether `text` looks like a Matrix user id: `@localpart:server`.
    public static func isUserID(_ text: String) -> Bool {
        guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else { return false }
        let local = text[text.index(after: text.startIndex)..<colon]
        let server = text[text.index(after: colon)...]
        return !local.isEmpty && !server.isEmpty && !text.contains(where: { $0 == " " || $0.isNewline })
    }
}
