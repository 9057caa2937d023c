// The shared argument parser: environment vs flags, `=` values, repeatable options, positionals and usage errors.

import Testing
import TwoDoArguments

/// A small command shaped like `twodo serve`/`backup`: valued, short, repeatable, boolean, hidden and refused options.
let sample = Command(
    name: "prog run", usage: ["prog run [--port <port>] [<destination>]"],
    options: [
        Option("port", short: "p", value: "<port>", environment: "P_PORT", default: "7878", help: "TCP port"),
        Option("db", value: "<path>", environment: "P_DB", help: "Database file"),
        Option("admin", value: "<name>", environment: "P_ADMINS", repeatable: true, help: "An admin"),
        Option("quiet", short: "q", help: "Do not log"),
        Option("login-timeout", value: "<seconds>", help: "Close idle logins, whatever\nthey send"),
        Option("limit-lists", value: "<n>", hidden: true, help: "hidden"),
        .refused("password", "the password is read only from P_PASSWORD, never from a flag"),
    ],
    maxPositionals: 1, version: "prog 1.2.3")

/// The arguments of a run, or the test fails.
func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Arguments {
    guard case .run(let args) = try sample.parse(arguments, environment: environment) else {
        throw ArgumentError("expected a run", hint: "")
    }
    return args
}

/// The usage error `arguments` cause, nil when they parse.
func failure(_ arguments: [String], _ environment: [String: String] = [:]) -> ArgumentError? {
    do {
        _ = try sample.parse(arguments, environment: environment)
        return nil
    } catch {
        return error
    }
}

@Suite("Parsing a command line")
struct CommandParseTests {
    @Test(
        "a flag overrides its environment variable; the last flag wins",
        arguments: [
            ([], [:], nil), ([], ["P_PORT": "9"], "9"), (["--port", "1"], ["P_PORT": "9"], "1"),
            (["--port=2"], ["P_PORT": "9"], "2"), (["-p", "3"], [:], "3"), (["--port", "1", "--port", "4"], [:], "4"),
            (["--port", "1", "-p", "5"], ["P_PORT": "9"], "5"), ([], ["OTHER": "9"], nil),
        ] as [([String], [String: String], String?)])
    func precedence(arguments: [String], environment: [String: String], port: String?) throws {
        #expect(try run(arguments, environment).string("port") == port)
    }

    @Test(
        "values come as `--x value` and `--x=value`; after `=` anything goes",
        arguments: [
            (["--db", "a.sqlite"], "a.sqlite"), (["--db=a.sqlite"], "a.sqlite"), (["--db=a=b"], "a=b"),
            (["--db="], ""), (["--db", "-x"], "-x"), (["--db", "#chan"], "#chan"), (["--db=--port"], "--port"),
            (["--db", "ünïcode ✓"], "ünïcode ✓"),
        ])
    func valueForms(arguments: [String], db: String) throws {
        #expect(try run(arguments).string("db") == db)
    }

    @Test(
        "a repeatable option keeps the variable's comma-separated items, then every flag",
        arguments: [
            ([], [:], []), ([], ["P_ADMINS": "ada,bob"], ["ada", "bob"]),
            ([], ["P_ADMINS": ",ada,,bob,"], ["ada", "bob"]),
            (["--admin", "cy"], ["P_ADMINS": "ada"], ["ada", "cy"]),
            (["--admin", "cy", "--admin=dee"], [:], ["cy", "dee"]),
        ] as [([String], [String: String], [String])])
    func repeatable(arguments: [String], environment: [String: String], admins: [String]) throws {
        #expect(try run(arguments, environment).strings("admin") == admins)
    }

    @Test("boolean flags, long and short", arguments: [([], false), (["--quiet"], true), (["-q"], true)])
    func booleans(arguments: [String], quiet: Bool) throws {
        #expect(try run(arguments).flag("quiet") == quiet)
    }

    @Test(
        "positionals: at most the declared number; `--` ends the options",
        arguments: [
            ([], []), (["dest"], ["dest"]), (["--db", "x", "dest"], ["dest"]), (["dest", "--quiet"], ["dest"]),
            (["--", "--quiet"], ["--quiet"]), (["--", "-h"], ["-h"]), (["-"], ["-"]),
        ])
    func positionals(arguments: [String], expected: [String]) throws {
        #expect(try run(arguments).positionals == expected)
    }

