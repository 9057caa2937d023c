// Starts `twodo serve` on a temporary database for one scenario, finds its port, reads its RSS, stops it.

import Foundation
import TwoDoSystem

/// A `twodo serve` child process with its own temporary folder (database, WAL, log).
final class ServerProcess {
    /// The port it listens on (it was started with `--port 0`).
    let port: UInt16
    /// The temporary folder holding `bench.sqlite` and `server.log`.
    let directory: String
    private let process: Process

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }
    /// Whether the server process is still running.
    var isRunning: Bool { process.isRunning }

    /// The flags every bench-started server gets: no per-connection logging, no rate limit, room for
    /// 10,000+ connections, and timeouts long enough that slow set-up phases are never cut off.
    static let standardArguments = [
        "--quiet", "--rate-limit", "0", "--max-connections", "30000", "--max-per-address", "30000", "--idle-timeout",
        "3600",
        "--login-timeout", "3600",
    ]

    /// Starts `binary serve --port 0 --db <temp>/bench.sqlite` plus the standard and `extra` arguments,
    /// and waits (up to 20 s) for its `msg=listening address=...` log line. With `pinned`, it runs under
    /// `taskset -c 1` when the machine has two cores (see `Pinning`).
    init(binary: String, databaseFolder: String, extra: [String], pinned: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.server("no twodo binary at \(binary) (build it, or pass --bin <path>)")
        }
        do {
            directory = try Posix.makeTemporaryFolder(prefix: "\(databaseFolder)/twodo-bench-")
        } catch let error as SystemError {
            throw BenchError.system(error)
        }
        let logPath = directory + "/server.log"
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
            let log = FileHandle(forWritingAtPath: logPath)
        else { throw BenchError.server("cannot write \(logPath)") }

        process = Process()
        let arguments =
            ["serve", "--port", "0", "--db", directory + "/bench.sqlite"] + ServerProcess.standardArguments + extra
        let (executable, launch) = pinned ? Pinning.serverCommand(binary, arguments) : (binary, arguments)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = launch
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchError.server("cannot start \(binary): \(error)")
        }
        try? log.close()

        var found: UInt16?
        let deadline = Date().addingTimeInterval(20)
        while found == nil && Date() < deadline && process.isRunning {
            if let text = try? String(contentsOfFile: logPath, encoding: .utf8) {
                found = ServerProcess.listeningPort(in: text)
            }
            if found == nil { Posix.sleep(seconds: 0.02) }
        }
        guard let found else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if process.isRunning { process.terminate() }
            throw BenchError.server("did not report a listening address; its log:\n\(log)")
        }
        port = found
    }

    /// The port in a `msg=listening address=<host>:<port>` log line.
    static func listeningPort(in log: String) -> UInt16? {
        for line in log.split(separator: "\n") where line.contains("msg=listening") {
            guard let range = line.range(of: "address=") else { continue }
            let value = line[range.upperBound...].prefix { $0 != " " }
            guard let colon = value.lastIndex(of: ":") else { continue }
            return UInt16(value[value.index(after: colon)...])
        }
        return nil
    }

    /// The server's resident set size in KB (`VmRSS` of /proc/<pid>/status).
    func residentKB() -> Int? { ServerProcess.residentKB(pid: pid) }

    /// `VmRSS` of any process, in KB.
    static func residentKB(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// Lines of the server's log that report errors (for a scenario's notes).
    func errorLines(limit: Int = 5) -> [String] {
        guard let text = try? String(contentsOfFile: directory + "/server.log", encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n").filter { $0.hasPrefix("level=error") }.prefix(limit).map(String.init))
    }

    /// Stops the server with SIGTERM (SIGKILL after 10 s) and deletes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Posix.sleep(seconds: 0.02) }
            if process.isRunning { Posix.kill(pid, signal: SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The `twodo` binary beside this executable (what `swift build` puts in the same folder).
    static func defaultBinary() -> String {
        (selfExecutable() as NSString).deletingLastPathComponent + "/twodo"
    }

    /// The path of this executable (/proc/self/exe).
    static func selfExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0
            ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }
}
