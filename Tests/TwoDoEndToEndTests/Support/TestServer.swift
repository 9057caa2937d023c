// Starts the real `twodo` binary on a free loopback port with a temporary database, for end-to-end tests.

import Foundation
import Glibc

/// A running `twodo serve` process. Stop it with `stop()` (SIGTERM) or `kill()` (SIGKILL).
final class TestServer: @unchecked Sendable {
    // @unchecked: used from one test at a time; the stderr pipe is read only inside `start`.
    let process = Process()
    let databasePath: String
    let directory: String
    /// The plain port (the TLS one for a server started with `plainPort: false`).
    private(set) var port: UInt16 = 0
    /// The TLS port, for a server started with `--tls-port`.
    private(set) var tlsPort: UInt16?
    private let stderrPipe = Pipe()
    private let logPath: String

    /// The built `twodo` executable: `TWODO_BIN`, or the sibling of the test bundle in the build folder.
    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["TWODO_BIN"] { return path }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("twodo").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/twodo").path
    }

    /// A fresh temporary directory for one test's database files.
    static func makeDirectory() -> String {
        let path = NSTemporaryDirectory() + "twodo-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The server this one replaced on the same database (kept alive so its deinit cannot delete the files early).
    private var predecessor: TestServer?

    /// Starts a server. `databasePath` reuses an existing file (restart tests); `extraArguments` are appended.
    /// `environment` is added to the process environment; when it sets `TWODO_PORT`, no `--port` flag is passed,
    /// nor when `plainPort` is false (a TLS-only server: give `--tls-port` in `extraArguments`).
    init(
        databasePath: String? = nil, testClock: String? = "2026-11-22T09:00:00Z", extraArguments: [String] = [],
        environment: [String: String] = [:], plainPort: Bool = true
    ) throws {
        // With TWODO_TEST_ENGINE=postgres a server without a given database gets a fresh PostgreSQL one.
        let databasePath = try databasePath ?? TestServer.engineDatabase()
        // A PostgreSQL URL has no folder: its node gets a fresh one for its log.
        let isURL = databasePath?.hasPrefix("postgresql://") ?? false
        directory =
            isURL
            ? TestServer.makeDirectory()
            : databasePath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
                ?? TestServer.makeDirectory()
        self.databasePath = databasePath ?? directory + "/twodo.sqlite"
        logPath = directory + "/server-\(UUID().uuidString.prefix(8)).log"
        try start(testClock: testClock, extraArguments: extraArguments, environment: environment, plainPort: plainPort)
    }

    /// A fresh PostgreSQL database's URL when the tests run on that engine (`TWODO_TEST_ENGINE=postgres`), else
    /// nil (a temporary SQLite file).
    static func engineDatabase() throws -> String? {
        guard ProcessInfo.processInfo.environment["TWODO_TEST_ENGINE"] == "postgres" else { return nil }
        return try ClusterDatabase.fresh()
    }

    /// Starts a new server on this one's database, after this one was stopped or killed.
    func startAgain(testClock: String? = "2026-11-22T09:00:00Z", extraArguments: [String] = []) throws -> TestServer {
        precondition(!process.isRunning, "stop() or kill() the server first")
        let next = try TestServer(databasePath: databasePath, testClock: testClock, extraArguments: extraArguments)
        next.predecessor = self
        return next
    }

    private func start(
        testClock: String?, extraArguments: [String], environment: [String: String], plainPort: Bool
    ) throws {
        process.executableURL = URL(fileURLWithPath: TestServer.binaryPath)
        var args = ["serve", "--db", databasePath]
        if environment["TWODO_PORT"] == nil && plainPort { args += ["--port", "0"] }
        if let testClock { args += ["--test-clock", testClock] }
        process.arguments = args + extraArguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The server logs `msg=listening address=127.0.0.1:<port>` once it accepts connections.
        let handle = stderrPipe.fileHandleForReading
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: "address=127.0.0.1:") {
                let digits = seen[range.upperBound...].prefix(while: \.isNumber)
                if let p = UInt16(digits) {
                    port = p
                    if let tls = seen.range(of: "tls_address=127.0.0.1:") {
                        tlsPort = UInt16(seen[tls.upperBound...].prefix(while: \.isNumber))
                    }
                    drainLogInBackground(initial: seen)
                    return
                }
            }
        }
        process.terminate()
        throw TestServerError.didNotStart(log: seen)
    }

    /// Keeps reading stderr into a file so the pipe never fills and blocks the server.
    private func drainLogInBackground(initial: String) {
        _ = FileManager.default.createFile(atPath: logPath, contents: Data(initial.utf8))
        let path = logPath
        stderrPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            if let file = FileHandle(forWritingAtPath: path) {
                file.seekToEndOfFile()
                file.write(data)
                try? file.close()
            }
        }
    }

    /// What the server has logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// A new client connection (from the local address `source` when given), with the greeting already read.
    func connect(from source: String? = nil) throws -> LineClient {
        let client = try LineClient(port: port, source: source)
        _ = try client.readLine()
        return client
    }

    /// The password the tests give `name`: strong enough for libpwquality and free of the name
    /// (`plover-<name in rot13>-27`).
    static func password(_ name: String) -> String {
        let rot13 = name.unicodeScalars.map { s -> Character in
            switch s.value {
            case 0x61...0x7A: Character(Unicode.Scalar((s.value - 0x61 + 13) % 26 + 0x61)!)
            case 0x41...0x5A: Character(Unicode.Scalar((s.value - 0x41 + 13) % 26 + 0x41)!)
            default: Character(s)
            }
        }
        return "plover-" + String(rot13) + "-27"
    }

    /// A connection that has registered `name` (password `TestServer.password(name)`), in JSON mode when `json`.
    func user(_ name: String, json: Bool = true, register: Bool = true) throws -> LineClient {
        let c = try connect()
        if json { _ = try c.command("json on") }
        let reply = try c.command("\(register ? "register" : "login") \(name) \(TestServer.password(name))")
        guard json ? reply.contains("\"ok\":true") : true else { throw TestServerError.unexpected(reply) }
        return c
    }

    /// Pairs two JSON-mode clients; returns after both have seen the pairing.
    func pair(_ a: LineClient, _ b: LineClient) throws {
        let created = try a.json("couple create")
        guard let data = created["data"] as? [String: Any], let code = data["code"] as? String else {
            throw TestServerError.unexpected("\(created)")
        }
        let joined = try b.json("couple join \(code)")
        guard joined["ok"] as? Bool == true else { throw TestServerError.unexpected("\(joined)") }
        _ = try a.readJSON()  // the couple.joined event
    }

    /// Logs an existing user in on a new connection (JSON mode when `json`).
    func login(_ name: String, json: Bool = true) throws -> LineClient {
        try user(name, json: json, register: false)
    }

    /// Registers `first` and `second` (JSON mode) and pairs them; returns their connections.
    func couple(_ first: String = "alice", _ second: String = "bob") throws -> (LineClient, LineClient) {
        let a = try user(first)
        let b = try user(second)
        try pair(a, b)
        return (a, b)
    }

    /// Graceful stop (SIGTERM); returns the exit status.
    ///
    /// A server that has not exited after `grace` seconds is killed (SIGKILL, status 9), so a server that
    /// ignores SIGTERM fails the test instead of hanging it.
    @discardableResult
    func stop(grace: Double = 10) -> Int32 {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(grace)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    /// Crash stop (SIGKILL), as a power cut would.
    func kill() {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The server's resident memory in KiB, from /proc.
    var residentKiB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// What a finished `twodo` command printed and how it exited.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

extension TestServer {
    /// Runs the `twodo` binary (or `executable`) with `arguments` to completion (killed after `timeout` seconds).
    static func runBinary(
        _ arguments: [String], environment: [String: String] = [:], timeout: Double = 20,
        executable: String = binaryPath, currentDirectory: String? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// A loopback TCP port that was free a moment ago (bound to port 0, then released).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LineClientError.io("socket", errno) }
        defer { Glibc.close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                Glibc.bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw LineClientError.io("bind", errno) }
        return UInt16(bigEndian: addr.sin_port)
    }
}

enum TestServerError: Error {
    case didNotStart(log: String)
    case unexpected(String)
}
