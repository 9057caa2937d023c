// The bench's event-driven client: one epoll loop on one thread drives every connection and timer.

import CLinux
import Glibc

/// Where a new connection's source address comes from.
enum SourceChoice {
    /// The loop's default: a fresh 127.x.y.z when spreading is on, else whatever the kernel picks.
    case automatic
    /// This dotted-quad address (several connections may share it).
    case fixed(String)
}

/// Drives many `ClientConnection`s without a thread per connection.
///
/// Invariant: every method runs on the thread that created the loop; callbacks run inside `turn`.
final class ClientLoop {
    private let epfd: Int32
    private let target: sockaddr_in
    private let spreadSources: Bool
    private var sources = SourceAddresses()
    /// Open connections by descriptor number.
    private var byFD: [ClientConnection?] = []
    private var nextGeneration: UInt32 = 1
    /// Connections with output queued since the last flush.
    private var dirty: [ClientConnection] = []
    private var timers = TimerQueue()
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    private let eventCapacity: Int32 = 1024
    private let events: UnsafeMutablePointer<epoll_event>

    /// Connections currently open.
    private(set) var openCount = 0
    /// The kind number of the pseudo-command a greeting answers.
    static let greetingKind = -2

    /// A loop whose connections go to `host:port`; with `spreadSources`, each from its own 127.x.y.z.
    init(host: String, port: UInt16, spreadSources: Bool) throws {
        epfd = try Sys.epollCreate()
        target = try Sys.address(host, port: port)
        self.spreadSources = spreadSources && host.hasPrefix("127.")
        events = .allocate(capacity: Int(eventCapacity))
    }

    deinit {
        for case let c? in byFD { Sys.close(c.fd) }
        Sys.close(epfd)
        readBuffer.deallocate()
        events.deallocate()
    }

    // MARK: Connections

    /// Opens a connection; `onGreeting` receives the server's greeting line.
    @discardableResult
    func connect(source: SourceChoice = .automatic, onGreeting: @escaping (Line) -> Void) throws -> ClientConnection {
        let fd = try Sys.socket()
        Sys.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        var address: String?
        switch source {
        case .automatic: if spreadSources { address = sources.take() }
        case .fixed(let a): address = a
        }
        let connected: Bool
        do {
            if let address {
                // Defer the port choice to connect() so thousands of connections can share one address.
                Sys.setOption(fd, Int32(IPPROTO_IP), ClientLoop.ipBindAddressNoPort, 1)
                try Sys.bind(fd, try Sys.address(address, port: 0))
            }
            connected = try Sys.connect(fd, target)
        } catch {
            Sys.close(fd)
            throw error
        }
        let c = ClientConnection(fd: fd, generation: nextGeneration)
        nextGeneration &+= 1
        c.loop = self
        c.isConnected = connected
        c.pending.push(PendingCommand(sentAt: Sys.nanos(), kind: ClientLoop.greetingKind, token: 0, then: onGreeting))
        do {
            try Sys.epollControl(epfd, EPOLL_CTL_ADD, fd, events: interest(c), token: token(c))
        } catch {
            Sys.close(fd)
            throw error
        }
        if Int(fd) >= byFD.count { byFD.append(contentsOf: repeatElement(nil, count: Int(fd) - byFD.count + 1024)) }
        byFD[Int(fd)] = c
        openCount += 1
        return c
    }

    /// `IP_BIND_ADDRESS_NO_PORT` from <linux/in.h>, which Glibc does not export.
    private static let ipBindAddressNoPort: Int32 = 24

    /// Closes a connection from the bench's side (no `onClose` call).
    func close(_ c: ClientConnection) {
        guard !c.isClosed else { return }
        c.isClosed = true
        try? Sys.epollControl(epfd, EPOLL_CTL_DEL, c.fd, events: 0, token: 0)
        Sys.close(c.fd)
        if Int(c.fd) < byFD.count && byFD[Int(c.fd)] === c { byFD[Int(c.fd)] = nil }
        openCount -= 1
    }

    /// The server closed the connection or it failed: close it and tell its owner.
    private func lost(_ c: ClientConnection, _ reason: String) {
        guard !c.isClosed else { return }
        close(c)
        c.closeReason = reason
        c.onClose?(c)
    }

    /// Puts a connection on the list to flush at the end of this turn.
    func markDirty(_ c: ClientConnection) {
        guard !c.isDirty else { return }
        c.isDirty = true
        dirty.append(c)
    }

    // MARK: Timers

    /// Runs `action` at the monotonic instant `deadline` (nanoseconds), within a millisecond.
    func at(_ deadline: UInt64, _ action: @escaping () -> Void) {
        timers.schedule(at: deadline, action)
    }

    /// Runs `action` after `seconds`.
    func after(_ seconds: Double, _ action: @escaping () -> Void) {
        timers.schedule(at: Sys.nanos() + UInt64(max(0, seconds) * 1e9), action)
    }

    /// Forgets every scheduled action (between phases).
    func cancelTimers() { timers.removeAll() }

    // MARK: Running

