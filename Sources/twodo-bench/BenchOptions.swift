// The twodo-bench command line: which scenario, which server, and the sizes to use.

import Foundation
import TwoDoArguments

/// Everything given on the command line. Sizes left nil take each scenario's default.
struct BenchOptions {
    /// throughput, latency, idle, bigspace, loginstorm, parser, reminders or all.
    var scenario = ""
    /// The twodo binary to start (default: the one beside this executable).
    var binary: String?
    /// A running server to use instead of starting one.
    var target: (host: String, port: UInt16)?
    /// The running server's process id, so `idle` can read its RSS.
    var pid: Int32?
    /// Where temporary databases go.
    var databaseFolder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    /// Start the server with `--no-fsync` (figures for the non-durable case only).
    var noFsync = false
    /// Start the server with `--checkpoint-in-loop` (for comparison).
    var checkpointInLoop = false
    /// Print tables as Markdown.
    var markdown = false
    /// Bind each connection to its own 127.x.y.z source address.
    var spreadSources = true

    var pairs: Int?
    var seconds: Double?
    var rate: Double?
    var window: Int?
    var connections: [Int]?
    var tasks: Int?
    var events: Int?
    var lists: Int?
    var runs: Int?
    var stormConnections: Int?
    var normalPairs: Int?
    var normalRate: Double?
    /// `peer`: shorter phases and fewer pairs and idle connections.
    var quick = false
    /// `hostile`: only the attacks whose names contain this text.
    var attacks: String?
    /// `peer`: the redis-server binary (default: the first on PATH).
    var redisBinary: String?

    static let scenarios = [
        "throughput", "latency", "idle", "bigspace", "loginstorm", "calendar", "parser", "reminders", "hostile", "peer",
        "floor",
        "all",
    ]

    /// The command line's table: the scenario is the one positional argument; sizes are options.
    static let command = Command(
        name: "twodo-bench",
        usage: ["twodo-bench <scenario> [options]"],
        options: [
            Option("bin", value: "<path>", help: "twodo binary to start (default: twodo beside this executable)"),
            Option(
                "target", value: "<host:port>",
                help: "use a running server instead (start it with --rate-limit 0 and large limits)"),
            Option("pid", value: "<pid>", help: "the --target server's process id, for RSS figures"),
            Option(
                "db-dir", value: "<folder>",
                help: "where the started server's temporary database goes (default $TMPDIR or /tmp)"),
            Option("no-fsync", help: "start the server with --no-fsync (not durable; for comparison only)"),
            Option("checkpoint-in-loop", help: "start the server with --checkpoint-in-loop (for comparison)"),
            Option("no-source-spread", help: "connect from 127.0.0.1 only (registration/login throttles will bite)"),
            Option("markdown", help: "print tables as Markdown"),
            Option("pairs", value: "<n>", help: "pairs of users (throughput, latency, reminders)"),
            Option("seconds", value: "<s>", help: "how long each measured phase runs"),
            Option("rate", value: "<n>", help: "the pace, per second (latency, loginstorm, reminders)"),
            Option("window", value: "<n>", help: "commands in flight per pipelining client (throughput)"),
            Option("connections", value: "<n,n...>", help: "idle connection counts to measure (idle)"),
            Option("tasks", value: "<n>", help: "tasks in the big space (bigspace, reminders)"),
            Option("events", value: "<n>", help: "events in the calendar (calendar)"),
            Option("lists", value: "<n>", help: "lists the tasks spread over (bigspace)"),
            Option("runs", value: "<n>", help: "measured requests (bigspace, calendar); whole tables (peer, floor)"),
            Option("storm-connections", value: "<n>", help: "wrong-password connections (loginstorm)"),
            Option("normal-pairs", value: "<n>", help: "pairs working through the storm (loginstorm)"),
            Option("normal-rate", value: "<n>", help: "their commands per second (loginstorm)"),
            Option("quick", help: "peer: 3 s phases, 200 pairs, 500 idle connections"),
            Option(
                "attacks", value: "<text>",
                help: "hostile: only the attacks whose names contain <text> (comma-separated alternatives)"),
            Option("redis", value: "<path>", help: "peer: the redis-server to start (default: the first on PATH)"),
        ],
        maxPositionals: 1,
        sections: [
            (
                "SCENARIOS",
                [
                    "throughput   pairs pipeline add/done; durable commands/s, reply and partner-event latency",
                    "             [--pairs 50] [--seconds 10] [--window 32]",
                    "latency      paced adders; partner-event and reply latency [--pairs 1000] [--rate 5] [--seconds 20]",
                    "idle         RSS per idle logged-in connection [--connections 1000,10000]",
                    "bigspace     one user with many tasks; `show` latency [--tasks 100000] [--lists 100] [--runs 200]",
                    "loginstorm   wrong-password logins while pairs work [--seconds 5] [--rate 200]",
                    "             [--normal-pairs 10] [--normal-rate 10] [--storm-connections 300]",
                    "calendar     `calendar` of one month in spaces with many events [--events 5000] [--runs 200]",
                    "parser       Parser.parse lines per second, in-process",
                    "reminders    start-up with many pending reminders; 1,000 due at once under load",
                    "             [--tasks 100000] [--pairs 50] [--rate 20] [--seconds 3]",
                    "hostile      the hostile-client attacks one by one; a bystander's ping p99 and the server's RSS",
                    "             during each [--seconds 5]",
                    "peer         side by side with redis-server: durable writes/s, relay latency,",
                    "             server CPU, RSS per idle connection; each server pinned to core 1",
                    "             [--seconds 10] [--pairs 1000] [--rate 10] [--connections 2000] [--runs 1]",
                    "             [--quick] [--redis <path>]",
                    "floor        SQLite alone, in-process, for one durable add's writes; no server",
                    "             runs, pin it: taskset -c 1 twodo-bench floor [--runs 1]",
                    "all          every scenario above in order, with its defaults (options given apply to all)",
                ]
            )
        ])

