// End to end: every subcommand's --help, its usage errors (exit 64, unknown option named), flags over environment.

import Foundation
import Testing

@Suite("Each twodo subcommand's command line", .serialized, .timeLimit(.minutes(1)))
struct CLISubcommandTests {
    @Test(
        "--help or -h on a subcommand prints its USAGE and OPTIONS to stdout and exits 0",
        arguments: [
            (["serve", "--help"], ["twodo serve [--host <ip>]", "TWODO_MAX_CONNECTIONS", "--no-fsync", "-h, --help"]),
            (["serve", "-h"], ["twodo serve [--host <ip>]", "--admin <name>", "TWODO_ADMINS, comma-separated"]),
            (["serve", "--port", "--help"], ["twodo serve [--host <ip>]"]),
            (["serve", "--bogus", "-h"], ["twodo serve [--host <ip>]"]),
            (["backup", "--help"], ["twodo backup <destination> [--db <path>]", "TWODO_DB, default ./twodo.sqlite"]),
            (["check", "-h"], ["twodo check [--db <path>]", "TWODO_DB"]),
            (
                ["bridge", "irc", "--help"],
                ["twodo bridge irc --irc <host:port>", "TWODO_IRC_NICK", "TWODO_IRC_PASSWORD"]
            ),
            (["bridge", "matrix", "--help"], ["twodo bridge matrix --homeserver <url>", "TWODO_MATRIX_TOKEN"]),
            (["bridge", "--help"], ["twodo bridge irc", "twodo bridge matrix"]),
        ])
    func subcommandHelp(arguments: [String], fragments: [String]) throws {
        let result = try TestServer.runBinary(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout.hasPrefix("USAGE:\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\nOPTIONS:\n"))
        for fragment in fragments { #expect(result.stdout.contains(fragment), "\(arguments): \(fragment) missing") }
        #expect(!result.stdout.contains("--limit-"), "hidden test flags shown")
        #expect(!result.stdout.contains("--password"))
        #expect(result.stderr.isEmpty)
    }

    @Test("a subcommand's help is about that subcommand only")
    func helpIsScoped() throws {
        let serve = try TestServer.runBinary(["serve", "--help"]).stdout
        #expect(!serve.contains("bridge") && !serve.contains("TWODO_IRC"))
        let irc = try TestServer.runBinary(["bridge", "irc", "--help"]).stdout
        #expect(!irc.contains("TWODO_PORT") && !irc.contains("matrix"))
    }

    @Test(
        "an unknown option exits 64 naming it, with the subcommand's --help as the hint",
        arguments: [
            (["serve", "--bogus"], "twodo serve"), (["serve", "--port", "0", "--bogus=1"], "twodo serve"),
            (["backup", "copy.sqlite", "--bogus"], "twodo backup"), (["check", "--bogus"], "twodo check"),
            (["bridge", "irc", "--bogus"], "twodo bridge irc"),
            (["bridge", "matrix", "--bogus"], "twodo bridge matrix"),
        ])
    func unknownOption(arguments: [String], command: String) throws {
        let result = try TestServer.runBinary(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr == "Error: unknown option '--bogus'\nHint: run '\(command) --help' for usage.\n")
        #expect(result.stdout.isEmpty)
    }

    @Test(
        "other usage errors say exactly what was wrong and exit 64",
        arguments: [
            (["serve", "--port"], [:], "--port needs a value"),
            (["serve", "--port", "--quiet"], [:], "--port needs a value"),
            (["serve", "--port", "abc"], [:], "--port: 'abc' is not a valid value"),
            (["serve", "--port=70000"], [:], "--port: '70000' is not a valid value"),
            (["serve"], ["TWODO_PORT": "abc"], "TWODO_PORT: 'abc' is not a valid value"),
            (["serve"], ["TWODO_MAX_CONNECTIONS": "0"], "TWODO_MAX_CONNECTIONS: '0' is not a valid value"),
            (["serve", "--rate-limit", "-1"], [:], "--rate-limit: '-1' is not a valid value"),
            (["serve", "--limit-lists", "0"], [:], "--limit-lists: '0' is not a valid value"),
            (["serve", "--quiet=yes"], [:], "--quiet takes no value"),
            (["serve", "extra"], [:], "unexpected argument 'extra'"),
            (["backup"], [:], "backup needs a destination path"),
            (["backup", "a.sqlite", "b.sqlite"], [:], "unexpected argument 'b.sqlite'"),
            (["check", "extra"], [:], "unexpected argument 'extra'"),
            (["bridge", "irc", "--irc"], [:], "--irc needs a value"),
            (
                ["bridge", "irc", "--irc=h:1", "--pass=x"], [:],
                "the IRC password is read only from TWODO_IRC_PASSWORD, never from a flag"
            ),
            (
                ["bridge", "matrix", "--access-token", "x"], [:],
                "the access token is read only from TWODO_MATRIX_TOKEN, never from a flag"
            ),
        ] as [([String], [String: String], String)])
    func usageErrors(arguments: [String], environment: [String: String], message: String) throws {
        let result = try TestServer.runBinary(arguments, environment: environment)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("--help' for usage."))
        #expect(result.stdout.isEmpty)
    }

