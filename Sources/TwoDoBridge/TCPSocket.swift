// A blocking TCP client socket with a connect timeout, line framing on read, and close-once ownership.

import Glibc

/// One outgoing TCP connection carrying CRLF-terminated lines. Closed exactly once (by `close()` or deinit).
///
/// Not `Sendable`: it belongs to the bridge thread.
final class TCPSocket {
    /// The descriptor, for `poll`; -1 once closed.
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// The longest line accepted from the peer; a longer one means the peer is broken or hostile.
    let maxLineBytes: Int

    private init(fd: Int32, maxLineBytes: Int) {
        self.fd = fd
        self.maxLineBytes = maxLineBytes
    }

    deinit { close() }

    /// Connects to `endpoint`, trying each resolved address; gives up on one after `timeout` seconds.
    static func connect(to endpoint: Endpoint, timeout: Double, maxLineBytes: Int) throws -> TCPSocket {
        var lastError = BridgeSystemError(call: "connect", errno: ECONNREFUSED)
        for (family, address) in try BridgePosix.resolve(host: endpoint.host, port: endpoint.port) {
            let fd = try BridgePosix.socket(family: family)
            do {
                try BridgePosix.setNonBlocking(fd, true)
                let done = try address.withUnsafeBytes { raw in
                    try BridgePosix.connect(
                        fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
                }
                if !done {
                    var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
                    if try BridgePosix.poll(&fds, timeoutMilliseconds: Int32(timeout * 1000)) == 0 {
                        throw BridgeSystemError(call: "connect", errno: ETIMEDOUT)
                    }
                    let pending = try BridgePosix.pendingError(fd)
                    if pending != 0 { throw BridgeSystemError(call: "connect", errno: pending) }
                }
                try BridgePosix.setNonBlocking(fd, false)
                try BridgePosix.setSendTimeout(fd, seconds: 5)
                try BridgePosix.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
                return TCPSocket(fd: fd, maxLineBytes: maxLineBytes)
            } catch let error as BridgeSystemError {
                BridgePosix.close(fd)
                lastError = error
            }
        }
        throw lastError
    }

    /// Sends one line, adding CR LF.
    func send(line: String) throws {
        guard fd >= 0 else { throw BridgeSystemError(call: "send", errno: EPIPE) }
        try BridgePosix.sendAll(fd, Array((line + "\r\n").utf8))
    }

    /// Reads what has arrived (call when `poll` says readable) and returns the complete lines, without
    /// CR LF. Throws when the peer closed (`ECONNRESET` for a plain EOF) or sent an overlong line.
    func receiveLines() throws -> [String] {
        guard fd >= 0 else { throw BridgeSystemError(call: "recv", errno: EPIPE) }
        let n = try BridgePosix.receive(fd, into: &buffer)
        var lines: [String] = []
        var start = 0
        while let lf = buffer[start...].firstIndex(of: 10) {
            var end = lf
            if end > start && buffer[end - 1] == 13 { end -= 1 }
            lines.append(String(decoding: buffer[start..<end], as: UTF8.self))
            start = lf + 1
        }
        buffer.removeFirst(start)
        if buffer.count > maxLineBytes { throw BridgeSystemError(call: "recv", errno: EMSGSIZE) }
        // Lines that came with the EOF are returned first; the next poll reports the EOF again.
        if n == 0 && lines.isEmpty {
            throw BridgeSystemError(call: "recv", errno: ECONNRESET, reason: "closed by peer")
        }
        return lines
    }

    /// Closes the descriptor (once).
    func close() {
        if fd >= 0 {
            BridgePosix.close(fd)
            fd = -1
        }
    }
}
