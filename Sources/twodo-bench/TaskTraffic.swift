// The add/done workload of paired users: adders send commands, partners receive the events, latencies recorded.

import TwoDoSystem
import TwoDoProtocol

/// Drives `add t<nanos>` / `done` commands from each pair's adder and times replies and partner events.
///
/// Every title carries its send stamp, so the partner's `task.added` event gives the add-to-event latency
/// directly; for `task.completed` the stamp keys the time the `done` was sent. Only commands sent inside the
/// measurement window are timed; replies received inside it are counted for throughput.
final class TaskTraffic {
    private static let addKind = 1
    private static let doneKind = 2

    private let loop: ClientLoop
    private let pairs: [Pair]
    private let doneStyle: DoneStyle
    /// Per adder: added tasks awaiting their `done`, as (task id, title stamp).
    private var toComplete: [Fifo<(id: Int64, stamp: UInt64)>]
    /// Per adder: whether its next paced command should be a `done` (alternates when possible).
    private var nextIsDone: [Bool]
    /// `done` send times by the title stamp of the task completed.
    private var doneSentAt: [UInt64: UInt64] = [:]
    private var lastStamp: UInt64 = 0

    /// Pipelined mode: keep this many commands in flight per adder (0: paced, one command per tick).
    private var window = 0
    private var sending = false

    /// The measurement window (monotonic nanoseconds); `windowEnd` is 0 while it is open.
    private(set) var windowStart: UInt64 = .max
    private(set) var windowEnd: UInt64 = 0

    /// Reply latency of commands sent in the window.
    var replyLatency = Latencies()
    /// Send-to-partner-event latency of commands sent in the window.
    var eventLatency = Latencies()
    /// Successful replies received inside the window.
    private(set) var okInWindow = 0
    /// Failed replies received inside the window, by code.
    private(set) var errorsInWindow: [String: Int] = [:]
    /// Partner events received for commands sent in the window.
    private(set) var eventsReceived = 0
    /// Successful replies to commands sent in the window (each should produce one partner event).
    private(set) var okSentInWindow = 0
    /// The most commands one adder had in flight at once.
    private(set) var maxInFlight = 0
    /// Connections that closed while the workload ran.
    private(set) var closed = 0

    /// Takes over the pairs' handlers; nothing is sent until `startPipelined` or `startPaced`.
    init(loop: ClientLoop, pairs: [Pair], doneStyle: DoneStyle) {
        self.loop = loop
        self.pairs = pairs
        self.doneStyle = doneStyle
        toComplete = Array(repeating: Fifo(), count: pairs.count)
        nextIsDone = Array(repeating: false, count: pairs.count)
        for (i, pair) in pairs.enumerated() {
            pair.adder.tag = i
            pair.partner.tag = i
            pair.adder.onReply = { [unowned self] c, line, command in self.reply(c, line, command) }
            pair.partner.onEvent = { [unowned self] _, line in self.event(line) }
            pair.adder.onEvent = nil
            pair.adder.onClose = { [unowned self] _ in self.closed += 1 }
            pair.partner.onClose = { [unowned self] _ in self.closed += 1 }
        }
    }

    // MARK: Sending

    /// Sends one command from adder `i`: the `done` of an earlier add when one is due, else a new add.
    private func sendOne(_ i: Int, now: UInt64, alternate: Bool) {
        let c = pairs[i].adder
        let wantDone = alternate ? nextIsDone[i] : true
        if wantDone, let task = toComplete[i].pop() {
            let ref = doneStyle == .byID ? "id:\(task.id)" : "t\(task.stamp)"
            if now >= windowStart && windowEnd == 0 { doneSentAt[task.stamp] = now }
            c.send("done \(ref)", at: now, kind: TaskTraffic.doneKind, token: Int64(task.stamp))
            nextIsDone[i] = false
        } else {
            // Stamps double as unique titles, so two adds in one microsecond still differ.
            let stamp = max(now, lastStamp + 1)
            lastStamp = stamp
            c.send("add t\(stamp)", at: now, kind: TaskTraffic.addKind, token: Int64(stamp))
            nextIsDone[i] = true
        }
        maxInFlight = max(maxInFlight, c.inFlight)
    }

    /// Tops adder `i` up to the pipeline window.
    private func fill(_ i: Int) {
        let c = pairs[i].adder
        guard sending && !c.isClosed else { return }
        let now = Monotonic.nanoseconds()
        while c.inFlight < window { sendOne(i, now: now, alternate: false) }
    }

