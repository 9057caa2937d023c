// Parses the twodo command line (flags override TWODO_* environment variables) into an action.

import Foundation
import TwoDoBridge
import TwoDoServer

/// A command-line mistake: printed as `Error: ...` with a hint, exit status 64.
struct UsageError: Error {
    let message: String
}

/// What the process was asked to do.
enum Action {
    case serve(ServerConfig)
    case backup(db: String, to: String)
    case check(db: String)
    case bridge(BridgeConfig)
    case matrixBridge(MatrixConfig)
    case help
    case version
}

enum CLI {
    static let usage = """
        USAGE:
          twodo serve [--host <ip>] [--port <port>] [--db <path>] [--max-connections <n>]
                      [--idle-timeout <seconds>] [--rate-limit <per-second>] [--admin <name>]...
                      [--test-clock <ISO 8601 instant>]
          twodo backup <destination> [--db <path>]
          twodo check [--db <path>]
          twodo bridge irc --irc <host:port> [--nick <nick>] [--channel <#chan>] [--twodo <host:port>]
          twodo bridge matrix --homeserver <url> --user <@bot:server> [--twodo <host:port>] [--state <path>]
          twodo --help | --version

        OPTIONS:
          --host <ip>               Address to listen on (TWODO_HOST, default 127.0.0.1)
          --port <port>             TCP port, 0 for any free one (TWODO_PORT, default 7878)
          --db <path>               SQLite database file (TWODO_DB, default ./twodo.sqlite)
          --max-connections <n>     Connections served at once (TWODO_MAX_CONNECTIONS, default 4096)
          --idle-timeout <seconds>  Close connections silent this long (TWODO_IDLE_TIMEOUT, default 1800)
          --login-timeout <seconds> Close connections not logged in this long after they connected, whatever
                                    they send (TWODO_LOGIN_TIMEOUT, default 120)
          --max-per-address <n>     Connections one client address may have open (TWODO_MAX_PER_ADDRESS, default 64)
          --drain-timeout <seconds> Drop a client that leaves its replies unread this long without taking any
                                    (TWODO_DRAIN_TIMEOUT, default 30)
          --rate-limit <n>          Commands per second per connection, 0 = unlimited (TWODO_RATE_LIMIT, default 500)
          --admin <name>            A user allowed to run `stats` (TWODO_ADMINS, comma-separated)
          --trusted-address <ip>    A front (stunnel, a bridge) whose connections are each their own client for
                                    the per-address caps and throttles (TWODO_TRUSTED_ADDRESSES, comma-separated)
          --test-clock <instant>    Freeze the wall clock at this instant and enable `clock` commands (tests only)
          --no-fsync                Do not fsync commits (benchmarks of the non-durable case only)
          --checkpoint-in-loop      Let the COMMIT that fills the WAL copy it into the database, on the loop
                                    thread, instead of a checkpoint thread (slower; for comparison)
          --quiet                   Do not log each connect and disconnect
          -h, --help                Show this help
          --version                 Show the version

        """ + "\n" + bridgeOptions

    static func parse(_ arguments: [String], environment: [String: String]) throws -> Action {
        var args = arguments[...]
        guard let first = args.first else { throw UsageError(message: "missing a command (serve, backup or check)") }
        args = args.dropFirst()
        switch first {
        case "-h", "--help", "help": return .help
        case "--version", "version": return .version
        case "serve": return .serve(try serveConfig(args, environment: environment))
        case "backup":
            var db = environment["TWODO_DB"] ?? "./twodo.sqlite"
            var destination: String?
            while let arg = args.popFirst() {
                if arg == "--db" { db = try value(for: arg, &args) } else if destination == nil && !arg.hasPrefix("-") { destination = arg } else {
                    throw UsageError(message: "unexpected argument '\(arg)'")
                }
            }
            guard let destination else { throw UsageError(message: "backup needs a destination path") }
            return .backup(db: db, to: destination)
        case "bridge":
            if args.first == "matrix" {
                return .matrixBridge(try matrixConfig(args.dropFirst(), environment: environment))
            }
            return .bridge(try bridgeConfig(args, environment: environment))
        case "check":
            var db = environment["TWODO_DB"] ?? "./twodo.sqlite"
            while let arg = args.popFirst() {
                guard arg == "--db" else { throw UsageError(message: "unexpected argument '\(arg)'") }
                db = try value(for: arg, &args)
            }
            return .check(db: db)
        default:
            throw UsageError(message: "unknown command '\(first)'")
        }
    }

