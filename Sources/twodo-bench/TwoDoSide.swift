// The TwoDo side of `peer`: a fresh durable `twodo serve`, writers are users and receivers their partners.

import TwoDoSystem

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
