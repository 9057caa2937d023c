// A blocking TCP line client with timeouts, speaking to the server the way `nc` would.

import Foundation
import Glibc

/// One connection to a test server. Lines are read with a timeout so a missing reply fails, not hangs.
final class LineClient: @unchecked Sendable {
    // @unchecked: each client is used by one test task at a time.
    /// -1 once closed by a failed init: a throwing init of a fully initialized class still runs `deinit`,
    /// and a second close could hit a descriptor another parallel test was handed since.
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// How far `buffer` is known to hold no LF: a multi-megabyte line is scanned once, not once per read.
    private var scanned = 0

    /// Connects to `host`:`port`; from the local address `source` when given (another 127.0.0.0/8 address
    /// makes the server see another peer, for per-address throttling).
    init(port: UInt16, host: String = "127.0.0.1", source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LineClientError.io("socket", errno) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let rc = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard rc == 0 else {
                let e = errno
                Glibc.close(fd)
                fd = -1
                throw LineClientError.io("bind \(source)", e)
            }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &addr.sin_addr)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            let e = errno
            Glibc.close(fd)
            fd = -1
            throw LineClientError.io("connect", e)
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Sends raw bytes.
    func send(bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw LineClientError.io("send", errno)
            }
            sent += n
        }
    }

    /// Sends one line (LF added).
    func send(_ line: String) throws { try send(bytes: Array((line + "\n").utf8)) }

    /// Reads one line (without CRLF); throws on timeout or when the server closed the connection.
    func readLine(timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let lf = buffer[scanned...].firstIndex(of: 10) {
                var line = Array(buffer[..<lf])
                buffer.removeFirst(lf + 1)
                scanned = 0
                if line.last == 13 { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            scanned = buffer.count
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw LineClientError.timeout(partial: String(decoding: buffer.prefix(2000), as: UTF8.self))
            }
            guard try fill(timeout: remaining) else { throw LineClientError.closed }
        }
    }

    /// Reads lines until one satisfies `predicate`; returns it (earlier lines are dropped).
    func readLine(until predicate: (String) -> Bool, timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let line = try readLine(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if predicate(line) { return line }
        }
    }

    /// Sends a line and returns the first reply line.
    func command(_ line: String, timeout: Double = 5) throws -> String {
        try send(line)
        return try readLine(timeout: timeout)
    }

    /// Reads one line and parses it as a JSON object.
    func readJSON(timeout: Double = 5) throws -> [String: Any] {
        let line = try readLine(timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw LineClientError.notJSON(line)
        }
        return object
    }

    /// Sends a command in JSON mode and returns its reply object (events that arrive first are skipped).
    func json(_ line: String, timeout: Double = 5) throws -> [String: Any] {
        try send(line)
        while true {
            let object = try readJSON(timeout: timeout)
            if object["type"] as? String == "reply" { return object }
        }
    }

    /// True when nothing arrives within `seconds`.
    func isQuiet(for seconds: Double) throws -> Bool {
        if !buffer.isEmpty { return false }
        do {
            return try !fill(timeout: seconds)
        } catch LineClientError.timeout {
            return true
        }
    }

    /// Whether the server has closed the connection (reads EOF within `timeout`, skipping any data).
    func isClosedByServer(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            do {
                if try !fill(timeout: deadline.timeIntervalSinceNow) { return true }
            } catch LineClientError.timeout {
                return false
            } catch {
                return true
            }
            buffer.removeAll()
            scanned = 0
        }
        return false
    }

    /// Waits for data; false on EOF; throws `.timeout` when nothing came.
    private func fill(timeout: Double) throws -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let rc = poll(&pfd, 1, Int32(max(1, timeout * 1000)))
        if rc == 0 { throw LineClientError.timeout(partial: String(decoding: buffer.prefix(2000), as: UTF8.self)) }
        if rc < 0 { throw LineClientError.io("poll", errno) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            if errno == ECONNRESET { return false }
            throw LineClientError.io("recv", errno)
        }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }

    /// Half-closes the connection (no more sending).
    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }
}

enum LineClientError: Error {
    case io(String, Int32)
    case timeout(partial: String)
    case closed
    case notJSON(String)
}

/// A JSON object as the server sends it (one per line in JSON mode).
typealias JSONObject = [String: Any]

extension Dictionary where Key == String, Value == Any {
    /// The stable dotted code of a reply.
    var code: String? { self["code"] as? String }
    /// Whether a reply reports success.
    var ok: Bool? { self["ok"] as? Bool }
    /// The localized text of a reply or event ("" when absent).
    var text: String { self["text"] as? String ?? "" }
    /// The `data` object of a reply or event (empty when absent).
    var data: JSONObject { self["data"] as? JSONObject ?? [:] }
    /// The name of an event (`task.added`, ...).
    var event: String? { self["event"] as? String }
}

extension LineClient {
    /// Sends a human-mode command and returns every line of its reply, using `ping` as an end marker.
    ///
    /// Events that arrive in between are included, so call it when no partner is acting.
    func lines(_ command: String, timeout: Double = 5) throws -> [String] {
        try send(command)
        try send("ping")
        var lines: [String] = []
        while true {
            let line = try readLine(timeout: timeout)
            if line == "pong" { return lines }
            lines.append(line)
        }
    }

    /// Reads the next JSON line, which must be an event (a reply arriving first is an error).
    func event(timeout: Double = 5) throws -> JSONObject {
        let object = try readJSON(timeout: timeout)
        guard object["type"] as? String == "event" else {
            throw TestServerError.unexpected("expected an event, got \(object)")
        }
        return object
    }

    /// Sends a JSON-mode command that must succeed; returns its reply.
    @discardableResult
    func ok(_ line: String, timeout: Double = 5) throws -> JSONObject {
        let reply = try json(line, timeout: timeout)
        guard reply.ok == true else { throw TestServerError.unexpected("`\(line)` failed: \(reply)") }
        return reply
    }

    /// Sends JSON-mode commands one after another; each must succeed.
    func ok(_ lines: [String]) throws {
        for line in lines { try ok(line) }
    }
}
