// Starts `twodo bridge irc` as a child process for the bridge tests and reads its log.

import Foundation
import Glibc

/// A running bridge. Stopped with SIGTERM when released.
final class BridgeProcess: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    let process = Process()
    let logPath: String

    /// Starts the bridge between `ircPort` and `twodoPort` and waits until it is registered on IRC.
    init(
        ircPort: UInt16, twodoPort: UInt16, nick: String = "twodo", channel: String? = "#fam", directory: String,
        extraArguments: [String] = [], environment: [String: String] = [:], waitForRegistration: Bool = true
    )
        throws
    {
        logPath = directory + "/bridge-\(UUID().uuidString.prefix(8)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: Data())
        process.executableURL = URL(fileURLWithPath: TestServer.binaryPath)
        var args = [
            "bridge", "irc", "--irc", "127.0.0.1:\(ircPort)", "--nick", nick, "--twodo", "127.0.0.1:\(twodoPort)",
        ]
        if let channel { args += ["--channel", channel] }
        process.arguments = args + extraArguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if waitForRegistration { try waitForLog("msg=bridge.irc_registered", count: 1, timeout: 10) }
    }

    /// Everything the bridge logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until `text` appears at least `count` times in the log.
    func waitForLog(_ text: String, count: Int, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if log.components(separatedBy: text).count - 1 >= count { return }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw TestServerError.unexpected("bridge log never showed \(count)× \(text):\n\(log)")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }
}
