// The bench's event-driven client: one epoll loop on one thread drives every connection and timer.

import CLinux
import Foundation  // memchr, memcmp
import TwoDoBenchRESP
import TwoDoSystem

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
    private let epoll: Epoll
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

    /// Connections currently open.
    private(set) var openCount = 0
    /// The kind number of the pseudo-command a greeting answers.
    static let greetingKind = -2

    /// A loop whose connections go to `host:port`; with `spreadSources`, each from its own 127.x.y.z.
    init(host: String, port: UInt16, spreadSources: Bool) throws {
        epoll = try Epoll()
        target = try ClientLoop.address(host, port: port)
        self.spreadSources = spreadSources && host.hasPrefix("127.")
    }

    deinit {
        for case let c? in byFD { Posix.close(c.fd) }
        readBuffer.deallocate()
    }

    /// The IPv4 address `text` (dotted quad), or a usage error saying it is not one.
    private static func address(_ text: String, port: UInt16 = 0) throws -> sockaddr_in {
        guard let address = try? Posix.ipv4Address(text, port: port) else {
            throw BenchError.usage("'\(text)' is not an IPv4 address")
        }
        return address
    }

    // MARK: Connections

    /// Opens a RESP connection to redis-server (which sends no greeting); commands may be queued at once.
    func connectRESP(source: SourceChoice = .automatic) throws -> ClientConnection {
        try connect(source: source, resp: true) { _ in }
    }

    /// Opens a connection; `onGreeting` receives the server's greeting line.
    @discardableResult
    func connect(
        source: SourceChoice = .automatic, resp: Bool = false, onGreeting: @escaping (Line) -> Void
    ) throws
        -> ClientConnection
    {
        let fd = try Posix.socket(family: AF_INET)
        try? Posix.setNoDelay(fd)  // tuning only
        var address: String?
        switch source {
        case .automatic: if spreadSources { address = sources.take() }
        case .fixed(let a): address = a
        }
        let connected: Bool
        do {
            if let address {
                // Defer the port choice to connect() so thousands of connections can share one address.
                try? Posix.setOption(fd, Int32(IPPROTO_IP), ClientLoop.ipBindAddressNoPort, 1)
                try Posix.bind(fd, ipv4: try ClientLoop.address(address))
            }
            connected = try Posix.connect(fd, ipv4: target)
        } catch {
            Posix.close(fd)
            throw error
        }
        let c = ClientConnection(fd: fd, generation: nextGeneration)
        nextGeneration &+= 1
        c.loop = self
        c.isConnected = connected
        c.speaksRESP = resp
        if !resp {
            c.pending.push(
                PendingCommand(
                    sentAt: Monotonic.nanoseconds(), kind: ClientLoop.greetingKind, token: 0, then: onGreeting))
        }
        do {
            try epoll.add(fd, token: token(c), interest: interest(c))
        } catch {
            Posix.close(fd)
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
        epoll.remove(c.fd)
        Posix.close(c.fd)
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
        timers.schedule(at: Monotonic.nanoseconds() + UInt64(max(0, seconds) * 1e9), action)
    }

    /// Forgets every scheduled action (between phases).
    func cancelTimers() { timers.removeAll() }

    // MARK: Running

    /// Turns the loop until `done()` holds; throws `BenchError.timeout` naming `what` after `seconds`.
    func run(until done: () -> Bool, timeout seconds: Double, what: String) throws {
        let deadline = Monotonic.nanoseconds() + UInt64(seconds * 1e9)
        while !done() {
            let now = Monotonic.nanoseconds()
            if now >= deadline { throw BenchError.timeout(what) }
            try turn(maxWait: min(deadline - now, 50_000_000))
        }
    }

    /// Turns the loop for `seconds`.
    func run(for seconds: Double) throws {
        let deadline = Monotonic.nanoseconds() + UInt64(seconds * 1e9)
        while true {
            let now = Monotonic.nanoseconds()
            if now >= deadline { return }
            try turn(maxWait: deadline - now)
        }
    }

    /// One turn: flush, wait for I/O or the next timer, handle what is ready, run due timers, flush.
    func turn(maxWait: UInt64) throws {
        flushDirty()
        var wait = maxWait
        if let next = timers.nextDeadline {
            let now = Monotonic.nanoseconds()
            wait = next > now ? min(wait, next - now) : 0
        }
        // Round up so a timer is never woken for early and spun on.
        let timeoutMs = Int32(min(1000, (wait + 999_999) / 1_000_000))
        for event in try epoll.wait(timeoutMilliseconds: timeoutMs) {
            let fd = Int(event.token & 0xFFFF_FFFF)
            let generation = UInt32(truncatingIfNeeded: event.token >> 32)
            guard fd < byFD.count, let c = byFD[fd], c.generation == generation else { continue }
            handle(c, event)
        }
        let now = Monotonic.nanoseconds()
        while let action = timers.popDue(now: now) { action() }
        flushDirty()
    }

    private func token(_ c: ClientConnection) -> UInt64 {
        UInt64(c.generation) << 32 | UInt64(UInt32(bitPattern: c.fd))
    }

    private func interest(_ c: ClientConnection) -> Interest {
        !c.isConnected || c.wantsWrite ? [.readable, .writable] : .readable
    }

    private func updateInterest(_ c: ClientConnection) {
        try? epoll.modify(c.fd, token: token(c), interest: interest(c))
    }

    private func handle(_ c: ClientConnection, _ event: ReadyEvent) {
        if !c.isConnected {
            guard event.isWritable || event.isHangup else { return }
            let error: Int32
            do { error = try Posix.pendingError(c.fd) } catch let e as SystemError { error = e.errno } catch { return }
            guard error == 0 else {
                lost(c, SystemError(call: "connect", errno: error).description)
                return
            }
            c.isConnected = true
            updateInterest(c)
            markDirty(c)
        }
        if event.isReadable || event.isHangup { read(c) }
        if !c.isClosed && event.isWritable && c.wantsWrite { flush(c) }
    }

    private func read(_ c: ClientConnection) {
        // Level-triggered: a few reads per wake-up are enough; epoll reports the rest next turn.
        for _ in 0..<4 {
            do {
                switch try Posix.read(c.fd, readBuffer) {
                case .done(0):
                    lost(c, "closed by the server")
                    return
                case .done(let n):
                    let chunk = UnsafeRawBufferPointer(rebasing: readBuffer[0..<n])
                    if c.speaksRESP { splitRESP(c, chunk) } else { split(c, chunk) }
                    if c.isClosed || n < readBuffer.count { return }
                case .wouldBlock:
                    return
                }
            } catch {
                lost(c, "\(error)")
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

    /// Cuts received bytes into RESP values and hands each to the connection; a partial value waits.
    private func splitRESP(_ c: ClientConnection, _ buffer: UnsafeRawBufferPointer) {
        do {
            if c.partial.isEmpty {
                let used = try deliverRESP(c, buffer)
                if !c.isClosed && used < buffer.count { c.partial.append(contentsOf: buffer[used...]) }
            } else {
                c.partial.append(contentsOf: buffer)
                let whole = c.partial
                let used = try whole.withUnsafeBytes { try deliverRESP(c, $0) }
                if !c.isClosed { c.partial.removeFirst(used) }
            }
        } catch {
            lost(c, "\(error)")
        }
    }

    /// Delivers every complete RESP value in `buffer`; returns how many bytes they took.
    private func deliverRESP(_ c: ClientConnection, _ buffer: UnsafeRawBufferPointer) throws -> Int {
        var at = 0
        while !c.isClosed, let (value, next) = try RESPParser.parse(buffer, from: at) {
            c.deliver(value)
            at = next
        }
        return at
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
            let status: IOResult<Int>
            do {
                status = try c.output.withUnsafeBytes {
                    try Posix.send(c.fd, UnsafeRawBufferPointer(rebasing: $0[c.outputStart...]))
                }
            } catch {
                lost(c, "\(error)")
                return
            }
            switch status {
            case .done(let n):
                c.outputStart += n
            case .wouldBlock:
                if !c.wantsWrite {
                    c.wantsWrite = true
                    updateInterest(c)
                }
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
