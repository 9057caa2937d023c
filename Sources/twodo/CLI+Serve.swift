// `twodo serve`: its option table (flags override TWODO_* variables) and the ServerConfig it builds.

import Foundation
import TwoDoArguments
import TwoDoCore
import TwoDoServer

extension CLI {
    /// The options of `twodo serve`.
    static let serve = Command(
        name: "twodo serve",
        usage: [
            "twodo serve [--host <ip>] [--port <port>] [--db <path>] [--max-connections <n>]",
            "            [--tls-port <port> --tls-cert <pem> --tls-key <pem>]",
            "            [--idle-timeout <seconds>] [--rate-limit <per-second>] [--admin <name>]...",
            "            [--test-clock <ISO 8601 instant>]",
        ],
        options: [
            Option(
                "host", value: "<ip>", environment: "TWODO_HOST", default: "127.0.0.1", help: "Address to listen on"),
            Option(
                "port", value: "<port>", environment: "TWODO_PORT", default: "7878",
                help: "TCP port, 0 for any free one; none when --tls-port is given\nwithout it"),
            Option(
                "tls-port", value: "<port>", environment: "TWODO_TLS_PORT",
                help: "Listen for TLS 1.2+ on this port too, 0 for any free one"),
            Option(
                "tls-cert", value: "<pem>", environment: "TWODO_TLS_CERT",
                help: "TLS certificate chain, PEM (fullchain.pem); read again on\nSIGHUP"),
            Option(
                "tls-key", value: "<pem>", environment: "TWODO_TLS_KEY",
                help: "The certificate's private key, PEM; read again on SIGHUP"),
            Option(
                "tls-handshake-timeout", value: "<seconds>", environment: "TWODO_TLS_HANDSHAKE_TIMEOUT",
                default: "10",
                help: "Close a TLS client whose handshake is not done this long\nafter it connected"),
            databaseOption,
            Option(
                "max-connections", value: "<n>", environment: "TWODO_MAX_CONNECTIONS", default: "4096",
                help: "Connections served at once"),
            Option(
                "idle-timeout", value: "<seconds>", environment: "TWODO_IDLE_TIMEOUT", default: "1800",
                help: "Close connections silent this long"),
            Option(
                "login-timeout", value: "<seconds>", environment: "TWODO_LOGIN_TIMEOUT", default: "120",
                help: "Close connections not logged in this long after they connected, whatever\nthey send"),
            Option(
                "max-per-address", value: "<n>", environment: "TWODO_MAX_PER_ADDRESS", default: "64",
                help: "Connections one client address may have open"),
            Option(
                "drain-timeout", value: "<seconds>", environment: "TWODO_DRAIN_TIMEOUT", default: "30",
                help: "Drop a client that leaves its replies unread this long without taking any\n"),
            Option(
                "rate-limit", value: "<n>", environment: "TWODO_RATE_LIMIT", default: "500",
                help: "Commands per second per connection, 0 = unlimited"),
            Option(
                "admin", value: "<name>", environment: "TWODO_ADMINS", repeatable: true,
                help: "A user allowed to run `stats`"),
            Option(
                "trusted-address", value: "<ip>", environment: "TWODO_TRUSTED_ADDRESSES", repeatable: true,
                help: "A front (stunnel, a chat relay) whose clients share its address; it may\nsend PROXY headers"),
            Option(
                "proxy-protocol", value: "<ip>", environment: "TWODO_PROXY_PROTOCOL", repeatable: true,
                help: "A front (HAProxy, send-proxy-v2) every connection of which starts with a\n"
                    + "PROXY v2 header naming the real client; without one it is closed"),
            Option(
                "test-clock", value: "<instant>",
                help: "Freeze the wall clock at this instant and enable `clock` commands (tests only)"),
            Option("no-fsync", help: "Do not fsync commits (benchmarks of the non-durable case only)"),
            Option(
                "checkpoint-in-loop",
                help: "Let the COMMIT that fills the WAL copy it into the database, on the loop\n"
                    + "thread, instead of a checkpoint thread (slower; for comparison)"),
            Option("quiet", help: "Do not log each connect and disconnect"),
            Option(
                "http-port", value: "<port>", environment: "TWODO_HTTP_PORT",
                help: "Serve calendar feeds (GET /cal/<secret>.ics, nothing else) on this port;\n"
                    + "0 for any free one. Without it, `calendar link` says feeds are off"),
            Option(
                "http-tls",
                help: "The feed port speaks TLS (https://) with the certificate of --tls-cert and\n"
                    + "--tls-key, reloaded when the files change"),
            Option(
                "feed-url", value: "<url>", environment: "TWODO_FEED_URL",
                help: "The feed port's public base URL as phones reach it (https://todo.example.com);\n"
                    + "default http://<host>:<http-port>"),
        ] + limitOptions.map { Option($0.flag, value: "<n>", hidden: true, help: "") },
        version: versionLine)

