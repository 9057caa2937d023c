// The Redis side of `peer`: redis-server with every write fsynced, spoken to in RESP.

import TwoDoBenchRESP
import TwoDoSystem

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
