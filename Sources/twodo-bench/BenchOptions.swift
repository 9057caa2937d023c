// The twodo-bench command line: which scenario, which server, and the sizes to use.

import Foundation

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

    static let scenarios = ["throughput", "latency", "idle", "bigspace", "loginstorm", "calendar", "parser", "reminders", "hostile", "all"]

    static let usage = """
        USAGE:
          twodo-bench <scenario> [options]

        SCENARIOS:
          throughput   pairs pipeline add/done; durable commands/s, reply and partner-event latency
                       [--pairs 50] [--seconds 10] [--window 32]
          latency      paced adders; partner-event and reply latency [--pairs 1000] [--rate 5] [--seconds 20]
          idle         RSS per idle logged-in connection [--connections 1000,10000]
          bigspace     one user with many tasks; `show` latency [--tasks 100000] [--lists 100] [--runs 200]
          loginstorm   wrong-password logins while pairs work [--seconds 5] [--rate 200]
                       [--normal-pairs 10] [--normal-rate 10] [--storm-connections 300]
          calendar     `calendar` of one month in spaces with many events [--events 10000] [--runs 200]
          parser       Parser.parse lines per second, in-process
          reminders    start-up with many pending reminders; 1,000 due at once under load
                       [--tasks 100000] [--pairs 50] [--rate 20] [--seconds 3]
          hostile      the attacks of issue 11 one by one; a bystander's ping p99 and the server's RSS
                       during each [--seconds 5]
          all          every scenario above in order, with its defaults (options given apply to all)

        OPTIONS:
          --bin <path>         twodo binary to start (default: twodo beside this executable)
          --target <host:port> use a running server instead (start it with --rate-limit 0 and large limits)
          --pid <pid>          the --target server's process id, for RSS figures
          --db-dir <folder>    where the started server's temporary database goes (default $TMPDIR or /tmp)
          --no-fsync           start the server with --no-fsync (not durable; for comparison only)
          --checkpoint-in-loop start the server with --checkpoint-in-loop (for comparison)
          --no-source-spread   connect from 127.0.0.1 only (registration/login throttles will bite)
          --markdown           print tables as Markdown
          -h, --help           show this help

        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var args = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let v = args.popFirst(), !v.hasPrefix("--") else { throw BenchError.usage("\(flag) needs a value") }
            return v
        }
        func number<T: LosslessStringConvertible & Comparable & Numeric>(_ flag: String) throws -> T {
            let text = try value(flag)
            guard let n = T(text), n > 0 else { throw BenchError.usage("\(flag): '\(text)' is not a positive number") }
            return n
        }
        while let arg = args.popFirst() {
            switch arg {
            case "-h", "--help", "help": options.scenario = "help"
            case "--bin": options.binary = try value(arg)
            case "--target":
                let text = try value(arg)
                guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
                    throw BenchError.usage("--target: '\(text)' is not host:port")
                }
                let host = String(text[..<colon])
                options.target = (host == "localhost" ? "127.0.0.1" : host, port)
            case "--pid": options.pid = try number(arg)
            case "--db-dir": options.databaseFolder = try value(arg)
            case "--no-fsync": options.noFsync = true
            case "--checkpoint-in-loop": options.checkpointInLoop = true
            case "--markdown": options.markdown = true
            case "--no-source-spread": options.spreadSources = false
            case "--pairs": options.pairs = try number(arg)
            case "--seconds": options.seconds = try number(arg)
            case "--rate": options.rate = try number(arg)
            case "--window": options.window = try number(arg)
            case "--connections":
                let text = try value(arg)
                let list = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                guard !list.isEmpty, list.count == text.split(separator: ",").count else {
                    throw BenchError.usage("--connections: '\(text)' is not a list like 1000,10000")
                }
                options.connections = list
            case "--tasks": options.tasks = try number(arg)
            case "--events": options.events = try number(arg)
            case "--lists": options.lists = try number(arg)
            case "--runs": options.runs = try number(arg)
            case "--storm-connections": options.stormConnections = try number(arg)
            case "--normal-pairs": options.normalPairs = try number(arg)
            case "--normal-rate": options.normalRate = try number(arg)
            default:
                guard !arg.hasPrefix("-"), options.scenario.isEmpty else { throw BenchError.usage("unknown option '\(arg)'") }
                guard scenarios.contains(arg) else { throw BenchError.usage("unknown scenario '\(arg)'") }
                options.scenario = arg
            }
        }
        if options.scenario.isEmpty { throw BenchError.usage("missing a scenario (\(scenarios.joined(separator: ", ")))") }
        return options
    }
}
