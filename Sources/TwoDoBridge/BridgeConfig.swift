// What `twodo bridge irc` was told: where IRC and TwoDo are, the bot's nick, the channel, TLS and SASL.

import TwoDoSystem

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
    /// TLS to the IRC server (`--tls`): how its certificate is trusted; nil for plain TCP.
    public var tls: TLSTrust?
    /// A client certificate and key (PEM) to present over TLS, for SASL EXTERNAL.
    public var clientCertificate: (certificate: String, key: String)?
    /// How the bot logs in to its services account (SASL), if it does.
    public var sasl: SASL?

    /// A configuration from its parts.
    public init(irc: Endpoint, nick: String, password: String? = nil, twodo: Endpoint, channel: String? = nil) {
        self.irc = irc
        self.nick = nick
        self.password = password
        self.twodo = twodo
        self.settings = BridgeSettings(channel: channel)
    }
}

/// How the bot proves its services account to the IRC server (IRCv3 SASL), before it is registered.
public enum SASL: Sendable, Equatable {
    /// `PLAIN`: the account name and its password (the password only from `TWODO_IRC_SASL_PASSWORD`); only
    /// ever sent over TLS.
    case plain(account: String, password: String)
    /// `EXTERNAL`: the client certificate presented in the TLS handshake is the proof.
    case external
}