    private static func value(for flag: String, _ args: inout ArraySlice<String>) throws -> String {
        guard let v = args.popFirst(), !v.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
        return v
    }

    private static func number<T: LosslessStringConvertible>(_ text: String, _ flag: String, _ valid: (T) -> Bool) throws -> T {
        guard let v = T(text), valid(v) else { throw UsageError(message: "\(flag): '\(text)' is not a valid value") }
        return v
    }

    static func serveConfig(_ arguments: ArraySlice<String>, environment env: [String: String]) throws -> ServerConfig {
        var config = ServerConfig()
        // Environment first, flags override.
        var pairs: [(String, String)] = []
        let envFlags = [
            ("TWODO_HOST", "--host"), ("TWODO_PORT", "--port"), ("TWODO_DB", "--db"), ("TWODO_MAX_CONNECTIONS", "--max-connections"),
            ("TWODO_IDLE_TIMEOUT", "--idle-timeout"), ("TWODO_LOGIN_TIMEOUT", "--login-timeout"), ("TWODO_RATE_LIMIT", "--rate-limit"),
            ("TWODO_MAX_PER_ADDRESS", "--max-per-address"), ("TWODO_DRAIN_TIMEOUT", "--drain-timeout"),
        ]
        for (name, flag) in envFlags { if let v = env[name] { pairs.append((flag, v)) } }
        for admin in (env["TWODO_ADMINS"] ?? "").split(separator: ",") { pairs.append(("--admin", String(admin))) }
        for front in (env["TWODO_TRUSTED_ADDRESSES"] ?? "").split(separator: ",") { pairs.append(("--trusted-address", String(front))) }
        var args = arguments
        while let arg = args.popFirst() {
            switch arg {
            case "--no-fsync": config.durable = false
            case "--checkpoint-in-loop": config.backgroundCheckpoints = false
            case "--quiet": config.logConnections = false
            default:
                if arg.hasPrefix("--") && arg.contains("=") {
                    let parts = arg.split(separator: "=", maxSplits: 1)
                    pairs.append((String(parts[0]), String(parts[1])))
                } else {
                    pairs.append((arg, try value(for: arg, &args)))
                }
            }
        }
        for (flag, v) in pairs {
            switch flag {
            case "--host": config.host = v
            case "--port": config.port = try number(v, flag) { (_: UInt16) in true }
            case "--db": config.databasePath = v
            case "--max-connections": config.maxConnections = try number(v, flag) { (n: Int) in n > 0 }
            case "--idle-timeout": config.idleTimeout = try number(v, flag) { (n: Double) in n > 0 }
            case "--login-timeout": config.loginTimeout = try number(v, flag) { (n: Double) in n > 0 }
            case "--max-per-address": config.maxPerAddress = try number(v, flag) { (n: Int) in n > 0 }
            case "--drain-timeout": config.drainTimeout = try number(v, flag) { (n: Double) in n > 0 }
            case "--rate-limit":
                config.rateLimit = try number(v, flag) { (n: Double) in n >= 0 }
                // The burst follows the rate (4 s worth), so a lower limit really limits bursts too.
                config.rateBurst = config.rateLimit * 4
            case "--admin": config.admins.insert(v)
            case "--trusted-address": config.trustedAddresses.insert(v)
            // Hidden (for tests): lower the space limits so they can be reached quickly. See docs/OPERATIONS.md.
            case "--limit-lists": config.limits.listsPerSpace = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-list-tasks": config.limits.openTasksPerList = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-tasks": config.limits.tasksPerSpace = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-routines": config.limits.routinesPerSpace = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-events": config.limits.eventsPerSpace = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-notes": config.limits.notesPerItem = try number(v, flag) { (n: Int) in n > 0 }
            case "--limit-occurrences": config.limits.occurrencesPerListing = try number(v, flag) { (n: Int) in n > 0 }
            case "--test-clock":
                guard let date = try? Date(v, strategy: .iso8601) else {
                    throw UsageError(message: "--test-clock: '\(v)' is not an ISO 8601 instant like 2026-11-22T09:00:00Z")
                }
                config.testClockStart = Int64(date.timeIntervalSince1970)
            default: throw UsageError(message: "unknown option '\(flag)'")
            }
        }
        return config
    }
}
