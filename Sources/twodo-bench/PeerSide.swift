// The two servers `peer` compares, behind one interface: start fresh, set up writers, send one write.

import Foundation
import TwoDoBenchRESP
import TwoDoSystem

/// What a writer sends in `peer`.
enum PeerWrite {
    /// Redis `SET k:<conn>:<n> <value>`; TwoDo `add <title>` with the partner offline.
    case store
    /// Redis `EVAL` of SET + PUBLISH to a subscribed channel; TwoDo `add` with the partner connected.
    case storeAndNotify
    /// Redis `PUBLISH ch:<conn> <value>` to a subscriber; TwoDo `add` (the partner's event is the relay).
    case relay
}

/// One server under comparison, started fresh, driven through the bench's own client loop.
///
/// Writers are numbered 0..<n; every written value is `t<send nanos>` so a receiver reads its latency
/// straight from what it receives.
protocol PeerSide: AnyObject {
    /// "Redis" or "TwoDo".
    var name: String { get }
    /// The loop all of this side's connections run on.
    var loop: ClientLoop { get }
    /// The server's process id (for CPU and RSS).
    var pid: Int32 { get }
    /// Called for each reply to a write: writer index, whether it succeeded, when the write was sent.
    var onReply: ((Int, Bool, UInt64) -> Void)? { get set }
    /// Called with the send stamp of each write a receiver got.
    var onDelivered: ((UInt64) -> Void)? { get set }
    /// Connections the server closed (or that failed) since `prepare`, and why the first one closed.
    var lost: (count: Int, first: String?) { get }
    /// Error lines from the server's log, for the notes.
    func errorLines() -> [String]

    /// Opens `count` writers, each with its receiver connected when `receivers` (else none, or offline).
    func prepare(writers count: Int, receivers: Bool) throws
    /// Sends one write of kind `write` from writer `i`, stamped `stamp`.
    func send(_ write: PeerWrite, writer i: Int, stamp: UInt64)
    /// What must exist before idle connections are counted (TwoDo: the users they log in as).
    func prepareIdle(_ count: Int) throws
    /// Opens `count` idle connections in this side's ready state (Redis: one PING answered; TwoDo: logged in).
    func openIdle(_ count: Int) throws
    /// Stops the server and deletes its files.
    func stop()
}

extension PeerSide {
    /// The server's resident set size in KB.
    func residentKB() -> Int? { ServerProcess.residentKB(pid: pid) }
}

/// redis-server with AOF and `appendfsync always`, spoken to in RESP.
final class RedisSide: PeerSide {
    let name = "Redis"
    let loop: ClientLoop
    var onReply: ((Int, Bool, UInt64) -> Void)?
    var onDelivered: ((UInt64) -> Void)?
    private let process: RedisProcess
    private var writers: [ClientConnection] = []
    private var receivers: [ClientConnection] = []
    private var counters: [Int] = []
    private var idle: [ClientConnection] = []
    private(set) var lost: (count: Int, first: String?) = (0, nil)

    /// The script of `.storeAndNotify`: one atomic SET + PUBLISH, like TwoDo's add + partner event.
    static let script = "redis.call('SET',KEYS[1],ARGV[1]) return redis.call('PUBLISH',KEYS[2],ARGV[1])"

    var pid: Int32 { process.pid }

    /// Starts a fresh redis-server (pinned when pinning is active).
    init(binary: String, options: BenchOptions) throws {
        process = try RedisProcess(binary: binary, databaseFolder: options.databaseFolder, pinned: true)
        loop = try ClientLoop(host: "127.0.0.1", port: process.port, spreadSources: false)
    }

    func prepare(writers count: Int, receivers wanted: Bool) throws {
        var ready = 0
        var failure: String?
        for i in 0..<count {
            let w = try loop.connectRESP()
            w.tag = i
            w.onClose = { [unowned self] c in
                failure = failure ?? "connection closed: \(c.closeReason ?? "?")"
                self.lost = (self.lost.count + 1, self.lost.first ?? c.closeReason)
            }
            w.sendRESP(["PING"], at: Monotonic.nanoseconds()) { _ in ready += 1 }
            w.onRESPReply = { [unowned self] c, value, command in
                self.onReply?(c.tag, !value.isError, command.sentAt)
            }
            writers.append(w)
            if wanted {
                let r = try loop.connectRESP()
                r.tag = i
                r.onClose = w.onClose
                r.sendRESP(["SUBSCRIBE", "ch:\(i)"], at: Monotonic.nanoseconds()) { value in
                    if value.isError { failure = failure ?? "SUBSCRIBE: \(value)" }
                    ready += 1
                }
                r.onRESPMessage = { [unowned self] _, value in
                    guard let payload = value.elements?.last?.text, payload.hasPrefix("t"),
                        let stamp = UInt64(payload.dropFirst())
                    else { return }
                    self.onDelivered?(stamp)
                }
                receivers.append(r)
            }
        }
        counters = Array(repeating: 0, count: count)
        let expected = count * (wanted ? 2 : 1)
        try loop.run(until: { ready == expected || failure != nil }, timeout: 60, what: "Redis connections")
        if let failure { throw BenchError.protocolFailure(failure) }
    }

