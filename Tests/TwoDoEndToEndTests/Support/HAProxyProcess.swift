// Runs Debian's `haproxy` on loopback with the shipped Deploy/haproxy.cfg, only addresses and ports substituted.

import Foundation
import Glibc

/// An `haproxy` in the foreground (`-db`) in front of one TwoDo node, configured from Deploy/haproxy.cfg.
///
/// The generated file is the shipped one line for line, except for these, each of which must be found
/// exactly once (so an edit to the shipped file that this would silently stop testing fails instead):
/// the frontend's `bind` (a free loopback port), `server node1` (the test node), the stats socket (a TCP
/// loopback port instead of a Unix socket under /run, so the test can ask it without socat), and the
/// process-management lines of `global` (`log /dev/log`, `chroot`, `user`, `group`, `daemon`), which
/// need root and systemd and say nothing about how connections are handled. `maxconn` is lowered with
/// haproxy's `-n` flag rather than in the file.
final class HAProxyProcess: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    static let binary = "/usr/sbin/haproxy"

    /// Whether haproxy is installed (`apt-get install haproxy`; `.ci/run` does it).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// The shipped configuration.
    static var shippedConfigPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Deploy/haproxy.cfg").path
    }

    /// Where clients connect.
    let port: UInt16
    /// HAProxy's runtime API (`show stat`), on loopback.
    let statsPort: UInt16
    let directory: String
    private let process = Process()

    /// Starts haproxy in front of the node at 127.0.0.1:`nodePort` and waits until it accepts connections.
    convenience init(nodePort: UInt16) throws { try self.init(nodePorts: [nodePort]) }

    /// Starts haproxy in front of the nodes at 127.0.0.1:`nodePorts` (node1, node2, …): the shipped file's
    /// `server node1` line and its commented `node2` line become those nodes.
    init(nodePorts: [UInt16]) throws {
        let nodePort = nodePorts[0]
        let others = nodePorts.dropFirst().enumerated().map { "server node\($0.offset + 2) 127.0.0.1:\($0.element)" }
        directory = NSTemporaryDirectory() + "twodo-haproxy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = try TestServer.freePort()
        statsPort = try TestServer.freePort()
        let shipped = try String(contentsOfFile: HAProxyProcess.shippedConfigPath, encoding: .utf8)
        let config = try HAProxyProcess.substitute(
            shipped,
            [
                ("log /dev/log local0", nil),
                ("chroot /var/lib/haproxy", nil),
                ("user haproxy", nil),
                ("group haproxy", nil),
                ("daemon", nil),
                (
                    "stats socket /run/haproxy/admin.sock mode 660 level admin",
                    "stats socket ipv4@127.0.0.1:\(statsPort) level admin"
                ),
                ("bind :7878", "bind 127.0.0.1:\(port)"),
                ("server node1 10.0.0.11:7878", "server node1 127.0.0.1:\(nodePort)"),
                (
                    "# server node2 10.0.0.12:7878",
                    others.isEmpty ? "# server node2 10.0.0.12:7878" : others.joined(separator: "\n    ")
                ),
            ])
        let path = directory + "/haproxy.cfg"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: HAProxyProcess.binary)
        // `-n` overrides `maxconn` (it takes precedence over the global keyword): the shipped 20,000 needs
        // about 40,000 descriptors, more than a test process may open; the file itself stays as shipped.
        process.arguments = ["-db", "-n", "1000", "-f", path]
        let log = directory + "/haproxy.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? LineClient(port: statsPort)) == nil {
            guard process.isRunning, Date() < deadline else {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                stop()
                throw TestServerError.unexpected("haproxy did not start: \(text)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit { stop() }

    /// Stops haproxy (SIGTERM, then waits) and removes its folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `text` with each line whose trimmed content equals a pattern replaced (nil: removed), keeping its
    /// indentation. Each pattern must match exactly one line.
    static func substitute(_ text: String, _ rules: [(line: String, replacement: String?)]) throws -> String {
        var lines = text.components(separatedBy: "\n")
        for rule in rules {
            let matches = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == rule.line }
            guard matches.count == 1, let index = matches.first else {
                throw TestServerError.unexpected("Deploy/haproxy.cfg has \(matches.count) lines `\(rule.line)`")
            }
            let indent = lines[index].prefix { $0 == " " }
            if let replacement = rule.replacement {
                lines[index] = indent + replacement
            } else {
                lines[index] = indent + "# (removed for the test) " + rule.line
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One command on the runtime API; its whole answer.
    func ask(_ command: String) throws -> String {
        let client = try LineClient(port: statsPort)
        try client.send(command)
        var lines: [String] = []
        while let line = try? client.readLine(timeout: 5) { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// A server's `status` (`UP`, `DOWN`, `UP 1/2`, ...) and `check_status` (`L7OK`, `L4CON`, ...) from `show stat`.
    func serverState(
        backend: String = "twodo_nodes", server: String = "node1"
    ) throws -> (
        status: String, check: String
    ) {
        let rows = try ask("show stat").split(separator: "\n").map { $0.components(separatedBy: ",") }
        guard let header = rows.first, let statusColumn = header.firstIndex(of: "status"),
            let checkColumn = header.firstIndex(of: "check_status"),
            let row = rows.first(where: { $0.count > 1 && $0[0] == backend && $0[1] == server })
        else { throw TestServerError.unexpected("no \(backend)/\(server) in show stat") }
        return (row[statusColumn], row[checkColumn])
    }

    /// Waits until `serverState` satisfies `predicate`; the last state seen either way.
    func waitForState(
        server: String = "node1", timeout: Double, _ predicate: ((status: String, check: String)) -> Bool
    ) throws -> (status: String, check: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var state = try serverState(server: server)
        while !predicate(state) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            state = try serverState(server: server)
        }
        return state
    }
}
