// TLS clients for end-to-end tests: certificates from the openssl tool, python's ssl module, and line tools over pipes.

import Foundation
import Glibc

/// Self-signed certificates and the TLS clients the tests drive (python3 `ssl`, `openssl s_client`, ncat, socat).
enum TLSTools {
    /// Whether `name` is an executable in /usr/bin (where Debian installs openssl, python3, ncat and socat).
    static func has(_ name: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/" + name) }

    /// Writes a self-signed P-256 certificate for `localhost` and 127.0.0.1 with the subject CN=`name` to
    /// `folder/<file>.pem` and its key to `folder/<file>-key.pem`; returns both paths.
    @discardableResult
    static func certificate(
        in folder: String, name: String = "localhost", file: String = "cert"
    ) throws -> (
        certificate: String, key: String
    ) {
        let paths = (certificate: folder + "/\(file).pem", key: folder + "/\(file)-key.pem")
        let result = try TestServer.runBinary(
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                "-keyout", paths.key, "-out", paths.certificate, "-subj", "/CN=\(name)",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ], executable: "/usr/bin/openssl")
        guard result.status == 0 else { throw TestServerError.unexpected("openssl req: \(result.stderr)") }
        return paths
    }

    /// A TLS-only test server (its `port` is the TLS port) with a fresh certificate in its folder; `extra` is
    /// appended to its arguments.
    static func server(extraArguments: [String] = [], plainPort: Bool = false) throws -> (TestServer, String) {
        let folder = TestServer.makeDirectory()
        let paths = try certificate(in: folder)
        let server = try TestServer(
            databasePath: folder + "/twodo.sqlite",
            extraArguments: ["--tls-port", "0", "--tls-cert", paths.certificate, "--tls-key", paths.key]
                + extraArguments,
            plainPort: plainPort)
        return (server, paths.certificate)
    }

    /// Runs `script` (after `pythonClient`'s helpers) with python3 and `arguments` (`sys.argv[1...]`).
    static func python(_ script: String, _ arguments: [String], timeout: Double = 30) throws -> CommandResult {
        try TestServer.runBinary(
            ["-c", pythonClient + script] + arguments, timeout: timeout, executable: "/usr/bin/python3")
    }

    /// A line client over python's `ssl` that verifies the server against a CA file and the name localhost.
    static let pythonClient = """
        import json, socket, ssl, sys, threading

        class Client:
            def __init__(self, port, ca, maximum=None):
                context = ssl.create_default_context(cafile=ca)
                if maximum is not None:
                    context.maximum_version = maximum
                raw = socket.create_connection(("127.0.0.1", port), timeout=10)
                self.sock = context.wrap_socket(raw, server_hostname="localhost")
                self.buffer = b""
                self.greeting = self.line()

            def line(self):
                while b"\\n" not in self.buffer:
                    data = self.sock.recv(65536)
                    if not data:
                        raise EOFError("closed by server")
                    self.buffer += data
                line, self.buffer = self.buffer.split(b"\\n", 1)
                return line.rstrip(b"\\r").decode()

            def command(self, text):
                self.sock.sendall((text + "\\n").encode())
                return self.line()

            def json(self, text):
                self.sock.sendall((text + "\\n").encode())
                while True:
                    message = json.loads(self.line())
                    if message["type"] == "reply":
                        return message

            def event(self):
                message = json.loads(self.line())
                assert message["type"] == "event", message
                return message

        """
}

/// A line tool (`openssl s_client -quiet`, ncat, socat) run with its stdin and stdout on pipes: lines in,
/// lines out, with timeouts.
final class PipeClient: @unchecked Sendable {
    // @unchecked: used by one test at a time.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts `/usr/bin/<tool>` with `arguments`; its stderr is dropped.
    init(_ tool: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sends one line (LF added).
    func send(_ line: String) throws { try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }

    /// Sends one line and returns the next line printed.
    func command(_ line: String, timeout: Double = 10) throws -> String {
        try send(line)
        return try readLine(timeout: timeout)
    }

    /// The next line printed (without CRLF); throws when the tool exits or says nothing for `timeout` seconds.
    func readLine(timeout: Double = 10) throws -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let lf = buffer.firstIndex(of: 10) {
                var line = Array(buffer[..<lf])
                buffer.removeFirst(lf + 1)
                if line.last == 13 { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw TestServerError.unexpected("no line within \(timeout) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else {
                throw TestServerError.unexpected("the tool exited: \(String(decoding: buffer, as: UTF8.self))")
            }
            buffer += chunk[..<n]
        }
    }
}
