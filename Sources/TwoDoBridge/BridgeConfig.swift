// What `twodo bridge irc` was told: where IRC and TwoDo are, the bot's nick, the channel.

/// The IRC bridge's configuration (from flags and `TWODO_*` environment variables).
public struct BridgeConfig: Sendable {
    /// The IRC server.
    public var irc: Endpoint
    /// The nick the bot asks for.
    public var nick: String
    /// The IRC server password (`PASS`); only ever taken from the environment (`TWODO_IRC_PASSWORD`).
    public var password: String?
    /// The TwoDo server.
    public var twodo: Endpoint
    /// The logic's tunables, including the optional channel.
    public var settings: BridgeSettings
    /// Seconds between lines to IRC once the burst of 5 is used up. 0.5 suits ngircd and most small
    /// servers; networks that count one line a second (solanum on Libera) want 1 or more.
    public var lineInterval: Double = 0.5

    /// A configuration from its parts.
    public init(irc: Endpoint, nick: String, password: String? = nil, twodo: Endpoint, channel: String? = nil) {
        self.irc = irc
        self.nick = nick
        self.password = password
        self.twodo = twodo
        self.settings = BridgeSettings(channel: channel)
    }
}
