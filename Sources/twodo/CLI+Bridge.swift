// `twodo bridge irc|matrix`: their option tables (flags override TWODO_IRC*, TWODO_MATRIX*, TWODO_TARGET) and configs.

import Foundation
import TwoDoArguments
import TwoDoBridge

extension CLI {
    /// `--twodo`, shared by both bridges.
    static let targetOption = Option(
        "twodo", value: "<host:port>", environment: "TWODO_TARGET", default: "127.0.0.1:7878",
        help: "The TwoDo server")

    /// `twodo bridge irc`.
    static let ircBridge = Command(
        name: "twodo bridge irc",
        usage: ["twodo bridge irc --irc <host:port> [--nick <nick>] [--channel <#chan>] [--twodo <host:port>]"],
        options: [
            Option("irc", value: "<host:port>", environment: "TWODO_IRC", help: "IRC server to connect to"),
            Option("nick", value: "<nick>", environment: "TWODO_IRC_NICK", default: "twodo", help: "The bot's nick"),
            Option(
                "channel", value: "<#chan>", environment: "TWODO_IRC_CHANNEL",
                help: "Channel to join, where couples may \"share here\""),
            targetOption,
            Option(
                "pace", value: "<seconds>", environment: "TWODO_IRC_PACE", default: "0.5",
                help: "Seconds between lines to IRC after a burst of 5"),
            .refused("password", passwordRefusal), .refused("pass", passwordRefusal),
        ],
        notes: ["The IRC server password, if any, is read only from TWODO_IRC_PASSWORD."],
        version: versionLine)

    /// Why `--password`/`--pass` are refused: a flag would show the secret in `ps` and shell history.
    static let passwordRefusal = "the IRC password is read only from TWODO_IRC_PASSWORD, never from a flag"
    /// Why `--token` and the like are refused, for the same reason.
    static let tokenRefusal = "the access token is read only from TWODO_MATRIX_TOKEN, never from a flag"

    /// `twodo bridge matrix`.
    static let matrixBridge = Command(
        name: "twodo bridge matrix",
        usage: ["twodo bridge matrix --homeserver <url> --user <@bot:server> [--twodo <host:port>] [--state <path>]"],
        options: [
            Option(
                "homeserver", value: "<url>", environment: "TWODO_MATRIX_HOMESERVER",
                help: "The homeserver's client API base URL"),
            Option("user", value: "<@bot:server>", environment: "TWODO_MATRIX_USER", help: "The bot's Matrix user id"),
            targetOption,
            Option(
                "state", value: "<path>", environment: "TWODO_MATRIX_STATE",
                default: "$STATE_DIRECTORY/matrix-state.json or ./twodo-matrix-state.json",
                help: "Where the sync position and direct rooms are kept\n"),
            .refused("token", tokenRefusal), .refused("access-token", tokenRefusal), .refused("password", tokenRefusal),
        ],
        notes: ["The bot's access token is read only from TWODO_MATRIX_TOKEN."],
        version: versionLine)

    /// The IRC bridge configuration from parsed `bridge irc` arguments (the password from the environment only).
    static func bridgeConfig(
        _ args: Arguments, environment env: [String: String]
    ) throws(ArgumentError)
        -> BridgeConfig
    {
        let nick = args.string("nick") ?? "twodo"
        let channel = args.string("channel")
        guard let ircText = args.string("irc") else {
            throw args.error("bridge irc needs --irc <host:port> (or TWODO_IRC)")
        }
        guard let ircEndpoint = Endpoint(parsing: ircText) else {
            throw args.error("--irc: '\(ircText)' is not host:port")
        }
        let twodo = args.string("twodo") ?? "127.0.0.1:7878"
        guard let twodoEndpoint = Endpoint(parsing: twodo) else {
            throw args.error("--twodo: '\(twodo)' is not host:port")
        }
        guard !nick.isEmpty, !nick.contains(where: { " ,*?!@#:".contains($0) || $0.isNewline }) else {
            throw args.error("--nick: '\(nick)' is not a valid IRC nick")
        }
        if let c = channel,
            c.isEmpty || !IRCNick.isChannel(c) || c.contains(where: { $0 == " " || $0 == "," || $0.isNewline })
        {
            throw args.error("--channel: '\(c)' is not a channel name like #family")
        }
        let pace = args.string("pace") ?? "0.5"
        guard let lineInterval = Double(pace), lineInterval >= 0.1, lineInterval <= 60 else {
            throw args.error("--pace: '\(pace)' is not a number of seconds from 0.1 to 60")
        }
        let password = env["TWODO_IRC_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        var config = BridgeConfig(
            irc: ircEndpoint, nick: nick, password: password, twodo: twodoEndpoint, channel: channel)
        config.lineInterval = lineInterval
        return config
    }

    /// The Matrix bridge configuration from parsed `bridge matrix` arguments (the token from the environment only).
    static func matrixConfig(
        _ args: Arguments, environment env: [String: String]
    ) throws(ArgumentError)
        -> MatrixConfig
    {
        let statePath =
            args.string("state")
            ?? env["STATE_DIRECTORY"].map { dir in
                // systemd may pass several directories, colon-separated; the first is ours.
                String(dir.split(separator: ":").first ?? Substring(dir)) + "/matrix-state.json"
            } ?? "./twodo-matrix-state.json"
        guard let homeserverText = args.string("homeserver") else {
            throw args.error("bridge matrix needs --homeserver <url> (or TWODO_MATRIX_HOMESERVER)")
        }
        guard let url = URL(string: homeserverText), url.scheme == "http" || url.scheme == "https",
            url.host != nil, url.query == nil
        else {
            throw args.error("--homeserver: '\(homeserverText)' is not an http(s) URL like https://matrix.example.org")
        }
        guard let user = args.string("user") else {
            throw args.error("bridge matrix needs --user <@bot:server> (or TWODO_MATRIX_USER)")
        }
        guard MatrixConfig.isUserID(user) else {
            throw args.error("--user: '\(user)' is not a Matrix user id like @twodo:example.org")
        }
        let twodo = args.string("twodo") ?? "127.0.0.1:7878"
        guard let twodoEndpoint = Endpoint(parsing: twodo) else {
            throw args.error("--twodo: '\(twodo)' is not host:port")
        }
        guard let token = env["TWODO_MATRIX_TOKEN"], !token.isEmpty else {
            throw args.error("bridge matrix needs the bot's access token in TWODO_MATRIX_TOKEN")
        }
        guard !statePath.isEmpty else { throw args.error("--state needs a file path") }
        return MatrixConfig(homeserver: url, user: user, token: token, twodo: twodoEndpoint, statePath: statePath)
    }
}