    /// Hidden (for tests): lower the space limits so they can be reached quickly. See docs/OPERATIONS.md.
    static var limitOptions: [(flag: String, limit: WritableKeyPath<SpaceLimits, Int>)] {
        [
            ("limit-lists", \.listsPerSpace), ("limit-list-tasks", \.openTasksPerList),
            ("limit-tasks", \.tasksPerSpace), ("limit-routines", \.routinesPerSpace),
            ("limit-events", \.eventsPerSpace), ("limit-notes", \.notesPerItem),
            ("limit-occurrences", \.occurrencesPerListing), ("limit-steps", \.stepsPerTask),
            ("limit-exceptions", \.exceptionsPerSeries),
        ]
    }

    /// The server configuration from parsed `serve` arguments.
    static func serveConfig(_ args: Arguments) throws(ArgumentError) -> ServerConfig {
        var config = ServerConfig()
        if let host = args.string("host") { config.host = host }
        if let port = try args.value("port", { UInt16($0) }) { config.port = port }
        config.tls = try tlsSettings(args)
        // TLS alone unless a plain port is asked for too (by --port or TWODO_PORT).
        if config.tls != nil && args.string("port") == nil { config.port = nil }
        if let db = args.string("db") { config.databasePath = db }
        if let n = try args.value("max-connections", positive { Int($0) }) { config.maxConnections = n }
        if let s = try args.value("idle-timeout", positive { Double($0) }) { config.idleTimeout = s }
        if let s = try args.value("login-timeout", positive { Double($0) }) { config.loginTimeout = s }
        if let n = try args.value("max-per-address", positive { Int($0) }) { config.maxPerAddress = n }
        if let s = try args.value("drain-timeout", positive { Double($0) }) { config.drainTimeout = s }
        if let rate = try args.value("rate-limit", { Double($0).flatMap { $0 >= 0 ? $0 : nil } }) {
            config.rateLimit = rate
            // The burst follows the rate (4 s worth), so a lower limit really limits bursts too.
            config.rateBurst = rate * 4
        }
        config.admins.formUnion(args.strings("admin"))
        config.trustedAddresses.formUnion(args.strings("trusted-address"))
        // Matched against the peer's dotted quad as accepted (the listener is IPv4): a name or an IPv6
        // address would silently never match, and every connection from the front would be capped as one.
        config.proxyProtocolAddresses.formUnion(
            try args.values("proxy-protocol", expected: "an IPv4 address like 10.0.0.5") { isIPv4($0) ? $0 : nil })
        for (flag, limit) in limitOptions {
            if let n = try args.value(flag, positive { Int($0) }) { config.limits[keyPath: limit] = n }
        }
        if let start = try args.value(
            "test-clock", expected: "an ISO 8601 instant like 2026-11-22T09:00:00Z",
            { try? Date($0, strategy: .iso8601) })
        {
            config.testClockStart = Int64(start.timeIntervalSince1970)
        }
        if args.flag("no-fsync") { config.durable = false }
        if args.flag("checkpoint-in-loop") { config.backgroundCheckpoints = false }
        if args.flag("quiet") { config.logConnections = false }
        if let port = try args.value("http-port", { UInt16($0) }) { config.httpPort = port }
        if args.flag("http-tls") {
            guard config.tls != nil, config.httpPort != nil else {
                throw args.error(
                    "--http-tls needs --http-port and the certificate of --tls-port, --tls-cert and --tls-key")
            }
            config.httpTLS = true
        }
        if let url = try args.value(
            "feed-url", expected: "an http:// or https:// URL like https://todo.example.com",
            { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? $0 : nil })
        {
            config.feedURL = url
        }
        return config
    }

    /// The TLS listener `--tls-port`, `--tls-cert` and `--tls-key` ask for (all three or none).
    static func tlsSettings(_ args: Arguments) throws(ArgumentError) -> TLSSettings? {
        let port = try args.value("tls-port", expected: "a port number (0-65535)") { UInt16($0) }
        let certificate = args.string("tls-cert")
        let key = args.string("tls-key")
        let timeout = try args.value("tls-handshake-timeout", positive { Double($0) })
        guard let port else {
            if certificate != nil || key != nil || timeout != nil {
                throw args.error("--tls-cert, --tls-key and --tls-handshake-timeout need --tls-port")
            }
            return nil
        }
        guard let certificate, let key else {
            throw args.error("--tls-port needs --tls-cert <pem> and --tls-key <pem>")
        }
        var settings = TLSSettings(port: port, certificatePath: certificate, keyPath: key)
        if let timeout { settings.handshakeTimeout = timeout }
        return settings
    }

    /// Whether `text` is an IPv4 address in the dotted-quad form the server prints peers in (no leading zeros).
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
                    && (part == "0" || !part.hasPrefix("0"))
            }
    }

    /// A converter that accepts only values above zero.
    static func positive<T: Comparable & Numeric>(_ make: @escaping (String) -> T?) -> (String) -> T? {
        { text in make(text).flatMap { $0 > 0 ? $0 : nil } }
    }
}
