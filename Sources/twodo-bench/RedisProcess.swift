// Starts redis-server for `peer`: durable like TwoDo (AOF, fsync on every write), loopback, a temp dir.

import CLinux
import Foundation
import TwoDoSystem

/// A `redis-server` child process on a free loopback port with its own temporary folder.
final class RedisProcess {
    /// The port it listens on.
    let port: UInt16
    /// The temporary folder holding the append-only file and `redis.log`.
    let directory: String
    private let process: Process

    /// The child's process id (`taskset` execs, so it is redis-server's own).
    var pid: Int32 { process.processIdentifier }

    /// What to tell a user who has no redis-server.
    static let missing = "redis-server not found: apt-get install redis-server (or pass --redis <path>)"

    /// The redis-server binary: `explicit`, else the first on PATH or in the usual places.
    static func binary(_ explicit: String?) throws -> String {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw BenchError.server("no redis-server at \(explicit) (apt-get install redis-server)")
            }
            return explicit
        }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for folder in path + ["/usr/bin", "/usr/local/bin", "/usr/sbin"] {
            let candidate = folder + "/redis-server"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw BenchError.server(missing)
    }

    /// `redis-server --version`'s "v=7.0.15" part, for the header.
    static func version(_ binary: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "?" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: " ").first { $0.hasPrefix("v=") }.map { String($0.dropFirst(2)) } ?? text
    }

    /// The flags that make Redis as durable as TwoDo: every write in the AOF and fsynced before the reply.
    static func arguments(port: UInt16, directory: String) -> [String] {
        [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes",
            "--appendfsync", "always", "--save", "", "--daemonize", "no",
            "--logfile", directory + "/redis.log",
        ]
    }

    /// Starts redis-server (pinned like the TwoDo server when `pinned`) and waits (up to 20 s) for the
    /// "Ready to accept connections" line of its log.
    init(binary: String, databaseFolder: String, pinned: Bool) throws {
        do {
            directory = try Posix.makeTemporaryFolder(prefix: "\(databaseFolder)/twodo-bench-redis-")
            port = try RedisProcess.freePort()
        } catch let error as SystemError {
            throw BenchError.system(error)
        }
        let (executable, launch) =
            pinned
            ? Pinning.serverCommand(binary, RedisProcess.arguments(port: port, directory: directory))
            : (binary, RedisProcess.arguments(port: port, directory: directory))
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = launch
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchError.server("cannot start \(binary): \(error)")
        }
        let deadline = Date().addingTimeInterval(20)
        var log = ""
        while Date() < deadline && process.isRunning {
            log = (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? ""
            if log.contains("Ready to accept connections") { return }
            Posix.sleep(seconds: 0.02)
        }
        stop()
        throw BenchError.server("redis-server did not get ready on port \(port); its log:\n\(log)")
    }

    /// A loopback port nobody listens on now (bound to port 0, read back, closed).
    private static func freePort() throws -> UInt16 {
        let fd = try Posix.socket(family: AF_INET, nonBlocking: false)
        defer { Posix.close(fd) }
        try Posix.bind(fd, ipv4: try Posix.ipv4Address("127.0.0.1", port: 0))
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { try Posix.localAddress(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Lines of redis.log that report a failure (its format has no level word, so: "error" or "fail").
    func errorLines(limit: Int = 5) -> [String] {
        guard let text = try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8) else { return [] }
        return Array(
            text.split(separator: "\n").filter {
                let line = $0.lowercased()
                return (line.contains("error") || line.contains("fail")) && !line.contains("maximum open files")
                    && !line.contains("warning")
            }.prefix(limit).map(String.init))
    }

    /// `VmRSS` of redis-server, in KB.
    func residentKB() -> Int? { ServerProcess.residentKB(pid: pid) }

    /// Stops redis-server (SIGTERM, SIGKILL after 10 s) and deletes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Posix.sleep(seconds: 0.02) }
            if process.isRunning { _ = Posix.kill(pid, signal: SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