    func send(_ write: PeerWrite, writer i: Int, stamp: UInt64) {
        let value = "t\(stamp)"
        counters[i] += 1
        let key = "k:\(i):\(counters[i])"
        let command: [String]
        switch write {
        case .store: command = ["SET", key, value]
        case .storeAndNotify: command = ["EVAL", RedisSide.script, "2", key, "ch:\(i)", value]
        case .relay: command = ["PUBLISH", "ch:\(i)", value]
        }
        writers[i].sendRESP(command, at: Monotonic.nanoseconds())
    }

    func prepareIdle(_ count: Int) throws {}

    func errorLines() -> [String] { process.errorLines() }

    func openIdle(_ count: Int) throws {
        var answered = 0
        for _ in 0..<count {
            let c = try loop.connectRESP()
            c.sendRESP(["PING"], at: Monotonic.nanoseconds()) { _ in answered += 1 }
            idle.append(c)
        }
        try loop.run(until: { answered == count }, timeout: 120, what: "opening \(count) idle Redis connections")
    }

    func stop() {
        for c in writers + receivers + idle { loop.close(c) }
        process.stop()
    }
}

/// A fresh `twodo serve` (durable), spoken to in JSON lines: writers are users, receivers their partners.
final class TwoDoSide: PeerSide {
    let name = "TwoDo"
    let loop: ClientLoop
    var onReply: ((Int, Bool, UInt64) -> Void)?
    var onDelivered: ((UInt64) -> Void)?
    private let process: ServerProcess
    private var pairs: [Pair] = []
    private var idle: [ClientConnection] = []
    private var idleNames: [String] = []
    private(set) var lost: (count: Int, first: String?) = (0, nil)

    var pid: Int32 { process.pid }

    /// Starts a fresh server on a temporary database (pinned when pinning is active).
    init(options: BenchOptions) throws {
        process = try ServerProcess(
            binary: options.binary ?? ServerProcess.defaultBinary(), databaseFolder: options.databaseFolder,
            extra: options.noFsync ? ["--no-fsync"] : [], pinned: true)
        loop = try ClientLoop(host: "127.0.0.1", port: process.port, spreadSources: options.spreadSources)
    }

    func prepare(writers count: Int, receivers: Bool) throws {
        let setup = Setup(loop: loop)
        pairs = try setup.pairs(count)
        for (i, pair) in pairs.enumerated() {
            pair.adder.onClose = { [unowned self] c in
                self.lost = (self.lost.count + 1, self.lost.first ?? c.closeReason)
            }
            pair.partner.onClose = pair.adder.onClose
            pair.adder.tag = i
            pair.adder.onEvent = nil
            pair.adder.onReply = { [unowned self] c, line, command in
                self.onReply?(c.tag, line.isOK, command.sentAt)
            }
            if receivers {
                pair.partner.onEvent = { [unowned self] _, line in
                    guard line.hasPrefix(TaskTraffic.addedEvent), let stamp = line.titleStamp else { return }
                    self.onDelivered?(stamp)
                }
            } else {
                pair.partner.onClose = nil
                loop.close(pair.partner)  // offline: each add now also writes the partner's inbox row
            }
        }
        try loop.run(for: 0.3)  // presence events of the partners leaving land before the window
    }

    func errorLines() -> [String] { process.errorLines() }

    func send(_ write: PeerWrite, writer i: Int, stamp: UInt64) {
        pairs[i].adder.send("add t\(stamp)", at: Monotonic.nanoseconds())
    }

    func prepareIdle(_ count: Int) throws {
        let setup = Setup(loop: loop)
        idleNames = (0..<min(100, count)).map { setup.name("u", $0) }
        for c in try setup.register(idleNames) { loop.close(c) }
    }

    func openIdle(_ count: Int) throws {
        let setup = Setup(loop: loop)
        let names = idleNames
        let userCount = names.count
        var opened = [ClientConnection?](repeating: nil, count: count)
        try setup.runJobs("logging \(count) idle connections in", count: count) { i, done in
            setup.openJSON { c in
                opened[i] = c
                setup.expectOK(c, "login \(names[i % userCount]) \(Setup.password)") { _ in done() }
            }
        }
        idle = opened.compactMap { $0 }
    }

    func stop() {
        for pair in pairs {
            loop.close(pair.adder)
            loop.close(pair.partner)
        }
        for c in idle { loop.close(c) }
        process.stop()
    }
}
