// Every system call TwoDo makes, each C function behind exactly one wrapper that retries EINTR.

import CLinux
import Glibc

/// Thin wrappers over the system calls, in the style of swift-nio's `Posix`: one place per C function.
///
/// Every call retries `EINTR`, reports `EAGAIN` as `.wouldBlock` where blocking is an outcome, and throws
/// the rest as a `SystemError`. `EBADF`/`EFAULT` are our bugs (a descriptor used after close, a bad
/// pointer): an assertion in debug builds (tests stop there), a thrown error in release, so a production
/// server drops the one connection instead of every user.
public enum Posix {
    /// Runs `body` until it does not fail with EINTR; classifies the failure as described on `Posix`.
    @inline(__always)
    public static func call<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> IOResult<T> {
        while true {
            let rc = body()
            if rc >= 0 { return .done(rc) }
            let e = errno
            switch e {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EBADF, EFAULT:
                assertionFailure("\(name) on a bad descriptor or address: errno \(e)")
                throw SystemError(call: name, errno: e)
            default: throw SystemError(call: name, errno: e)
            }
        }
    }

    /// Like `call` for calls that never legitimately block: "would block" is thrown as `EAGAIN`.
    @inline(__always)
    public static func must<T: BinaryInteger>(_ name: String, _ body: () -> T) throws -> T {
        switch try call(name, body) {
        case .done(let v): return v
        case .wouldBlock: throw SystemError(call: name, errno: EAGAIN)
        }
    }

    // MARK: descriptors

    /// Closes a descriptor. Linux always releases it, even when close reports EINTR: never retried.
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Reads what is available; `.done(0)` is end of stream.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try call("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes what the descriptor takes now.
    public static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try call("write") { rawWrite(fd, buffer.baseAddress, buffer.count) }
    }

