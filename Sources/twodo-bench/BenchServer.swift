// The server a scenario talks to: one the bench started (fresh database) or a running `--target`.

import Foundation

/// Where a scenario's connections go, and how to read the server's memory when that is possible.
final class BenchServer {
    /// The address connections go to.
    let host: String
    let port: UInt16
    /// The server process id, when known (started by the bench, or `--pid`).
    let pid: Int32?
    /// The child process, when the bench started it.
    private let process: ServerProcess?
    private let spreadSources: Bool

    private init(host: String, port: UInt16, pid: Int32?, process: ServerProcess?, spreadSources: Bool) {
        self.host = host
        self.port = port
        self.pid = pid
        self.process = process
        self.spreadSources = spreadSources
    }

    /// Runs `body` against a fresh server (or the `--target` one) and stops the server afterwards; with
    /// `pinned`, a started server runs under `taskset -c 1` (see `Pinning`).
    static func with<T>(_ options: BenchOptions, pinned: Bool = false, _ body: (BenchServer) throws -> T) throws -> T {
        let server: BenchServer
        if let target = options.target {
            server = BenchServer(
                host: target.host, port: target.port, pid: options.pid, process: nil,
                spreadSources: options.spreadSources)
        } else {
            let process = try ServerProcess(
                binary: options.binary ?? ServerProcess.defaultBinary(), databaseFolder: options.databaseFolder,
                extra: (options.noFsync ? ["--no-fsync"] : [])
                    + (options.checkpointInLoop ? ["--checkpoint-in-loop"] : []), pinned: pinned)
            server = BenchServer(
                host: "127.0.0.1", port: process.port, pid: process.pid, process: process,
                spreadSources: options.spreadSources)
        }
        defer { server.process?.stop() }
        return try body(server)
    }

    /// A new client loop aimed at this server.
    func makeLoop() throws -> ClientLoop {
        try ClientLoop(host: host, port: port, spreadSources: spreadSources)
    }

    /// The server's resident set size in KB, when its process id is known.
    func residentKB() -> Int? { pid.flatMap { ServerProcess.residentKB(pid: $0) } }

    /// Error lines from the server's log (bench-started servers only).
    func errorLines() -> [String] { process?.errorLines() ?? [] }
}
