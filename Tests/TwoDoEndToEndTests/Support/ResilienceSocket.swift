// A raw client socket for what LineClient cannot do: a chosen source address, a tiny receive buffer, polling reads.

import Foundation
import Glibc

/// One client connection with control over its socket options.
///
/// Binding a source address in 127.0.0.0/8 makes the server see a different peer, which is how the
/// tests reach per-address throttling; a small `SO_RCVBUF` makes a client that never reads fill up fast.
final class ResilienceSocket: @unchecked Sendable {
    // @unchecked: each socket is used by one thread at a time.
    let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Connects to 127.0.0.1:`port`, optionally from `source` and with a receive buffer of `receiveBuffer` bytes.
    init(port: UInt16, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LineClientError.io("socket", errno) }
        do {
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            if let source {
                var local = ResilienceSocket.address(source, port: 0)
                let rc = withUnsafePointer(to: &local) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                guard rc == 0 else { throw LineClientError.io("bind \(source)", errno) }
            }
            var remote = ResilienceSocket.address("127.0.0.1", port: port)
            let rc = withUnsafePointer(to: &remote) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard rc == 0 else { throw LineClientError.io("connect", errno) }
        } catch {
            // `deinit` still runs for a fully initialized object whose init throws: close once, here.
            closed = true
            Glibc.close(fd)
            throw error
        }
    }

    deinit { close() }

    /// Closes the socket (once).
    func close() {
        if !closed {
            closed = true
            Glibc.close(fd)
        }
    }

    /// An IPv4 socket address for `host`:`port`.
    static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &addr.sin_addr)
        return addr
    }

    /// Sends every byte, blocking as needed.
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

    /// Reads one line without its CR LF, waiting at most `timeout` seconds.
    func readLine(timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = takeLine() { return line }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw LineClientError.timeout(partial: String(decoding: buffer, as: UTF8.self)) }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let rc = poll(&pfd, 1, Int32(max(1, remaining * 1000)))
            if rc < 0 && errno != EINTR { throw LineClientError.io("poll", errno) }
            if rc > 0 { guard try receiveAvailable() else { throw LineClientError.closed } }
        }
    }

    /// Sends a command and returns its JSON reply (events before it are skipped).
    func json(_ line: String, timeout: Double = 5) throws -> [String: Any] {
        try send(line)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = try readLine(timeout: max(0.01, deadline.timeIntervalSinceNow))
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw LineClientError.notJSON(text)
            }
            if object["type"] as? String == "reply" { return object }
        }
    }

    /// Reads whatever has arrived without waiting and returns the complete lines; nil once the server closed.
    func drainLines() throws -> [String]? {
        var lines: [String] = []
        var open = true
        while open {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0 else { break }
            open = try receiveAvailable()
        }
        while let line = takeLine() { lines.append(line) }
        return open || !lines.isEmpty ? lines : nil
    }

    /// One recv; false on EOF or reset.
    private func receiveAvailable() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n < 0 {
            if errno == EAGAIN || errno == EINTR { return true }
            if errno == ECONNRESET { return false }
            throw LineClientError.io("recv", errno)
        }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }

    private func takeLine() -> String? {
        guard let lf = buffer.firstIndex(of: 10) else { return nil }
        var line = Array(buffer[..<lf])
        buffer.removeFirst(lf + 1)
        if line.last == 13 { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