    /// Pipelined load: every adder keeps `window` commands in flight until `stop()`.
    func startPipelined(window: Int) {
        self.window = window
        sending = true
        for i in pairs.indices { fill(i) }
    }

    /// Paced load: every adder sends `rate` commands per second, on schedule whether or not earlier
    /// replies have arrived (so a slow server shows up as latency, not as fewer commands).
    func startPaced(rate: Double) {
        window = 0
        sending = true
        let period = UInt64(1e9 / rate)
        let start = Monotonic.nanoseconds()
        for i in pairs.indices {
            // Spread the adders evenly over one period so the load is smooth.
            let first = start + UInt64(Double(period) * Double(i) / Double(pairs.count))
            schedule(i, at: first, period: period)
        }
    }

    private func schedule(_ i: Int, at deadline: UInt64, period: UInt64) {
        loop.at(deadline) { [unowned self] in
            guard self.sending, !self.pairs[i].adder.isClosed else { return }
            self.sendOne(i, now: Monotonic.nanoseconds(), alternate: true)
            self.schedule(i, at: deadline + period, period: period)
        }
    }

    /// Opens a fresh measurement window now (earlier figures are dropped; sending goes on).
    func openWindow() {
        replyLatency.removeAll()
        eventLatency.removeAll()
        okInWindow = 0
        errorsInWindow = [:]
        eventsReceived = 0
        okSentInWindow = 0
        doneSentAt.removeAll()
        windowStart = Monotonic.nanoseconds()
        windowEnd = 0
    }

    /// Closes the window (sending goes on); returns its length in seconds.
    @discardableResult
    func closeWindow() -> Double {
        windowEnd = Monotonic.nanoseconds()
        return Double(windowEnd - windowStart) / 1e9
    }

    /// Closes the window and stops sending; returns the window's length in seconds.
    @discardableResult
    func closeWindowAndStop() -> Double {
        sending = false
        return closeWindow()
    }

    /// Turns the loop until every sent command is answered and events have had time to arrive.
    func drain(timeout: Double = 15) throws {
        try loop.run(
            until: { self.pairs.allSatisfy { $0.adder.inFlight == 0 || $0.adder.isClosed } }, timeout: timeout,
            what: "draining replies")
        try loop.run(for: 0.3)
    }

    private func inWindow(_ t: UInt64) -> Bool { t >= windowStart && (windowEnd == 0 || t < windowEnd) }

    // MARK: Receiving

    private func reply(_ c: ClientConnection, _ line: Line, _ command: PendingCommand) {
        let now = Monotonic.nanoseconds()
        let ok = line.isOK
        if inWindow(now) {
            if ok { okInWindow += 1 } else { errorsInWindow[line.code ?? "non-JSON line", default: 0] += 1 }
        }
        if command.kind > 0 && inWindow(command.sentAt) {
            replyLatency.record(from: command.sentAt, to: now)
            if ok { okSentInWindow += 1 }
        }
        if ok && command.kind == TaskTraffic.addKind, let id = line.integer(after: "\"data\":{\"id\":") {
            toComplete[c.tag].push((id, UInt64(command.token)))
        }
        if window > 0 { fill(c.tag) }
    }

    /// How the server's JSON event lines for an added and a completed task begin.
    static let addedEvent = Array((#"{"type":"event","event":""# + EventName.taskAdded.rawValue + "\"").utf8)
    static let completedEvent = Array((#"{"type":"event","event":""# + EventName.taskCompleted.rawValue + "\"").utf8)

    private func event(_ line: Line) {
        let now = Monotonic.nanoseconds()
        guard let stamp = line.titleStamp else { return }
        if line.hasPrefix(TaskTraffic.addedEvent) {
            guard inWindow(stamp) else { return }
            eventLatency.record(from: stamp, to: now)
            eventsReceived += 1
        } else if line.hasPrefix(TaskTraffic.completedEvent) {
            guard let sent = doneSentAt.removeValue(forKey: stamp) else { return }
            eventLatency.record(from: sent, to: now)
            eventsReceived += 1
        }
    }

    /// Error codes seen in the window, as "code×n, ..." ("none" when there were none).
    var errorSummary: String {
        errorsInWindow.isEmpty
            ? "none" : errorsInWindow.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", ")
    }
}
