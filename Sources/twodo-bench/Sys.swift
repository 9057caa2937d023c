// The system calls the bench client makes, each behind one small wrapper that retries EINTR.

import CLinux
import Glibc

/// What a non-blocking read or send did.
enum IOStatus: Equatable {
    /// This many bytes moved (0 on a read means the peer closed).
    case bytes(Int)
    /// Nothing can move now; wait for epoll.
    case wouldBlock
    /// The call failed with this errno (a reset or broken connection, usually).
    case failed(Int32)
}

/// Thin wrappers over the C calls the client needs; one place per C function.
enum Sys {
    /// Retries `body` while it fails with EINTR and returns its result (negative means `errno` is set).
    @inline(__always)
    private static func retrying<T: BinaryInteger>(_ body: () -> T) -> T {
        while true {
            let rc = body()
            if rc < 0 && errno == EINTR { continue }
            return rc
        }
    }

    private static func status(_ rc: Int) -> IOStatus {
        if rc >= 0 { return .bytes(rc) }
        let e = errno
        return e == EAGAIN || e == EWOULDBLOCK ? .wouldBlock : .failed(e)
    }

    /// A non-blocking, close-on-exec IPv4 stream socket.
    static func socket() throws -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw BenchError.system("socket", errno) }
        return fd
    }

    /// Sets an integer socket option; failures are ignored by callers that only tune performance.
    @discardableResult
    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) -> Bool {
        var v = value
        return setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// The IPv4 address `text` (dotted quad) with `port`, ready for bind/connect.
    static func address(_ text: String, port: UInt16) throws -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        guard inet_pton(AF_INET, text, &addr.sin_addr) == 1 else {
            throw BenchError.usage("'\(text)' is not an IPv4 address")
        }
        return addr
    }

    /// Binds `fd` to a local address (port 0: chosen at connect time).
    static func bind(_ fd: Int32, _ address: sockaddr_in) throws {
        var addr = address
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else { throw BenchError.system("bind", errno) }
    }

    /// Starts a non-blocking connect. Returns true when already connected, false while in progress.
    static func connect(_ fd: Int32, _ address: sockaddr_in) throws -> Bool {
        var addr = address
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                retrying { Glibc.connect(fd, p, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        if rc == 0 { return true }
        if errno == EINPROGRESS { return false }
        throw BenchError.system("connect", errno)
    }

    /// The pending error of a socket (0 when a non-blocking connect succeeded).
    static func socketError(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return errno }
        return value
    }

    /// Reads what is available.
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> IOStatus {
        status(retrying { Glibc.read(fd, buffer.baseAddress, buffer.count) })
    }

    /// Sends without raising SIGPIPE.
    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> IOStatus {
        status(retrying { Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) })
    }

    /// Closes a descriptor. Linux releases it even when close reports EINTR, so it is never retried.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// A close-on-exec epoll instance.
    static func epollCreate() throws -> Int32 {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw BenchError.system("epoll_create1", errno) }
        return fd
    }

    /// Adds, modifies or removes an epoll registration.
    static func epollControl(_ epfd: Int32, _ op: Int32, _ fd: Int32, events: UInt32, token: UInt64) throws {
        var ev = epoll_event()
        ev.events = events
        ev.data.u64 = token
        guard epoll_ctl(epfd, op, fd, &ev) == 0 else { throw BenchError.system("epoll_ctl", errno) }
    }

    /// Waits for ready registrations; returns how many were written to `events`.
    static func epollWait(
        _ epfd: Int32, _ events: UnsafeMutablePointer<epoll_event>, _ capacity: Int32, _ timeoutMs: Int32
    ) throws -> Int {
        while true {
            let n = epoll_wait(epfd, events, capacity, timeoutMs)
            if n >= 0 { return Int(n) }
            if errno == EINTR { return 0 }
            throw BenchError.system("epoll_wait", errno)
        }
    }

    /// Raises the soft descriptor limit to the hard one; returns the limit now in force.
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    /// Monotonic nanoseconds (CLOCK_MONOTONIC): the one clock for send stamps and latencies.
    @inline(__always)
    static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
