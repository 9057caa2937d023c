// End to end: the twodo command line — help, version, usage errors (exit 64) and settings from the environment.

import Foundation
import Testing

@Suite("The twodo command line", .serialized, .timeLimit(.minutes(1)))
struct CLITests {
    @Test("--help and -h print USAGE: and OPTIONS: to stdout and exit 0", arguments: ["--help", "-h"])
    func help(flag: String) throws {
        let result = try TestServer.runBinary([flag])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE:"))
        #expect(result.stdout.contains("OPTIONS:"))
        #expect(result.stdout.contains("--port"))
        #expect(result.stdout.contains("TWODO_PORT"))
        #expect(result.stderr.isEmpty)
    }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let result = try TestServer.runBinary(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: #/twodo \d+\.\d+\.\d+\n/#) != nil, "\(result.stdout)")
    }

    @Test(
        "a usage error prints Error: and a hint to stderr and exits 64",
        arguments: [
            ["serve", "--bogus", "1"], ["serve", "--port"], ["serve", "--port", "notaport"],
            ["serve", "--port", "70000"],
            ["serve", "--max-connections", "0"], ["serve", "--test-clock", "yesterday"], ["frobnicate"], [],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try TestServer.runBinary(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error:"), "\(result.stderr)")
        #expect(result.stderr.contains("--help"))
        #expect(result.stdout.isEmpty)
    }

    @Test("a bad TWODO_PORT in the environment is a usage error too")
    func badEnvironmentPort() throws {
        let result = try TestServer.runBinary(
            ["serve", "--db", "/nonexistent/x.sqlite"], environment: ["TWODO_PORT": "http"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error:"))
    }

    @Test("the port can come from TWODO_PORT")
    func portFromEnvironment() throws {
        let port = try TestServer.freePort()
        let server = try TestServer(environment: ["TWODO_PORT": "\(port)"])
        #expect(server.port == port)
        let client = try LineClient(port: port)
        #expect(try client.readLine().hasPrefix("Welcome to TwoDo"))
        #expect(try client.command("ping") == "pong")
        #expect(server.stop() == 0)
    }

    @Test("a --port flag overrides TWODO_PORT")
    func flagOverridesEnvironment() throws {
        let envPort = try TestServer.freePort()
        let server = try TestServer(extraArguments: ["--port", "0"], environment: ["TWODO_PORT": "\(envPort)"])
        #expect(server.port != envPort)
        #expect(try server.connect().command("ping") == "pong")
    }

    @Test("a runtime failure (an unusable database path) exits 1 with a message")
    func runtimeFailure() throws {
        let result = try TestServer.runBinary(["serve", "--port", "0", "--db", "/nonexistent-dir/twodo.sqlite"])
        #expect(result.status == 1)
        #expect(!result.stderr.isEmpty)
    }

    @Test("the greeting names the version and both languages' first commands")
    func greeting() throws {
        let server = try TestServer()
        let client = try LineClient(port: server.port)
        let greeting = try client.readLine()
        let version = try TestServer.runBinary(["--version"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "twodo ", with: "")
        #expect(greeting.contains(version))
        #expect(greeting.contains("register") && greeting.contains("kaydol"))
    }
}
