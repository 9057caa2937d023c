// Runs a command-line tool (`twodo backup`, `twodo check`, `sqlite3`, a server expected to refuse) to completion.

import Foundation
import Glibc

/// The outcome of one finished tool run.
struct ToolRun {
    /// The exit status (or 128 + signal when killed).
    let status: Int32
    let stdout: String
    let stderr: String

    /// Runs `executable` with `arguments`; kills it and throws when it runs longer than `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 20) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Files, not pipes: a chatty tool can never block on a full pipe while we wait for it.
        let base = NSTemporaryDirectory() + "twodo-tool-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ToolRunError.timedOut(executable: executable, arguments: arguments)
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stdout = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ToolRun(status: status, stdout: stdout, stderr: stderr)
    }

    /// Runs the built `twodo` binary.
    static func twodo(_ arguments: [String], timeout: Double = 20) throws -> ToolRun {
        try run(TestServer.binaryPath, arguments, timeout: timeout)
    }
}

/// Why a tool run failed to finish.
enum ToolRunError: Error {
    case timedOut(executable: String, arguments: [String])
}