    @Test(
        "usage errors name what was wrong and point at this command's --help",
        arguments: [
            (["--bogus"], "unknown option '--bogus'"), (["--bogus=1"], "unknown option '--bogus'"),
            (["-x"], "unknown option '-x'"), (["-pq"], "unknown option '-pq'"),
            (["---port", "1"], "unknown option '---port'"),
            (["--PORT", "1"], "unknown option '--PORT'"), (["--port"], "--port needs a value"),
            (["--port", "--quiet"], "--port needs a value"), (["-p"], "-p needs a value"),
            (["--quiet=yes"], "--quiet takes no value"), (["a", "b"], "unexpected argument 'b'"),
            (["--password", "hunter2"], "the password is read only from P_PASSWORD, never from a flag"),
            (["--password=hunter2"], "the password is read only from P_PASSWORD, never from a flag"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let error = try #require(failure(arguments))
        #expect(error.message == message)
        #expect(error.hint.contains("run 'prog run --help' for usage."))
        #expect(error.description == "Error: \(message)\nHint: \(error.hint)")
        #expect(ArgumentError.exitStatus == 64)
    }

    @Test(
        "an unknown option spelled nearly like a visible one gets a did-you-mean hint",
        arguments: [
            ("--prot", "'--port'"), ("--admn", "'--admin'"), ("--quite", "'--quiet'"),
            ("--login-timout", "'--login-timeout'"),
            ("--bogus", nil), ("--x", nil), ("--limit-list", nil),
        ] as [(String, String?)])
    func suggestions(spelled: String, suggestion: String?) throws {
        let error = try #require(failure([spelled]))
        if let suggestion {
            #expect(error.hint.hasPrefix("did you mean \(suggestion)?"), "\(error.hint)")
        } else {
            #expect(!error.hint.contains("did you mean"), "\(error.hint)")
        }
    }

    @Test(
        "a value the caller rejects names the flag or the variable that gave it",
        arguments: [
            (["--port", "abc"], [:], "--port: 'abc' is not a valid value"),
            (["-p", "70000"], [:], "-p: '70000' is not a valid value"),
            (["--port=-1"], [:], "--port: '-1' is not a valid value"),
            ([], ["P_PORT": "http"], "P_PORT: 'http' is not a valid value"),
            ([], ["P_PORT": ""], "P_PORT: '' is not a valid value"),
            (["--port", "abc", "--port", "1"], [:], "--port: 'abc' is not a valid value"),
            (["--port", "1", "-p", "x"], [:], "-p: 'x' is not a valid value"),
        ] as [([String], [String: String], String)])
    func badValues(arguments: [String], environment: [String: String], message: String) throws {
        let args = try run(arguments, environment)
        #expect(throws: ArgumentError(message, hint: "run 'prog run --help' for usage.")) {
            _ = try args.value("port") { UInt16($0) }
        }
    }

    @Test("typed values convert; absent ones are nil; `expected` words the error")
    func typedValues() throws {
        let args = try run(["--port", "8080", "--admin", "1", "--admin", "x"], ["P_DB": "env.sqlite"])
        #expect(try args.value("port") { UInt16($0) } == 8080)
        #expect(try args.value("login-timeout") { Double($0) } == nil)
        #expect(args.string("db") == "env.sqlite")
        #expect(throws: ArgumentError("--admin: 'x' is not a number", hint: sample.hint)) {
            _ = try args.values("admin", expected: "a number") { Int($0) }
        }
        #expect(try run(["--admin", "1", "--admin", "2"]).values("admin") { Int($0) } == [1, 2])
        #expect(try run(["--limit-lists", "3"]).value("limit-lists") { Int($0) } == 3)
        // A flag hides its variable entirely: a bad value there no longer matters.
        #expect(try run(["--port", "1"], ["P_PORT": "http"]).value("port") { UInt16($0) } == 1)
    }

    @Test(
        "--help or -h anywhere (before --) wins, even over errors; --version when the command has one",
        arguments: [
            ["--help"], ["-h"], ["--port", "1", "-h"], ["--bogus", "--help"], ["--port", "--help"], ["a", "b", "-h"],
            ["--version", "--help"],
        ])
    func help(arguments: [String]) throws {
        guard case .help(let text) = try sample.parse(arguments, environment: ["P_PORT": "bad"]) else {
            Issue.record("no help for \(arguments)")
            return
        }
        #expect(text == sample.helpText)
    }

    @Test("--version prints the command's version line; a command without one rejects it")
    func version() throws {
        guard case .version(let line) = try sample.parse(["--quiet", "--version"]) else {
            Issue.record("no version")
            return
        }
        #expect(line == "prog 1.2.3")
        let plain = Command(name: "plain", usage: ["plain"], options: [])
        #expect(throws: ArgumentError("unknown option '--version'", hint: plain.hint)) {
            _ = try plain.parse(["--version"])
        }
    }
}