    @Test("a near miss is answered with the option meant")
    func didYouMean() throws {
        let result = try TestServer.runBinary(["serve", "--prot", "7878"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '--prot'"))
        #expect(result.stderr.contains("did you mean '--port'?"), "\(result.stderr)")
    }

    @Test("--version works after a subcommand too", arguments: [["serve", "--version"], ["check", "--version"]])
    func subcommandVersion(arguments: [String]) throws {
        let result = try TestServer.runBinary(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: #/twodo \d+\.\d+\.\d+\n/#) != nil, "\(result.stdout)")
    }

    @Test("admins from TWODO_ADMINS and from --admin=<name> flags both count; others may not run stats")
    func adminsFromBothSources() throws {
        let server = try TestServer(extraArguments: ["--admin=bob", "--quiet"], environment: ["TWODO_ADMINS": "alice"])
        let (alice, bob) = try server.couple()
        #expect(try alice.json("stats").ok == true)
        #expect(try bob.json("stats").ok == true)
        let carol = try server.user("carol")
        #expect(try carol.json("stats").ok == false)
    }

    @Test(
        "backup takes its database from TWODO_DB and its destination positionally; check reads --db=<path>",
        TestEngine.sqliteFile)
    func backupAndCheckFromEnvironment() throws {
        let server = try TestServer()
        _ = try server.couple()
        #expect(server.stop() == 0)
        let destination = URL(fileURLWithPath: server.databasePath).deletingLastPathComponent().path + "/copy.sqlite"
        let backup = try TestServer.runBinary(["backup", destination], environment: ["TWODO_DB": server.databasePath])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout == "Backed up \(server.databasePath) to \(destination)\n")
        let check = try TestServer.runBinary(
            ["check", "--db=\(destination)"], environment: ["TWODO_DB": "/nonexistent"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "\(destination): ok\n")
    }

    /// The bench built beside `twodo`.
    static var benchPath: String {
        URL(fileURLWithPath: TestServer.binaryPath).deletingLastPathComponent().appendingPathComponent("twodo-bench")
            .path
    }

    @Test(
        "twodo-bench --help lists its scenarios and options; its usage errors exit 64",
        arguments: [["--help"], ["hostile", "-h"], ["help"]])
    func benchHelp(arguments: [String]) throws {
        let result = try TestServer.runBinary(arguments, executable: Self.benchPath)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("USAGE:\n  twodo-bench <scenario> [options]"))
        for fragment in ["SCENARIOS:", "throughput", "hostile", "OPTIONS:", "--target <host:port>", "--pairs <n>"] {
            #expect(result.stdout.contains(fragment), "\(fragment) missing")
        }
    }

    @Test(
        "twodo-bench usage errors exit 64 without running anything",
        arguments: [
            ([], "missing a scenario"), (["throughput", "--bogus"], "unknown option '--bogus'"),
            (["nope"], "unknown scenario 'nope'"),
            (["throughput", "--pairs", "0"], "--pairs: '0' is not a positive number"),
            (["idle", "--connections", "10,x"], "not a list like 1000,10000"),
            (["latency", "--target", "h"], "not host:port"),
            (["throughput", "latency"], "unexpected argument 'latency'"),
        ])
    func benchUsageErrors(arguments: [String], message: String) throws {
        let result = try TestServer.runBinary(arguments, executable: Self.benchPath)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("run 'twodo-bench --help' for usage."))
        #expect(result.stdout.isEmpty)
    }
}