    /// The help text.
    static var usage: String { command.helpText }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> BenchOptions {
        var options = BenchOptions()
        let args: Arguments
        switch try command.parse(arguments) {
        case .help, .version:
            options.scenario = "help"
            return options
        case .run(let parsed): args = parsed
        }
        func number<T: LosslessStringConvertible & Comparable & Numeric>(_ long: String) throws(ArgumentError) -> T? {
            try args.value(long, expected: "a positive number") { T($0).flatMap { $0 > 0 ? $0 : nil } }
        }
        options.binary = args.string("bin")
        if let text = args.string("target") {
            guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
                throw args.error("--target: '\(text)' is not host:port")
            }
            let host = String(text[..<colon])
            options.target = (host == "localhost" ? "127.0.0.1" : host, port)
        }
        options.pid = try number("pid")
        if let folder = args.string("db-dir") { options.databaseFolder = folder }
        options.noFsync = args.flag("no-fsync")
        options.checkpointInLoop = args.flag("checkpoint-in-loop")
        options.markdown = args.flag("markdown")
        options.spreadSources = !args.flag("no-source-spread")
        options.pairs = try number("pairs")
        options.seconds = try number("seconds")
        options.rate = try number("rate")
        options.window = try number("window")
        if let text = args.string("connections") {
            let list = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !list.isEmpty, list.count == text.split(separator: ",").count else {
                throw args.error("--connections: '\(text)' is not a list like 1000,10000")
            }
            options.connections = list
        }
        options.tasks = try number("tasks")
        options.events = try number("events")
        options.lists = try number("lists")
        options.runs = try number("runs")
        options.stormConnections = try number("storm-connections")
        options.normalPairs = try number("normal-pairs")
        options.normalRate = try number("normal-rate")
        options.quick = args.flag("quick")
        options.attacks = args.string("attacks")
        options.redisBinary = args.string("redis")
        guard let scenario = args.positionals.first else {
            throw args.error("missing a scenario (\(scenarios.joined(separator: ", ")))")
        }
        if scenario == "help" {
            options.scenario = "help"
            return options
        }
        guard scenarios.contains(scenario) else { throw args.error("unknown scenario '\(scenario)'") }
        options.scenario = scenario
        return options
    }
}
