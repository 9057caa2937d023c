// End to end: `twodo bridge irc` on the command line — help, usage errors, the password only from the environment.

import Foundation
import Testing

@Suite("The bridge command line", .serialized, .timeLimit(.minutes(1)))
struct BridgeCLITests {
    @Test("--help describes the bridge and its environment variables")
    func help() throws {
        let result = try TestServer.runBinary(["--help"])
        #expect(result.status == 0)
        for text in [
            "twodo bridge irc", "--irc <host:port>", "TWODO_IRC_NICK", "TWODO_IRC_CHANNEL", "TWODO_TARGET",
            "TWODO_IRC_PASSWORD",
        ] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
    }

    @Test(
        "usage errors exit 64 with Error: and a hint",
        arguments: [
            (["bridge"], "bridge needs a kind"), (["bridge", "irc"], "needs --irc"),
            (["bridge", "irc", "--irc", "localhost"], "not host:port"),
            (["bridge", "irc", "--irc", "h:1", "--channel", "family"], "not a channel"),
            (["bridge", "irc", "--irc", "h:1", "--nick", "two do"], "not a valid IRC nick"),
            (["bridge", "irc", "--irc", "h:1", "--twodo", "h"], "not host:port"),
            (["bridge", "irc", "--irc", "h:1", "--password", "hunter2"], "only from TWODO_IRC_PASSWORD"),
            (["bridge", "irc", "--irc", "h:1", "--pace", "0"], "--pace"),
            (["bridge", "matrix"], "--homeserver"),
            (["bridge", "matrix", "--homeserver", "http://h:1", "--user", "bot"], "not a Matrix user id"),
            (["bridge", "matrix", "--homeserver", "ftp://h", "--user", "@b:h"], "not an http(s) URL"),
            (
                ["bridge", "matrix", "--homeserver", "http://h:1", "--user", "@b:h", "--token", "x"],
                "only from TWODO_MATRIX_TOKEN"
            ),
            (["bridge", "matrix", "--homeserver", "http://h:1", "--user", "@b:h"], "TWODO_MATRIX_TOKEN"),
            (["bridge", "telegram"], "unknown bridge"),
            (["bridge", "irc", "--irc", "h:1", "--bogus"], "unknown option"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try TestServer.runBinary(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error:"))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("--help"))
    }

    @Test(
        "settings come from TWODO_IRC* and TWODO_TARGET; the bridge starts, logs them (no password) and stops on SIGTERM"
    )
    func environment() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestServer.binaryPath)
        process.arguments = ["bridge", "irc"]
        let port = try TestServer.freePort()  // nothing listens: the bridge keeps retrying
        process.environment = ProcessInfo.processInfo.environment.merging([
            "TWODO_IRC": "127.0.0.1:\(port)", "TWODO_IRC_NICK": "famibot", "TWODO_IRC_CHANNEL": "#ev",
            "TWODO_TARGET": "127.0.0.1:1", "TWODO_IRC_PASSWORD": "irc-pass-123",
        ]) { _, new in new }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        #expect(!process.isRunning)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            log.contains("msg=bridge.started channel=#ev irc=127.0.0.1:\(port) nick=famibot twodo=127.0.0.1:1"),
            "\(log)")
        #expect(log.contains("msg=bridge.irc_connect_failed"))
        #expect(log.contains("msg=bridge.stopped"))
        #expect(!log.contains("irc-pass-123"))
    }
}
