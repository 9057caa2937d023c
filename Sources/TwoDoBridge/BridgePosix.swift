// Every system call the bridge makes, each behind one wrapper that retries EINTR and throws the rest.

import Glibc

/// The bridge's system calls, in the style of swift-nio's `Posix`: one place per C function.
///
/// The bridge uses blocking sockets and waits in `poll`, so "would block" is not an outcome here
/// except for the one non-blocking `connect` (which reports `EINPROGRESS`).
enum BridgePosix {
    /// Runs `body` until it does not fail with EINTR; EBADF/EFAULT are our bugs; other failures throw.
    @inline(__always)
    private static func call<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> T {
        while true {
            let rc = body()
            if rc >= 0 { return rc }
            let e = errno
            switch e {
            case EINTR: continue
            case EBADF, EFAULT: preconditionFailure("\(name) on a bad descriptor or address: errno \(e)")
            default: throw BridgeSystemError(call: name, errno: e)
            }
        }
    }

    /// A new TCP socket (close-on-exec) for `family`.
    static func socket(family: Int32) throws -> Int32 {
        try call("socket") { Glibc.socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }
    }

    /// Starts a connect; true when it completed at once, false when it is in progress.
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws -> Bool {
        // EINTR on a non-blocking connect means it goes on in the background, as EINPROGRESS does.
        while true {
            if Glibc.connect(fd, address, length) == 0 { return true }
            let e = errno
            if e == EINPROGRESS || e == EINTR || e == EALREADY { return false }
            if e == EBADF || e == EFAULT { preconditionFailure("connect on a bad descriptor: errno \(e)") }
            throw BridgeSystemError(call: "connect", errno: e)
        }
    }

    /// The pending error of a socket (`SO_ERROR`), 0 when none.
    static func pendingError(_ fd: Int32) throws -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try call("getsockopt") { getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) }
        return value
    }

    /// Sets an integer socket option.
    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws {
        var v = value
        _ = try call("setsockopt") { setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) }
    }

    /// Sets a send timeout, so a peer that stops reading cannot block the bridge's one thread for long.
    static func setSendTimeout(_ fd: Int32, seconds: Int) throws {
        var tv = timeval(tv_sec: seconds, tv_usec: 0)
        _ = try call("setsockopt") {
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Switches `O_NONBLOCK` on or off (on only while connecting).
    static func setNonBlocking(_ fd: Int32, _ on: Bool) throws {
        let flags = try call("fcntl") { fcntl(fd, F_GETFL) }
        _ = try call("fcntl") { fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Waits for events; returns how many descriptors are ready (0 on timeout). EINTR returns 0.
    static func poll(_ fds: inout [pollfd], timeoutMilliseconds: Int32) throws -> Int {
        let rc = fds.withUnsafeMutableBufferPointer {
            Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds)
        }
        if rc >= 0 { return Int(rc) }
        let e = errno
        if e == EINTR { return 0 }  // a signal: the caller re-checks its stop flag and polls again
        throw BridgeSystemError(call: "poll", errno: e)
    }

    /// Sends all of `bytes` (blocking, bounded by the send timeout).
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = try call("send") {
                bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            sent += n
        }
    }

    /// Reads what is available into `buffer`; 0 means the peer closed.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n = try call("recv") { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
        buffer.append(contentsOf: chunk[..<n])
        return n
    }

    /// Closes a descriptor.
    static func close(_ fd: Int32) {
        // Linux always releases the descriptor, even when close reports EINTR: never retry.
        _ = Glibc.close(fd)
    }

    /// The socket addresses `host:port` resolves to (TCP), in the resolver's order.
    static func resolve(host: String, port: UInt16) throws -> [(family: Int32, address: [UInt8])] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0 else {
            throw BridgeSystemError(call: "getaddrinfo", errno: rc, reason: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }
        var result: [(Int32, [UInt8])] = []
        var node = list
        while let info = node?.pointee {
            if let address = info.ai_addr {
                let bytes = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                result.append((info.ai_family, Array(bytes)))
            }
            node = info.ai_next
        }
        return result
    }

    /// Seconds on the monotonic clock (not affected by changes to the wall clock).
    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
