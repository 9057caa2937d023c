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
        usage: [
            "twodo bridge irc --irc <host:port> [--nick <nick>] [--channel <#chan>] [--twodo <host:port>]",
            "                 [--tls [--tls-ca <pem> | --tls-fingerprint <sha256>]] [--sasl-account <name> |",
            "                 --sasl-external --tls-client-cert <pem> --tls-client-key <pem>]",
        ],
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
            Option(
                "tls",
                help: "Connect with TLS (port 6697 usually); the certificate is verified against\n"
                    + "the system's authorities and the server's name"),
            Option(
                "tls-ca", value: "<pem>", environment: "TWODO_IRC_TLS_CA",
                help: "Trust these authorities (a private CA or a self-signed certificate) instead"),
            Option(
                "tls-fingerprint", value: "<sha256>", environment: "TWODO_IRC_TLS_FINGERPRINT",
                help: "Trust exactly the certificate with this SHA-256 fingerprint (pinning)"),
            Option(
                "tls-client-cert", value: "<pem>", environment: "TWODO_IRC_TLS_CLIENT_CERT",
                help: "A client certificate to present (for --sasl-external)"),
            Option("tls-client-key", value: "<pem>", environment: "TWODO_IRC_TLS_CLIENT_KEY", help: "Its key"),
            Option(
                "sasl-account", value: "<name>", environment: "TWODO_IRC_SASL_ACCOUNT",
                help: "Log in to this services account with SASL PLAIN (over TLS only); the\n"
                    + "password from TWODO_IRC_SASL_PASSWORD"),
            Option("sasl-external", help: "Log in with SASL EXTERNAL: the client certificate is the proof"),
            .refused("password", passwordRefusal), .refused("pass", passwordRefusal),
            .refused("sasl-password", saslPasswordRefusal),
        ],
        notes: [
            "The IRC server password, if any, is read only from TWODO_IRC_PASSWORD; the SASL password only from",
            "TWODO_IRC_SASL_PASSWORD.",
        ],
        version: versionLine)

    /// Why `--password`/`--pass` are refused: a flag would show the secret in `ps` and shell history.
    static let passwordRefusal = "the IRC password is read only from TWODO_IRC_PASSWORD, never from a flag"
    /// Why `--sasl-password` is refused, for the same reason.
    static let saslPasswordRefusal = "the SASL password is read only from TWODO_IRC_SASL_PASSWORD, never from a flag"
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
        try ircSecurity(args, environment: env, into: &config)
        return config
    }

    /// `--tls` and its trust, the client certificate, and SASL, checked against each other: SASL PLAIN never
    /// goes over plain text, EXTERNAL needs a certificate, one trust at a time.
    static func ircSecurity(
        _ args: Arguments, environment env: [String: String], into config: inout BridgeConfig
    ) throws(ArgumentError) {
        let ca = args.string("tls-ca")
        let fingerprint = args.string("tls-fingerprint")
        let certificate = args.string("tls-client-cert")
        let key = args.string("tls-client-key")
        let tls = args.flag("tls")
        guard tls || (ca == nil && fingerprint == nil && certificate == nil && key == nil) else {
            throw args.error("--tls-ca, --tls-fingerprint and --tls-client-cert/--tls-client-key need --tls")
        }
        if tls {
            switch (ca, fingerprint) {
            case (nil, nil): config.tls = .system
            case (let ca?, nil): config.tls = .authorities(file: ca)
            case (nil, let pin?):
                let hex = pin.lowercased().filter { $0 != ":" }
                guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else {
                    throw args.error("--tls-fingerprint: '\(pin)' is not a SHA-256 fingerprint (64 hex digits)")
                }
                config.tls = .pinned(sha256: hex)
            default: throw args.error("give --tls-ca or --tls-fingerprint, not both")
            }
        }
        switch (certificate, key) {
        case (nil, nil): break
        case (let c?, let k?): config.clientCertificate = (c, k)
        default: throw args.error("--tls-client-cert and --tls-client-key go together")
        }
        let account = args.string("sasl-account")
        if args.flag("sasl-external") {
            guard account == nil else { throw args.error("give --sasl-account or --sasl-external, not both") }
            guard config.clientCertificate != nil else {
                throw args.error("--sasl-external needs --tls-client-cert and --tls-client-key")
            }
            config.sasl = .external
        } else if let account {
            guard tls else { throw args.error("--sasl-account needs --tls: the password never goes in plain text") }
            guard let password = env["TWODO_IRC_SASL_PASSWORD"], !password.isEmpty else {
                throw args.error("--sasl-account needs the password in TWODO_IRC_SASL_PASSWORD")
            }
            config.sasl = .plain(account: account, password: password)
        }
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
