// Parses the twodo command line into an action: picks the subcommand, whose table (TwoDoArguments) reads the rest.

import Foundation
import TwoDoArguments
import TwoDoBridge
import TwoDoServer

/// What the process was asked to do.
enum Action {
    case serve(ServerConfig)
    case backup(db: String, to: String)
    case check(db: String)
    /// `twodo migrate --from <sqlite file> --to <postgresql url>`.
    case migrate(from: String, to: String)
    /// `twodo admin reset-password <name>`: print a one-time password-reset code.
    case resetPassword(db: String, name: String)
    case bridge(BridgeConfig)
    case matrixBridge(MatrixConfig)
    /// Print this help text to stdout and exit 0.
    case help(String)
    case version
}

/// The twodo command line: one option table per subcommand, read by TwoDoArguments.
enum CLI {
    /// The hint under errors that belong to no subcommand.
    static let hint = "run 'twodo --help' for usage."

    /// The line `--version` prints.
    static let versionLine = "twodo \(Server.version)"

    /// `twodo --help`: every subcommand's usage, serve's options, then the bridges' options.
    static var usage: String {
        let width = 26
        var lines = ["USAGE:"]
        for command in [serve, backup, check, migrate, resetPassword, ircBridge, matrixBridge] {
            lines += command.usage.map { "  " + $0 }
        }
        lines += ["  twodo --help | --version", "  twodo <command> --help", ""]
        lines += ["OPTIONS:"] + serve.optionLines(includingBuiltins: true, width: width) + [""]
        lines += ["BRIDGE OPTIONS:"] + ircBridge.optionLines(includingBuiltins: false, width: width)
        lines += ircBridge.notes.map { "  " + $0 } + [""]
        lines += ["MATRIX BRIDGE OPTIONS:"] + matrixBridge.optionLines(includingBuiltins: false, width: width)
        lines += matrixBridge.notes.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The action `arguments` (after the program name) ask for, with `environment` supplying TWODO_* settings.
    static func parse(_ arguments: [String], environment: [String: String]) throws(ArgumentError) -> Action {
        guard let first = arguments.first else {
            throw ArgumentError("missing a command (serve, backup or check)", hint: hint)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help": return .help(usage)
        case "--version", "version": return .version
        case "serve":
            return try run(serve, rest, environment) { args throws(ArgumentError) in .serve(try serveConfig(args)) }
        case "backup":
            return try run(backup, rest, environment) { args throws(ArgumentError) in
                guard let destination = args.positionals.first else {
                    throw args.error("backup needs a destination path")
                }
                return .backup(db: args.string("db") ?? defaultDatabase, to: destination)
            }
        case "check":
            return try run(check, rest, environment) { args in .check(db: args.string("db") ?? defaultDatabase) }
        case "migrate":
            return try run(migrate, rest, environment) { args throws(ArgumentError) in
                guard let from = args.string("from"), let to = args.string("to") else {
                    throw args.error("migrate needs --from <sqlite file> and --to <postgresql url>")
                }
                return .migrate(from: from, to: to)
            }
        case "admin":
            guard rest.first == "reset-password" else {
                throw ArgumentError("admin needs a task: 'admin reset-password <name>'", hint: hint)
            }
            return try run(resetPassword, Array(rest.dropFirst()), environment) { args throws(ArgumentError) in
                guard let name = args.positionals.first else { throw args.error("reset-password needs a user name") }
                return .resetPassword(db: args.string("db") ?? defaultDatabase, name: name)
            }
        case "bridge":
            guard let kind = rest.first else { throw ArgumentError("bridge needs a kind: 'bridge irc'", hint: hint) }
            switch kind {
            case "irc":
                return try run(ircBridge, Array(rest.dropFirst()), environment) { args throws(ArgumentError) in
                    .bridge(try bridgeConfig(args, environment: environment))
                }
            case "matrix":
                return try run(matrixBridge, Array(rest.dropFirst()), environment) { args throws(ArgumentError) in
                    .matrixBridge(try matrixConfig(args, environment: environment))
                }
            case "-h", "--help":
                return .help(ircBridge.helpText + "\n" + matrixBridge.helpText)
            default:
                throw ArgumentError("unknown bridge '\(kind)' (irc or matrix)", hint: hint)
            }
        default:
            throw ArgumentError("unknown command '\(first)'", hint: hint)
        }
    }

    /// Parses `arguments` with `command`'s table; help and version short-circuit, otherwise `make` builds the action.
    private static func run(
        _ command: Command, _ arguments: [String], _ environment: [String: String],
        _ make: (Arguments) throws(ArgumentError) -> Action
    ) throws(ArgumentError) -> Action {
        switch try command.parse(arguments, environment: environment) {
        case .help(let text): return .help(text)
        case .version: return .version
        case .run(let args): return try make(args)
        }
    }

    /// The database file when neither `--db` nor `TWODO_DB` names one.
    static let defaultDatabase = "./twodo.sqlite"

    /// `--db` as backup and check read it.
    static let databaseOption = Option(
        "db", value: "<path>", environment: "TWODO_DB", default: defaultDatabase, help: "SQLite database file")

    /// `twodo backup <destination>`.
    static let backup = Command(
        name: "twodo backup", usage: ["twodo backup <destination> [--db <path>]"], options: [databaseOption],
        maxPositionals: 1,
        notes: ["Copies the database while the server may keep writing; never overwrites <destination>."],
        version: versionLine)

    /// `twodo admin reset-password <name>`.
    static let resetPassword = Command(
        name: "twodo admin reset-password", usage: ["twodo admin reset-password <name> [--db <path>]"],
        options: [databaseOption], maxPositionals: 1,
        notes: [
            "Prints a one-time code (valid 1 hour) for a user without a partner to approve a reset; they type",
            "'reset <name> <code> <new password>'. Works while the server runs.",
        ],
        version: versionLine)

    /// `twodo check`.
    /// `twodo migrate --from <sqlite file> --to <postgresql url>`.
    static let migrate = Command(
        name: "twodo migrate", usage: ["twodo migrate --from <sqlite file> --to <postgresql url>"],
        options: [
            Option("from", value: "<path>", help: "the SQLite database to copy (no server may be running on it)"),
            Option("to", value: "<url>", help: "an empty PostgreSQL database: postgresql://user@host:port/db"),
        ],
        notes: [
            "Copies every row with its id into PostgreSQL in one transaction and verifies each table (row count and",
            "checksum) before committing; prints one line per table. The undo history is not copied.",
        ],
        version: versionLine)

    static let check = Command(
        name: "twodo check", usage: ["twodo check [--db <path>]"], options: [databaseOption],
        notes: ["Runs SQLite's integrity check on the database (read-only); exit status 1 if it fails."],
        version: versionLine)
}