    /// write(2) itself, with no error handling: the one form a signal handler may use (async-signal-safe).
    @inline(__always)
    static func rawWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, bytes, count)
    }

    /// Opens (with `O_CREAT`, creates with `mode`) the file at `path`.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws -> Int32 {
        try must("open") { Glibc.open(path, flags, mode) }
    }

    /// Opens `/dev/null` read-only (a spare descriptor kept for running out of descriptors); -1 on failure.
    public static func openDevNull() -> Int32 {
        (try? open("/dev/null", flags: O_RDONLY | O_CLOEXEC)) ?? -1
    }

    /// Switches `O_NONBLOCK` on or off.
    public static func setNonBlocking(_ fd: Int32, _ on: Bool) throws {
        let flags = try must("fcntl") { fcntl(fd, F_GETFL) }
        _ = try must("fcntl") { fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Raises the open-file soft limit to the hard limit; returns the new soft limit.
    public static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    /// Sleeps this thread for `seconds` (a back-off after a failed wait, a short grace period).
    public static func sleep(seconds: Double) {
        _ = usleep(useconds_t(max(0, seconds * 1_000_000)))
    }

    /// Creates a new, private folder named `prefix` plus six random characters; returns its path.
    public static func makeTemporaryFolder(prefix: String) throws -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemError(call: "mkdtemp(\(prefix))", errno: errno)
        }
        return String(cString: made)
    }

    /// Sends `signal` to the process `pid`; false when there is no such process (or it is not ours).
    @discardableResult
    public static func kill(_ pid: Int32, signal: Int32) -> Bool {
        Glibc.kill(pid, signal) == 0
    }

    /// This process's id.
    public static var processID: Int32 { getpid() }

    // MARK: sockets

    /// A new close-on-exec TCP socket for `family`, non-blocking unless asked otherwise.
    public static func socket(family: Int32, nonBlocking: Bool = true) throws -> Int32 {
        let type = SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | (nonBlocking ? SOCK_NONBLOCK.rawValue : 0)
        return try must("socket") { Glibc.socket(family, Int32(type), 0) }
    }

    /// A connected pair of close-on-exec, non-blocking Unix stream sockets (for tests and wake-ups).
    public static func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue)
        _ = try must("socketpair") { socketpair(AF_UNIX, type, 0, &fds) }
        return (fds[0], fds[1])
    }

    /// Sends without raising SIGPIPE; non-blocking (`MSG_DONTWAIT`) unless `blocking`.
    public static func send(
        _ fd: Int32, _ buffer: UnsafeRawBufferPointer, blocking: Bool = false
    ) throws
        -> IOResult<Int>
    {
        let flags = Int32(MSG_NOSIGNAL) | (blocking ? 0 : Int32(MSG_DONTWAIT))
        return try call("send") { Glibc.send(fd, buffer.baseAddress, buffer.count, flags) }
    }

    /// Sends all of `bytes` on a blocking socket; a send timeout (`EAGAIN`) is thrown.
    public static func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let result = try bytes[sent...].withUnsafeBytes { try send(fd, $0, blocking: true) }
            switch result {
            case .done(let n): sent += n
            case .wouldBlock: throw SystemError(call: "send", errno: EAGAIN)
            }
        }
    }

    /// Receives what is available; `.done(0)` means the peer closed. `peek` leaves the bytes queued;
    /// `blocking: false` adds `MSG_DONTWAIT`.
    public static func receive(
        _ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, peek: Bool = false, blocking: Bool = true
    ) throws -> IOResult<Int> {
        let flags = (peek ? Int32(MSG_PEEK) : 0) | (blocking ? 0 : Int32(MSG_DONTWAIT))
        return try call("recv") { recv(fd, buffer.baseAddress, buffer.count, flags) }
    }

    /// Sets an integer socket option.
    public static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws {
        var v = value
        _ = try must("setsockopt") { setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) }
    }

    /// Turns off Nagle's algorithm, so short lines go out at once.
    public static func setNoDelay(_ fd: Int32) throws {
        try setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
    }

    /// Sets a send timeout, so a peer that stops reading cannot block a blocking sender for long.
    public static func setSendTimeout(_ fd: Int32, seconds: Int) throws {
        var tv = timeval(tv_sec: seconds, tv_usec: 0)
        _ = try must("setsockopt(SO_SNDTIMEO)") {
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Sets how long a blocking receive waits before it fails with `EAGAIN` (0: forever).
    public static func setReceiveTimeout(_ fd: Int32, seconds: Int) throws {
        var tv = timeval(tv_sec: seconds, tv_usec: 0)
        _ = try must("setsockopt(SO_RCVTIMEO)") {
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Makes the next close send a reset instead of a FIN (`SO_LINGER` with a zero timeout).
    public static func setResetOnClose(_ fd: Int32) throws {
        var value = linger(l_onoff: 1, l_linger: 0)
        _ = try must("setsockopt(SO_LINGER)") {
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
        }
    }

    /// The pending error of a socket (`SO_ERROR`), 0 when none (a non-blocking connect succeeded).
    public static func pendingError(_ fd: Int32) throws -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try must("getsockopt") { getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) }
        return value
    }

    /// The IPv4 socket address of the dotted quad `host` ("localhost" means 127.0.0.1) and `port`.
    public static func ipv4Address(_ host: String, port: UInt16) throws -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        let parsed = withUnsafeMutableBytes(of: &addr.sin_addr) {
            parseAddress(AF_INET, host == "localhost" ? "127.0.0.1" : host, $0)
        }
        guard parsed else { throw SystemError(call: "inet_pton(\(host))", errno: EINVAL) }
        return addr
    }

    /// Whether `text` is a literal IPv4 (or, with `v6`, IPv6) address.
    public static func isAddressLiteral(_ text: String, v6: Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return buffer.withUnsafeMutableBytes { parseAddress(v6 ? AF_INET6 : AF_INET, text, $0) }
    }

    /// The bytes of the literal IPv4 (4 bytes) or, with `v6`, IPv6 (16 bytes) address `text`; nil when it is
    /// no such address.
    public static func addressBytes(_ text: String, v6: Bool) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: v6 ? 16 : 4)
        let parsed = buffer.withUnsafeMutableBytes { parseAddress(v6 ? AF_INET6 : AF_INET, text, $0) }
        return parsed ? buffer : nil
    }

    /// inet_pton: `text` as a binary address of `family` into `out` (room for that family's address);
    /// false when it is no such address.
    private static func parseAddress(_ family: Int32, _ text: String, _ out: UnsafeMutableRawBufferPointer) -> Bool {
        inet_pton(family, text, out.baseAddress) == 1
    }

    /// Binds `fd` to a local address.
    public static func bind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws {
        _ = try must("bind") { Glibc.bind(fd, address, length) }
    }

    /// Binds `fd` to an IPv4 address (port 0: the kernel picks one).
    public static func bind(_ fd: Int32, ipv4 address: sockaddr_in) throws {
        var addr = address
        try withUnsafePointer(to: &addr) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// Starts listening with `backlog` pending connections.
    public static func listen(_ fd: Int32, backlog: Int32) throws {
        _ = try must("listen") { Glibc.listen(fd, backlog) }
    }

    /// Accepts one waiting connection as a non-blocking, close-on-exec socket.
    public static func accept(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws -> IOResult<Int32> {
        try call("accept4") { accept4(fd, address, length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)) }
    }

    /// The address a socket is bound to.
    public static func localAddress(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) throws {
        _ = try must("getsockname") { getsockname(fd, address, length) }
    }

    /// Starts a connect; true when it completed at once, false when it goes on in the background
    /// (`EINPROGRESS`, or `EINTR`, which on a connect means the same and must not be retried).
    public static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws -> Bool {
        if Glibc.connect(fd, address, length) == 0 { return true }
        let e = errno
        if e == EINPROGRESS || e == EINTR || e == EALREADY || e == EAGAIN { return false }
        if e == EBADF || e == EFAULT {
            assertionFailure("connect on a bad descriptor or address: errno \(e)")
        }
        throw SystemError(call: "connect", errno: e)
    }

    /// Starts a connect to an IPv4 address; true when it completed at once.
    public static func connect(_ fd: Int32, ipv4 address: sockaddr_in) throws -> Bool {
        var addr = address
        return try withUnsafePointer(to: &addr) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// Starts a connect to a socket address given as raw bytes (as `resolve` returns them).
    public static func connect(_ fd: Int32, address: [UInt8]) throws -> Bool {
        try address.withUnsafeBytes { raw in
            try connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }

    /// The socket addresses `host:port` resolves to (TCP), in the resolver's order, as family and raw bytes.
    public static func resolve(host: String, port: UInt16) throws -> [(family: Int32, address: [UInt8])] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0 else {
            throw SystemError(call: "getaddrinfo", errno: rc, reason: String(cString: gai_strerror(rc)))
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

    // MARK: readiness

    /// Waits until one of `entries` is ready or `timeoutMilliseconds` pass (-1: forever). Returns, per
    /// entry, what it is ready for; a hang-up or error counts as readable (the read reports it). A signal
    /// returns early with nothing ready, so the caller re-checks its stop flag.
    public static func poll(
        _ entries: [(fd: Int32, interest: Interest)], timeoutMilliseconds: Int32
    ) throws
        -> [Interest]
    {
        var fds = entries.map { entry in
            var events: Int16 = 0
            if entry.interest.contains(.readable) { events |= Int16(POLLIN) }
            if entry.interest.contains(.writable) { events |= Int16(POLLOUT) }
            return pollfd(fd: entry.fd, events: events, revents: 0)
        }
        let rc = fds.withUnsafeMutableBufferPointer {
            Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds)
        }
        if rc < 0 {
            // EINTR is not retried here: a stop signal must reach the caller's loop at once.
            let e = errno
            if e == EINTR { return fds.map { _ in [] } }
            throw SystemError(call: "poll", errno: e)
        }
        return fds.map { pfd in
            var ready: Interest = []
            if pfd.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 { ready.insert(.readable) }
            if pfd.revents & Int16(POLLOUT) != 0 { ready.insert(.writable) }
            return ready
        }
    }

    /// A new close-on-exec epoll instance.
    public static func epollCreate() throws -> Int32 {
        try must("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// Adds, modifies or removes (`op`) the registration of `fd`.
    public static func epollControl(_ epfd: Int32, _ op: Int32, _ fd: Int32, _ event: inout epoll_event) throws {
        _ = try must("epoll_ctl") { epoll_ctl(epfd, op, fd, &event) }
    }

    /// Waits for ready registrations; returns how many were written to `events` (0 on timeout or signal).
    public static func epollWait(
        _ epfd: Int32, _ events: UnsafeMutablePointer<epoll_event>, _ max: Int32, _ timeout: Int32
    ) throws -> Int32 {
        switch try call("epoll_wait", { epoll_wait(epfd, events, max, timeout) }) {
        case .done(let n): return n
        case .wouldBlock: return 0
        }
    }

    /// A new non-blocking, close-on-exec eventfd counter starting at 0.
    public static func eventFD() throws -> Int32 {
        try must("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }
}
