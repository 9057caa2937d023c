// Parses `twodo bridge irc|matrix ...` (flags override TWODO_IRC*, TWODO_MATRIX* and TWODO_TARGET variables).

import Foundation
import TwoDoBridge

extension CLI {
    /// The options of `twodo bridge irc`, appended to the usage text.
    static let bridgeOptions = """
        BRIDGE OPTIONS:
          --irc <host:port>         IRC server to connect to (TWODO_IRC, required)
          --nick <nick>             The bot's nick (TWODO_IRC_NICK, default twodo)
          --channel <#chan>         Channel to join, where couples may "share here" (TWODO_IRC_CHANNEL)
          --twodo <host:port>       The TwoDo server (TWODO_TARGET, default 127.0.0.1:7878)
          --pace <seconds>          Seconds between lines to IRC after a burst of 5 (TWODO_IRC_PACE, default 0.5)
          The IRC server password, if any, is read only from TWODO_IRC_PASSWORD.

        MATRIX BRIDGE OPTIONS:
          --homeserver <url>        The homeserver's client API base URL (TWODO_MATRIX_HOMESERVER, required)
          --user <@bot:server>      The bot's Matrix user id (TWODO_MATRIX_USER, required)
          --twodo <host:port>       The TwoDo server (TWODO_TARGET, default 127.0.0.1:7878)
          --state <path>            Where the sync position and direct rooms are kept (TWODO_MATRIX_STATE,
                                    default $STATE_DIRECTORY/matrix-state.json or ./twodo-matrix-state.json)
          The bot's access token is read only from TWODO_MATRIX_TOKEN.

        """

    /// The bridge configuration from `bridge irc` arguments and the environment.
    static func bridgeConfig(_ arguments: ArraySlice<String>, environment env: [String: String]) throws -> BridgeConfig
    {
        var args = arguments
        guard let kind = args.popFirst() else { throw UsageError(message: "bridge needs a kind: 'bridge irc'") }
        guard kind == "irc" else { throw UsageError(message: "unknown bridge '\(kind)' (irc or matrix)") }
        var irc = env["TWODO_IRC"]
        var nick = env["TWODO_IRC_NICK"] ?? "twodo"
        var channel = env["TWODO_IRC_CHANNEL"]
        var twodo = env["TWODO_TARGET"] ?? "127.0.0.1:7878"
        var pace = env["TWODO_IRC_PACE"] ?? "0.5"
        while let arg = args.popFirst() {
            var flag = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                flag = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func next() throws -> String {
                if let inline { return inline }
                // Channel names start with '#', so only `--` marks a missing value here.
                guard let v = args.popFirst(), !v.hasPrefix("--") else {
                    throw UsageError(message: "\(flag) needs a value")
                }
                return v
            }
            switch flag {
            case "--irc": irc = try next()
            case "--nick": nick = try next()
            case "--channel": channel = try next()
            case "--twodo": twodo = try next()
            case "--pace": pace = try next()
            case "--password", "--pass":
                throw UsageError(message: "the IRC password is read only from TWODO_IRC_PASSWORD, never from a flag")
            default: throw UsageError(message: "unknown option '\(flag)'")
            }
        }
        guard let ircText = irc else { throw UsageError(message: "bridge irc needs --irc <host:port> (or TWODO_IRC)") }
        guard let ircEndpoint = Endpoint(parsing: ircText) else {
            throw UsageError(message: "--irc: '\(ircText)' is not host:port")
        }
        guard let twodoEndpoint = Endpoint(parsing: twodo) else {
            throw UsageError(message: "--twodo: '\(twodo)' is not host:port")
        }
        guard !nick.isEmpty, !nick.contains(where: { " ,*?!@#:".contains($0) || $0.isNewline }) else {
            throw UsageError(message: "--nick: '\(nick)' is not a valid IRC nick")
        }
        if let c = channel,
            c.isEmpty || !IRCNick.isChannel(c) || c.contains(where: { $0 == " " || $0 == "," || $0.isNewline })
        {
            throw UsageError(message: "--channel: '\(c)' is not a channel name like #family")
        }
        guard let lineInterval = Double(pace), lineInterval >= 0.1, lineInterval <= 60 else {
            throw UsageError(message: "--pace: '\(pace)' is not a number of seconds from 0.1 to 60")
        }
        let password = env["TWODO_IRC_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        var config = BridgeConfig(
            irc: ircEndpoint, nick: nick, password: password, twodo: twodoEndpoint, channel: channel)
        config.lineInterval = lineInterval
        return config
    }

    /// The Matrix bridge configuration from `bridge matrix` arguments (after `matrix`) and the environment.
    static func matrixConfig(_ arguments: ArraySlice<String>, environment env: [String: String]) throws
        -> MatrixConfig
    {
        var args = arguments
        var homeserver = env["TWODO_MATRIX_HOMESERVER"]
        var user = env["TWODO_MATRIX_USER"]
        var twodo = env["TWODO_TARGET"] ?? "127.0.0.1:7878"
        var statePath =
            env["TWODO_MATRIX_STATE"]
            ?? env["STATE_DIRECTORY"].map { dir in
                // systemd may pass several directories, colon-separated; the first is ours.
                String(dir.split(separator: ":").first ?? Substring(dir)) + "/matrix-state.json"
            } ?? "./twodo-matrix-state.json"
        while let arg = args.popFirst() {
            var flag = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                flag = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func next() throws -> String {
                if let inline { return inline }
                guard let v = args.popFirst(), !v.hasPrefix("--") else {
                    throw UsageError(message: "\(flag) needs a value")
                }
                return v
            }
            switch flag {
            case "--homeserver": homeserver = try next()
            case "--user": user = try next()
            case "--twodo": twodo = try next()
            case "--state": statePath = try next()
            case "--token", "--access-token", "--password":
                throw UsageError(message: "the access token is read only from TWODO_MATRIX_TOKEN, never from a flag")
            default: throw UsageError(message: "unknown option '\(flag)'")
            }
        }
        guard let homeserverText = homeserver else {
            throw UsageError(message: "bridge matrix needs --homeserver <url> (or TWODO_MATRIX_HOMESERVER)")
        }
        guard let url = URL(string: homeserverText), url.scheme == "http" || url.scheme == "https",
            url.host != nil, url.query == nil
        else {
            throw UsageError(
                message: "--homeserver: '\(homeserverText)' is not an http(s) URL like https://matrix.example.org")
        }
        guard let user else {
            throw UsageError(message: "bridge matrix needs --user <@bot:server> (or TWODO_MATRIX_USER)")
        }
        guard MatrixConfig.isUserID(user) else {
            throw UsageError(message: "--user: '\(user)' is not a Matrix user id like @twodo:example.org")
        }
        guard let twodoEndpoint = Endpoint(parsing: twodo) else {
            throw UsageError(message: "--twodo: '\(twodo)' is not host:port")
        }
        guard let token = env["TWODO_MATRIX_TOKEN"], !token.isEmpty else {
            throw UsageError(message: "bridge matrix needs the bot's access token in TWODO_MATRIX_TOKEN")
        }
        guard !statePath.isEmpty else { throw UsageError(message: "--state needs a file path") }
        return MatrixConfig(homeserver: url, user: user, token: token, twodo: twodoEndpoint, statePath: statePath)
    }
}
