// A blocking TCP client socket with a connect timeout, line framing on read, and close-once ownership.

import TwoDoSystem

/// One outgoing TCP connection carrying CRLF-terminated lines. Closed exactly once (by `close()` or deinit).
///
/// Not `Sendable`: it belongs to the bridge thread.
final class TCPSocket {
    private let descriptor: FileDescriptor
    /// The TLS session when the connection is encrypted (`--tls`); nil for plain TCP.
    private var tls: TLSClientSession?
    private var buffer: [UInt8] = []
    /// The longest line accepted from the peer; a longer one means the peer is broken or hostile.
    let maxLineBytes: Int

    private init(descriptor: FileDescriptor, maxLineBytes: Int) {
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
    }

    /// The descriptor, for `poll`; -1 once closed.
    var fd: Int32 { descriptor.rawValue ?? -1 }

    /// Whether decrypted input waits inside the TLS layer, where `poll` cannot see it.
    var hasBufferedInput: Bool { tls?.hasBufferedInput ?? false }

    /// Connects to `endpoint`, trying each resolved address; gives up on one after `timeout` seconds. With
    /// `tls`, the TLS handshake follows (within 10 s), checked as the context's trust says.
    static func connect(
        to endpoint: Endpoint, timeout: Double, maxLineBytes: Int, tls: TLSClientContext? = nil
    ) throws -> TCPSocket {
        let socket = try connect(to: endpoint, timeout: timeout, maxLineBytes: maxLineBytes)
        guard let tls else { return socket }
        let fd = socket.fd
        // A server that never answers the handshake must not hold the bridge's thread: a receive timeout for
        // it, and a short one after it, so a record that arrives in halves cannot block the loop for long.
        try Posix.setReceiveTimeout(fd, seconds: 10)
        do {
            socket.tls = try tls.connect(fd: fd, host: endpoint.host)
        } catch {
            socket.close()
            throw error
        }
        try Posix.setReceiveTimeout(fd, seconds: 2)
        return socket
    }

    /// Connects plain TCP to `endpoint`, trying each resolved address.
    private static func connect(to endpoint: Endpoint, timeout: Double, maxLineBytes: Int) throws -> TCPSocket {
        var lastError = SystemError(call: "connect", errno: Errno.connectionRefused)
        for (family, address) in try Posix.resolve(host: endpoint.host, port: endpoint.port) {
            let descriptor = FileDescriptor(owning: try Posix.socket(family: family, nonBlocking: false))
            let fd = descriptor.rawValue!
            do {
                try Posix.setNonBlocking(fd, true)
                if !(try Posix.connect(fd, address: address)) {
                    let ready = try Posix.poll(
                        [(fd, .writable)], timeoutMilliseconds: Int32(timeout * 1000))
                    if ready[0].isEmpty { throw SystemError(call: "connect", errno: Errno.timedOut) }
                    let pending = try Posix.pendingError(fd)
                    if pending != 0 { throw SystemError(call: "connect", errno: pending) }
                }
                try Posix.setNonBlocking(fd, false)
                try Posix.setSendTimeout(fd, seconds: 5)
                try Posix.setNoDelay(fd)
                return TCPSocket(descriptor: descriptor, maxLineBytes: maxLineBytes)
            } catch let error as SystemError {
                descriptor.close()
                lastError = error
            }
        }
        throw lastError
    }

    /// Sends one line, adding CR LF.
    func send(line: String) throws {
        guard let fd = descriptor.rawValue else { throw SystemError(call: "send", errno: Errno.brokenPipe) }
        if let tls {
            try tls.write(Array((line + "\r\n").utf8))
            return
        }
        try Posix.sendAll(fd, Array((line + "\r\n").utf8))
    }

    /// Reads what has arrived (call when `poll` says readable) and returns the complete lines, without
    /// CR LF. Throws when the peer closed (`ECONNRESET` for a plain EOF) or sent an overlong line.
    func receiveLines() throws -> [String] {
        guard let fd = descriptor.rawValue else { throw SystemError(call: "recv", errno: Errno.brokenPipe) }
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n: Int
        if let tls {
            // nil: the receive timeout passed inside a record; what arrived so far waits in OpenSSL.
            guard
                let count = try chunk.withUnsafeMutableBytes({ buffer throws(TLSError) in try tls.read(into: buffer) })
            else { return [] }
            n = count
        } else {
            let received = try chunk.withUnsafeMutableBytes { try Posix.receive(fd, $0) }
            // A blocking socket only reports "would block" after a receive timeout, which this one has not.
            guard case .done(let count) = received else { return [] }
            n = count
        }
        buffer.append(contentsOf: chunk[..<n])
        var lines: [String] = []
        var start = 0
        while let lf = buffer[start...].firstIndex(of: 10) {
            var end = lf
            if end > start && buffer[end - 1] == 13 { end -= 1 }
            lines.append(String(decoding: buffer[start..<end], as: UTF8.self))
            start = lf + 1
        }
        buffer.removeFirst(start)
        if buffer.count > maxLineBytes { throw SystemError(call: "recv", errno: Errno.messageTooLong) }
        // Lines that came with the EOF are returned first; the next poll reports the EOF again.
        if n == 0 && lines.isEmpty {
            throw SystemError(call: "recv", errno: Errno.connectionReset, reason: "closed by peer")
        }
        return lines
    }

    /// Closes the descriptor (once), after a TLS close_notify.
    func close() {
        if !descriptor.isClosed { tls?.shutdown() }
        tls = nil
        descriptor.close()
    }
}
