// Starts `twodo serve` on a given database and times how long it takes to listen, for start-up figures.

import Foundation
import TwoDoSystem

/// A `twodo serve` child on a database the caller owns (kept after stop), with its start-up time and RSS.
final class TimedLaunch {
    /// The port it listens on.
    let port: UInt16
    /// Seconds from launching the process to its `msg=listening` log line (polled every 0.5 ms).
    let secondsToListen: Double
    private let process: Process
    private let logPath: String

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// Launches `binary serve --port 0 --db <database>` with the bench's standard arguments plus `extra`.
    init(binary: String, database: String, extra: [String]) throws {
        logPath = database + ".\(UUID().uuidString.prefix(6)).log"
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let log = FileHandle(forWritingAtPath: logPath)
        else {
            throw BenchError.server("cannot write \(logPath)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0", "--db", database] + ServerProcess.standardArguments + extra
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        let started = Monotonic.nanoseconds()
        do {
            try process.run()
        } catch {
            throw BenchError.server("cannot start \(binary): \(error)")
        }
        try? log.close()
        var found: UInt16?
        let deadline = Date().addingTimeInterval(60)
        while found == nil && Date() < deadline && process.isRunning {
            if let text = try? String(contentsOfFile: logPath, encoding: .utf8) {
                found = ServerProcess.listeningPort(in: text)
            }
            if found == nil { Posix.sleep(seconds: 0.0005) }
        }
        secondsToListen = Double(Monotonic.nanoseconds() - started) / 1e9
        guard let found else {
            if process.isRunning { process.terminate() }
            throw BenchError.server("did not report a listening address")
        }
        port = found
    }

    /// The server's resident set size in KB.
    func residentKB() -> Int? { ServerProcess.residentKB(pid: pid) }

    /// Lines of the server's log that report errors.
    func errorLines(limit: Int = 5) -> [String] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").filter { $0.hasPrefix("level=error") }.prefix(limit).map(String.init))
    }

    /// Stops the server with SIGTERM (SIGKILL after 10 s); the database stays.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Posix.sleep(seconds: 0.005) }
            if process.isRunning { Posix.kill(pid, signal: SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