    /// Turns the loop until `done()` holds; throws `BenchError.timeout` naming `what` after `seconds`.
    func run(until done: () -> Bool, timeout seconds: Double, what: String) throws {
        let deadline = Sys.nanos() + UInt64(seconds * 1e9)
        while !done() {
            let now = Sys.nanos()
            if now >= deadline { throw BenchError.timeout(what) }
            try turn(maxWait: min(deadline - now, 50_000_000))
        }
    }

    /// Turns the loop for `seconds`.
    func run(for seconds: Double) throws {
        let deadline = Sys.nanos() + UInt64(seconds * 1e9)
        while true {
            let now = Sys.nanos()
            if now >= deadline { return }
            try turn(maxWait: deadline - now)
        }
    }

    /// One turn: flush, wait for I/O or the next timer, handle what is ready, run due timers, flush.
    func turn(maxWait: UInt64) throws {
        flushDirty()
        var wait = maxWait
        if let next = timers.nextDeadline {
            let now = Sys.nanos()
            wait = next > now ? min(wait, next - now) : 0
        }
        // Round up so a timer is never woken for early and spun on.
        let timeoutMs = Int32(min(1000, (wait + 999_999) / 1_000_000))
        let n = try Sys.epollWait(epfd, events, eventCapacity, timeoutMs)
        for i in 0..<n {
            let e = events[i]
            let fd = Int(e.data.u64 & 0xFFFF_FFFF)
            let generation = UInt32(truncatingIfNeeded: e.data.u64 >> 32)
            guard fd < byFD.count, let c = byFD[fd], c.generation == generation else { continue }
            handle(c, bits: e.events)
        }
        let now = Sys.nanos()
        while let action = timers.popDue(now: now) { action() }
        flushDirty()
    }

    private func token(_ c: ClientConnection) -> UInt64 {
        UInt64(c.generation) << 32 | UInt64(UInt32(bitPattern: c.fd))
    }

    private func interest(_ c: ClientConnection) -> UInt32 {
        var bits = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        if !c.isConnected || c.wantsWrite { bits |= EPOLLOUT.rawValue }
        return bits
    }

    private func updateInterest(_ c: ClientConnection) {
        try? Sys.epollControl(epfd, EPOLL_CTL_MOD, c.fd, events: interest(c), token: token(c))
    }

    private func handle(_ c: ClientConnection, bits: UInt32) {
        if !c.isConnected {
            guard bits & (EPOLLOUT.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 else { return }
            let error = Sys.socketError(c.fd)
            guard error == 0 else {
                lost(c, BenchError.system("connect", error).description)
                return
            }
            c.isConnected = true
            updateInterest(c)
            markDirty(c)
        }
        if bits & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            read(c)
        }
        if !c.isClosed && bits & EPOLLOUT.rawValue != 0 && c.wantsWrite { flush(c) }
    }

    private func read(_ c: ClientConnection) {
        // Level-triggered: a few reads per wake-up are enough; epoll reports the rest next turn.
        for _ in 0..<4 {
            switch Sys.read(c.fd, readBuffer) {
            case .bytes(0):
                lost(c, "closed by the server")
                return
            case .bytes(let n):
                split(c, UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
                if c.isClosed || n < readBuffer.count { return }
            case .wouldBlock:
                return
            case .failed(let e):
                lost(c, BenchError.system("read", e).description)
                return
            }
        }
    }

    /// Cuts received bytes into lines and hands each to the connection.
    private func split(_ c: ClientConnection, _ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count && !c.isClosed {
            guard let hit = memchr(base + start, 10, buffer.count - start) else {
                c.partial.append(contentsOf: buffer[start...])
                return
            }
            let end = base.distance(to: UnsafeRawPointer(hit))
            if c.partial.isEmpty {
                let stop = end > start && buffer[end - 1] == 13 ? end - 1 : end
                c.deliver(Line(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<stop])))
            } else {
                var whole: [UInt8] = []
                swap(&whole, &c.partial)
                whole.append(contentsOf: buffer[start..<end])
                if whole.last == 13 { whole.removeLast() }
                whole.withUnsafeBytes { c.deliver(Line(bytes: $0)) }
            }
            start = end + 1
        }
    }

    private func flushDirty() {
        guard !dirty.isEmpty else { return }
        let list = dirty
        dirty.removeAll(keepingCapacity: true)
        for c in list {
            c.isDirty = false
            flush(c)
        }
    }

    private func flush(_ c: ClientConnection) {
        guard c.isConnected && !c.isClosed else { return }  // a connecting socket is flushed once connected
        while c.pendingOutput > 0 {
            let status = c.output.withUnsafeBytes {
                Sys.send(c.fd, UnsafeRawBufferPointer(rebasing: $0[c.outputStart...]))
            }
            switch status {
            case .bytes(let n):
                c.outputStart += n
            case .wouldBlock:
                if !c.wantsWrite {
                    c.wantsWrite = true
                    updateInterest(c)
                }
                return
            case .failed(let e):
                lost(c, BenchError.system("send", e).description)
                return
            }
        }
        if c.output.capacity > 1 << 16 { c.output = [] } else { c.output.removeAll(keepingCapacity: true) }
        c.outputStart = 0
        if c.wantsWrite {
            c.wantsWrite = false
            updateInterest(c)
        }
    }
}
