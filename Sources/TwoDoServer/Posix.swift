// Every system call the server makes, each behind one wrapper that retries EINTR and classifies errors.

import CLinux
import Glibc

/// The result of a non-blocking I/O call.
enum IOResult<T> {
    case done(T)
    case wouldBlock
}

/// Thin wrappers over the system calls, in the style of swift-nio's `Posix`: one place per C function.
enum Posix {
    /// Runs `body` until it does not fail with EINTR; EAGAIN becomes `.wouldBlock`; EBADF/EFAULT are our bugs
    /// (an assertion in debug builds, a thrown error in release).
    @inline(__always)
    static func call<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> IOResult<T> {
        while true {
            let rc = body()
            if rc >= 0 { return .done(rc) }
            let e = errno
            switch e {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EBADF, EFAULT:
                // Our bug (a descriptor used after close, or a bad pointer). Tests run debug builds and stop
                // here; a production server logs it and drops the one connection instead of every user.
                assertionFailure("\(name) on a bad descriptor or address: errno \(e)")
                throw SystemError(call: name, errno: e)
            default: throw SystemError(call: name, errno: e)
            }
        }
    }

    /// Like `call` for calls that never legitimately block.
    @inline(__always)
    static func must<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> T {
        switch try call(name, body) {
        case .done(let v): return v
        case .wouldBlock: throw SystemError(call: name, errno: EAGAIN)
        }
    }

    static func close(_ fd: Int32) {
        // Linux always releases the descriptor, even when close reports EINTR: never retry.
        _ = Glibc.close(fd)
    }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try call("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try call("send") { Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
    }

    static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try call("write") { Glibc.write(fd, buffer.baseAddress, buffer.count) }
    }

    static func epollCreate() throws -> Int32 {
        try must("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    static func epollControl(_ epfd: Int32, _ op: Int32, _ fd: Int32, _ event: inout epoll_event) throws {
        _ = try must("epoll_ctl") { epoll_ctl(epfd, op, fd, &event) }
    }

    static func epollWait(
        _ epfd: Int32, _ events: UnsafeMutablePointer<epoll_event>, _ max: Int32, _ timeout: Int32
    ) throws -> Int32 {
        switch try call("epoll_wait", { epoll_wait(epfd, events, max, timeout) }) {
        case .done(let n): return n
        case .wouldBlock: return 0
        }
    }

    static func eventFD() throws -> Int32 {
        try must("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    static func socket(family: Int32) throws -> Int32 {
        try must("socket") {
            Glibc.socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws {
        var v = value
        _ = try must("setsockopt") { setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) }
    }

    static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws {
        _ = try must("bind") { Glibc.bind(fd, address, length) }
    }

    static func listen(_ fd: Int32, backlog: Int32) throws {
        _ = try must("listen") { Glibc.listen(fd, backlog) }
    }

    static func accept(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws -> IOResult<Int32> {
        try call("accept4") { accept4(fd, address, length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)) }
    }

    static func localAddress(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws {
        _ = try must("getsockname") { getsockname(fd, address, length) }
    }

    static func openDevNull() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Raises the open-file soft limit to the hard limit; returns the new soft limit.
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
