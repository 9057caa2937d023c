// Parses `twodo bridge irc ...` (flags override TWODO_IRC* / TWODO_TARGET environment variables).

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

        """

    /// The bridge configuration from `bridge irc` arguments and the environment.
    static func bridgeConfig(_ arguments: ArraySlice<String>, environment env: [String: String]) throws -> BridgeConfig
    {
        var args = arguments
        guard let kind = args.popFirst() else { throw UsageError(message: "bridge needs a kind: 'bridge irc'") }
        guard kind == "irc" else {
            throw UsageError(
                message: kind == "matrix" ? "the Matrix bridge is not available yet" : "unknown bridge '\(kind)'")
        }
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
}
